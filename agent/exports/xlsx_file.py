"""The XLSX export (openpyxl): one sheet per table of agent/exports/tables.py, named by its short
name (`request`, `claims`, `step1_get_period_stats`, `chart`), numbers as numbers."""
from __future__ import annotations

import io

import pandas as pd

from agent.exports.request import ExportData, NotExportable
from agent.exports.tables import tables

MAX_SHEET_ROWS = 1_048_575   # Excel's limit (1,048,576 rows) less the header


def to_xlsx(data: ExportData) -> bytes:
    sheets = tables(data)
    for name, title, frame in sheets:
        if len(frame) > MAX_SHEET_ROWS:
            raise NotExportable(f"{title} has {len(frame):,} rows, more than an XLSX sheet holds "
                                f"({MAX_SHEET_ROWS:,}); export it as csv")
    buf = io.BytesIO()
    with pd.ExcelWriter(buf, engine="openpyxl") as writer:
        for name, _title, frame in sheets:
            frame.to_excel(writer, sheet_name=name, index=False)
    return buf.getvalue()
