"""A claim type's properties live on its declaration (query_builder/declarations.py), as an
action's do; the answer side's tables are views of them (agent/answer/claim_types.py).

The literal tables below are the ones agent/answer kept before the views replaced them, captured
once: the views must say the same of every key, so moving the properties changed no answer. A new
claim type is its declaration, its computation and its tests (CONTRIBUTING.md).
"""
from __future__ import annotations

from typing import Any, get_args

import pytest

from agent.answer import claim_types, plan_check, slots, statements, validation
from query_builder import declare
from query_builder.declare import ClaimKind, Family

# agent/answer/slots.py and validation.py before the properties moved onto the declarations.
OLD_PCT = {"pct_change", "daily_pct_change", "avg_return_after", "median_return_after",
           "return_prev_close", "max_drawdown", "best_return_after", "worst_return_after", "avg_value",
           "threshold", "return_pct", "event_pct_change", "gap_pct", "range_pct"}
OLD_PCT_LEVEL = {"volatility", "win_rate_after"}
OLD_VOLUME = {"total_volume", "avg_daily_volume", "volume"}
OLD_COUNT = {"trading_days", "up_days", "down_days", "event_count", "events_with_window",
             "events_without_window", "horizon_days", "window", "top_n", "matching_days", "bar_count",
             "period_count", "periods_with_data", "warmup_bars", "bins"}
OLD_PRICES = {"open", "close", "high", "low", "avg_daily_range", "change_points", "price", "previous_close",
              "price_low", "price_high", "poc_price", "poc_low", "poc_high", "value_area_low",
              "value_area_high", "bin_width", "middle", "upper", "lower", "sma", "ema", "vwap", "atr",
              "range", "day_close", "day_high", "day_low"}   # a listed day's high and low: since days by price level
OLD_RANKED = {"high", "low", "max", "min", "rsi_max", "rsi_min", "busiest_hour", "best_hour", "worst_hour",
              "most_volatile_hour", "max_ratio", "max_drawdown", "backtest_max_drawdown", "poc_price",
              "longest_up_streak", "longest_down_streak"}     # the streak claims (declared since)
OLD_DATED = {"high", "low", "max", "min", "max_drawdown", "max_close", "min_close",
             "longest_up_streak", "longest_down_streak"}
OLD_WINDOW_CLAIMS = {"open", "close", "high", "low", "total_volume", "vwap", "pct_change", "range"}
OLD_DIFFERENCES = {"avg_daily_range", "change_points", "bin_width", "range"}
OLD_FAMILY = {"close": "close", "day_close": "close", "day_high": "high", "day_low": "low", "previous_close": "close", "open": "open", "high": "high",
              "low": "low", "max": "high", "rsi_max": "high", "max_close": "close", "min_close": "close",
              "min": "low", "rsi_min": "low", "total_volume": "volume", "avg_daily_volume": "volume",
              "volume": "volume", "volatility": "volatility"}

# agent/answer/plan_check.py: which actions compute a metric.
OLD_PERIOD_METRICS = {"open", "close", "high", "low", "pct_change", "total_volume", "avg_daily_volume",
                      "trading_days", "avg_daily_range", "up_days", "down_days", "volatility",
                      "change_points", "return_prev_close", "max_drawdown", "max_close", "min_close",
                      "longest_up_streak", "longest_down_streak"}
OLD_PRODUCERS: dict[str, set[str]] = {
    **{m: {"get_period_stats", "compare_periods"} for m in OLD_PERIOD_METRICS},
    "high": {"get_period_stats", "compare_periods", "get_price_extremes"},
    "low": {"get_period_stats", "compare_periods", "get_price_extremes"},
    "daily_pct_change": {"find_events", "get_period_stats"},
    "event_count": {"find_events", "get_periods_after"},
    "avg_return_after": {"get_periods_after"}, "median_return_after": {"get_periods_after"},
    "win_rate_after": {"get_periods_after"}, "rsi": {"get_indicator"},
    **{m: {"run_backtest", "run_backtest_intraday"} for m in (
        "backtest_trades", "backtest_total_return", "backtest_win_rate", "backtest_avg_trade",
        "backtest_max_drawdown", "buy_hold_return")},
}
for _m in ("open", "close", "pct_change", "total_volume"):
    OLD_PRODUCERS[_m] = OLD_PRODUCERS[_m] | {"get_intraday_data"}


def _old_kind_of(key: str, value: Any) -> str:
    """slots.kind_of as it was, over the old tables."""
    declared = declare.claims().get(key)
    if declared is not None:
        return declared.kind
    if key.endswith("date") or key.endswith("_ts") or key in ("label", "time"):
        return "date" if key.endswith("date") else "time" if key.endswith("_ts") else "text"
    if key in OLD_PCT or key.endswith("_pct") or "pct" in key:
        return "pct"
    if key in OLD_PCT_LEVEL or key.endswith("_rate"):
        return "pct_level"
    if key in OLD_VOLUME or key.endswith("volume"):
        return "volume"
    if key in OLD_COUNT or isinstance(value, int):
        return "count"
    return "price" if key in OLD_PRICES else "number"


def test_every_claim_type_declares_its_properties():
    kinds, families = set(get_args(ClaimKind)), set(get_args(Family))
    for name, d in declare.claims().items():
        assert d.kind in kinds, name
        assert d.family is None or d.family in families, name
        assert all(isinstance(flag, bool) for flag in (d.difference, d.dated, d.ranked, d.windowed)), name
        assert not (d.difference and d.family), f"{name}: a difference is named by what it differs"
        assert not d.difference or d.kind == "price", f"{name}: a difference of prices is a price"
        assert d.family not in ("open", "close", "high", "low") or d.kind == "price", name


def test_the_tables_say_what_the_old_ones_said():
    assert set(slots.DATED) == OLD_DATED
    assert set(slots.WINDOW_CLAIMS) == OLD_WINDOW_CLAIMS
    assert set(slots.DIFFERENCES) == OLD_DIFFERENCES
    assert set(validation.DIFFERENCES) == set(statements._DIFFERENCES) == OLD_DIFFERENCES
    assert dict(validation._FAMILY) == OLD_FAMILY
    # spike_max_ratio is ranked by its declaration; the old table listed its key in the spikes
    # summary (max_ratio), which the view keeps: the claim's own name is never a summary key there
    assert set(slots.RANKED) == OLD_RANKED | {"spike_max_ratio"}
    assert set(plan_check.PERIOD_METRICS) == OLD_PERIOD_METRICS
    for name in declare.names("claim"):
        assert plan_check.producers(name) == OLD_PRODUCERS.get(name, set()), name


@pytest.mark.parametrize("table,old,kind", [
    (slots._PCT, OLD_PCT, "pct"), (slots._PCT_LEVEL, OLD_PCT_LEVEL, "pct_level"),
    (slots._VOLUME, OLD_VOLUME, "volume"), (slots._COUNT, OLD_COUNT, "count"), (slots._PRICES, OLD_PRICES, "price")])
def test_unit_tables_add_only_claim_types_of_their_kind(table, old, kind):
    """The views list every claim type of the unit; the old tables listed some. kind_of reads a
    claim type's declaration first, so the names added change nothing."""
    claims = declare.claims()
    assert old <= set(table)
    assert all(claims[n].kind == kind for n in set(table) - old)


def test_kind_of_is_unchanged_for_every_key():
    keys = (OLD_PCT | OLD_PCT_LEVEL | OLD_VOLUME | OLD_COUNT | OLD_PRICES | OLD_RANKED | OLD_DATED
            | set(declare.names("claim")) | {"fill_rate_pct", "value", "max_ratio", "some_rate", "x"})
    for key in sorted(keys):
        for value in (1, 1.5):
            assert slots.kind_of(key, value) == _old_kind_of(key, value), (key, value)


def test_a_new_claim_type_states_its_properties_once():
    """A claim registered later (here a test's) is in the tables as soon as it is declared."""
    decl = declare.ClaimDecl("close_span_max", "get_period_stats", "summary.close_span_max",
                             "widest close-to-close span", "price", family="close", dated=True, ranked=True,
                             templates={"en": "widest span {v}", "ru": "span {v}", "es": "span {v}"})
    assert "close_span_max" not in slots.RANKED
    declare.register(decl)
    try:
        assert "close_span_max" in slots.RANKED and "close_span_max" in slots.DATED
        assert validation._FAMILY.get("close_span_max") == "close"
        assert "close_span_max" not in slots.DIFFERENCES and "close_span_max" not in slots.WINDOW_CLAIMS
        assert slots.kind_of("close_span_max", 1.0) == "price"
        assert plan_check.producers("close_span_max") == {"get_period_stats", "compare_periods"}
    finally:
        declare.unregister("claim", decl.name)
    assert "close_span_max" not in slots.RANKED and "close_span_max" not in validation._FAMILY


def test_views_are_sets_and_mappings():
    view = claim_types.Declared(lambda d: d.ranked, {"max"})
    assert "max" in view and "high" in view and "open" not in view and len(view) == len(set(view))
