"""get_indicator: SQL reads daily bars with warm-up before the period; numpy computes the values.

VWAP is the exception: per trading date from the session's 1-min bars (not for daily-only data),
or from the bars of a local time-of-day window when one is given ("VWAP between 10:00 and 11:00").
"""
from __future__ import annotations

from datetime import date
from typing import Any

import numpy as np
from psycopg import sql

from query_builder import declare
from query_builder import indicators as ind
from query_builder.actions.intraday import clock_filter, window_context
from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.convert import column, date_column, fnum, iso
from query_builder.dialects import Params
from query_builder.errors import MissingParameter
from query_builder.fragments import anchor, iso_date
from query_builder.granularity import bounds, ts_window
from query_builder.models import BuiltQuery

_DAILY = (
    "SELECT {td} AS trading_date, d.open, d.high, d.low, d.close, d.volume FROM ohlcv_1d d"
    " WHERE d.symbol = {symbol} AND d.trading_date >= {anchor} AND d.trading_date <= {end}"
    " ORDER BY d.trading_date"
)
_VWAP = (
    "SELECT {td} AS trading_date, d.close, d.volume, v.vwap FROM ohlcv_1d d JOIN"
    " (SELECT trading_date, sum((high + low + close) / 3 * volume) / NULLIF(sum(volume), 0) AS vwap"
    " FROM ohlcv_1min b WHERE b.symbol = {symbol} AND b.ts >= {ts_lo} AND b.ts < {ts_hi}"
    " AND b.trading_date >= {start} AND b.trading_date <= {end}{session}{clock} GROUP BY b.trading_date) v"
    " ON v.trading_date = d.trading_date WHERE d.symbol = {symbol} AND d.trading_date >= {start}"
    " AND d.trading_date <= {end} ORDER BY d.trading_date"
)


def build_indicator(ctx: Context) -> BuiltQuery:
    name = ctx.params.indicator
    if name is None:
        raise MissingParameter("get_indicator needs an indicator")
    default = declare.indicators()[name].window
    window = (ctx.params.window or default) if default is not None else None  # MACD/VWAP/OBV: fixed
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    args: dict[str, Any] = {"indicator": name, "window": window, "start_date": start.isoformat()}
    if name == "vwap":
        # a daily-only symbol never gets here: the declaration needs intraday bars (runner.check_needs)
        return _vwap(ctx, p, args, start, end)
    q = sql.SQL(_DAILY).format(td=iso_date(p, "d"), symbol=ctx.dialect.placeholder("symbol"),
                               anchor=anchor(p, start, back=ind.warmup_bars(name, window)),
                               end=p("end_date", end))
    return ctx.built(q, p, "indicator", post_args=args, granularity="daily")


def _vwap(ctx: Context, p: Params, args: dict[str, Any], start: date, end: date) -> BuiltQuery:
    """Per trading date from the 1-min bars; a time-of-day window keeps only its minutes (the
    window's VWAP, never the whole session's), and an extended-hours one keeps minutes outside the
    session too."""
    prm, lo_hi = ctx.params, ts_window(start, end)
    clock: sql.Composable = sql.SQL("")
    if prm.start_time is not None or prm.end_time is not None:   # bind tz only when used (DuckDB)
        local = ctx.dialect.to_local(sql.Identifier("b", "ts"), p("tz", ctx.timezone))
        clock = clock_filter(local, p, prm.start_time, prm.end_time)
        args["clock_window"] = window_context(ctx)
    session = sql.SQL("") if prm.extended_hours else sql.SQL(" AND b.in_session")
    q = sql.SQL(_VWAP).format(td=iso_date(p, "d"), symbol=ctx.dialect.placeholder("symbol"),
                              ts_lo=p("ts_lo", lo_hi[0]), ts_hi=p("ts_hi", lo_hi[1]),
                              start=p("start_date", start), end=p("end_date", end), session=session,
                              clock=clock)
    return ctx.built(q, p, "indicator", post_args=args, granularity="daily")


def post_indicator(rows: Rows, args: Args, extra: Extra) -> Output:
    name, window = args["indicator"], args["window"]
    summary: dict[str, Any] = {"indicator": name, "window": window}
    if args.get("clock_window"):     # a window's VWAP: the claim's context is the window
        summary["clock_window"] = args["clock_window"]
    if name == "macd":
        summary["params"] = {"fast": ind.MACD_FAST, "slow": ind.MACD_SLOW, "signal": ind.MACD_SIGNAL}
    if not rows:
        return Output([], summary)
    dates = date_column(rows)
    keys = ("close", "vwap") if name == "vwap" else ("open", "high", "low", "close", "volume")
    bars = {k: column(rows, k) for k in keys}
    first = int(np.searchsorted(dates, np.datetime64(args["start_date"]), side="left"))
    values = ind.compute(name, bars, window, start=first)
    cols = declare.indicators()[name].columns
    out = []
    for i in range(first, len(rows)):
        row = {"trading_date": iso(dates[i]), "close": fnum(bars["close"][i])}
        row.update({c: fnum(values[c][i]) for c in cols})
        out.append(row)
    if not out:
        return Output([], summary)
    last = out[-1]
    summary.update(date=last["trading_date"], close=last["close"], value=last[cols[0]],
                   **{c: last[c] for c in cols}, warmup_bars=first)
    main = np.array([np.nan if r[cols[0]] is None else r[cols[0]] for r in out])
    if np.isfinite(main).any():
        i_max, i_min = int(np.nanargmax(main)), int(np.nanargmin(main))
        summary.update(max=fnum(main[i_max]), max_date=out[i_max]["trading_date"],
                       min=fnum(main[i_min]), min_date=out[i_min]["trading_date"])
    return Output(out, summary)
