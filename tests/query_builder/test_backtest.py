"""run_backtest / run_backtest_intraday on the shared data, both engines, every figure and every
trade compared with an independent bar-by-bar loop (tests/query_builder/backtest_reference.py)
over the raw CSVs: SPX daily (1928-2020), SPY and NQ 1-minute bars."""
from __future__ import annotations

import math

import pandas as pd
import pytest

from query_builder.backtest_rule import BacktestRule
from tests.query_builder import backtest_reference as ref
from tests.query_builder import reference as raw
from tests.query_builder.util import run

FIGURES = ("backtest_trades", "backtest_total_return", "backtest_win_rate", "backtest_avg_trade",
           "backtest_max_drawdown", "buy_hold_return")

# (rule as the product reads it, the same rule as the reference's plain spec), one per rule kind
DAILY = {
    "move_down_close_5_sessions": (
        {"entry": {"kind": "move", "direction": "down", "threshold": 3}, "exit": {"sessions": 5}},
        ref.Spec("move", "down", threshold=3, sessions=5)),
    "move_up_next_open_stop_target": (
        {"entry": {"kind": "move", "direction": "up", "threshold": 2}, "fill": "next_open",
         "exit": {"stop_pct": 3, "target_pct": 4, "sessions": 20}},
        ref.Spec("move", "up", threshold=2, fill="next_open", stop=3, target=4, sessions=20)),
    "streak_down_3_target_stop": (
        {"entry": {"kind": "streak", "direction": "down", "count": 3}, "exit": {"stop_pct": 5, "target_pct": 3}},
        ref.Spec("streak", "down", count=3, stop=5, target=3)),
    "streak_up_4_open_exit": (
        {"entry": {"kind": "streak", "direction": "up", "count": 4}, "exit": {"sessions": 3, "fill": "open"}},
        ref.Spec("streak", "up", count=4, sessions=3, exit_fill="open")),
    "cross_sma_50_opposite": (
        {"entry": {"kind": "cross", "direction": "up", "of": "sma", "window": 50}, "exit": {"opposite": True}},
        ref.Spec("cross", "up", of="sma", window=50, opposite=True)),
    "cross_ema_20_next_open_opposite": (
        {"entry": {"kind": "cross", "direction": "up", "of": "ema", "window": 20}, "fill": "next_open",
         "exit": {"opposite": True}},
        ref.Spec("cross", "up", of="ema", window=20, fill="next_open", opposite=True)),
    "cross_below_level_quantity": (
        {"entry": {"kind": "cross", "direction": "down", "of": "level", "level": 1200}, "exit": {"sessions": 10},
         "quantity": 3},
        ref.Spec("cross", "down", of="level", level=1200, sessions=10, quantity=3)),
    "monday_open_to_friday_close": (
        {"entry": {"kind": "weekday", "weekday": 0}, "fill": "open", "exit": {"weekday": 4}},
        ref.Spec("weekday", weekday=0, fill="open", exit_weekday=4)),
    "friday_close_to_monday_open_no_costs": (
        {"entry": {"kind": "weekday", "weekday": 4}, "exit": {"weekday": 0, "fill": "open"},
         "costs": {"commission_pct": 0, "slippage_pct": 0, "stated": True}},
        ref.Spec("weekday", weekday=4, exit_weekday=0, exit_fill="open", commission=0, slippage=0)),
}


def _close(a, b) -> bool:
    if b is None or isinstance(b, float) and math.isnan(b):
        return a is None
    return a == pytest.approx(b, rel=1e-9, abs=1e-9)


def _compare(res, expected: dict) -> None:
    s = res.summary
    bad = {k: (s.get(k), expected[k]) for k in FIGURES if not _close(s.get(k), expected[k])}
    assert not bad, f"figures (got, expected): {bad}"
    assert len(res.rows) == len(expected["trades"])
    for got, want in zip(res.rows, expected["trades"]):
        assert (got["entry_date"], got["exit_date"]) == (want["entry_date"], want["exit_date"]), (got, want)
        assert got["entry_price"] == pytest.approx(want["entry_price"], rel=1e-12)
        assert got["exit_price"] == pytest.approx(want["exit_price"], rel=1e-12)
        assert got["return_pct"] == pytest.approx(want["return_pct"], rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("name", sorted(DAILY))
def test_daily_rule_kinds_match_the_reference(loaded_store, name):
    rule, spec = DAILY[name]
    res = run(loaded_store, "run_backtest", symbol="SPX", start_date="2000-01-01", end_date="2019-12-31",
              rule=rule)
    expected = ref.run(raw.daily("SPX"), "2000-01-01", "2019-12-31", spec)
    assert expected["backtest_trades"] >= 3, "the rule must trade for the comparison to mean something"
    _compare(res, expected)
    assert res.summary["first_date"] == "2000-01-03" and res.summary["last_date"] == "2019-12-31"
    assert res.summary["backtest_max_drawdown"] <= 0


def test_no_lookahead_entry_after_its_signal(loaded_store):
    """Every fill happens at or after the information it needs: a close signal's entry is that
    close or the next open, never an earlier bar (checked against the raw closes)."""
    daily = raw.daily("SPX")
    res = run(loaded_store, "run_backtest", symbol="SPX", start_date="2000-01-01", end_date="2019-12-31",
              rule={"entry": {"kind": "move", "direction": "down", "threshold": 3}, "fill": "next_open",
                    "exit": {"sessions": 5}})
    chg = daily["close"].pct_change() * 100
    for t in res.rows:
        entry = pd.Timestamp(t["entry_date"])
        signal_day = daily.index[daily.index.get_loc(entry) - 1]
        assert chg[signal_day] <= -3, t
        assert t["entry_price"] == daily.at[entry, "open"]


def test_a_rule_open_at_the_end_closes_at_the_last_close(loaded_store):
    res = run(loaded_store, "run_backtest", symbol="SPX", start_date="2019-12-02", end_date="2019-12-31",
              rule={"entry": {"kind": "weekday", "weekday": 0}, "fill": "open", "exit": {"sessions": 60}})
    assert res.rows[-1]["exit_reason"] == "end" and res.rows[-1]["exit_date"] == "2019-12-31"
    assert res.summary["backtest_trades"] == 1 and res.summary["small_sample"] is True


INTRADAY = {
    "spy_10_to_1530_stop": ("SPY", "2024-02-20", "2024-05-17",
                            {"entry": {"kind": "time_of_day", "at": "10:00"}, "exit": {"at": "15:30", "stop_pct": 0.5},
                             "intraday": True},
                            ref.Spec("time_of_day", at=600, exit_at=930, stop=0.5)),
    "spy_monday_open_to_close_target": ("SPY", "2024-02-20", "2024-05-17",
                                        {"entry": {"kind": "time_of_day", "at": "09:30", "weekday": 0},
                                         "exit": {"target_pct": 0.4}, "intraday": True},
                                        ref.Spec("time_of_day", at=570, weekday=0, target=0.4)),
    "nq_0300_to_1100": ("NQ", "2023-11-20", "2023-12-04",
                        {"entry": {"kind": "time_of_day", "at": "03:00"}, "exit": {"at": "11:00"}, "intraday": True,
                         "costs": {"commission_pct": 0, "slippage_pct": 0, "stated": True}},
                        ref.Spec("time_of_day", at=180, exit_at=660, commission=0, slippage=0)),
}


@pytest.mark.parametrize("name", sorted(INTRADAY))
def test_intraday_rules_match_the_reference(loaded_store, name):
    symbol, start, end, rule, spec = INTRADAY[name]
    res = run(loaded_store, "run_backtest_intraday", symbol=symbol, start_date=start, end_date=end, rule=rule)
    expected = ref.run_intraday(raw.minutes(symbol), start, end, spec)
    assert expected["backtest_trades"] >= 3
    _compare(res, expected)


def test_intraday_rule_on_a_daily_only_symbol_is_declined(loaded_store):
    from query_builder.errors import CapabilityUnavailable

    with pytest.raises(CapabilityUnavailable):
        run(loaded_store, "run_backtest_intraday", symbol="SPX", start_date="2019-01-01", end_date="2019-12-31",
            rule={"entry": {"kind": "time_of_day", "at": "10:00"}, "intraday": True})


@pytest.mark.parametrize("bad", [
    {"entry": {"kind": "move", "direction": "down", "threshold": 3}, "fill": "open", "exit": {"sessions": 5}},
    {"entry": {"kind": "move", "direction": "down", "threshold": 3}},
    {"entry": {"kind": "cross", "direction": "up", "of": "sma"}, "exit": {"opposite": True}},
])
def test_rules_that_would_look_ahead_or_never_exit_are_refused(bad):
    with pytest.raises(ValueError):
        BacktestRule.model_validate(bad)
