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
