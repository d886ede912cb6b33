"""A node's LLM call within its time budget, with the code fallback when the provider fails.

Shared by the graph's nodes (agents/) and the feature steps the nodes call (agent/tools,
agent/trading): it lives below both so neither imports the graph's modules.
"""
from __future__ import annotations

import logging
from collections import Counter
from typing import Any, Callable, TypeVar

log = logging.getLogger("askbar.agents")
T = TypeVar("T")
# Unexpected errors per agent in this process (a bug, not a provider failure): logged with their
# traceback and counted here, so a fallback can never hide them silently.
UNEXPECTED: Counter[str] = Counter()


def log_error(state: dict[str, Any], agent: str, exc: BaseException, severity: str = "error") -> None:
    log.log(logging.ERROR if severity == "error" else logging.WARNING,
            "%s failed: %s: %s", agent, type(exc).__name__, exc,
            extra={"request_id": state.get("request_id"), "agent": agent})


def unexpected(state: dict[str, Any], agent: str, exc: BaseException) -> None:
    UNEXPECTED[agent] += 1
    log.error("%s: unexpected %s: %s", agent, type(exc).__name__, exc, exc_info=exc,
              extra={"request_id": state.get("request_id"), "agent": agent})


def call_llm(state: dict[str, Any], agent: str, fn: Callable[..., T], fallback: Callable[[], T],
             *args: Any, usage: list[dict] | None = None, **kwargs: Any) -> tuple[T, BaseException | None]:
    """(fn's answer, None) within the agent's budget, or (fallback(), the error) when the provider
    failed with one of its typed errors or the call ran past its budget. OutOfTime propagates (the
    node answers partially); anything else is a bug: logged with its traceback, counted, and the
    code fallback answers (fail closed, never a made-up result)."""
    from agent.budget import AgentTimeout, OutOfTime, run_budgeted
    from agent.llm.errors import LLMError

    try:
        return run_budgeted(agent, state, fn, *args, usage=usage, **kwargs), None
    except OutOfTime:
        raise
    except (LLMError, AgentTimeout) as exc:
        log_error(state, agent, exc, "warning")
        return fallback(), exc
    except Exception as exc:  # noqa: BLE001 - counted and logged with traceback, see unexpected()
        unexpected(state, agent, exc)
        return fallback(), exc


def with_usage(state: dict[str, Any], records: list[dict]) -> dict[str, Any]:
    """The state's `usage` with this node's LLM calls folded in (tokens, cost, per agent)."""
    if not records:
        return {}
    from agent.llm.usage import fold

    return {"usage": fold(state.get("usage"), records)}


def fallback_note(exc: BaseException, lang: str) -> str | None:
    """The seed's user message for an LLM failure ("the service is slow/unavailable"), if any."""
    note = getattr(exc, "user_message", None)
    return note(lang) if callable(note) else None


def fallback_disclaimers(state: dict[str, Any], agent: str, failures: list[BaseException],
                         lang: str, complete: bool = False) -> dict[str, Any]:
    """The state's disclaimers plus one line saying this node answered without the model (and
    why), when it did and its code fallback left something out; {} otherwise. `complete`: the
    fallback gave the whole of this part (a fault line only when the answer lacks
    something; the model's failure is in the logs and the trace's usage either way)."""
    if not failures or complete:
        return {}
    from agent.llm.errors import fallback_line

    line = fallback_line(failures[-1], agent, lang)
    known = [*(state.get("disclaimers") or [])]
    return {"disclaimers": known if line in known else [*known, line]}
