"""Fundamentals: `askbar load-fundamentals PATH` loads a CSV; get_fundamentals reads the latest period.

CSV: a header with `symbol`, `period_end` (YYYY-MM-DD) and any numeric fields (revenue, eps, pe,
...; names are lower-cased). Empty cells are skipped. A bad row stops the load with the file, line
and reason, and nothing is stored (one transaction). Re-loading the same file changes no value.
"""
from __future__ import annotations

import csv
import math
import re
from datetime import date
from pathlib import Path
from typing import Any

from agent.market.errors import LoadError

UPSERT = {
    "sqlite": ("INSERT INTO fundamentals (symbol, period_end, field, value, source) "
               "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (symbol, period_end, field) DO UPDATE "
               "SET value = excluded.value, source = excluded.source, "
               "loaded_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"),
    "postgres": ("INSERT INTO fundamentals (symbol, period_end, field, value, source) "
                 "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (symbol, period_end, field) DO UPDATE "
                 "SET value = excluded.value, source = excluded.source, "
                 "loaded_at = clock_timestamp()"),
}
SELECT_LATEST = ("SELECT period_end, field, value FROM fundamentals WHERE symbol = %s "
                 "ORDER BY period_end DESC, field")
_FIELD = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
MAX_ROWS = 200_000


def _rows(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    try:
        handle = path.open(newline="", encoding="utf-8-sig")
    except OSError as exc:
        raise LoadError(path, f"cannot read ({exc.strerror or exc})") from None
    with handle:
        reader = csv.DictReader(handle)
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
        for need in ("symbol", "period_end"):
            if need not in header:
                raise LoadError(path, f"missing column {need!r} (header: {', '.join(header)})", 1)
        reader.fieldnames = header
        rows = [(reader.line_num, r) for r in reader]
    if len(rows) > MAX_ROWS:
        raise LoadError(path, f"{len(rows)} rows; at most {MAX_ROWS} per file")
    return header, rows


def parse(path: Path) -> list[tuple[str, str, str, float]]:
    """(symbol, period_end, field, value) of every filled cell; LoadError on the first bad one."""
    header, rows = _rows(path)
    fields = [h for h in header if h not in ("symbol", "period_end")]
    for f in fields:
        if not _FIELD.match(f):
            raise LoadError(path, f"column name {f!r} must be letters, digits, _", 1)
    if not fields:
        raise LoadError(path, "no value columns besides symbol and period_end", 1)
    out = []
    for line, row in rows:
        symbol = (row.get("symbol") or "").strip().upper()
        if not symbol or len(symbol) > 24:
            raise LoadError(path, "symbol is empty or too long", line)
        raw_day = (row.get("period_end") or "").strip()
        try:
            day = date.fromisoformat(raw_day).isoformat()
        except ValueError:
            raise LoadError(path, f"period_end {raw_day!r} is not YYYY-MM-DD", line) from None
        for f in fields:
            cell = (row.get(f) or "").strip().replace(",", "")
            if not cell:
                continue
            try:
                value = float(cell)
            except ValueError:
                raise LoadError(path, f"{f} {cell!r} is not a number", line) from None
            if not math.isfinite(value):
                raise LoadError(path, f"{f} {cell!r} is not a finite number", line)
            out.append((symbol, day, f, value))
    return out


def load_fundamentals(appdb, path: str | Path) -> dict[str, Any]:
    path = Path(path)
    cells = parse(path)
    with appdb.transaction() as tx:
        for symbol, day, field, value in cells:
            tx.execute(UPSERT[appdb.engine], (symbol, day, field, value, path.name))
    symbols = sorted({c[0] for c in cells})
    return {"path": str(path), "values": len(cells), "symbols": symbols,
            "periods": len({(c[0], c[1]) for c in cells})}


def latest(appdb, symbol: str) -> dict[str, Any]:
    """The latest period's fields of `symbol`, or an honest 'not loaded'."""
    rows = appdb.execute(SELECT_LATEST, (symbol,))
    if not rows:
        return {"symbol": symbol, "available": False,
                "message": f"No fundamentals are loaded for {symbol}. Load a CSV with "
                           f"`askbar load-fundamentals PATH` (columns: symbol, period_end, "
                           f"revenue, eps, pe, ...)."}
    period = str(rows[0]["period_end"])[:10]
    fields = {r["field"]: r["value"] for r in rows if str(r["period_end"])[:10] == period}
    periods = sorted({str(r["period_end"])[:10] for r in rows})
    return {"symbol": symbol, "available": True, "period_end": period, "fields": fields,
            "periods_loaded": len(periods), "first_period": periods[0]}
