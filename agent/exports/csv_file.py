"""The CSV export: every table of agent/exports/tables.py as one section. A section is a title line
(`section,<title>`), the table's header and rows, and a blank line; a reader splits on blank lines
(README "Exports")."""
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
