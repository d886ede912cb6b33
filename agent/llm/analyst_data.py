"""The analyst's data section: what each plan step's result shows the model (agent/llm/gemini.py).

Each figure reaches the analyst once: the slot list (agent/answer/slots.py) shows the
values it may write, rendered; this section keeps what the slot list does not say (the step, its
parameters, the rest of its summary) and the rows that are findings, numbers at 2 decimals.
"""
from __future__ import annotations

from typing import Any

# Actions whose rows ARE the findings (events, periods, patterns): the analyst sees them, up to the
# limit. For series (period bars, intraday bars, indicator values) the summary holds the computed
# figures and the rows only feed a chart: the analyst gets `series_rows` points (none by default).
FINDING_ACTIONS = frozenset({"find_events", "get_periods_after", "compare_periods",
                             "aggregate_patterns", "get_price_extremes", "get_volume_profile",
                             "rank_volume_days"})
_PARAMS = ("start_date", "end_date", "condition", "horizon_days", "top_n", "window", "indicator",
           "pattern", "threshold", "periods", "start_time", "end_time", "direction", "granularity")


def _sample(rows: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """At most `limit` rows for a chart: evenly spaced, first and last included, in order."""
    if len(rows) <= limit:
        return rows
    if limit <= 1:
        return rows[-1:]
    step = (len(rows) - 1) / (limit - 1)
    return [rows[round(i * step)] for i in range(limit)]


def _compact(value: Any) -> Any:
    """A value as the analyst reads it: floats to 2 decimals (wording only: every figure it may
    write comes from the slot list, formatted by code), nulls left out."""
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, dict):
        return {k: _compact(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_compact(v) for v in value]
    return value


def _rows_for(action: str, rows: list[dict[str, Any]], limit: int, key: str,
              series_limit: int = 0) -> dict[str, Any]:
    if not rows:
        return {}
    if action in FINDING_ACTIONS:
        shown = rows[:limit]
        note: dict[str, Any] = {f"{key}_not_shown": len(rows) - len(shown)} if len(rows) > len(shown) else {}
        return {key: _compact(shown), **note}
    if series_limit <= 0:      # a series: the summary (the slot list) holds its figures
        return {}
    shown = _sample(rows, series_limit)
    note = {f"{key}_sampled": f"{len(shown)} of {len(rows)}, evenly spaced"} if len(shown) < len(rows) else {}
    return {key: _compact(shown), **note}


def results_payload(results: list[Any], max_rows: int, series_rows: int = 0,
                    shown: list[set[str]] | None = None) -> list[dict[str, Any]]:
    """What the analyst reads per step: the computed summary first (without the keys in
    `shown[i]`: the slot list gives them already), then at most `max_rows` rows of findings
    (event/period/pattern actions) and `series_rows` points of a series."""
    out = []
    for i, r in enumerate(results):
        skip = shown[i] if shown and i < len(shown) else set()
        summary = {k: v for k, v in (r.summary or {}).items() if k not in skip}
        item: dict[str, Any] = {
            "step": r.step, "action": r.action, "symbol": r.symbol, "granularity": r.granularity,
            "params": {k: v for k, v in (r.params or {}).items() if k in _PARAMS and v is not None},
            "row_count": r.row_count}
        item["summary"] = _compact({k: v for k, v in summary.items() if item.get(k, object()) != v})
        item.update(_rows_for(r.action, list(r.rows), max_rows, "rows", series_rows))
        if r.bars:
            item.update(_rows_for(r.action, list(r.bars), max_rows, "bars", series_rows))
        if r.notes:
            item["notes"] = r.notes
        out.append(item)
    return out
