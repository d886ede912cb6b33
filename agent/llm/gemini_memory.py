"""The user's memory in the Gemini system instructions (issue 15), under a token budget.

The nodes put the system prompt sections of the run's user (agent.memory.hooks.with_memory) on
ProviderContext.memory; every Gemini agent's system instruction then ends with them, wrapped as
untrusted data (what a user said or stored is in them) after a trusted line saying how to use
them. The block is clipped to MEMORY_TOKENS counted with tiktoken's offline cl100k encoding
(agent/memory/tokens.py), so a long memory never crowds out the agent's own instructions.
"""
from __future__ import annotations

from agent.llm import prompts as P
from agent.llm.base import ProviderContext

MEMORY_TOKENS = 1500       # of the seed's 4000-token target; the rest is the agent's prompt and data
LINE_TOKENS = 300          # one long note or statement never crowds out the sections after it
CLIPPED = "\n…"


def _short_lines(text: str, limit: int = LINE_TOKENS) -> str:
    from agent.llm import tokens

    return "\n".join(tokens.clip(line, limit) for line in text.splitlines())


def clip(text: str, budget: int = MEMORY_TOKENS) -> str:
    """text, or its first whole lines within `budget` tokens (a first line that alone is too long
    cut at a token boundary), with a mark that something was left out. Counted as the prompt
    carries it: escaped (agent.llm.prompts.wrap), which an escaped `<` makes longer."""
    return P.escape_untrusted(text) if _fits(text, budget) else _clip(P.escape_untrusted(text), budget)


def _fits(text: str, budget: int) -> bool:
    from agent.llm import tokens

    return tokens.count(P.escape_untrusted(text)) <= budget


def _clip(text: str, budget: int) -> str:
    from agent.llm import tokens

    room, used = budget - tokens.count(CLIPPED), 0
    kept: list[str] = []
    for line in text.splitlines():
        used += tokens.count(line + "\n")     # per line (cached), not the growing text again
        if used > room:
            break
        kept.append(line)
    if not kept:                              # one huge first line
        enc = tokens.encoding()
        kept = [enc.decode(enc.encode(text, disallowed_special=())[:room])]
    while len(kept) > 1 and tokens.count("\n".join(kept) + CLIPPED) > budget:
        kept.pop()                            # BPE across line ends is not exactly additive
    return "\n".join(kept) + CLIPPED


def with_memory(system: str, ctx: ProviderContext | None) -> str:
    """The agent's system instruction followed by the user's memory block, when there is one."""
    memory = ctx.memory if ctx is not None else None
    if memory is None or not memory.text.strip():
        return system
    text = clip(_short_lines(memory.text))        # escaped already: tagged as is, not again
    return system + "\n\n" + P.MEMORY_SYSTEM.format(memory=f"<untrusted_user_memory>\n{text}\n"
                                                           "</untrusted_user_memory>")
