"""The time budget stops the work it cuts off: a DuckDB query is interrupted, a Postgres statement
is cancelled (and bounded by statement_timeout), not just abandoned in a worker thread."""
from __future__ import annotations

import time

import pytest

from agent import budget


def _slow_sql(engine: str) -> str:
    if engine == "duckdb":   # a scan that runs for many seconds unless interrupted
        return "SELECT count(*) AS n FROM range(20000000000) t(x) WHERE x % 7 = 3"
    return "SELECT pg_sleep(20) AS n"


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
def test_timed_out_query_is_stopped(make_store, monkeypatch, engine):
    store = make_store(engine)
    monkeypatch.setitem(budget.AGENT_BUDGETS_S, "executor", 0.5)
    finished: list[tuple[float, str]] = []

    def work():
        t0 = time.monotonic()
        try:
            store.query(_slow_sql(engine))
            finished.append((time.monotonic() - t0, "completed"))
        except Exception as exc:  # the interruption surfaces as the driver's error
            finished.append((time.monotonic() - t0, type(exc).__name__))

    # Either side may win the race at the deadline: the call times out (AgentTimeout), or the
    # server's statement_timeout stops the query a moment earlier and `work` returns its error.
    # What must hold is that the query never completes.
    try:
        budget.run_budgeted("executor", {"started_at": time.time()}, work)
    except budget.AgentTimeout:
        pass
    deadline = time.monotonic() + 5
    while not finished and time.monotonic() < deadline:
        time.sleep(0.05)
    assert finished, "the query kept running after its budget"
    elapsed, outcome = finished[0]
    assert outcome != "completed" and elapsed < 5, finished
    assert store.query("SELECT 1 AS one") == [{"one": 1}]     # the store is usable afterwards


def test_seconds_left_only_inside_a_budgeted_call():
    assert budget.seconds_left() is None
    left = budget.run_budgeted("planner", {"started_at": time.time()}, budget.seconds_left)
    assert 0 < left <= budget.AGENT_BUDGETS_S["planner"]
