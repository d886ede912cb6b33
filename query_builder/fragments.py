"""SQL pieces shared by the actions: the daily series with the previous close, anchors, metrics.

Every piece takes the `Params` collector, binds its values and returns a `psycopg.sql` composable.
"""
from __future__ import annotations

from datetime import date

from psycopg import sql

from query_builder.dialects import Params

# Per-day metrics over the daily series (percent). Keys are the EventCondition.metric values.
METRIC_SQL: dict[str, str] = {
    "daily_pct_change": "(close / NULLIF(prev_close, 0) - 1) * 100",
    "gap_pct": "(open / NULLIF(prev_close, 0) - 1) * 100",
    "range_pct": "(high - low) / NULLIF(prev_close, 0) * 100",
    "close_level": "close", "high_level": "high", "low_level": "low",
}
OPS: dict[str, str] = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}
PCT_CHANGE = METRIC_SQL["daily_pct_change"]


def metric(name: str) -> sql.SQL:
    return sql.SQL(METRIC_SQL[name])


def op(name: str) -> sql.SQL:
    return sql.SQL(OPS[name])


def anchor(p: Params, start: date, *, back: int = 1, suffix: str = "") -> sql.Composable:
    """The trading date `back` rows before `start` (or the first date there is).

    Reading from the anchor gives the first day of the period its previous close (back=1) or an
    indicator its warm-up (back=500), without a window over the whole history.
    """
    symbol, start_ph = p.dialect.placeholder("symbol"), p("start_date" + suffix, start)
    if back <= 1:
        return sql.SQL(
            "COALESCE((SELECT max(trading_date) FROM ohlcv_1d WHERE symbol = {symbol}"
            " AND trading_date < {start}), {start})").format(symbol=symbol, start=start_ph)
    return sql.SQL(
        "COALESCE((SELECT trading_date FROM ohlcv_1d WHERE symbol = {symbol} AND trading_date < {start}"
        " ORDER BY trading_date DESC LIMIT 1 OFFSET {skip}),"
        " (SELECT min(trading_date) FROM ohlcv_1d WHERE symbol = {symbol}), {start})"
    ).format(symbol=symbol, start=start_ph, skip=p("skip" + suffix, back - 1))


def iso_date(p: Params, table: str, column: str = "trading_date") -> sql.Composable:
    """`table.column` (a DATE) as ISO text, for the select list."""
    return p.dialect.iso_date(sql.Identifier(table, column))


def daily_series(p: Params, start: date, upper: date, *, back: int = 1,
                 extra: sql.Composable | None = None, upper_name: str = "end_date") -> sql.Composable:
    """Daily bars from the anchor to `upper` with prev_close (LAG over the series read).

    `extra` adds more select-list items (they may use the named window `w`).
    """
    return sql.SQL(
        "SELECT trading_date, open, high, low, close, volume, LAG(close) OVER w AS prev_close{extra}"
        " FROM ohlcv_1d WHERE symbol = {symbol} AND trading_date >= {anchor}"
        " AND trading_date <= {upper} WINDOW w AS (ORDER BY trading_date)"
    ).format(extra=sql.SQL(", ") + extra if extra is not None else sql.SQL(""),
             symbol=p.dialect.placeholder("symbol"), anchor=anchor(p, start, back=back),
             upper=p(upper_name, upper))


# daily_bars' columns, every value a number (the day is DATE - DATE: an integer on both engines)
DAILY_BARS_COLUMNS = {"day": "i4", "open": "f8", "high": "f8", "low": "f8", "close": "f8", "volume": "f8"}


def daily_bars(p: Params, start: date, upper: date, upper_name: str = "end_date") -> sql.Composable:
    """The daily bars from the anchor (the trading date before `start`) to `upper`, as stored:
    the day as a number (`day`), open, high, low, close, volume. What daily_series computes in SQL
    (prev_close, a change, ISO dates) the caller computes on the fetched columns
    (query_builder.stats.Daily.from_bars): fetching 3,652 plain rows is ~3 ms on Postgres where the
    windowed, formatted series is ~8.5 ms (benchmarks/RESULTS.md)."""
    return sql.SQL(
        "SELECT {day} AS day, open, high, low, close, volume FROM ohlcv_1d WHERE symbol = {symbol}"
        " AND trading_date >= {anchor} AND trading_date <= {upper} ORDER BY trading_date"
    ).format(day=p.dialect.epoch_day(sql.Identifier("trading_date")),
             symbol=p.dialect.placeholder("symbol"), anchor=anchor(p, start),
             upper=p(upper_name, upper))
