"""Conversation summaries that state only validated numbers.

The code summary (`fold`) writes one line per answered turn: the user's question (quoted, their
own words) and the turn's validated claims (type, value, date) with its topic. The LLM summary
(`summarize`: the provider's `summarize`, a Flash model on Gemini) is accepted only when every
number in it is a validated claim value, a date or period of a claim, or a number the user typed;
otherwise, or when the call fails, the code summary is used.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache
from typing import Any

from agent.memory.models import Message
from agent.memory.tokens import count

log = logging.getLogger("askbar.memory")

SUMMARY_MAX_TOKENS = 700       # a summary never grows past this: older lines lose their numbers first
QUESTION_CHARS = 90
CLAIMS_PER_TURN = 3
_NUM = re.compile(r"\d[\d\u00a0\u202f ,.]*\d|\d")
_DIGITS = re.compile(r"\d+")


def _clip(text: str, n: int) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _claim_text(c: dict[str, Any]) -> str:
    v = c.get("value")
    value = f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, (int, float)) else str(v)
    return f"{c.get('type')} {value}" + (f" ({c['date']})" if c.get("date") else "")


def turn_lines(messages: list[Message]) -> list[str]:
    """One line per user turn: «question» -> topic: validated claims."""
    lines: list[str] = []
    for i, m in enumerate(messages):
        if m.role != "user":
            continue
        reply = messages[i + 1] if i + 1 < len(messages) and messages[i + 1].role == "assistant" else None
        line = f"- «{_clip(m.content, QUESTION_CHARS)}»"
        if reply and reply.topic:
            line += f" -> {reply.topic}"
        if reply and reply.claims:
            line += ": " + ", ".join(_claim_text(c) for c in reply.claims[:CLAIMS_PER_TURN])
        lines.append(line)
    return lines


@lru_cache(maxsize=8192)
def _line_tokens(line: str) -> int:
    # Lines repeat across turns (a rolling summary): counting per cached line instead of the whole
    # text each step took the remember node from ~12 ms to well under 1 ms per turn.
    return count(line) + 1


def _bounded(lines: list[str]) -> str:
    """Join lines; past the token cap, drop the numbers of the middle lines, then the middle lines."""
    total = sum(_line_tokens(ln) for ln in lines)
    i = 1
    while total > SUMMARY_MAX_TOKENS and i < len(lines) - 1:
        short = lines[i].split(": ", 1)[0]
        total += _line_tokens(short) - _line_tokens(lines[i])
        lines[i], i = short, i + 1
    while total > SUMMARY_MAX_TOKENS and len(lines) > 2:
        total -= _line_tokens(lines.pop(len(lines) // 2))
    return "\n".join(lines)


def fold(previous: str | None, messages: list[Message]) -> str:
    """The code summary: the previous summary's lines plus one line per turn in `messages`."""
    lines = [ln for ln in (previous or "").splitlines() if ln.strip()]
    return _bounded(lines + turn_lines(messages))


def _allowed(previous: str | None, messages: list[Message]) -> tuple[set[str], list[float]]:
    tokens: set[str] = set(_DIGITS.findall(previous or ""))
    values: list[float] = []
    for m in messages:
        if m.role == "user":
            tokens.update(_DIGITS.findall(m.content))
        for c in m.claims:
            tokens.update(_DIGITS.findall(f"{c.get('date') or ''} {c.get('period') or ''}"))
            if isinstance(c.get("value"), (int, float)):
                values.append(float(c["value"]))
    return tokens, values


def _readings(raw: str) -> list[float]:
    """Plausible values of a written number in EN / RU / ES formats."""
    s = raw.replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    out = []
    for thousands, decimal in ((",", "."), (".", ",")):
        try:
            out.append(float(s.replace(thousands, "").replace(decimal, ".")))
        except ValueError:
            pass
    return out


def unvalidated_numbers(text: str, previous: str | None, messages: list[Message]) -> list[str]:
    """Numbers in `text` that are neither claim values nor digits of claim dates / user text."""
    tokens, values = _allowed(previous, messages)
    bad = []
    for raw in _NUM.findall(text):
        if all(d in tokens for d in _DIGITS.findall(raw)):
            continue
        if any(abs(r - v) <= max(0.01, abs(v) * 0.0005) for r in _readings(raw) for v in values):
            continue
        bad.append(raw.strip())
    return bad


def summarize(provider: Any, previous: str | None, messages: list[Message]) -> str:
    """LLM summary of `messages` (with the previous summary as context); code summary fallback."""
    if provider is None or getattr(provider, "name", "") == "offline":
        return fold(previous, messages)   # the offline provider's summariser is code too; ours keeps claims
    chat = ([{"role": "system", "content": f"Summary so far:\n{previous}"}] if previous else []) + \
        [m.chat() for m in messages]
    try:
        text = provider.summarize(chat).strip()
    except Exception as exc:  # noqa: BLE001 - any provider failure: the code summary
        log.warning("summariser failed (%s: %s); code summary used", type(exc).__name__, exc)
        return fold(previous, messages)
    bad = unvalidated_numbers(text, previous, messages)
    if bad or not text:
        log.warning("LLM summary stated unvalidated numbers %s; code summary used", bad[:5])
        return fold(previous, messages)
    return _bounded([ln for ln in text.splitlines() if ln.strip()])
