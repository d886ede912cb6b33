"""aggregate_patterns "price_levels": support and resistance from swing points of daily bars.

The method, stated in every answer (the packs' TEMPLATES "price_levels"):
- a swing high is a session whose high is the highest high of the SWING_SPAN sessions centred on it
  (SWING_SIDE sessions before and after, inside the period; ties count), a swing low likewise with
  the lows; the first and last SWING_SIDE sessions of the period are never swing points;
- the swing prices (highs and lows together) sorted ascending form levels: a price joins the
  current level while it is within `threshold` % (default 0.5) of the level's lowest price;
- a level is the mean of its prices; `touches` is how many swing points it groups;
- levels below the period's last close are support, the others resistance; the nearest of each
  side is the summary's `nearest_support` / `nearest_resistance`.
Swing points are flagged in SQL (one window over the period's daily bars, both engines); the
grouping, a few dozen prices at most per year, is done here.
"""
from __future__ import annotations

from typing import Any

from psycopg import sql

from query_builder.base import Args, Context, Extra, Output, PatternQuery, Rows
from query_builder.convert import fnum, jsonable_rows
from query_builder.fragments import iso_date
from query_builder.granularity import bounds

SWING_SIDE = 2                      # sessions on each side a swing point must top (or bottom)
SWING_SPAN = 2 * SWING_SIDE + 1

_SWINGS = (
    "SELECT {td} AS trading_date, s.high, s.low, s.close, s.full_window AND s.high >= s.max_high AS swing_high,"
    " s.full_window AND s.low <= s.min_low AS swing_low, s.sessions"
    " FROM (SELECT trading_date, high, low, close, max(high) OVER w AS max_high, min(low) OVER w AS min_low,"
    " count(*) OVER w = {span} AS full_window, count(*) OVER () AS sessions FROM ohlcv_1d"
    " WHERE symbol = {symbol} AND trading_date >= {start} AND trading_date <= {end}"
    " WINDOW w AS (ORDER BY trading_date ROWS BETWEEN {side} PRECEDING AND {side} FOLLOWING)) s"
    " ORDER BY s.trading_date"
)


def build_levels(ctx: Context, threshold: float) -> PatternQuery:
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    side = sql.SQL(str(int(SWING_SIDE)))
    q = sql.SQL(_SWINGS).format(td=iso_date(p, "s"), span=sql.SQL(str(int(SWING_SPAN))), side=side,
                                symbol=ctx.dialect.placeholder("symbol"), start=p("start_date", start),
                                end=p("end_date", end))
    return q, p, "daily"


def swing_points(rows: list[dict[str, Any]]) -> list[tuple[float, str, str]]:
    """(price, trading date, "high" | "low") of every swing point, in date order."""
    out: list[tuple[float, str, str]] = []
    for r in rows:
        if r.get("swing_high"):
            out.append((float(r["high"]), str(r["trading_date"]), "high"))
        if r.get("swing_low"):
            out.append((float(r["low"]), str(r["trading_date"]), "low"))
    return out


def group_levels(points: list[tuple[float, str, str]], tolerance_pct: float) -> list[list[tuple[float, str, str]]]:
    """Swing points grouped by price: ascending, a point joins the group while within
    `tolerance_pct` % of the group's lowest price."""
    groups: list[list[tuple[float, str, str]]] = []
    for pt in sorted(points, key=lambda x: (x[0], x[1])):
        if groups and pt[0] <= groups[-1][0][0] * (1 + tolerance_pct / 100):
            groups[-1].append(pt)
        else:
            groups.append([pt])
    return groups


def _level(group: list[tuple[float, str, str]], last_close: float) -> dict[str, Any]:
    level = sum(p[0] for p in group) / len(group)
    dates = sorted(p[1] for p in group)
    return {"level": fnum(level), "side": "support" if level < last_close else "resistance",
            "touches": len(group), "swing_highs": sum(p[2] == "high" for p in group),
            "swing_lows": sum(p[2] == "low" for p in group), "first_date": dates[0], "last_date": dates[-1],
            "low": fnum(group[0][0]), "high": fnum(group[-1][0])}


def post_levels(rows: Rows, args: Args, extra: Extra) -> Output:
    bars = jsonable_rows(rows)
    points = swing_points(bars)
    last_close = float(bars[-1]["close"]) if bars else None
    levels = [_level(g, last_close) for g in group_levels(points, float(args["threshold"]))] \
        if last_close is not None else []
    support = sorted((x for x in levels if x["side"] == "support"), key=lambda x: -x["level"])
    resistance = sorted((x for x in levels if x["side"] == "resistance"), key=lambda x: x["level"])
    out = resistance[::-1] + support      # top to bottom, as on a chart
    summary: dict[str, Any] = {
        "pattern": "price_levels", "threshold": args["threshold"], "swing_sessions": SWING_SIDE,
        # the period's last close (the `close` claim) splits support from resistance
        "sessions": int(bars[0]["sessions"]) if bars else 0, "close": last_close,
        "close_date": bars[-1]["trading_date"] if bars else None, "swing_point_count": len(points),
        "swing_high_count": sum(p[2] == "high" for p in points),
        "swing_low_count": sum(p[2] == "low" for p in points),
        "level_count": len(levels), "support_count": len(support), "resistance_count": len(resistance),
        "nearest_support": support[0]["level"] if support else None,
        "nearest_support_date": support[0]["last_date"] if support else None,
        "nearest_resistance": resistance[0]["level"] if resistance else None,
        "nearest_resistance_date": resistance[0]["last_date"] if resistance else None,
    }
    return Output(out, summary)
