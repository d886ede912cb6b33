"""Every query-builder action, indicator, pattern and claim type, declared once.

Each action and pattern names the chart its answer draws (`chart`, built in agent/server/charts/),
each indicator where it is drawn (`panel`) and its reference `levels`.

Adding a capability is one entry here (plus its builder and, for new words, the language packs):
the plan models, the builder and post-processor tables, capabilities.py, the planner and
understander prompts and the Gemini function schemas are generated from these lists (see
query_builder/declare.py and CONTRIBUTING.md).
"""
from __future__ import annotations

from agent import lang as packs
from query_builder import indicators as ind
from query_builder import levels as lev
from query_builder import patterns as pat
from query_builder.actions.backtest import (
                                          build_backtest,
                                          build_backtest_intraday,
                                          post_backtest,
                                          post_backtest_intraday,
)
from query_builder.actions.events import build_find_events, build_periods_after, post_find_events, post_periods_after
from query_builder.actions.indicator import build_indicator, post_indicator
from query_builder.actions.intraday import (
                                          build_extremes,
                                          build_intraday,
                                          post_extremes,
                                          post_extremes_intraday,
                                          post_intraday,
)
from query_builder.actions.patterns import build_aggregate_patterns, post_aggregate_patterns
from query_builder.actions.period import build_compare, build_period_stats, post_compare, post_period_stats
from query_builder.actions.ranking import build_rank_volume, post_rank_volume
from query_builder.actions.volume import build_volume_profile, post_volume_profile
from query_builder.declare import ActionDecl, ClaimDecl, IndicatorDecl, PatternDecl, register

_STATS_CLAIMS = ("open", "close", "high", "low", "pct_change", "total_volume", "avg_daily_volume",
                 "trading_days", "avg_daily_range", "up_days", "down_days", "volatility",
                 "change_points", "return_prev_close", "max_drawdown", "max_close", "min_close",
                 "longest_up_streak", "longest_down_streak")
# The values of a pattern's, a volume profile's and a multi-line indicator's answer: every number
# shown is a claim (agent/answer/slots.py maps each summary key to its claim type).
_PATTERN_CLAIMS = ("spike_count", "spike_avg_ratio", "spike_max_ratio", "hourly_bars", "busiest_hour",
                   "most_volatile_hour", "best_hour", "worst_hour", "gap_count", "gap_up_count",
                   "gap_down_count", "gap_filled_count", "gap_fill_rate", "avg_gap_pct", "avg_abs_gap_pct",
                   "days_checked")
_PROFILE_CLAIMS = ("poc_price", "value_area_low", "value_area_high", "profile_low", "profile_high")
_INDICATOR_PARTS = ("macd_signal", "macd_histogram", "bb_upper", "bb_lower", "adx_plus_di", "adx_minus_di")
_CONDITION = {"condition": {"op": "gt", "threshold": 1}}
_BACKTEST_CLAIMS = ("backtest_trades", "backtest_total_return", "backtest_win_rate", "backtest_avg_trade",
                    "backtest_max_drawdown", "buy_hold_return")
_SAMPLE_RULE = {"entry": {"kind": "move", "direction": "down", "threshold": 3}, "exit": {"sessions": 5}}
_SAMPLE_INTRADAY = {"entry": {"kind": "time_of_day", "at": "10:00"}, "exit": {"at": "15:30"}, "intraday": True}

ACTIONS = [
    ActionDecl(
        "get_period_stats",
        "open, close, high/low with dates, % change (close vs open), change in points, return vs the "
        "previous close, max drawdown (peak and trough dates), volume, range, up/down days, "
        "volatility over a period; daily rows plus bars at the period's granularity; "
        "max_trading_days / last_trading_days: only the first / last N trading dates",
        ("symbol", "start_date", "end_date", "granularity?", "max_trading_days?", "last_trading_days?"),
        build_period_stats, {"period_stats": post_period_stats}, claims=_STATS_CLAIMS),
    ActionDecl(
        "get_intraday_data", "1-min or hourly bars inside trading dates, optionally a local time window",
        ("symbol", "start_date", "end_date", "start_time?", "end_time?", "granularity?",
         "extended_hours?"),
        build_intraday, {"intraday": post_intraday}, needs="intraday", alternative="get_period_stats",
        chart="intraday"),
    ActionDecl(
        "get_price_extremes",
        "period high and low with their dates (and the minute, when 1-min bars exist)",
        ("symbol", "start_date", "end_date", "start_time?", "end_time?"),
        build_extremes, {"extremes": post_extremes, "extremes_intraday": post_extremes_intraday},
        chart="extremes"),
    ActionDecl(
        "get_volume_profile", "volume by price bin: point of control and 70 % value area",
        ("symbol", "start_date", "end_date", "bins?"), build_volume_profile,
        {"volume_profile": post_volume_profile}, claims=_PROFILE_CLAIMS, chart="volume_profile"),
    ActionDecl(
        "find_events",
        "days where a daily metric (close-to-close %, gap %, range %) crosses a threshold, or the N "
        "largest moves",
        ("symbol", "condition{metric,op,threshold}", "start_date?", "end_date?", "top_n?", "direction?"),
        build_find_events, {"find_events": post_find_events},
        claims=("daily_pct_change", "day_gap_pct", "day_range_pct", "event_count"), sample={"top_n": 3},
        chart="events"),
    ActionDecl(
        "get_periods_after", "return N trading days after each event day (avg, median, win rate)",
        ("symbol", "condition{metric,op,threshold}", "horizon_days", "start_date?", "end_date?"),
        build_periods_after, {"periods_after": post_periods_after},
        claims=("avg_return_after", "median_return_after", "win_rate_after"),
        sample={**_CONDITION, "horizon_days": 5}, chart="after_events"),
    ActionDecl(
        "compare_periods", "the get_period_stats summary for each of 2+ periods side by side",
        ("symbol", "periods[{start_date,end_date,label}]"), build_compare,
        {"compare_periods": post_compare},
        sample={"periods": [{"start_date": "2020-01-01", "end_date": "2020-01-31"}]}, chart="compare_periods"),
    ActionDecl(
        "aggregate_patterns", "gaps (with fill), volume spikes vs the 20-day mean, hourly profile, "
        "support/resistance levels",
        ("symbol", "pattern", "start_date?", "end_date?", "threshold?"), build_aggregate_patterns,
        {"aggregate_patterns": post_aggregate_patterns},
        claims=(*_PATTERN_CLAIMS, "support_level", "resistance_level"), sample={"pattern": "gaps"},
        chart="by_pattern"),
    ActionDecl(
        "rank_volume_days",
        "the trading days of a period ranked by volume: the top_n highest (direction up, default) or "
        "lowest (direction down) volume days with date and volume ('highest volume day')",
        ("symbol", "start_date?", "end_date?", "top_n?", "direction?"), build_rank_volume,
        {"rank_volume": post_rank_volume}, claims=("total_volume",), chart="volume_rank"),
    ActionDecl(
        "get_indicator", "technical indicator values on daily bars over a period; vwap only: a local "
        "time-of-day window (start_time/end_time) gives each date's VWAP over that window's minutes",
        ("symbol", "indicator", "start_date", "end_date", "window?", "start_time?", "end_time?",
         "extended_hours?"), build_indicator,
        {"indicator": post_indicator}, claims=("rsi", "sma", "ema", "atr", "obv", "adx", "macd", "bb_middle", "vwap",
                                                  *_INDICATOR_PARTS),
        sample={"indicator": "rsi"}, chart="indicator"),
    ActionDecl(
        "run_backtest", "a trading rule tested on daily bars (entry: a move over a threshold, N closes in "
        "a row, a close crossing an SMA/EMA or a level, a weekday; exit: after N sessions, the opposite "
        "condition, a weekday, stop, target; all in or a quantity; costs): trades, total return, win "
        "rate, average trade, max drawdown, buy-and-hold over the same span, the trade list",
        ("symbol", "rule", "start_date?", "end_date?"), build_backtest, {"backtest": post_backtest},
        claims=_BACKTEST_CLAIMS, sample={"rule": _SAMPLE_RULE}, chart="backtest"),
    ActionDecl(
        "run_backtest_intraday", "a time-of-day rule tested on 1-minute bars (buy at a time, sell at a "
        "later time or the session's close, stop, target): the same figures as run_backtest",
        ("symbol", "rule", "start_date?", "end_date?"), build_backtest_intraday,
        {"backtest_intraday": post_backtest_intraday}, needs="intraday", alternative="run_backtest",
        claims=_BACKTEST_CLAIMS, sample={"rule": _SAMPLE_INTRADAY}, chart="backtest"),
]

INDICATORS = [
    IndicatorDecl("rsi", "Wilder RSI on daily closes", 14, ("rsi",),
                  lambda b, n, s: ind.rsi(b["close"], n), levels=(30.0, 70.0)),
    IndicatorDecl("macd", "MACD(12, 26, 9): line, signal, histogram", None,
                  ("macd", "signal", "histogram"), lambda b, n, s: ind.macd(b["close"])),
    IndicatorDecl("bollinger", "Bollinger bands: SMA(20) +- 2 standard deviations", 20,
                  ("middle", "upper", "lower"), lambda b, n, s: ind.bollinger(b["close"], n), panel="price"),
    IndicatorDecl("sma", "simple moving average of closes", 20, ("sma",),
                  lambda b, n, s: {"sma": ind.sma(b["close"], n)}, panel="price"),
    IndicatorDecl("ema", "exponential moving average of closes", 20, ("ema",),
                  lambda b, n, s: {"ema": ind.ema(b["close"], n)}, panel="price"),
    IndicatorDecl("atr", "Wilder average true range", 14, ("atr",),
                  lambda b, n, s: ind.atr(b["high"], b["low"], b["close"], n)),
    IndicatorDecl("vwap", "volume-weighted average price per trading date (1-min bars)", None,
                  ("vwap",), lambda b, n, s: {"vwap": b["vwap"]}, needs="intraday", alternative="sma",
                  panel="price"),
    IndicatorDecl("obv", "on-balance volume from the period's first day", None, ("obv",),
                  lambda b, n, s: ind.obv(b["close"], b["volume"], s)),
    IndicatorDecl("adx", "Wilder ADX with +DI / -DI", 14, ("adx", "plus_di", "minus_di"),
                  lambda b, n, s: ind.adx(b["high"], b["low"], b["close"], n), levels=(25.0,)),
]

PATTERNS = [
    PatternDecl("gaps", "open vs previous close beyond threshold % (default 0.5), with fill", 0.5,
                pat.build_gaps, pat.post_gaps, chart="gaps"),
    PatternDecl("volume_spikes", "volume >= threshold x mean of the previous 20 days (default 2)", 2.0,
                pat.build_spikes, pat.post_spikes, chart="volume_spikes"),
    PatternDecl("hourly_profile", "per local hour: average volume, range, return, up share", None,
                pat.build_hourly, pat.post_hourly, needs="intraday", alternative="get_period_stats",
                chart="hourly_profile"),
    PatternDecl("price_levels", "support/resistance: swing highs/lows (5-session extremes) grouped within "
                "threshold % (default 0.5)", 0.5, lev.build_levels, lev.post_levels, chart="price_levels"),
]


def _templates(claim: str) -> dict[str, str]:
    """A claim's offline wording in every language (agent/lang/_trading/)."""
    return packs.by_lang("trading_words", "claim_templates", claim)


# Claim type -> the action whose result holds it and where. Mirrors the claim table of DESIGN.md.
# Its properties (family, difference, dated, ranked, windowed: see ClaimDecl) are what the answer
# side reads of it; agent/answer's tables are views of them.
CLAIMS = [
    ClaimDecl("open", "get_period_stats", "summary.open", "first bar's open", "price", family="open", windowed=True),
    ClaimDecl("close", "get_period_stats", "summary.close", "last bar's close", "price",
              family="close", windowed=True),
    ClaimDecl("high", "get_period_stats", "summary.high", "max high (date = when)", "price",
              family="high", dated=True, ranked=True, windowed=True),
    ClaimDecl("low", "get_period_stats", "summary.low", "min low (date = when)", "price",
              family="low", dated=True, ranked=True, windowed=True),
    ClaimDecl("pct_change", "get_period_stats", "summary.pct_change",
              "(close / open - 1) * 100 over the period", "pct", windowed=True),
    ClaimDecl("total_volume", "get_period_stats", "summary.total_volume", "sum of daily volume", "volume",
              family="volume", windowed=True),
    ClaimDecl("avg_daily_volume", "get_period_stats", "summary.avg_daily_volume",
              "mean daily volume", "volume", family="volume"),
    ClaimDecl("trading_days", "get_period_stats", "summary.trading_days", "trading dates in the period", "count"),
    ClaimDecl("avg_daily_range", "get_period_stats", "summary.avg_daily_range",
              "mean of daily high - low", "price", difference=True),
    ClaimDecl("up_days", "get_period_stats", "summary.up_days", "days closing above the previous close", "count"),
    ClaimDecl("down_days", "get_period_stats", "summary.down_days",
              "days closing below the previous close", "count"),
    ClaimDecl("volatility", "get_period_stats", "summary.volatility",
              "sample std of daily close-to-close % returns", "pct_level", family="volatility"),
    ClaimDecl("daily_pct_change", "find_events", "rows.pct_change",
              "one day's close-to-close % change (date)", "pct"),
    ClaimDecl("day_gap_pct", "find_events", "rows.gap_pct",
              "one day's opening gap: open vs the previous close, % (date)", "pct"),
    ClaimDecl("day_range_pct", "find_events", "rows.range_pct",
              "one day's range: (high - low) / the previous close, % (date)", "pct_level"),
    ClaimDecl("event_count", "find_events", "summary.event_count", "days matching the condition", "count"),
    ClaimDecl("avg_return_after", "get_periods_after", "summary.avg_return_after",
              "mean return over N trading days after each event", "pct"),
    ClaimDecl("median_return_after", "get_periods_after", "summary.median_return_after",
              "median return over N trading days after each event", "pct"),
    ClaimDecl("win_rate_after", "get_periods_after", "summary.win_rate_after",
              "share of events followed by a gain after N trading days", "pct_level"),
    ClaimDecl("rsi", "get_indicator", "summary.rsi", "Wilder RSI(14) at date", "number"),
    # the other indicators' main value at `date` (summary.value: the indicator's first column; the
    # DESIGN.md claim table; context names the window)
    ClaimDecl("sma", "get_indicator", "summary.value", "simple moving average of closes at date", "price"),
    ClaimDecl("ema", "get_indicator", "summary.value", "exponential moving average of closes at date", "price"),
    ClaimDecl("atr", "get_indicator", "summary.value", "average true range at date", "price"),
    ClaimDecl("obv", "get_indicator", "summary.value", "on-balance volume at date", "number"),
    ClaimDecl("adx", "get_indicator", "summary.value", "average directional index at date", "number"),
    ClaimDecl("macd", "get_indicator", "summary.value", "MACD line at date", "number"),
    ClaimDecl("bb_middle", "get_indicator", "summary.value", "middle Bollinger band at date", "price"),
    ClaimDecl("vwap", "get_indicator", "summary.value",
              "volume-weighted average price at date (over a time-of-day window: its minutes)", "price",
              windowed=True),
    ClaimDecl("macd_signal", "get_indicator", "summary.signal", "MACD signal line (EMA 9 of the MACD line) at date",
              "number"),
    ClaimDecl("macd_histogram", "get_indicator", "summary.histogram", "MACD line minus its signal line at date",
              "number"),
    ClaimDecl("bb_upper", "get_indicator", "summary.upper", "upper Bollinger band (middle + 2 std) at date", "price"),
    ClaimDecl("bb_lower", "get_indicator", "summary.lower", "lower Bollinger band (middle - 2 std) at date", "price"),
    ClaimDecl("adx_plus_di", "get_indicator", "summary.plus_di", "ADX's +DI at date", "number"),
    ClaimDecl("adx_minus_di", "get_indicator", "summary.minus_di", "ADX's -DI at date", "number"),
    # aggregate_patterns: context names the threshold (and the spikes' lookback)
    ClaimDecl("spike_count", "aggregate_patterns", "summary.spike_count",
              "days whose volume is >= threshold x the mean of the previous 20 days", "count"),
    ClaimDecl("spike_avg_ratio", "aggregate_patterns", "summary.avg_ratio",
              "mean of volume / previous 20-day mean over the spike days", "number"),
    ClaimDecl("spike_max_ratio", "aggregate_patterns", "summary.max_ratio",
              "largest volume / previous 20-day mean of a spike day", "number", ranked=True),
    ClaimDecl("hourly_bars", "aggregate_patterns", "summary.total_bars", "hourly bars in the profile", "count"),
    ClaimDecl("busiest_hour", "aggregate_patterns", "summary.busiest_hour",
              "local hour of day with the highest average volume", "count", ranked=True),
    ClaimDecl("most_volatile_hour", "aggregate_patterns", "summary.most_volatile_hour",
              "local hour of day with the widest average high - low", "count", ranked=True),
    ClaimDecl("best_hour", "aggregate_patterns", "summary.best_hour",
              "local hour of day with the highest average return", "count", ranked=True),
    ClaimDecl("worst_hour", "aggregate_patterns", "summary.worst_hour",
              "local hour of day with the lowest average return", "count", ranked=True),
    ClaimDecl("gap_count", "aggregate_patterns", "summary.gap_count",
              "days opening at least threshold % away from the previous close", "count"),
    ClaimDecl("gap_up_count", "aggregate_patterns", "summary.gap_up_count", "gaps up", "count"),
    ClaimDecl("gap_down_count", "aggregate_patterns", "summary.gap_down_count", "gaps down", "count"),
    ClaimDecl("gap_filled_count", "aggregate_patterns", "summary.filled_count",
              "gaps that traded back to the previous close the same day", "count"),
    ClaimDecl("gap_fill_rate", "aggregate_patterns", "summary.fill_rate_pct", "filled gaps / gaps, %", "pct_level"),
    ClaimDecl("avg_gap_pct", "aggregate_patterns", "summary.avg_gap_pct", "mean signed gap, %", "pct"),
    ClaimDecl("avg_abs_gap_pct", "aggregate_patterns", "summary.avg_abs_gap_pct", "mean gap size, %",
              "pct_level"),
    ClaimDecl("days_checked", "aggregate_patterns", "summary.days_checked",
              "trading days the pattern was checked on", "count"),
    ClaimDecl("poc_price", "get_volume_profile", "summary.poc_price",
              "point of control: middle of the price bin with the most volume", "price", ranked=True),
    ClaimDecl("value_area_low", "get_volume_profile", "summary.value_area_low",
              "lower edge of the 70 % value area", "price"),
    ClaimDecl("value_area_high", "get_volume_profile", "summary.value_area_high",
              "upper edge of the 70 % value area", "price"),
    ClaimDecl("profile_low", "get_volume_profile", "summary.price_low", "lowest price of the profile", "price"),
    ClaimDecl("profile_high", "get_volume_profile", "summary.price_high", "highest price of the profile", "price"),
    ClaimDecl("change_points", "get_period_stats", "summary.change_points", "close - open in points", "price",
              difference=True),
    ClaimDecl("return_prev_close", "get_period_stats", "summary.return_prev_close",
              "close vs the close before the period, %", "pct"),
    ClaimDecl("max_drawdown", "get_period_stats", "summary.max_drawdown",
              "largest peak-to-trough fall of closes, % (peak and trough dates)", "pct", dated=True, ranked=True),
    ClaimDecl("max_close", "get_period_stats", "summary.max_close",
              "highest daily close of the period (date = when)", "price",
              templates=_templates("max_close"), family="close", dated=True),
    ClaimDecl("min_close", "get_period_stats", "summary.min_close",
              "lowest daily close of the period (date = when)", "price",
              templates=_templates("min_close"), family="close", dated=True),
    ClaimDecl("longest_up_streak", "get_period_stats", "summary.longest_up_streak",
              "longest run of up closes (date: its end)", "count",
              templates=_templates("longest_up_streak"), dated=True, ranked=True),
    ClaimDecl("longest_down_streak", "get_period_stats", "summary.longest_down_streak",
              "longest run of down closes (date: its end)", "count",
              templates=_templates("longest_down_streak"), dated=True, ranked=True),
    ClaimDecl("backtest_trades", "run_backtest", "summary.backtest_trades",
              "trades the rule made over the span (one position at a time)", "count",
              templates=_templates("backtest_trades")),
    ClaimDecl("backtest_total_return", "run_backtest", "summary.backtest_total_return",
              "the rule's total return over the span after costs, %", "pct",
              templates=_templates("backtest_total_return")),
    ClaimDecl("backtest_win_rate", "run_backtest", "summary.backtest_win_rate",
              "share of trades with a gain after costs, %", "pct_level",
              templates=_templates("backtest_win_rate")),
    ClaimDecl("backtest_avg_trade", "run_backtest", "summary.backtest_avg_trade",
              "mean return per trade after costs, %", "pct",
              templates=_templates("backtest_avg_trade")),
    ClaimDecl("backtest_max_drawdown", "run_backtest", "summary.backtest_max_drawdown",
              "largest peak-to-trough fall of the rule's equity (marked at each close), %, negative", "pct",
              templates=_templates("backtest_max_drawdown"), ranked=True),
    ClaimDecl("buy_hold_return", "run_backtest", "summary.buy_hold_return",
              "buying at the span's first close and holding to its last close, %", "pct",
              templates=_templates("buy_hold_return")),
    ClaimDecl("support_level", "aggregate_patterns", "rows.level",
              "price_levels level below the last close (date = last touch)", "price"),
    ClaimDecl("resistance_level", "aggregate_patterns", "rows.level",
              "price_levels level at or above the last close (date = last touch)", "price"),
]

register(*ACTIONS, *INDICATORS, *PATTERNS, *CLAIMS)
