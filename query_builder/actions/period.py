"""get_period_stats and compare_periods: statistics over trading dates, from ohlcv_1d.

Rows are always the period's daily bars (with prev_close and close-to-close pct_change; the first
day's previous close is the last close before the period), computed from the stored bars as fetched
(fragments.daily_bars, stats.Daily.from_bars). When the granularity is not daily, the
bars at that granularity go to StepResult.bars: weekly/monthly aggregated from the daily bars,
hourly from ohlcv_1h, 1min from ohlcv_1min.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from psycopg import sql

from query_builder.actions.intraday import MAX_INTRADAY_ROWS, bars_query
from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.errors import MissingParameter
from query_builder.fragments import DAILY_BARS_COLUMNS, anchor, daily_bars, iso_date
from query_builder.granularity import INTRADAY, bounds, choose
from query_builder.models import BuiltQuery
from query_builder.stats import Daily, aggregate_bars, period_summary


def build_period_stats(ctx: Context) -> BuiltQuery:
    start, end = bounds(ctx.params)
    gran, notes = choose(ctx.params, ctx.instrument)
    p = ctx.new_params()
    q = daily_bars(p, start, end)
    extra = []
    if gran in INTRADAY:
        pb = ctx.new_params()
        extra.append(("bars", bars_query(ctx, pb, gran, start, end), pb))
    args = {"granularity": gran, "max_trading_days": ctx.params.max_trading_days,
            "last_trading_days": ctx.params.last_trading_days, "start_date": start.isoformat()}
    return ctx.built(q, p, "period_stats", post_args=args, granularity=gran, extra=extra, notes=notes,
                     numeric=DAILY_BARS_COLUMNS)


def post_period_stats(rows: Rows, args: Args, extra: Extra) -> Output:
    d = Daily.from_bars(rows, args["start_date"])
    if args.get("max_trading_days"):            # a window of N trading dates after a date
        d = d[:int(args["max_trading_days"])]
        if len(d):
            last = str(d.dates[-1])
            extra = {k: [b for b in v if str(b.get("trading_date", ""))[:10] <= last]
                     for k, v in extra.items()}
    if args.get("last_trading_days"):           # the last N trading dates (the last N sessions)
        d = d[-int(args["last_trading_days"]):]
        if len(d):
            first = str(d.dates[0])
            extra = {k: [b for b in v if str(b.get("trading_date", ""))[:10] >= first]
                     for k, v in extra.items()}
    rows = d.rows()
    summary = period_summary(d)
    gran = args.get("granularity", "daily")
    bars: Sequence[dict[str, Any]] = []
    if gran in ("weekly", "monthly"):
        bars = aggregate_bars(d, gran)
    elif gran in INTRADAY:
        bars = extra.get("bars", [])[:MAX_INTRADAY_ROWS]
    summary["granularity"] = gran
    summary["bar_count"] = len(bars) if bars else len(rows)
    return Output(rows, summary, bars)  # rows are JSON-able as fetched (ISO dates, floats)


# --- compare_periods ----------------------------------------------------------------------------

_COMPARE = (
    "SELECT {td} AS trading_date, d.open, d.high, d.low, d.close, d.volume,"
    " LAG(d.close) OVER (ORDER BY d.trading_date) AS prev_close FROM ohlcv_1d d"
    " WHERE d.symbol = {symbol} AND ({ranges}) ORDER BY d.trading_date"
)
MAX_PERIODS = 24


def build_compare(ctx: Context) -> BuiltQuery:
    periods = ctx.params.periods or []
    if len(periods) < 1:
        raise MissingParameter("compare_periods needs periods (2 or more)")
    if len(periods) > MAX_PERIODS:
        raise MissingParameter(f"compare_periods takes at most {MAX_PERIODS} periods")
    p = ctx.new_params()
    ranges = []
    for i, per in enumerate(periods):
        # each range starts at the trading date before the period: its close is the first prev_close
        ranges.append(sql.SQL("(d.trading_date >= {a} AND d.trading_date <= {e})").format(
            a=anchor(p, per.start_date, suffix=f"_{i}"), e=p(f"end_date_{i}", per.end_date)))
    q = sql.SQL(_COMPARE).format(td=iso_date(p, "d"), symbol=ctx.dialect.placeholder("symbol"),
                                 ranges=sql.SQL(" OR ").join(ranges))
    args = {"periods": [{"label": per.label or f"{per.start_date.isoformat()}..{per.end_date.isoformat()}",
                         "start_date": per.start_date.isoformat(),
                         "end_date": per.end_date.isoformat()} for per in periods]}
    return ctx.built(q, p, "compare_periods", post_args=args, granularity="daily")


def post_compare(rows: Rows, args: Args, extra: Extra) -> Output:
    d = Daily.from_rows(rows)
    out = []
    for per in args["periods"]:
        part = d.between(np.datetime64(per["start_date"]), np.datetime64(per["end_date"]))
        out.append({**per, **period_summary(part)})
    labels = [r["label"] for r in out]
    with_data = [r for r in out if r["trading_days"]]
    summary: dict[str, Any] = {"labels": labels, "period_count": len(out),
                               "periods_with_data": len(with_data)}
    if with_data:
        best = max(with_data, key=lambda r: r["pct_change"] if r["pct_change"] is not None else -1e300)
        worst = min(with_data, key=lambda r: r["pct_change"] if r["pct_change"] is not None else 1e300)
        summary.update(best_label=best["label"], worst_label=worst["label"])
    if not with_data:
        out = []  # no data in any period: the executor reports no_data
    return Output(out, summary)
