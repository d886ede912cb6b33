"""Memory in the graph: the understander's history and defaults. Never breaks a run.

The understander calls two functions (3 lines, marked "memory"):

    history = memory_history(state, config, deps, history)       # summary + recent whole turns
    ...
    intent, note = memory_defaults(state, deps, intent)            # usual symbol, said in the answer
    ... return {..., **note}                                       # {"disclaimers": [...]} or {}

If memory is unavailable (store down, bug) both return their input unchanged and log a warning.

The LLM nodes (understander, planner, analyst, educator) pass their ProviderContext through
`with_memory(ctx, state, deps)`: for a provider that reads memory (Gemini) it carries the
system prompt sections of Deps.user's memory and thread; the offline parser gets ctx as is.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from agent.memory.conversation import window
from agent.memory.defaults import fill_defaults

log = logging.getLogger("askbar.memory")
HISTORY_ITEMS = 10            # the understander's window (seed 004: the last 10 messages)
SUMMARY_ROLE = "system"       # not a user turn: the offline parser reads user turns only


def thread_of(state: dict[str, Any], config: Mapping[str, Any] | None) -> str | None:
    return state.get("session_id") or ((config or {}).get("configurable") or {}).get("thread_id")


def memory_history(state: dict[str, Any], config: Mapping[str, Any] | None, deps: Any,
                   history: list[dict[str, str]]) -> list[dict[str, str]]:
    """The thread's summary (turns older than the window) + the last whole turns, <= 10 entries."""
    if not history:
        # The thread's first turn: no earlier turn was answered on it, so no summary of older turns
        # exists to read. Skipping the read also skips waiting for the user's queued memory writes
        # of another thread (a store round trip plus that wait, ~0.8 ms per new question on
        # Postgres, py-spy, 200 questions).
        return history
    try:
        conv = deps.services.memory.conversation(deps.user, thread_of(state, config))
        if not conv.summary:
            return history
        summary, _ = window(conv, HISTORY_ITEMS)
        keep = history[-(HISTORY_ITEMS - 2):] if len(history) > HISTORY_ITEMS - 1 else history
        return [{"role": SUMMARY_ROLE, "content": f"Summary of earlier turns:\n{summary}"}, *keep]
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory history unavailable: %s: %s", type(exc).__name__, exc)
        return history


def stated_preferences(deps: Any) -> dict[str, Any]:
    """The user's typed preferences (long-term memory), {} when memory is unavailable."""
    try:
        return dict(deps.services.memory.profile(deps.user).preferences)
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory preferences unavailable: %s: %s", type(exc).__name__, exc)
        return {}


def with_preferences(plan, intent, state: dict[str, Any], deps: Any):
    """(plan drawn at the preferred granularity, state update with the note saying so)."""
    from agent.memory.preferences_use import preferred_granularity

    plan, note = preferred_granularity(plan, intent, stated_preferences(deps))
    return plan, ({"disclaimers": [*(state.get("disclaimers") or []), note]} if note else {})


def memory_defaults(state: dict[str, Any], deps: Any, intent, config: Mapping[str, Any] | None = None):
    """(intent with memory defaults, state update with the note for the answer)."""
    from agent.memory.preferences_use import preferred_language

    intent = preferred_language(intent, stated_preferences(deps))
    if not (intent.needs_clarification and "symbol" in intent.missing):
        return intent, {}
    from agent.nlu import clarify

    try:
        mem = deps.services.memory
        profile = mem.profile(deps.user)      # waits for the last turn's learning (flush)
        thread = thread_of(state, config)
        last = (mem.conversations.get(deps.user, thread) or {}).get("last") if thread else None
        ctx = deps.context()
        filled, note = fill_defaults(
            intent, profile, lambda s: ctx.instrument(s) is not None, last,
            lambda it: (clarify.questions(it.lang, it.missing), clarify.suggestions(it, ctx, it.missing)))
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory defaults unavailable: %s: %s", type(exc).__name__, exc)
        return intent, {}
    if not note or filled.needs_clarification:   # a card: the note is its first line
        return filled, {}
    return filled, {"disclaimers": [*(state.get("disclaimers") or []), note]}


def memory_prompt(state: dict[str, Any], config: dict | None, deps: Any,
                  symbols: list[str] | None = None) -> tuple[str, list[str]]:
    """The seed's system prompt sections for this run's user and thread, within the token limits
    (compressed with the provider's summariser, code fallback), and the strategies applied.

    The graph's Gemini prompts use `with_memory` (the data sections only, as untrusted data);
    this is the whole seed prompt with its header and instructions. Empty when unavailable.
    """
    from agent.memory.system_prompt import build_system_prompt

    try:
        mem = deps.services.memory
        ctx = mem.context(deps.user, thread_of(state, config), symbols=symbols,
                          market_store=getattr(deps, "store", None))
        packed = mem.compressed(ctx, getattr(deps, "provider", None))
        return build_system_prompt(packed.context), packed.strategies
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory prompt unavailable: %s: %s", type(exc).__name__, exc)
        return "", []


def _symbols(state: dict[str, Any]) -> tuple[str, ...]:
    """The instruments the intent names (once understood): their market status is in play."""
    intent = state.get("intent") or {}
    named = [intent.get("symbol"), *(intent.get("symbols") or [])]
    return tuple(dict.fromkeys(s for s in named if isinstance(s, str) and s))


def _prompt_memory(deps: Any, thread: str | None, symbols: tuple[str, ...]):
    from agent.llm.base import PromptMemory
    from agent.memory.system_prompt import section_map

    user = deps.user            # from the token / --user (Deps), never from the state or a model
    mem = deps.services.memory
    ctx = mem.context(user, thread, symbols=list(symbols) or None, market_store=getattr(deps, "store", None))
    # The code summariser only: an LLM summary here would be a call outside the node's budget
    # and usage; the stored thread summary is already there for the model to read.
    packed = mem.compressed(ctx, None)
    sections = section_map(packed.context)
    return PromptMemory(tenant_id=user.tenant_id, user_id=user.user_id, text="\n\n".join(sections.values()),
                        strategies=packed.strategies, sections=sections)


def with_memory(ctx: Any, state: dict[str, Any], deps: Any, config: Mapping[str, Any] | None = None):
    """ctx (agent.llm.base.ProviderContext) with the user's memory sections when the provider
    reads them; ctx unchanged otherwise, or when memory is unavailable. Built once per request."""
    if not getattr(deps.provider, "reads_memory", False):
        return ctx
    user, thread, symbols = deps.user, thread_of(state, config), _symbols(state)
    # Once per request (the first LLM node builds it, the others reuse it): a build is a few
    # store reads and the market status, ~1 ms embedded but up to ~20 ms on Postgres + Redis.
    key = (state.get("request_id"), user.tenant_id, user.user_id, thread)
    try:
        mem = deps.services.memory
        memory = mem.prompt_of(key) if key[0] else None
        if memory is None:
            memory = _prompt_memory(deps, thread, symbols)
            if key[0]:
                mem.keep_prompt(key, memory)
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory for the prompt unavailable: %s: %s", type(exc).__name__, exc)
        return ctx
    return ctx.model_copy(update={"memory": memory})
