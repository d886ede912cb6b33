"""Profile charts: the hourly profile as bars by hour of day in the instrument's time zone (average
volume, and the average return under it), the volume profile as horizontal bars by price with the
point of control and the 70 % value area."""
from __future__ import annotations

from typing import Any

from agent.server.charts.common import Ctx, none, num, spec


def hourly_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    rows = sorted((x for x in r.get("rows") or [] if isinstance(x, dict) and num(x.get("hour"))),
                  key=lambda x: x["hour"])
    if not rows:
        return none("no_rows", ctx.title)
    symbol = r.get("symbol") or ""
    hours = [f"{int(x['hour']):02d}:00" for x in rows]
    vol = {"kind": "bar", "label": "avg_volume", "symbol": symbol, "panel": "price", "x": hours,
           "y": [x.get("avg_volume") for x in rows], "value_kind": "volume"}
    ret = {"kind": "bar", "label": "avg_return", "symbol": symbol, "panel": "below", "x": hours,
           "y": [x.get("avg_return_pct") for x in rows], "value_kind": "pct", "signed": True}
    s = r.get("summary") or {}
    return spec("hourly_profile", ctx.title, [vol, ret], "avg_volume", x="hour", y2_axis="avg_return",
                tz=ctx.timezone(symbol) or "UTC",
                best_hour=s.get("best_hour"), busiest_hour=s.get("busiest_hour"))


def volume_profile_chart(ctx: Ctx, r: dict[str, Any]) -> dict[str, Any]:
    rows = [x for x in r.get("rows") or [] if num(x.get("price_low")) and num(x.get("price_high"))]
    if not rows:
        return none("no_rows", ctx.title)
    summary = r.get("summary") or {}
    lo, hi = summary.get("value_area_low"), summary.get("value_area_high")
    mids = [(x["price_low"] + x["price_high"]) / 2 for x in rows]
    in_va = [bool(num(lo) and num(hi) and lo <= m <= hi) for m in mids]
    s = {"kind": "hbar", "label": "volume", "name": r.get("symbol") or "", "symbol": r.get("symbol"),
         "panel": "price", "y": mids, "x": [x.get("volume") for x in rows], "in_value_area": in_va,
         "width": rows[0]["price_high"] - rows[0]["price_low"]}
    return spec("volume_profile", ctx.title, [s], "price", x="volume", poc=summary.get("poc_price"),
                value_area=[lo, hi] if num(lo) and num(hi) else None)
