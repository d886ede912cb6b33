"""run_backtest / run_backtest_intraday: a plain-language rule (query_builder/backtest_rule.py)
tested on the stored bars.

The SQL fetches the bars as numbers (daily: from the sessions the rule's indicator needs before
the span; intraday: the span's regular-session minutes with their local minute of the day); the
post-processor runs query_builder/backtest_engine.py on them. The step's rows are the trade list,
its summary the figures (backtest_* claims, buy_hold_return), its bars the equity curve beside
buy-and-hold that the chart draws (at most MAX_CURVE_POINTS, evenly spaced, the last kept).
"""
from __future__ import annotations

from math import ceil
from typing import Any

import numpy as np
from psycopg import sql

from query_builder.backtest_engine import Bars, Result, run_daily, run_intraday
from query_builder.backtest_rule import BacktestRule
from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.convert import column
from query_builder.errors import MissingParameter
from query_builder.fragments import anchor
from query_builder.granularity import MIN_DATE, bounds, ts_window
from query_builder.models import BuiltQuery

MAX_CURVE_POINTS = 2500
_DAILY = ("SELECT {day} AS day, open, high, low, close FROM ohlcv_1d WHERE symbol = {symbol}"
          " AND trading_date >= {anchor} AND trading_date <= {end} ORDER BY trading_date")
_DAILY_COLUMNS = {"day": "i4", "open": "f8", "high": "f8", "low": "f8", "close": "f8"}
_MINUTES = ("SELECT {day} AS day, CAST(EXTRACT(HOUR FROM {local}) * 60 + EXTRACT(MINUTE FROM {local})"
            " AS INTEGER) AS minute, b.open, b.high, b.low, b.close FROM ohlcv_1min b"
            " WHERE b.symbol = {symbol} AND b.ts >= {ts_lo} AND b.ts < {ts_hi}"
            " AND b.trading_date >= {start} AND b.trading_date <= {end} AND b.in_session ORDER BY b.ts")
_MINUTE_COLUMNS = {"day": "i4", "minute": "i4", "open": "f8", "high": "f8", "low": "f8", "close": "f8"}
_TRADE_KEYS = ("entry_date", "entry_fill", "entry_price", "exit_date", "exit_fill", "exit_price",
               "return_pct", "sessions", "exit_reason", "entry_minute", "exit_minute")


def _rule(ctx: Context) -> BacktestRule:
    if ctx.params.rule is None:
        raise MissingParameter("missing parameter(s): rule")
    return ctx.params.rule


def warmup_sessions(rule: BacktestRule) -> int | None:
    """Sessions before the span the entry's condition reads (None: the whole history, for an EMA,
    whose value depends on every close before it)."""
    e = rule.entry
    if e.kind == "cross" and e.of == "ema":
        return None
    if e.kind == "cross" and e.of == "sma":
        return int(e.window or 2) + 1
    if e.kind == "streak":
        return int(e.count or 1) + 1
    return 1


def build_backtest(ctx: Context) -> BuiltQuery:
    rule = _rule(ctx)
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    back = warmup_sessions(rule)
    first = p("history_start", MIN_DATE) if back is None else anchor(p, start, back=back)
    q = sql.SQL(_DAILY).format(day=ctx.dialect.epoch_day(sql.Identifier("trading_date")),
                               symbol=ctx.dialect.placeholder("symbol"), anchor=first,
                               end=p("end_date", end))
    args = {"rule": rule.model_dump(mode="json"), "start_date": start.isoformat()}
    return ctx.built(q, p, "backtest", post_args=args, granularity="daily", numeric=_DAILY_COLUMNS)


def build_backtest_intraday(ctx: Context) -> BuiltQuery:
    rule = _rule(ctx)
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    d = ctx.dialect
    local = d.to_local(sql.Identifier("b", "ts"), p("tz", ctx.timezone))
    ts_lo, ts_hi = ts_window(start, end)
    q = sql.SQL(_MINUTES).format(day=d.epoch_day(sql.Identifier("b", "trading_date")), local=local,
                                 symbol=d.placeholder("symbol"), ts_lo=p("ts_lo", ts_lo), ts_hi=p("ts_hi", ts_hi),
                                 start=p("start_date", start), end=p("end_date", end))
    args = {"rule": rule.model_dump(mode="json"), "start_date": start.isoformat()}
    return ctx.built(q, p, "backtest_intraday", post_args=args, granularity="1min", numeric=_MINUTE_COLUMNS)


def bars_of(rows: Any, start: str, minutes: bool = False) -> Bars:
    days = column(rows, "day").astype("int64").astype("datetime64[D]")
    first = int(np.searchsorted(days, np.datetime64(start, "D"), side="left"))
    return Bars(days, column(rows, "open"), column(rows, "high"), column(rows, "low"), column(rows, "close"),
                first=first, minute=column(rows, "minute").astype("int64") if minutes else None)


def _curve(b: Bars, res: Result, per_session: bool) -> list[dict[str, Any]]:
    """The equity curve beside buy-and-hold, one point per bar (intraday: per session's last bar)."""
    idx = res.index
    if per_session and len(idx):
        days = b.day[idx]
        idx = idx[np.r_[days[1:] != days[:-1], True]]
    step = max(1, ceil(len(idx) / MAX_CURVE_POINTS))
    keep = np.r_[np.arange(0, len(idx), step), len(idx) - 1] if len(idx) else idx
    keep = np.unique(keep)
    off = b.first
    return [{"trading_date": str(b.day[i]), "equity": float(res.equity[i - off]),
             "buy_hold": float(res.buy_hold[i - off])} for i in idx[keep]]


def _output(b: Bars, res: Result, rule: BacktestRule, per_session: bool) -> Output:
    trades = [{k: t[k] for k in _TRADE_KEYS if k in t} for t in res.trades]
    for k, t in enumerate(trades, 1):
        t["trade"] = k
    summary = {**res.summary, **rule_values(rule)}
    return Output(trades, summary, _curve(b, res, per_session))


# The summary keys that state the rule as tested (not facts about the data): the answer's words
# beside them ("3 lower closes in a row") describe the rule, which the validator does not verify.
RULE_KEYS = frozenset({"move_pct", "streak_days", "ma_window", "level_price", "hold_sessions", "stop_rate",
                       "target_rate", "quantity", "entry_time", "exit_time"})


def rule_values(rule: BacktestRule) -> dict[str, Any]:
    """The rule's own numbers, for the answer to state as slots (what was tested)."""
    e, ex = rule.entry, rule.exit
    out: dict[str, Any] = {"rule": rule.model_dump(mode="json")}
    if e.threshold is not None:
        out["move_pct"] = -e.threshold if e.direction == "down" else e.threshold
    values = {"streak_days": e.count, "ma_window": e.window, "level_price": e.level,
              "hold_sessions": ex.sessions, "stop_rate": ex.stop_pct, "target_rate": ex.target_pct,
              "quantity": rule.quantity}
    out.update({k: v for k, v in values.items() if v is not None})
    if e.at is not None:
        out["entry_time"] = e.at.strftime("%H:%M")
    if ex.at is not None:
        out["exit_time"] = ex.at.strftime("%H:%M")
    return out


def post_backtest(rows: Rows, args: Args, extra: Extra) -> Output:
    rule = BacktestRule.model_validate(args["rule"])
    b = bars_of(rows, args["start_date"])
    if b.first >= len(b.close):
        return Output([], None)
    return _output(b, run_daily(b, rule), rule, per_session=False)


def post_backtest_intraday(rows: Rows, args: Args, extra: Extra) -> Output:
    rule = BacktestRule.model_validate(args["rule"])
    b = bars_of(rows, args["start_date"], minutes=True)
    if b.first >= len(b.close):
        return Output([], None)
    return _output(b, run_intraday(b, rule), rule, per_session=True)
