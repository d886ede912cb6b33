"""Memory in the graph: the understander's history and defaults. Never breaks a run.

The understander calls two functions (3 lines, marked "memory (issue 15)"):

    history = memory_history(state, config, deps, history)       # summary + recent whole turns
    ...
    intent, note = memory_defaults(state, deps, intent)            # usual symbol, said in the answer
    ... return {..., **note}                                       # {"disclaimers": [...]} or {}

If memory is unavailable (store down, bug) both return their input unchanged and log a warning.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from agent.memory.conversation import window
from agent.memory.defaults import fill_defaults
from agent.memory.service import memory_for

log = logging.getLogger("askbar.memory")
HISTORY_ITEMS = 10            # the understander's window (seed 004: the last 10 messages)
SUMMARY_ROLE = "system"       # not a user turn: the offline parser reads user turns only


def thread_of(state: dict[str, Any], config: Mapping[str, Any] | None) -> str | None:
    return state.get("session_id") or ((config or {}).get("configurable") or {}).get("thread_id")


def memory_history(state: dict[str, Any], config: Mapping[str, Any] | None, deps: Any,
                   history: list[dict[str, str]]) -> list[dict[str, str]]:
    """The thread's summary (turns older than the window) + the last whole turns, <= 10 entries."""
    try:
        conv = memory_for(deps.settings).conversation(deps.user, thread_of(state, config))
        if not conv.summary:
            return history
        summary, _ = window(conv, HISTORY_ITEMS)
        keep = history[-(HISTORY_ITEMS - 2):] if len(history) > HISTORY_ITEMS - 1 else history
        return [{"role": SUMMARY_ROLE, "content": f"Summary of earlier turns:\n{summary}"}, *keep]
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory history unavailable: %s: %s", type(exc).__name__, exc)
        return history


def memory_defaults(state: dict[str, Any], deps: Any, intent):
    """(intent with memory defaults, state update with the note for the answer)."""
    if not (intent.needs_clarification and intent.missing == ["symbol"]):
        return intent, {}
    try:
        mem = memory_for(deps.settings).profile(deps.user)
        ctx = deps.context()
        filled, note = fill_defaults(intent, mem, lambda s: ctx.instrument(s) is not None)
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory defaults unavailable: %s: %s", type(exc).__name__, exc)
        return intent, {}
    return filled, ({"disclaimers": [*(state.get("disclaimers") or []), note]} if note else {})


def memory_prompt(state: dict[str, Any], config: dict | None, deps: Any,
                  symbols: list[str] | None = None) -> tuple[str, list[str]]:
    """The seed's system prompt sections for this run's user and thread, within the token limits
    (compressed with the provider's summariser, code fallback), and the strategies applied.

    For the Gemini prompts: `system = memory_prompt(state, config, deps)[0] + "\\n\\n" + system`.
    Empty text when memory is unavailable.
    """
    from agent.memory.system_prompt import build_system_prompt

    try:
        mem = memory_for(deps.settings)
        ctx = mem.context(deps.user, thread_of(state, config), symbols=symbols)
        packed = mem.compressed(ctx, getattr(deps, "provider", None))
        return build_system_prompt(packed.context), packed.strategies
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("memory prompt unavailable: %s: %s", type(exc).__name__, exc)
        return "", []
