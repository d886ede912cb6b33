"""Dialects: placeholders per engine, identifier allowlists, values only as bound parameters."""
from __future__ import annotations

import re

import pytest
from psycopg import sql

from query_builder import build
from query_builder.actions import BUILDERS
from query_builder.dialects import DialectError, Params, get_dialect
from query_builder.models import Step
from tests.query_builder.util import run

EVIL = "NQ'; DROP TABLE ohlcv_1min;--"


def test_placeholders_per_engine():
    for engine, mark in (("duckdb", "$symbol"), ("postgres", "%(symbol)s")):
        d = get_dialect(engine)
        p = Params(d)
        q = sql.SQL("SELECT 1 FROM {t} WHERE symbol = {s}").format(t=d.table("ohlcv_1d"),
                                                                    s=p("symbol", EVIL))
        text = d.render(q)
        assert text == f'SELECT 1 FROM "ohlcv_1d" WHERE symbol = {mark}'
        assert p.values == {"symbol": EVIL}


def test_allowlists_and_names():
    d = get_dialect("duckdb")
    with pytest.raises(DialectError):
        d.table("users; --")
    with pytest.raises(DialectError):
        d.column("close) OR (1=1")
    with pytest.raises(DialectError):
        d.placeholder("x; DROP")
    with pytest.raises(DialectError):
        get_dialect("sqlite")
    with pytest.raises(DialectError):  # a bare % would be a placeholder for psycopg
        get_dialect("postgres").render(sql.SQL("SELECT 5 % 2"))


ALL_STEPS = [
    Step(action="get_period_stats", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-02")),
    Step(action="get_intraday_data", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-01",
                                                 start_time="09:30", end_time="10:00")),
    Step(action="get_price_extremes", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-30")),
    Step(action="get_volume_profile", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-30")),
    Step(action="find_events", params=dict(symbol=EVIL, condition=dict(op="gt", threshold=1), top_n=3)),
    Step(action="get_periods_after", params=dict(symbol=EVIL, condition=dict(op="lt", threshold=-1),
                                                 horizon_days=5)),
    Step(action="compare_periods", params=dict(symbol=EVIL, periods=[
        dict(start_date="2023-11-01", end_date="2023-11-30", label="x'); DROP TABLE instruments;--"),
        dict(start_date="2023-12-01", end_date="2023-12-31")])),
    Step(action="aggregate_patterns", params=dict(symbol=EVIL, pattern="gaps", threshold=0.5)),
    Step(action="get_indicator", params=dict(symbol=EVIL, indicator="rsi", start_date="2023-11-01",
                                             end_date="2023-11-30")),
    Step(action="rank_volume_days", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-30",
                                                top_n=3, direction="down")),
    Step(action="get_intraday_data", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-01",
                                                 start_time="09:30", end_time="10:00", granularity="15min")),
    Step(action="run_backtest", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-30", rule=dict(
        entry=dict(kind="move", direction="down", threshold=3), exit=dict(sessions=5)))),
    Step(action="run_backtest_intraday", params=dict(symbol=EVIL, start_date="2023-11-01", end_date="2023-11-30",
                                                     rule=dict(entry=dict(kind="time_of_day", at="10:00"),
                                                               exit=dict(at="15:30"), intraday=True))),
]


def test_every_action_is_covered():
    assert {s.action for s in ALL_STEPS} == set(BUILDERS)


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
@pytest.mark.parametrize("step", ALL_STEPS, ids=lambda s: s.action)
def test_values_never_reach_the_sql_text(engine, step):
    built = build(step, engine)
    for text in [built.sql, *(x.sql for x in built.extra)]:
        assert "DROP" not in text and "'NQ" not in text and "2023" not in text
        assert "09:30" not in text
        if engine == "postgres":
            assert "$" not in text
        else:
            assert "%(" not in text
    assert built.params["symbol"] == EVIL.upper()


def test_injection_is_just_a_symbol_with_no_data(loaded_store):
    before = loaded_store.query("SELECT count(*) AS n FROM ohlcv_1min")[0]["n"]
    for step in ALL_STEPS:
        res = run(loaded_store, step.action, **step.params.model_dump(exclude_none=True))
        assert res.row_count == 0, step.action
    assert loaded_store.query("SELECT count(*) AS n FROM ohlcv_1min")[0]["n"] == before > 0
    assert {r["symbol"] for r in loaded_store.query("SELECT symbol FROM instruments")} >= {"NQ", "SPX"}


def test_rendered_sql_uses_only_known_tables():
    tables = set()
    for step in ALL_STEPS:
        built = build(step, "duckdb")
        for text in [built.sql, *(x.sql for x in built.extra)]:
            # a name followed by "(" is a function (EXTRACT(hour FROM timezone(...))), not a table
            tables |= set(re.findall(r"\bFROM\s+\"?(\w+)\b\"?(?!\s*\()", text))
    assert tables <= {"ohlcv_1min", "ohlcv_1h", "ohlcv_1d", "d", "s", "e", "g", "v", "b", "hi", "lo",
                      "n", "r"}
