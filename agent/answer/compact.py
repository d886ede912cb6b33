"""Step results as the checkpointed state keeps them: what the answer and its chart need.

The executor's rows can be large (ten years of daily bars is ~2,500 rows, ~250 KB of JSON, and a
30-step plan made a 98 MB thread state). The answer needs the summaries (the slot table reads
them) and the rows it names one by one (events e1..e20, compared periods); a chart needs at most
CHART_POINTS points, so longer series are merged into that many OHLC buckets. Everything else can
be recomputed from the plan (the SQL stays: the sql_executed events and traces show it).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from agent.answer.slots import MAX_LISTED_ROWS
from query_builder.convert import as_list

CHART_POINTS = 120
_LISTED = {"find_events": MAX_LISTED_ROWS}          # rows the slot table names, in order
_KEEP_ALL = {"compare_periods"}                     # one row per compared period


# Keys a merged candle takes from its first bar (a weekly bar's period_start and start_date too:
# a five-week candle is dated by its first week); every other key comes from its last bar.
_TIME_KEYS = ("trading_date", "date", "ts", "timestamp", "time", "bucket", "period_start", "start_date")


def _bucket(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Consecutive bars merged: first open, max high, min low, last close, summed volume; the
    candle is dated by its first bar (a candle's time is when it opens, as in every chart)."""
    out = dict(rows[-1])
    out.update({k: rows[0][k] for k in _TIME_KEYS if k in rows[0]})
    if all(k in rows[0] for k in ("open", "high", "low", "close")):
        highs = [r["high"] for r in rows if r.get("high") is not None]
        lows = [r["low"] for r in rows if r.get("low") is not None]
        out.update(open=rows[0]["open"], high=max(highs) if highs else None,
                   low=min(lows) if lows else None)
        if "volume" in rows[0]:
            out["volume"] = sum(r.get("volume") or 0 for r in rows)
    return out


def chart_rows(rows: list[dict[str, Any]], points: int = CHART_POINTS) -> list[dict[str, Any]]:
    if len(rows) <= points:
        return as_list(rows)
    size = -(-len(rows) // points)       # ceil: every bucket but the last holds `size` rows
    cols = getattr(rows, "columns", None)
    if cols is not None and all(isinstance(c, np.ndarray) for c in cols.values()) \
            and all(k in cols for k in ("open", "high", "low", "close")):
        return _bucket_columns(cols, len(rows), size)
    return [_bucket(rows[i:i + size]) for i in range(0, len(rows), size)]


def _bucket_columns(cols: dict[str, np.ndarray], n: int, size: int) -> list[dict[str, Any]]:
    """_bucket over column arrays (convert.LazyRows of query_builder.stats.aggregate_bars), the
    same candles without building the bars' dicts first."""
    from query_builder.stats import records

    starts = np.arange(0, n, size)
    ends = np.r_[starts[1:], n] - 1
    out = {k: (a[starts] if k in _TIME_KEYS else a[ends]) for k, a in cols.items()}
    high, low = (np.asarray(cols[k], dtype=float) for k in ("high", "low"))
    with np.errstate(invalid="ignore"):          # an all-missing bucket stays missing (NaN -> None)
        out.update(open=cols["open"][starts], high=np.fmax.reduceat(high, starts),
                   low=np.fmin.reduceat(low, starts))
    if "volume" in cols:
        out["volume"] = np.add.reduceat(np.nan_to_num(np.asarray(cols["volume"], dtype=float)), starts)
    return records(out)


def compact(result: dict[str, Any]) -> dict[str, Any]:
    """A StepResult dict small enough for the checkpoint (row_count keeps the real count)."""
    action, rows = result.get("action"), result.get("rows") or []
    if action in _KEEP_ALL:
        kept = rows
    elif action in _LISTED:
        kept = rows[:max(_LISTED[action], CHART_POINTS)] if len(rows) <= CHART_POINTS \
            else rows[:_LISTED[action]]
    elif result.get("bars"):
        kept = []                        # the chart draws the bars; the summary holds the numbers
    else:
        kept = chart_rows(rows)
    return {**result, "rows": kept, "bars": chart_rows(result.get("bars") or [])}
