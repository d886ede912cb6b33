"""Recompute a claim's true value from the executor's rows (code, never the model).

Each claim type is recomputed from the raw rows of a step that can support it: daily bars of
get_period_stats, events of find_events, post-event returns of get_periods_after, indicator
values of get_indicator. Summaries written by post-processors are only used where no rows exist
to recompute from (compare_periods rows are per-period summaries).
"""
from __future__ import annotations

import math
import statistics
from typing import Any

PERIOD_TYPES = {"open", "close", "high", "low", "pct_change", "total_volume", "avg_daily_volume",
                "trading_days", "avg_daily_range", "up_days", "down_days", "volatility",
                "change_points", "return_prev_close", "max_drawdown", "max_close", "min_close"}
DATED = ("high", "low", "max_drawdown", "max_close", "min_close")   # claims whose value has a date
AFTER_TYPES = {"avg_return_after", "median_return_after", "win_rate_after"}


def period_stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """DESIGN's claim semantics over daily bars (trading_date, open, high, low, close, volume)."""
    if not rows:
        return {}
    rows = sorted(rows, key=lambda r: r["trading_date"])
    hi = max(rows, key=lambda r: r["high"])
    lo = min(rows, key=lambda r: r["low"])
    n = len(rows)
    # Every date's change vs the previous trading date's close, the first date included (its
    # previous close lies before the period): what the reference volatility values reproduce.
    rets = [(r["close"] / r["prev_close"] - 1) * 100 for r in rows if r.get("prev_close")]
    volume = sum(r["volume"] or 0 for r in rows)
    return {
        "open": rows[0]["open"], "close": rows[-1]["close"],
        "high": hi["high"], "high_date": str(hi["trading_date"]),
        "low": lo["low"], "low_date": str(lo["trading_date"]),
        "pct_change": (rows[-1]["close"] / rows[0]["open"] - 1) * 100 if rows[0]["open"] else None,
        "total_volume": volume, "avg_daily_volume": volume / n, "trading_days": n,
        "avg_daily_range": sum(r["high"] - r["low"] for r in rows) / n,
        "up_days": sum(r["close"] > r["open"] for r in rows),
        "down_days": sum(r["close"] < r["open"] for r in rows),
        "volatility": _stdev(rets),
        "change_points": rows[-1]["close"] - rows[0]["open"],
        "return_prev_close": ((rows[-1]["close"] / rows[0]["prev_close"] - 1) * 100
                              if rows[0].get("prev_close") else None),
        **_drawdown(rows),
        **_close_extremes(rows),
    }


def _close_extremes(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The highest and lowest daily close and their dates (the first on a tie)."""
    top = max(rows, key=lambda r: r["close"])
    bottom = min(rows, key=lambda r: r["close"])
    return {"max_close": top["close"], "max_close_date": str(top["trading_date"]),
            "min_close": bottom["close"], "min_close_date": str(bottom["trading_date"])}


def _drawdown(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Largest fall of closes from an earlier close (peak) to a later one (trough), % (<= 0)."""
    peak, worst, trough, peak_at, worst_peak = rows[0]["close"], 0.0, rows[0], rows[0], rows[0]
    for r in rows:
        if r["close"] > peak:
            peak, peak_at = r["close"], r
        dd = (r["close"] / peak - 1) * 100 if peak else 0.0
        if dd < worst:
            worst, trough, worst_peak = dd, r, peak_at
    return {"max_drawdown": worst, "max_drawdown_date": str(trough["trading_date"]),
            "max_drawdown_peak_date": str(worst_peak["trading_date"])}


def _stdev(xs: list[float]) -> float | None:
    """Sample standard deviation in floats (statistics.stdev's exact fractions took 30 ms for
    ten years of daily returns)."""
    if len(xs) < 2:
        return None
    mean = sum(xs) / len(xs)
    return math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))


def after_stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    rets = [r["return_pct"] for r in rows if r.get("return_pct") is not None]
    if not rets:
        return {}
    return {"avg_return_after": sum(rets) / len(rets), "median_return_after": statistics.median(rets),
            "win_rate_after": 100.0 * sum(x > 0 for x in rets) / len(rets)}


def _matches(result: dict, claim: dict) -> bool:
    sym = claim.get("symbol")
    return not sym or str(result.get("symbol", "")).upper() == str(sym).upper()


def candidates(claim: dict, results: list[dict],
               cache: dict[int, dict] | None = None) -> list[tuple[float | None, str | None]]:
    """Every (value, date) the data supports for this claim; the claim must match one of them.
    `cache` keeps each step's recomputed period stats across the claims of one answer."""
    ctype, out = claim["type"], []
    cache = {} if cache is None else cache
    for res in (r for r in results if _matches(r, claim)):
        action, rows, summary = res["action"], res.get("rows") or [], res.get("summary") or {}
        if ctype in PERIOD_TYPES:
            if action == "get_period_stats" and rows:
                if id(rows) not in cache:
                    cache[id(rows)] = period_stats(rows)
                out.append(_pick(cache[id(rows)], ctype))
            elif action == "compare_periods":
                label = claim.get("period")
                out += [_pick(r, ctype) for r in rows if not label or str(r.get("label")) == label]
            elif action == "get_price_extremes" and ctype in ("high", "low"):
                out.append(_pick(summary, ctype))
            elif action == "rank_volume_days" and ctype == "total_volume":   # one day's volume
                out += [(r.get("volume"), str(r.get("trading_date"))[:10]) for r in rows]
        elif ctype == "daily_pct_change":
            out += [(r.get("pct_change"), str(r.get("trading_date"))) for r in rows
                    if r.get("pct_change") is not None and "trading_date" in r]
        elif ctype == "event_count" and action in ("find_events", "get_periods_after"):
            if action == "find_events" and not res.get("params", {}).get("top_n"):
                out.append((float(len(rows)), None))
            out.append((summary.get("event_count"), None))
        elif ctype in AFTER_TYPES and action == "get_periods_after":
            out.append((after_stats(rows).get(ctype), None))
        elif ctype == "rsi" and action == "get_indicator":
            out += [(r.get("rsi"), str(r.get("trading_date"))) for r in rows if r.get("rsi") is not None]
    return [c for c in out if c[0] is not None]


def _pick(stats: dict, ctype: str) -> tuple[float | None, str | None]:
    date = stats.get(f"{ctype}_date") if ctype in DATED else None
    return stats.get(ctype), (str(date) if date else None)


def tolerance(actual: float) -> float:
    """Claims may be rounded to 2 decimals in prose; anything further off is wrong."""
    return max(0.006, abs(actual) * 1e-6)


def check(claim: dict, results: list[dict], cache: dict[int, dict] | None = None) -> str | None:
    """None when the claim is backed by the data, else a one-line issue."""
    # a supported value the data could not compute (None) backs nothing
    cands = [(v, d) for v, d in candidates(claim, results, cache) if v is not None]
    if not cands:
        return f"{claim['type']} {claim['value']}: not backed by any fetched data"
    cdate = claim.get("date")
    for value, date in cands:
        if abs(float(claim["value"]) - float(value)) <= tolerance(float(value)):
            if not cdate or not date or str(cdate)[:10] == date[:10]:
                return None
    value, date = min(cands, key=lambda c: abs(float(claim["value"]) - float(c[0])))
    where = f" on {date}" if date else ""
    return f"{claim['type']} stated as {claim['value']}{' on ' + cdate if cdate else ''}; data says {value:.6g}{where}"
