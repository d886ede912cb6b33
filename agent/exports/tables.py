"""An export as named tables (pandas DataFrames), the one layout the CSV and XLSX files share:
`request` (what was asked and answered), `claims` (the verified numbers), one table per plan step
(its rows, run again) and `chart` (each series' points, one row per point)."""
from __future__ import annotations

from typing import Any

import pandas as pd

from agent.exports.request import CLAIM_COLUMNS, ExportData

# the per-point lists a chart series may carry beside its x values (agent/server/charts/common.py)
SERIES_VALUES = ("open", "high", "low", "close", "y", "values", "volume", "dates")


def chart_frame(chart: dict[str, Any]) -> pd.DataFrame:
    """The chart's series as rows: series, kind, panel, x and the series' values at x."""
    rows = []
    for i, series in enumerate(chart.get("series") or []):
        xs = series.get("x") or []
        name = series.get("label") or series.get("name") or series.get("symbol") or f"series {i + 1}"
        lists = {k: series[k] for k in SERIES_VALUES
                 if isinstance(series.get(k), list) and len(series[k]) == len(xs)}
        for j, x in enumerate(xs):
            rows.append({"series": name, "kind": series.get("kind"), "panel": series.get("panel"), "x": x,
                         **{k: v[j] for k, v in lists.items()}})
    return pd.DataFrame(rows, columns=None if rows else ["series", "kind", "panel", "x"])


def tables(data: ExportData) -> list[tuple[str, str, pd.DataFrame]]:
    """(short name, title, frame) of every table, in file order."""
    out = [("request", "request", pd.DataFrame(data.meta(), columns=["field", "value"])),
           ("claims", "claims", pd.DataFrame(data.claims, columns=list(CLAIM_COLUMNS)))]
    for s in data.steps:
        frame = pd.DataFrame(s.rows) if s.rows else pd.DataFrame({"note": [s.error or "no rows"]})
        out.append((f"step{s.index + 1}_{s.action}"[:31], s.label, frame))
    if data.chart.get("series"):
        out.append(("chart", f"chart: {data.chart.get('kind')} {data.chart.get('title') or ''}".strip(),
                    chart_frame(data.chart)))
    return out
