"""get_intraday_data and get_price_extremes: raw bars inside trading dates, and the period's extremes.

Intraday bars come from ohlcv_1min (or ohlcv_1h), always cut by a UTC `ts` window first so both
engines use the (symbol, ts) primary key, then by trading date and the local wall-clock window.
N-minute bars ("5-minute bars", "4h") are built in SQL from those 1-minute bars: each minute goes to
the bar that starts at its local time floored to N minutes from local midnight, within its trading
date; a bar is the first open, max high, min low, last close and summed volume of its minutes.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, time, timedelta
from typing import Any

import numpy as np
from psycopg import sql

from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.convert import column, fnum, jsonable
from query_builder.dialects import Params
from query_builder.errors import CapabilityUnavailable
from query_builder.granularity import AGGREGATED, BAR_MINUTES, INTRADAY, bounds, daily_only, span_days, ts_window
from query_builder.models import BuiltQuery

MAX_INTRADAY_ROWS = 20_000
MINUTE_SPAN_DAYS = 31      # with a time-of-day window, 1-min bars stay sane up to a month

_BARS = (
    "SELECT {ts} AS ts, {ts_local} AS ts_local, {td} AS trading_date, b.open, b.high, b.low, b.close,"
    " b.volume FROM {table} b WHERE b.symbol = {symbol} AND b.ts >= {ts_lo} AND b.ts < {ts_hi}"
    "{days}{session} ORDER BY b.ts LIMIT {limit}"
)

# N-minute bars: `ts` is the UTC start of the bar's first minute, `ts_local` the bar's local start.
_AGG_BARS = (
    "SELECT {ts} AS ts, {ts_local} AS ts_local, {td} AS trading_date, a.open, a.high, a.low, a.close,"
    " a.volume, a.bars FROM (SELECT m.trading_date, m.bar_start, min(m.ts) AS first_ts, {open} AS open,"
    " max(m.high) AS high, min(m.low) AS low, {close} AS close, sum(m.volume) AS volume, count(*) AS bars"
    " FROM (SELECT b.ts, {day} AS trading_date, b.open, b.high, b.low, b.close, b.volume, {bucket} AS bar_start"
    " FROM ohlcv_1min b WHERE b.symbol = {symbol} AND b.ts >= {ts_lo} AND b.ts < {ts_hi}"
    "{days}{session}) m"
    " GROUP BY m.trading_date, m.bar_start) a ORDER BY a.bar_start, a.trading_date LIMIT {limit}"
)


def clock_filter(local: sql.Composable, p: Params, t0: time | None, t1: time | None) -> sql.Composable:
    """Local wall-clock window [t0, t1); t0 > t1 wraps midnight (e.g. 18:00-02:00)."""
    tod = sql.SQL("CAST({} AS TIME)").format(local)
    parts = []
    if t0 is not None:
        parts.append(sql.SQL("{} >= {}").format(tod, p("start_time", t0)))
    if t1 is not None:
        parts.append(sql.SQL("{} < {}").format(tod, p("end_time", t1)))
    if not parts:
        return sql.SQL("")
    joiner = " OR " if t0 is not None and t1 is not None and t0 > t1 else " AND "
    return sql.SQL(" AND (") + sql.SQL(joiner).join(parts) + sql.SQL(")")


def crosses_midnight(ctx: Context, t0: time | None, t1: time | None) -> bool:
    """A window whose end is before its start ("22:00 to 02:00") on a market whose trading date is
    its calendar date (crypto, US equities): one span from the day's t0 to the next day's t1. A CME
    trading date opens the evening before, so its 18:00-09:30 is one span inside one date already."""
    session = ctx.instrument.session if ctx.instrument else "24h"
    return t0 is not None and t1 is not None and t0 > t1 and session != "cme"


def _days(ctx: Context, p: Params, local: sql.Composable, start: date, end: date,
          t0: time | None, t1: time | None) -> tuple[sql.Composable, sql.Composable]:
    """(the bar's window day, the WHERE clause of trading dates and clock). Across midnight the
    minutes after midnight come from the next trading date but belong to the window that began the
    day before: they carry that day (the day the question names, the reading states and the claims'
    `date` gives, `context` saying the window crosses midnight); their timestamps stay as they are."""
    td = sql.Identifier("b", "trading_date")
    if not crosses_midnight(ctx, t0, t1):
        where = sql.SQL(" AND b.trading_date >= {} AND b.trading_date <= {}").format(
            p("start_date", start), p("end_date", end)) + clock_filter(local, p, t0, t1)
        return td, where
    tod = sql.SQL("CAST({} AS TIME)").format(local)
    where = sql.SQL(" AND ((b.trading_date >= {a} AND b.trading_date <= {b} AND {tod} >= {t0})"
                    " OR (b.trading_date >= {a1} AND b.trading_date <= {b1} AND {tod} < {t1}))").format(
        a=p("start_date", start), b=p("end_date", end), a1=p("next_start_date", start + timedelta(days=1)),
        b1=p("next_end_date", end + timedelta(days=1)), tod=tod, t0=p("start_time", t0), t1=p("end_time", t1))
    day = sql.SQL("CASE WHEN {tod} < {t1} THEN CAST(b.trading_date - 1 AS DATE) ELSE b.trading_date END").format(
        tod=tod, t1=p("end_time", t1))
    return day, where


def window_context(ctx: Context) -> str | None:
    """The window a value was computed over, with its time zone ("13:00-14:00 America/New_York"):
    the `context` of the claims over it."""
    t0, t1 = ctx.params.start_time, ctx.params.end_time
    if t0 is None or t1 is None:
        return None
    return f"{t0:%H:%M}-{t1:%H:%M} {ctx.timezone}"


def bars_query(ctx: Context, p: Params, granularity: str, start: date, end: date, *,
               t0: time | None = None, t1: time | None = None,
               extended: bool = False) -> sql.Composable:
    """Bars of trading dates start..end from ohlcv_1min ('1min') or ohlcv_1h ('hourly'), or
    N-minute bars aggregated from ohlcv_1min (granularity.AGGREGATED: '5min', '4h'...)."""
    d = ctx.dialect
    if granularity in AGGREGATED:
        return _aggregated(ctx, p, BAR_MINUTES[granularity], start, end, t0=t0, t1=t1, extended=extended)
    minute = granularity == "1min"
    ts_lo, ts_hi = ts_window(start, end + timedelta(days=1) if crosses_midnight(ctx, t0, t1) else end)
    local = (d.to_local(sql.Identifier("b", "ts"), p("tz", ctx.timezone)) if minute
             else sql.Identifier("b", "ts_local"))
    day, days = _days(ctx, p, local, start, end, t0, t1)
    return sql.SQL(_BARS).format(
        ts=d.iso_ts(sql.Identifier("b", "ts")), ts_local=d.iso_ts(local),
        td=d.iso_date(day), table=d.table("ohlcv_1min" if minute else "ohlcv_1h"),
        symbol=d.placeholder("symbol"), ts_lo=p("ts_lo", ts_lo), ts_hi=p("ts_hi", ts_hi), days=days,
        session=sql.SQL(" AND b.in_session") if minute and not extended else sql.SQL(""),
        limit=p("row_limit", MAX_INTRADAY_ROWS + 1))


def _aggregated(ctx: Context, p: Params, minutes: int, start: date, end: date, *,
                t0: time | None, t1: time | None, extended: bool) -> sql.Composable:
    d = ctx.dialect
    ts_lo, ts_hi = ts_window(start, end + timedelta(days=1) if crosses_midnight(ctx, t0, t1) else end)
    local = d.to_local(sql.Identifier("b", "ts"), p("tz", ctx.timezone))
    m_ts = sql.Identifier("m", "ts")
    day, days = _days(ctx, p, local, start, end, t0, t1)
    return sql.SQL(_AGG_BARS).format(
        ts=d.iso_ts(sql.Identifier("a", "first_ts")), ts_local=d.iso_ts(sql.Identifier("a", "bar_start")),
        td=d.iso_date(sql.Identifier("a", "trading_date")),
        open=d.first_by(sql.Identifier("m", "open"), m_ts), close=d.last_by(sql.Identifier("m", "close"), m_ts),
        bucket=d.bucket(local, p("bar_minutes", minutes)), symbol=d.placeholder("symbol"),
        ts_lo=p("ts_lo", ts_lo), ts_hi=p("ts_hi", ts_hi), day=day, days=days,
        session=sql.SQL("") if extended else sql.SQL(" AND b.in_session"),
        limit=p("row_limit", MAX_INTRADAY_ROWS + 1))


def intraday_granularity(ctx: Context) -> str:
    """The size asked for; else 1min for one trading date or a time-of-day window (up to a month),
    else hourly."""
    prm = ctx.params
    if prm.granularity in INTRADAY:
        return prm.granularity
    span = span_days(prm.start_date, prm.end_date)
    timed = prm.start_time is not None or prm.end_time is not None
    if span is not None and (span <= 1 or (timed and span <= MINUTE_SPAN_DAYS)):
        return "1min"
    return "hourly"


def _require_intraday(ctx: Context, what: str) -> None:
    """A need that depends on the parameters (a time-of-day window), so not in the declaration."""
    if daily_only(ctx.instrument):
        raise CapabilityUnavailable(
            f"{ctx.symbol} has daily bars only: {what} needs intraday bars",
            capability=what, alternative="get_period_stats")


def build_intraday(ctx: Context) -> BuiltQuery:
    # a daily-only symbol never gets here: the declaration needs intraday bars (runner.check_needs)
    start, end = bounds(ctx.params)
    gran = intraday_granularity(ctx)
    p = ctx.new_params()
    q = bars_query(ctx, p, gran, start, end, t0=ctx.params.start_time, t1=ctx.params.end_time,
                   extended=ctx.params.extended_hours)
    return ctx.built(q, p, "intraday", granularity=gran,  # type: ignore[arg-type]
                     post_args={"granularity": gran, "window": window_context(ctx)})


def intraday_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    if not rows:
        return {"bar_count": 0}
    high, low, vol = column(rows, "high"), column(rows, "low"), column(rows, "volume")
    hi, lo = int(np.argmax(high)), int(np.argmin(low))
    return {
        "bar_count": len(rows), "first_ts": rows[0]["ts_local"], "last_ts": rows[-1]["ts_local"],
        "first_date": rows[0]["trading_date"], "last_date": rows[-1]["trading_date"],
        "open": fnum(rows[0]["open"]), "close": fnum(rows[-1]["close"]),
        "high": fnum(high[hi]), "high_ts": rows[hi]["ts_local"], "high_date": rows[hi]["trading_date"],
        "low": fnum(low[lo]), "low_ts": rows[lo]["ts_local"], "low_date": rows[lo]["trading_date"],
        "pct_change": fnum((rows[-1]["close"] / rows[0]["open"] - 1) * 100) if rows[0]["open"] else None,
        "total_volume": fnum(vol.sum()),
    }


def post_intraday(rows: Rows, args: Args, extra: Extra) -> Output:
    truncated = len(rows) > MAX_INTRADAY_ROWS
    out = rows[:MAX_INTRADAY_ROWS]  # JSON-able as fetched (ISO text times)
    summary = intraday_summary(out)
    summary["truncated"] = truncated
    if args.get("granularity"):   # the bar size asked for, so the answer can name it
        summary["granularity"] = args["granularity"]
        summary["bar_minutes"] = BAR_MINUTES[args["granularity"]]
    if args.get("window"):
        summary["clock_window"] = args["window"]
    return Output(out, summary)


# --- get_price_extremes -------------------------------------------------------------------------

_EXTREMES = (
    "WITH d AS (SELECT trading_date, high, low, first_ts, last_ts FROM ohlcv_1d"
    " WHERE symbol = {symbol} AND trading_date >= {start} AND trading_date <= {end}),"
    " hi AS (SELECT trading_date, high, first_ts, last_ts FROM d ORDER BY high DESC, trading_date LIMIT 1),"
    " lo AS (SELECT trading_date, low, first_ts, last_ts FROM d ORDER BY low, trading_date LIMIT 1),"
    " n AS (SELECT min(trading_date) AS first_date, max(trading_date) AS last_date,"
    " count(*) AS trading_days FROM d)"
    " SELECT {high_date} AS high_date, hi.high, {high_ts} AS high_ts,"
    " {low_date} AS low_date, lo.low, {low_ts} AS low_ts, {first_date} AS first_date,"
    " {last_date} AS last_date, n.trading_days FROM hi CROSS JOIN lo CROSS JOIN n"
)
_FIRST_TOUCH = (
    "(SELECT min(m.ts) FROM ohlcv_1min m WHERE m.symbol = {symbol} AND m.ts >= {x}.first_ts"
    " AND m.ts <= {x}.last_ts AND m.trading_date = {x}.trading_date AND m.in_session"
    " AND m.{col} = {x}.{col})"
)


def build_extremes(ctx: Context) -> BuiltQuery:
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    if ctx.params.start_time is not None or ctx.params.end_time is not None:
        _require_intraday(ctx, "get_intraday_data")  # a time-of-day window
        gran = intraday_granularity(ctx)
        # the same bars as get_intraday_data: a premarket window reads the extended hours
        q = bars_query(ctx, p, gran, start, end, t0=ctx.params.start_time, t1=ctx.params.end_time,
                       extended=ctx.params.extended_hours)
        return ctx.built(q, p, "extremes_intraday", granularity=gran,  # type: ignore[arg-type]
                         post_args={"window": window_context(ctx)})
    d, tz = ctx.dialect, p("tz", ctx.timezone)

    def touch(x: str, col: str) -> sql.Composable:
        utc = sql.SQL(_FIRST_TOUCH).format(symbol=d.placeholder("symbol"), x=sql.Identifier(x),
                                           col=d.column(col))
        return d.iso_ts(d.to_local(utc, tz))

    q = sql.SQL(_EXTREMES).format(
        symbol=d.placeholder("symbol"), start=p("start_date", start), end=p("end_date", end),
        high_ts=touch("hi", "high"), low_ts=touch("lo", "low"),
        high_date=d.iso_date(sql.Identifier("hi", "trading_date")),
        low_date=d.iso_date(sql.Identifier("lo", "trading_date")),
        first_date=d.iso_date(sql.Identifier("n", "first_date")),
        last_date=d.iso_date(sql.Identifier("n", "last_date")))
    return ctx.built(q, p, "extremes", granularity="daily")


def _extreme_rows(s: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"kind": "high", "trading_date": s["high_date"], "price": s["high"], "ts_local": s["high_ts"]},
            {"kind": "low", "trading_date": s["low_date"], "price": s["low"], "ts_local": s["low_ts"]}]


def post_extremes(rows: Rows, args: Args, extra: Extra) -> Output:
    if not rows:
        return Output([], {"trading_days": 0})
    s = jsonable(rows[0])
    s["trading_days"] = int(s["trading_days"])
    s["range"] = fnum(s["high"] - s["low"])
    if args.get("window"):
        s["clock_window"] = args["window"]
    return Output(_extreme_rows(s), s)


def post_extremes_intraday(rows: Rows, args: Args, extra: Extra) -> Output:
    if not rows:
        return Output([], {"bar_count": 0})
    full = intraday_summary(rows[:MAX_INTRADAY_ROWS])
    keys = ("high", "high_date", "high_ts", "low", "low_date", "low_ts", "first_date", "last_date",
            "bar_count")
    s = {k: full[k] for k in keys}
    s["range"] = fnum(s["high"] - s["low"])
    if args.get("window"):
        s["clock_window"] = args["window"]
    return Output(_extreme_rows(s), s)
