"""A bar file's columns: names (case-insensitive, synonyms) -> roles, and the usual vendor layouts
of a file without a header (agent/market/reader.py reads the file)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

from agent.market.errors import LoadError

PRICES = ("open", "high", "low", "close")


_SYNONYMS = {
    "timestamp": ("timestamp", "datetime", "date_time", "time_stamp", "ts", "dt", "timestamp_utc",
                  "datetime_utc", "time_utc", "gmt_time", "local_time", "open_time", "bar_time",
                  "start_time"),
    "date": ("date", "day", "trade_date", "trading_date"),
    "time": ("time", "hour_minute"),
    "open": ("open", "o", "open_price", "opening_price", "first"),
    "high": ("high", "h", "high_price", "max"),
    "low": ("low", "l", "low_price", "min"),
    "close": ("close", "c", "close_price", "closing_price", "last"),
    "volume": ("volume", "v", "vol", "qty", "quantity", "base_volume", "volume_traded"),
}
_ROLE_OF = {name: role for role, names in _SYNONYMS.items() for name in names}
# Columns a bar file often carries that AskBar does not store; "" and "skip" come from --columns.
IGNORED = frozenset({
    "", "skip", "adj_close", "adjclose", "adjusted_close", "adj_close_price", "vwap", "transactions",
    "trades", "number_of_trades", "num_trades", "trade_count", "count", "n", "open_interest",
    "openinterest", "oi", "symbol", "ticker", "close_time", "quote_volume", "quote_asset_volume",
    "taker_buy_base_asset_volume", "taker_buy_quote_asset_volume", "ignore", "dividends",
    "stock_splits", "unnamed_0", "index", "average", "wap", "barcount", "bar_count"})


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lstrip("\ufeff").lower()).strip("_")


@dataclass
class Roles:
    """Which file column (by position) holds which role; date+time pairs become one timestamp."""
    width: int
    index: dict[str, int]

    @property
    def used(self) -> list[str]:
        return [f"c{i}" for i in sorted(self.index.values())]

    def rename(self, batch: pa.RecordBatch) -> pa.RecordBatch:
        cols = {role: batch.column(f"c{i}") for role, i in self.index.items()}
        if "date" in cols:   # split Date + Time columns: join the texts, parse like one timestamp
            text = [c if pa.types.is_string(c.type) else pc.cast(c, pa.string())
                    for c in (cols.pop("date"), cols.pop("time"))]
            cols["timestamp"] = pc.binary_join_element_wise(text[0], text[1], " ")
        return pa.RecordBatch.from_pydict(cols)


def assign_roles(names: list[str], path: Path, header_line: int | None,
                 from_flags: bool = False) -> Roles:
    """`from_flags`: the names are the user's --columns (repeated in errors); otherwise they are
    the file's text and an error names a column by its position only."""
    roles: dict[str, int] = {}

    def col(i: int) -> str:
        return repr(names[i].strip()) if from_flags else str(i + 1)
    for i, raw in enumerate(names):
        name = _norm(raw)
        if name in IGNORED:
            continue
        role = _ROLE_OF.get(name)
        if role is None:
            # by position: a header line is the file's text (a secret file's first line, when an
            # operator names the wrong path), never repeated in an error
            raise LoadError(path, f"unknown column {col(i)}: expected timestamp (or date and "
                            "time), open, high, low, close, volume; rename or skip ('-') columns "
                            "with --columns", header_line)
        if role in roles:
            raise LoadError(path, f"columns {col(roles[role])} and {col(i)} "
                            f"both mean {role}", header_line)
        roles[role] = i
    if "timestamp" in roles:
        roles.pop("date", None), roles.pop("time", None)
    elif "date" not in roles or "time" not in roles:
        stamp = roles.pop("date", roles.pop("time", None))
        if stamp is None:
            raise LoadError(path, "missing timestamp column (timestamp, datetime, date, or date "
                            "and time)", header_line)
        roles["timestamp"] = stamp
    missing = [r for r in PRICES if r not in roles]
    if missing:
        raise LoadError(path, f"missing column{'s' * (len(missing) > 1)} {', '.join(missing)}",
                        header_line)
    return Roles(len(names), roles)


def default_names(fields: list[str], path: Path) -> list[str]:
    """Column names for a header-less file without --columns: the usual vendor layouts."""
    n = len(fields)
    if n == 7 and re.match(r"^\s*\d{1,2}:?\d{2}(:?\d{2})?\s*$", fields[1]):
        return ["date", "time", "open", "high", "low", "close", "volume"]
    layouts = {5: PRICES, 6: PRICES + ("volume",), 7: PRICES + ("volume", "open_interest")}
    if n not in layouts:
        raise LoadError(path, f"no header line and {n} columns: name them with --columns "
                        "(e.g. --columns timestamp,open,high,low,close,volume)", 1)
    return ["timestamp", *layouts[n]]
