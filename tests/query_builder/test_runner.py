"""build/run_step plumbing: JSON-able results, errors, timing and SQL recorded (both engines)."""
from __future__ import annotations

import json

import pytest

from query_builder import MissingParameter, QueryBuilderError, build, run_step
from query_builder.models import Step
from tests.query_builder.util import run


def test_result_is_json_and_records_sql(loaded_store):
    res = run(loaded_store, "get_period_stats", symbol="nq", start_date="2023-11-27",
              end_date="2023-11-29")
    dumped = json.loads(json.dumps(res.model_dump(mode="json")))
    assert dumped["symbol"] == "NQ" and dumped["action"] == "get_period_stats"
    assert dumped["params"]["start_date"] == "2023-11-27" and dumped["params"]["symbol"] == "NQ"
    assert res.sql and res.duration_ms > 0 and res.row_count == len(res.rows) == 3
    assert res.extra_sql and res.extra_sql[0]["name"] == "bars" and "ohlcv_1h" in res.extra_sql[0]["sql"]
    for value in res.summary.values():
        assert value is None or isinstance(value, (str, int, float))


@pytest.mark.parametrize("step,error", [
    (Step(action="find_events", params={"symbol": "SPX"}), MissingParameter),
    (Step(action="get_periods_after", params={"symbol": "SPX", "condition": {"op": "gt", "threshold": 1}}),
     MissingParameter),
    (Step(action="compare_periods", params={"symbol": "SPX"}), MissingParameter),
    (Step(action="aggregate_patterns", params={"symbol": "SPX"}), MissingParameter),
    (Step(action="get_indicator", params={"symbol": "SPX"}), MissingParameter),
])
def test_missing_parameters(step, error):
    with pytest.raises(error):
        build(step, "duckdb")
    assert issubclass(error, QueryBuilderError)


def test_unknown_symbol_has_no_rows(loaded_store):
    for action, extra in [("get_period_stats", {}), ("find_events", {"top_n": 3}),
                          ("get_price_extremes", {})]:
        res = run_step(loaded_store, Step(action=action, params={"symbol": "NOPE", **extra}))
        assert res.row_count == 0 and res.summary is not None


class ColumnarStore:
    """A store offering the optional columnar fetch (here emulated over query())."""

    def __init__(self, inner):
        self.inner, self.engine, self.calls = inner, inner.engine, 0

    def get_instrument(self, symbol):
        return self.inner.get_instrument(symbol)

    def query(self, sql, params=None):  # pragma: no cover - must not be used when columns exist
        raise AssertionError("query_columns should be preferred")

    def query_columns(self, sql, params=None):
        self.calls += 1
        rows = self.inner.query(sql, params)
        names = list(rows[0]) if rows else []
        return {n: [r[n] for r in rows] for n in names}


def test_columnar_fetch_gives_the_same_results(loaded_store):
    col = ColumnarStore(loaded_store)
    for action, params in [
        ("get_period_stats", dict(symbol="NQ", start_date="2023-11-27", end_date="2023-11-29")),
        ("find_events", dict(symbol="SPX", top_n=5, direction="down")),
        ("get_indicator", dict(symbol="SPX", indicator="rsi", start_date="2019-12-01",
                               end_date="2019-12-31")),
    ]:
        step = Step(action=action, params=params)
        a, b = run_step(loaded_store, step), run_step(col, step)
        assert (a.rows, a.summary, a.bars) == (b.rows, b.summary, b.bars)
    assert col.calls >= 4


def test_instrument_lookup_only_when_it_matters():
    from query_builder.runner import needs_instrument
    s = lambda action, **p: Step(action=action, params={"symbol": "SPX", **p})  # noqa: E731
    assert not needs_instrument(s("get_period_stats", start_date="2019-01-01", end_date="2019-12-31"))
    assert needs_instrument(s("get_period_stats", start_date="2019-03-01", end_date="2019-03-01"))
    assert needs_instrument(s("get_period_stats", start_date="2019-01-01", end_date="2019-12-31",
                              granularity="hourly"))
    assert not needs_instrument(s("find_events", top_n=3))
    assert needs_instrument(s("get_indicator", indicator="vwap"))
    assert not needs_instrument(s("get_indicator", indicator="rsi"))
    assert needs_instrument(s("aggregate_patterns", pattern="hourly_profile"))
    assert needs_instrument(s("get_price_extremes"))


def test_long_period_rows_are_built_only_when_read(loaded_store):
    """A period with weekly bars keeps its daily rows as fetched columns (LazyRows) until one is
    read; reading, slicing, equality and the JSON dump all see every daily row."""
    from query_builder.convert import LazyRows

    res = run_step(loaded_store, Step(action="get_period_stats", params={
        "symbol": "SPX", "start_date": "2010-01-01", "end_date": "2019-12-31"}))
    assert res.granularity == "weekly" and res.bars
    assert isinstance(res.rows, LazyRows) and res.rows._rows is None
    assert res.row_count == len(res.rows) == 2516 and res.rows._rows is None   # len builds nothing
    dumped = res.model_dump(mode="json")["rows"]
    assert isinstance(dumped, list) and len(dumped) == 2516
    assert dumped[0]["trading_date"] == "2010-01-04" and dumped[-1]["trading_date"] == "2019-12-31"
    assert res.rows[0] == dumped[0] and res.rows[-2:] == dumped[-2:] and res.rows == dumped
    # a period with no bars (daily) gets a real list
    month = run(loaded_store, "get_period_stats", symbol="SPX", start_date="2019-03-01", end_date="2019-03-31")
    assert type(month.rows) is not LazyRows and month.row_count == len(month.rows) == 21
