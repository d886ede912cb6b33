"""The CSV export: every table of agent/exports/tables.py as one section. A section is a title line
(`section,<title>`), the table's header and rows, and a blank line; a reader parses the file as CSV
and splits on the empty rows (README "Exports"): a quoted field may hold blank lines of its own (the
request's answer, its reading line first), so splitting the raw text on blank lines is wrong."""
from __future__ import annotations

import csv
import io

from agent.exports.request import ExportData
from agent.exports.tables import tables


def to_csv(data: ExportData) -> bytes:
    out = io.StringIO()
    for i, (_name, title, frame) in enumerate(tables(data)):
        if i:
            out.write("\n")
        csv.writer(out, lineterminator="\n").writerow(["section", title])
        frame.to_csv(out, index=False, lineterminator="\n")
    return out.getvalue().encode("utf-8")
