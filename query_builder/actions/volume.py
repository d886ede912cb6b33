"""get_volume_profile: volume by price bin over a period.

Each bar's volume goes to the bin of its typical price (high + low + close) / 3; the bins split
[period low, period high] evenly. Bars come from the finest rollup that keeps the scan sane:
1-min bars up to a month, hourly bars up to ~13 months, daily bars beyond (and for daily-only data).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from psycopg import sql

from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.convert import fnum
from query_builder.granularity import bounds, daily_only, span_days, ts_window
from query_builder.models import BuiltQuery

DEFAULT_BINS = 24
VALUE_AREA = 0.70
MINUTE_MAX_DAYS = 31
HOURLY_MAX_DAYS = 400

_PROFILE = (
    # the range comes from window aggregates (computed once), not a join: a join against an
    # aggregate CTE can turn into a per-row re-aggregation when the planner misjudges row counts
    "WITH b AS (SELECT (high + low + close) / 3 AS price, volume, min(low) OVER () AS lo,"
    " max(high) OVER () AS hi, min(trading_date) OVER () AS first_date,"
    " max(trading_date) OVER () AS last_date FROM {table}"
    " WHERE symbol = {symbol}{ts_cut} AND trading_date >= {start} AND trading_date <= {end}{session})"
    " SELECT CAST(LEAST(GREATEST(FLOOR((price - lo) / NULLIF(hi - lo, 0) * {bins}), 0),"
    " {bins} - 1) AS INTEGER) AS bin, sum(volume) AS volume, count(*) AS bars, min(lo) AS lo,"
    " min(hi) AS hi, {first_date} AS first_date, {last_date} AS last_date"
    " FROM b GROUP BY 1 ORDER BY 1"
)


def profile_granularity(ctx: Context) -> str:
    span = span_days(ctx.params.start_date, ctx.params.end_date)
    if daily_only(ctx.instrument) or span is None or span > HOURLY_MAX_DAYS:
        return "daily"
    return "1min" if span <= MINUTE_MAX_DAYS else "hourly"


def build_volume_profile(ctx: Context) -> BuiltQuery:
    start, end = bounds(ctx.params)
    gran = ctx.params.granularity if ctx.params.granularity in ("1min", "hourly", "daily") \
        else profile_granularity(ctx)
    if gran != "daily" and daily_only(ctx.instrument):
        gran = "daily"
    d, p = ctx.dialect, ctx.new_params()
    table = {"1min": "ohlcv_1min", "hourly": "ohlcv_1h", "daily": "ohlcv_1d"}[gran]
    ts_cut: sql.Composable = sql.SQL("")
    if gran != "daily":
        lo, hi = ts_window(start, end)
        ts_cut = sql.SQL(" AND ts >= {} AND ts < {}").format(p("ts_lo", lo), p("ts_hi", hi))
    bins = ctx.params.bins or DEFAULT_BINS
    q = sql.SQL(_PROFILE).format(
        table=d.table(table), symbol=d.placeholder("symbol"), ts_cut=ts_cut,
        start=p("start_date", start), end=p("end_date", end),
        session=sql.SQL(" AND in_session") if gran == "1min" else sql.SQL(""), bins=p("bins", bins),
        first_date=d.iso_date(sql.SQL("min(first_date)")),
        last_date=d.iso_date(sql.SQL("min(last_date)")))
    return ctx.built(q, p, "volume_profile", post_args={"bins": bins, "source": gran},
                     granularity=gran)  # type: ignore[arg-type]


def value_area(volume: np.ndarray, poc: int, share: float = VALUE_AREA) -> tuple[int, int]:
    """Grow from the POC bin towards the side with more volume until `share` of the total."""
    total, lo, hi = volume.sum(), poc, poc
    acc = volume[poc]
    while acc < share * total and (lo > 0 or hi < len(volume) - 1):
        below = volume[lo - 1] if lo > 0 else -1.0
        above = volume[hi + 1] if hi < len(volume) - 1 else -1.0
        if above >= below:
            hi += 1
            acc += volume[hi]
        else:
            lo -= 1
            acc += volume[lo]
    return lo, hi


def post_volume_profile(rows: Rows, args: Args, extra: Extra) -> Output:
    if not rows:
        return Output([], {"total_volume": 0.0, "bins": args["bins"]})
    nbins = args["bins"]
    lo, hi = float(rows[0]["lo"]), float(rows[0]["hi"])
    volume = np.zeros(nbins)
    for r in rows:
        volume[int(r["bin"] or 0)] += float(r["volume"])
    width = (hi - lo) / nbins
    edges = lo + width * np.arange(nbins + 1)
    out = [{"price_low": fnum(edges[i]), "price_high": fnum(edges[i + 1]), "volume": fnum(volume[i])}
           for i in range(nbins)]
    total = float(volume.sum())
    summary: dict[str, Any] = {
        "total_volume": total, "bins": nbins, "bin_width": fnum(width), "source": args["source"],
        "price_low": lo, "price_high": hi, "first_date": rows[0]["first_date"],
        "last_date": rows[0]["last_date"], "poc_price": None,
        "value_area_low": None, "value_area_high": None,
    }
    if total > 0:
        poc = int(np.argmax(volume))
        va_lo, va_hi = value_area(volume, poc)
        summary.update(poc_price=fnum((edges[poc] + edges[poc + 1]) / 2), poc_low=fnum(edges[poc]),
                       poc_high=fnum(edges[poc + 1]), value_area_low=fnum(edges[va_lo]),
                       value_area_high=fnum(edges[va_hi + 1]))
    return Output(out, summary)
