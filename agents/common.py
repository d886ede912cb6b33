"""Small helpers every node shares: agent bookkeeping, logging with request id, final answers.

A node's state is its own TypedDict (agents/node_state.py); the shared helpers below agents/
declare a plain dict. These wrappers take any node's state and give the updates their types, so
a node's update is checked against what it declares it writes.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from agent import state as shared
from agent.llm import calls
from agent.llm.calls import UNEXPECTED, fallback_note, log
from agent.messages import msg
from agents.node_state import Disclaimers, Finished, Usage, Visited

# the nodes' helpers, re-exported
__all__ = ["UNEXPECTED", "call_llm", "fallback_disclaimers", "fallback_note", "log", "log_error", "unexpected",
           "with_usage", "final", "lang_of", "visited", "partial", "plain"]

T = TypeVar("T")


def plain(state: Mapping[str, Any]) -> dict[str, Any]:
    """A node's state as the helpers outside agents/ declare it (a plain dict): the same object,
    nothing copied. A TypedDict is no dict[str, Any] to mypy, though it is one at run time."""
    return cast(dict[str, Any], state)


def lang_of(state: Mapping[str, Any]) -> str:
    return shared.lang_of(plain(state))


def visited(state: Mapping[str, Any], agent: str) -> Visited:
    return cast(Visited, shared.visited(plain(state), agent))


def final(state: Mapping[str, Any], agent: str, response: str, *, disclaimer: str | None = None,
          status: str = "answered", claims: list[dict[str, Any]] | None = None) -> Finished:
    """Ends the run with an answer the user can read (routers send a set status to END)."""
    return cast(Finished, shared.final(plain(state), agent, response, disclaimer=disclaimer, status=status,
                                       claims=claims))


def with_usage(state: Mapping[str, Any], records: list[dict[str, Any]]) -> Usage:
    return cast(Usage, calls.with_usage(plain(state), records))


def fallback_disclaimers(state: Mapping[str, Any], agent: str, failures: list[BaseException],
                         lang: str, complete: bool = False) -> Disclaimers:
    return cast(Disclaimers, calls.fallback_disclaimers(plain(state), agent, failures, lang, complete=complete))


def log_error(state: Mapping[str, Any], agent: str, exc: BaseException, severity: str = "error") -> None:
    calls.log_error(plain(state), agent, exc, severity)


def unexpected(state: Mapping[str, Any], agent: str, exc: BaseException) -> None:
    calls.unexpected(plain(state), agent, exc)


def call_llm(state: Mapping[str, Any], agent: str, fn: Callable[..., T], fallback: Callable[[], T],
             *args: Any, usage: list[dict[str, Any]] | None = None, **kwargs: Any) -> tuple[T, BaseException | None]:
    return calls.call_llm(plain(state), agent, fn, fallback, *args, usage=usage, **kwargs)


def partial(state: Mapping[str, Any], agent: str, deps: Any) -> Finished:
    """Out of time: a code summary of whatever data exists, else an honest message."""
    lang = lang_of(state)
    results = (state.get("data") or {}).get("results") or []
    if results:
        from agents.code_summary import code_summary

        out = code_summary(deps, state, results)
        return final(state, agent, out["response"], claims=out["claims"],
                     disclaimer=msg("timeout_partial", lang))
    return final(state, agent, msg("timeout_nothing", lang), disclaimer=msg("timeout_partial", lang))
