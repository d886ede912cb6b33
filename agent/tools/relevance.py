"""Which of the user's tools the planner is offered for ONE question.

Offering every tool the plan allows cost 3,538 of the planner request's 5,134 tokens whatever the
question was. The planner is now offered only the tools the reading of the question makes
relevant: a catalogue tool when the question names what it does (its cue words, EN/RU/ES, matched
at word starts, so "price" matches "prices" but not "surprise"), or the reading calls for it (a
concept question: the glossary tool); a tenant tool when the question names it (a word of its id,
name or description, or the id inside a word of the question). A data question the query
builder answers (stats, extremes, events, ...) gets none and takes the plain planner call.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from agent import lang as packs

# Cue words per catalogue tool: word starts, lower case, every pack's (agent/lang/_tools/).
TOOL_CUES: dict[str, tuple[str, ...]] = {
    tool: tuple(cue for code in packs.codes() for cue in packs.get(code, "tool_words", "cues", tool))
    for tool in packs.get(packs.BASE, "tool_words", "cues")}
# Readings that call for a tool whatever the words (the understander's typed reading).
BY_INTENT_TYPE: dict[str, tuple[str, ...]] = {"concept": ("explain_concept",)}
_MIN_WORD = 4          # shorter words of a tenant tool's name say too little ("get", "the", "my")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@lru_cache(maxsize=256)
def _cue(cue: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(cue), re.IGNORECASE)


def _named(question: str, cues: Iterable[str]) -> bool:
    return any(_cue(c).search(question) for c in cues)


def _tenant_words(tool: Any) -> set[str]:
    text = " ".join([tool.tool_id.replace("_", " ").replace("-", " "), tool.declaration.description or ""])
    return {w.lower() for w in _WORD.findall(text) if len(w) >= _MIN_WORD}


def _tenant_named(question: str, tool: Any) -> bool:
    words = {w.lower() for w in _WORD.findall(question)}
    ident = re.sub(r"[^a-z0-9]", "", tool.tool_id.lower())
    if _tenant_words(tool) & words:
        return True
    return any(len(w) >= _MIN_WORD and w in ident for w in words)


def relevant(offered: list[Any], intent: Any, question: str) -> list[Any]:
    """The tools of `offered` (agent.tools.gemini_decls.OfferedTool) this question calls for."""
    by_type = set(BY_INTENT_TYPE.get(getattr(intent, "type", None) or "", ()))
    out = []
    for tool in offered:
        if tool.source == "tenant":
            keep = _tenant_named(question, tool)
        else:
            keep = tool.name in by_type or _named(question, TOOL_CUES.get(tool.name, ()))
        if keep:
            out.append(tool)
    return out
