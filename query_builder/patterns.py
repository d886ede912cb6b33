"""aggregate_patterns: gaps, volume spikes, hourly profile (SQL per pattern + its post-processor).

- gaps: days whose open is at least `threshold` % (default 0.5) away from the previous close;
  filled = the day traded back to the previous close (gap up: low <= prev close; down: high >=).
- volume_spikes: volume >= `threshold` (default 2) x the mean volume of the previous 20 trading days
  (days without 20 earlier days, or with zero average volume, are not checked).
- hourly_profile: per local hour (ohlcv_1h.ts_local): bars, average volume, average range
  (high - low), average return (close / open - 1, %), share of up hours. Intraday data only.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from psycopg import sql

from query_builder.base import Args, Context, Extra, Output, PatternQuery, Rows
from query_builder.convert import column, fnum, jsonable_rows
from query_builder.fragments import PCT_CHANGE, daily_series, iso_date
from query_builder.granularity import bounds, ts_window

LOOKBACK_DAYS = 20  # code constant, rendered into the window frame

_GAPS = (
    "SELECT {td} AS trading_date, g.prev_close, g.open, g.high, g.low, g.close, g.volume, g.gap_pct,"
    " g.pct_change, CASE WHEN g.gap_pct > 0 THEN g.low <= g.prev_close"
    " ELSE g.high >= g.prev_close END AS filled, g.days_checked"
    " FROM (SELECT *, (open / NULLIF(prev_close, 0) - 1) * 100 AS gap_pct,"
    " {pct} AS pct_change, count(*) OVER () AS days_checked FROM ({series}) s"
    " WHERE s.trading_date >= {start} AND s.prev_close IS NOT NULL) g"
    " WHERE abs(g.gap_pct) >= {threshold} ORDER BY g.trading_date"
)
_SPIKE_COLS = (
    "AVG(volume) OVER (ORDER BY trading_date ROWS BETWEEN {n} PRECEDING AND 1 PRECEDING)"
    " AS avg_volume, COUNT(volume) OVER (ORDER BY trading_date ROWS BETWEEN {n} PRECEDING"
    " AND 1 PRECEDING) AS lookback"
)
_SPIKES = (
    "SELECT {td} AS trading_date, v.open, v.high, v.low, v.close, v.volume, v.prev_close,"
    " v.pct_change, v.avg_volume, v.volume / v.avg_volume AS ratio, v.days_checked"
    " FROM (SELECT *, {pct} AS pct_change, count(*) OVER () AS days_checked FROM ({series}) s"
    " WHERE s.trading_date >= {start} AND s.lookback = {n} AND s.avg_volume > 0) v"
    " WHERE v.volume >= {threshold} * v.avg_volume ORDER BY v.trading_date"
)
_HOURLY = (
    "SELECT CAST(EXTRACT(HOUR FROM ts_local) AS INTEGER) AS hour, count(*) AS bars,"
    " avg(volume) AS avg_volume, avg(high - low) AS avg_range,"
    " avg((close / NULLIF(open, 0) - 1) * 100) AS avg_return_pct,"
    " avg(CASE WHEN close > open THEN CAST(100 AS DOUBLE PRECISION) ELSE 0 END) AS up_share_pct,"
    " count(DISTINCT trading_date) AS trading_days"
    " FROM ohlcv_1h WHERE symbol = {symbol} AND ts >= {ts_lo} AND ts < {ts_hi}"
    " AND trading_date >= {start} AND trading_date <= {end} GROUP BY 1 ORDER BY 1"
)


def build_gaps(ctx: Context, threshold: float) -> PatternQuery:
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    q = sql.SQL(_GAPS).format(td=iso_date(p, "g"), pct=sql.SQL(PCT_CHANGE), series=daily_series(p, start, end),
                              start=ctx.dialect.placeholder("start_date"),
                              threshold=p("threshold", threshold))
    return q, p, "daily"


def build_spikes(ctx: Context, threshold: float) -> PatternQuery:
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    n = sql.SQL(str(int(LOOKBACK_DAYS)))
    series = daily_series(p, start, end, back=LOOKBACK_DAYS, extra=sql.SQL(_SPIKE_COLS).format(n=n))
    q = sql.SQL(_SPIKES).format(td=iso_date(p, "v"), pct=sql.SQL(PCT_CHANGE), series=series, n=n,
                                start=ctx.dialect.placeholder("start_date"),
                                threshold=p("threshold", threshold))
    return q, p, "daily"


def build_hourly(ctx: Context, threshold: float | None) -> PatternQuery:
    # a daily-only symbol never gets here: the declaration needs intraday bars (runner.check_needs)
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    lo, hi = ts_window(start, end)
    q = sql.SQL(_HOURLY).format(symbol=ctx.dialect.placeholder("symbol"), ts_lo=p("ts_lo", lo),
                                ts_hi=p("ts_hi", hi), start=p("start_date", start),
                                end=p("end_date", end))
    return q, p, "hourly"


def post_gaps(rows: Rows, args: Args, extra: Extra) -> Output:
    out = jsonable_rows(rows)
    days = int(out[0].pop("days_checked")) if out else None
    for r in out[1:]:
        r.pop("days_checked", None)
    for r in out:
        r["direction"] = "up" if r["gap_pct"] > 0 else "down"
    up = sum(r["direction"] == "up" for r in out)
    filled = sum(bool(r["filled"]) for r in out)
    gaps = column(out, "gap_pct")
    return Output(out, {
        "pattern": "gaps", "threshold": args["threshold"], "gap_count": len(out),
        "event_count": len(out), "gap_up_count": up, "gap_down_count": len(out) - up,
        "filled_count": filled, "fill_rate_pct": fnum(filled / len(out) * 100) if out else None,
        "avg_gap_pct": fnum(gaps.mean()) if len(gaps) else None,
        "avg_abs_gap_pct": fnum(np.abs(gaps).mean()) if len(gaps) else None, "days_checked": days,
    })


def post_spikes(rows: Rows, args: Args, extra: Extra) -> Output:
    out = jsonable_rows(rows)
    days = int(out[0]["days_checked"]) if out else None
    for r in out:
        r.pop("days_checked", None)
        r["avg_volume_20"] = r.pop("avg_volume")
    ratio = column(out, "ratio")
    return Output(out, {
        "pattern": "volume_spikes", "threshold": args["threshold"], "lookback_days": LOOKBACK_DAYS,
        "spike_count": len(out), "event_count": len(out), "days_checked": days,
        "avg_ratio": fnum(ratio.mean()) if len(ratio) else None,
        "max_ratio": fnum(ratio.max()) if len(ratio) else None,
        "up_days": sum(1 for r in out if (r["pct_change"] or 0) > 0),
        "down_days": sum(1 for r in out if (r["pct_change"] or 0) < 0),
    })


def post_hourly(rows: Rows, args: Args, extra: Extra) -> Output:
    out = jsonable_rows(rows)
    summary: dict[str, Any] = {"pattern": "hourly_profile", "hours": len(out),
                               "total_bars": int(sum(r["bars"] for r in out))}
    if out:
        def by(key: str) -> Any:
            return max(out, key=lambda r: r[key] if r[key] is not None else -1e300)["hour"]

        summary.update(busiest_hour=by("avg_volume"), most_volatile_hour=by("avg_range"),
                       best_hour=by("avg_return_pct"),
                       worst_hour=min(out, key=lambda r: r["avg_return_pct"]
                                      if r["avg_return_pct"] is not None else 1e300)["hour"])
    return Output(out, summary)

