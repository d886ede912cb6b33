"""The XLSX export (openpyxl): one sheet per table of agent/exports/tables.py, named by its short
name (`request`, `claims`, `step1_get_period_stats`, `chart`), numbers as numbers."""
from __future__ import annotations

import io

import pandas as pd

from agent.exports.request import ExportData
from agent.exports.tables import tables


def to_xlsx(data: ExportData) -> bytes:
    buf = io.BytesIO()
    with pd.ExcelWriter(buf, engine="openpyxl") as writer:
        for name, _title, frame in tables(data):
            frame.to_excel(writer, sheet_name=name, index=False)
    return buf.getvalue()
