"""The claims of an answer recomputed with pandas from the rows of its plan's steps. The notebook
export carries this module's text as one of its cells (agent/exports/notebook.py), so the code a
reader runs is the code tested here; it imports only pandas and numpy.

A claim is matched to the step of its symbol whose dates hold the claim's period label (a claim
with no step it can be recomputed from says why instead of a number).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

RTOL = 1e-6
COLUMNS = ["type", "symbol", "period", "date", "claimed", "recomputed", "recomputed_date", "step", "match", "note"]


def _ret(df: pd.DataFrame) -> pd.Series:
    """Close-to-close % returns; a row's previous close is the trading date before it (even
    before the period's first row), as the rows carry it."""
    return (df["close"].astype(float) / df["prev_close"].astype(float) - 1) * 100


def period_stats(df: pd.DataFrame) -> dict:
    """Claim type -> (value, date) over a period's daily rows (DESIGN.md claim types)."""
    d = df.sort_values("trading_date").reset_index(drop=True)
    o, h, lo, c, v = (d[k].astype(float) for k in ("open", "high", "low", "close", "volume"))
    peak = c.cummax()
    dd = (c / peak - 1) * 100
    prev = d["prev_close"].iloc[0] if "prev_close" in d else None
    out = {"open": (o.iloc[0], None), "close": (c.iloc[-1], None),
           "high": (h.max(), d["trading_date"][h.idxmax()]), "low": (lo.min(), d["trading_date"][lo.idxmin()]),
           "pct_change": ((c.iloc[-1] / o.iloc[0] - 1) * 100, None), "total_volume": (v.sum(), None),
           "avg_daily_volume": (v.mean(), None), "trading_days": (float(len(d)), None),
           "avg_daily_range": ((h - lo).mean(), None), "up_days": (float((c > o).sum()), None),
           "down_days": (float((c < o).sum()), None), "change_points": (c.iloc[-1] - o.iloc[0], None),
           "max_close": (c.max(), d["trading_date"][c.idxmax()]),
           "min_close": (c.min(), d["trading_date"][c.idxmin()]),
           "max_drawdown": (dd.min(), d["trading_date"][dd.idxmin()]),
           **_streaks(d, c)}
    rets = _ret(d).dropna() if "prev_close" in d else pd.Series(dtype=float)
    if len(rets) >= 2:
        out["volatility"] = (rets.std(ddof=1), None)
    if prev is not None and not pd.isna(prev):
        out["return_prev_close"] = ((c.iloc[-1] / float(prev) - 1) * 100, None)
    return out


def event_stats(df: pd.DataFrame) -> dict:
    """find_events rows: how many, and each event day's close-to-close change."""
    out: dict = {"event_count": (float(len(df)), None)}
    for day, ret in zip(df["trading_date"], _ret(df)):
        out[("daily_pct_change", str(day))] = (ret, day)
    return out


def after_stats(df: pd.DataFrame) -> dict:
    """get_periods_after rows: each event's return from its close to the close N days later."""
    ret = (df["exit_close"].astype(float) / df["event_close"].astype(float) - 1) * 100
    ret = ret.dropna()
    return {"event_count": (float(len(df)), None), "avg_return_after": (ret.mean(), None),
            "median_return_after": (ret.median(), None), "win_rate_after": ((ret > 0).mean() * 100, None)}


BY_ACTION = {"get_period_stats": period_stats, "find_events": event_stats, "get_periods_after": after_stats}


def _holds(step: dict, period: str | None) -> bool:
    if not period:
        return True
    start, end = str(step["params"].get("start_date") or ""), str(step["params"].get("end_date") or "")
    return bool(start) and start[:len(period)] <= period <= end[:len(period)]


def recompute(claims: list, steps: list, frames: list) -> pd.DataFrame:
    """One row per claim: the claimed value, the value recomputed from the rows, whether they
    match (relative tolerance RTOL), or why it was not recomputed. `steps` are the plan's steps,
    `frames` their rows as DataFrames (same order)."""
    stats: list[dict] = [BY_ACTION[s["action"]](f) if s["action"] in BY_ACTION and len(f) else {}
                         for s, f in zip(steps, frames)]
    rows = []
    for c in claims:
        sym = (c.get("symbol") or "").upper()
        cands = [i for i, s in enumerate(steps) if stats[i]
                 and (not sym or s["params"].get("symbol", "").upper() == sym)]
        held = [i for i in cands if _holds(steps[i], c.get("period"))] or cands
        key = (c["type"], str(c.get("date"))) if c["type"] == "daily_pct_change" else c["type"]
        hit = next(((stats[i][key], i) for i in held if key in stats[i]), None)
        row = {"type": c["type"], "symbol": c.get("symbol"), "period": c.get("period"), "date": c.get("date"),
               "claimed": c["value"], "recomputed": None, "recomputed_date": None, "step": None, "match": None, "note": ""}
        if hit is None:
            row["note"] = "not recomputed here: no step rows give this claim type"
        else:
            (value, day), i = hit
            same_day = not c.get("date") or day is None or str(day) == str(c["date"])
            row.update(recomputed=float(value), step=i + 1, recomputed_date=day,
                       match=bool(same_day and np.isclose(float(value), float(c["value"]), rtol=RTOL, atol=1e-9)))
        rows.append(row)
    return pd.DataFrame(rows, columns=COLUMNS)


def _streaks(d: pd.DataFrame, c: pd.Series) -> dict[str, tuple[float, Any]]:
    """The longest runs of closes above (below) the close before, with each run's last day."""
    prev = c.shift(1)
    if "prev_close" in d:
        prev.iloc[0] = d["prev_close"].iloc[0]
    out: dict[str, tuple[float, Any]] = {}
    for key, up in (("longest_up_streak", True), ("longest_down_streak", False)):
        hit = (c > prev) if up else (c < prev)
        best, end, run = 0, None, 0
        for i, h in enumerate(hit):
            run = run + 1 if h else 0
            if run > best:
                best, end = run, d["trading_date"][i]
        out[key] = (float(best), end)
    return out

