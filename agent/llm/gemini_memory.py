"""The user's memory in the Gemini prompts, under a token budget.

The nodes put the system prompt sections of the run's user (agent.memory.hooks.with_memory) on
ProviderContext.memory. An agent's user turn opens with the sections it uses (AGENT_SECTIONS,
the planner plans a resolved intent and needs none; the analyst and the educator pitch
the wording to the user (plan, experience, language, name); the understander fills defaults from
what is remembered and the conversation), wrapped as untrusted data (what a user said or stored is in them) after a trusted
line saying how to use them. They are in the user turn, not the system instruction, so that the
system instruction stays the same on every call (implicit and explicit caching). The block is
clipped to MEMORY_TOKENS counted with tiktoken's offline cl100k encoding (agent/memory/tokens.py),
so a long memory never crowds out the agent's own instructions.
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


# The memory sections each agent reads (agent/memory/system_prompt.section_map). The market
# section (session status, the current time to the second) is for the seed's system prompt
# builder; no agent here needs it, and its clock would make every request differ.
AGENT_SECTIONS: dict[str, tuple[str, ...]] = {
    "understander": ("memory", "conversation"),
    "planner": (),
    "analyst": ("user",),
    "educator": ("user",),
    "summarizer": (),
}


def memory_text(ctx: ProviderContext | None, agent: str) -> str:
    """The sections of the user's memory `agent` reads, as one text ("" when none)."""
    memory = ctx.memory if ctx is not None else None
    wanted = AGENT_SECTIONS.get(agent, ())
    if memory is None or not wanted:
        return ""
    if not memory.sections:            # built as one block: the agent gets the block
        return memory.text.strip()
    return "\n\n".join(memory.sections[k] for k in wanted if memory.sections.get(k)).strip()


def memory_block(ctx: ProviderContext | None, agent: str) -> str:
    """The opening of `agent`'s user turn: its memory sections wrapped as untrusted data after a
    line saying how to use them; "" when there are none."""
    text = memory_text(ctx, agent)
    if not text:
        return ""
    text = clip(_short_lines(text))        # escaped already: tagged as is, not again
    return P.MEMORY_CONTEXT.format(memory=f"<untrusted_user_memory>\n{text}\n</untrusted_user_memory>")
