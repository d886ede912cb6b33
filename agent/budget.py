"""Time budget (seed 004 section 10): 45 s per request, per-agent budgets, partial results past it.

LLM timeouts are never retried (a retry would time out too); the caller turns them into a
fallback or a partial answer with a disclaimer.
"""
from __future__ import annotations

import concurrent.futures as cf
import contextvars
import logging
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

T = TypeVar("T")
log = logging.getLogger("askbar.budget")

TOTAL_BUDGET_S = 45.0
AGENT_BUDGETS_S = {"understander": 8.0, "planner": 8.0, "executor": 15.0, "analyst": 12.0,
                   "validator": 5.0, "educator": 12.0}
# Below this much time left an agent would not finish anyway: answer with what we have.
MIN_REMAINING_S = 5.0

_pool = cf.ThreadPoolExecutor(max_workers=16, thread_name_prefix="askbar-agent")
# Inside a budgeted call: its deadline (time.monotonic) and what stops its work when it is spent
# (a DuckDB cursor's interrupt(), a Postgres connection's cancel()); stores register there.
_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("askbar_deadline", default=None)
_cancels: contextvars.ContextVar[list | None] = contextvars.ContextVar("askbar_cancels", default=None)

# LLM usage records of the current request (agent/llm/usage.py appends to the innermost scope).
_scope: contextvars.ContextVar[list[Any] | None] = contextvars.ContextVar("askbar_usage_scope", default=None)


@contextmanager
def usage_scope() -> Iterator[list[Any]]:
    """Collect the records made in this context (and contexts copied from it) into a list.

    For concurrent requests on one provider: wrap a node's provider call in `usage_scope()` and
    run it with `contextvars.copy_context().run` in the worker thread; records then go to the
    scope's list instead of the provider-wide one, so requests never see each other's usage.
    """
    records: list[Any] = []
    token = _scope.set(records)
    try:
        yield records
    finally:
        _scope.reset(token)


def seconds_left() -> float | None:
    """Time left to the current budgeted call (None outside one): a statement timeout for SQL."""
    deadline = _deadline.get()
    return None if deadline is None else max(0.0, deadline - time.monotonic())


def on_timeout(cancel: Callable[[], Any]) -> Callable[[], None]:
    """Run `cancel` if the current budgeted call runs out of time; returns a function that
    unregisters it (call it once the work finished)."""
    cancels = _cancels.get()
    if cancels is None:
        return lambda: None
    cancels.append(cancel)
    return lambda: cancels.remove(cancel) if cancel in cancels else None


class OutOfTime(Exception):
    """The request's budget is spent: produce a partial result with a disclaimer."""


class AgentTimeout(Exception):
    def __init__(self, agent: str, seconds: float):
        super().__init__(f"{agent} did not answer within {seconds:.1f} s")
        self.agent = agent


def remaining(state: dict[str, Any], total: float | None = None) -> float:
    started = state.get("started_at") or time.time()
    return (TOTAL_BUDGET_S if total is None else total) - (time.time() - started)


def _scoped(fn: Callable[..., T], sink: list[dict]) -> Callable[..., T]:
    """fn with its LLM usage records collected into sink (this request's only), even on error."""
    def call(*args: Any, **kwargs: Any) -> T:
        with usage_scope() as records:
            try:
                return fn(*args, **kwargs)
            finally:
                sink.extend(r.as_dict() for r in records)
    return call


def _runs_inline(fn: Callable[..., Any]) -> bool:
    """The offline provider's own methods (parser and templates: bounded, sub-millisecond) run in
    the caller's thread. A hop to the pool costs a context switch there and one back: measured
    in process at load ~11 on 2 shared cores, 4 such hops per month question were ~3-6 ms of
    its ~18 ms (the waiting, not the work). Anything else (Gemini, a fake or subclassed provider,
    the executor's SQL) keeps the pool and its timeout."""
    owner = getattr(fn, "__self__", None)
    return bool(getattr(fn, "runs_inline", False) or getattr(owner, "runs_inline", False))


def run_budgeted(agent: str, state: dict[str, Any], fn: Callable[..., T], *args: Any,
                 total: float | None = None, usage: list[dict] | None = None, **kwargs: Any) -> T:
    """Call fn within min(agent budget, time left); OutOfTime when too little is left to try.

    With `usage` (a list), the provider's usage records of this call are appended to it; the
    context is copied into the worker thread so concurrent requests never mix their records."""
    left = remaining(state, total)
    if left <= MIN_REMAINING_S:
        raise OutOfTime(f"{left:.1f} s left before {agent}")
    limit = min(AGENT_BUDGETS_S.get(agent, 10.0), left)
    call = fn if usage is None else _scoped(fn, usage)
    cancels: list[Callable[[], Any]] = []
    ctx = contextvars.copy_context()
    ctx.run(_deadline.set, time.monotonic() + limit)
    ctx.run(_cancels.set, cancels)
    if _runs_inline(fn):
        return ctx.run(call, *args, **kwargs)
    future = _pool.submit(ctx.run, call, *args, **kwargs)
    try:
        return future.result(timeout=limit)
    except cf.TimeoutError:
        future.cancel()
        for cancel in list(cancels):   # stop the work itself, not just stop waiting for it
            try:
                cancel()
            except Exception as exc:  # noqa: BLE001 - best effort; the caller answers anyway
                log.warning("%s: cancelling timed-out work failed: %s", agent, exc)
        raise AgentTimeout(agent, limit) from None
