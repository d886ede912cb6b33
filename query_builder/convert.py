"""Make query results JSON-able: dates as ISO strings, numbers as plain float/int, NaN as None."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, overload

import numpy as np


def jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (bool, str, int)):
        return value
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return jsonable(float(value))
    if isinstance(value, np.generic):
        return jsonable(value.item())
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


def jsonable_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: jsonable(v) for k, v in r.items()} for r in rows]


def fnum(x: Any, ndigits: int | None = None) -> float | None:
    """A float (or None for missing/NaN), optionally rounded."""
    if x is None:
        return None
    f = float(x)
    if math.isnan(f) or math.isinf(f):
        return None
    return round(f, ndigits) if ndigits is not None else f


class ColumnRows(list[dict[str, Any]]):
    """Row dicts that remember the columns they were built from, so post-processors get numpy
    arrays without walking every dict again (3,100 daily rows: 2.2 ms -> 0.2 ms on Postgres)."""

    def __init__(self, columns: dict[str, list[Any]]):
        names = list(columns)
        super().__init__(dict(zip(names, vals)) for vals in zip(*columns.values()))
        self.columns = columns


class LazyRows(Sequence[dict[str, Any]]):
    """Fetched columns, read as row dicts only when a row is asked for.

    Post-processors that work on columns (query_builder.stats.Daily via `column`) never build the
    dicts: ten years of daily bars of one symbol (3,652 rows x 8 columns) cost 3.7 ms of a 25 ms
    question to turn into dicts (py-spy, GIL samples, embedded server), and a period longer than
    a year keeps weekly bars for its chart, not its daily rows (agent/answer/compact.py). Reading a row,
    iterating or slicing builds them all once (a real list). `columns` may be lists (a
    ColumnRows is built from them) or arrays, with `build` making the JSON-able dicts
    (query_builder.stats.records)."""

    def __init__(self, columns: dict[str, Any], build: Callable[[], list[dict[str, Any]]] | None = None):
        self.columns = columns
        self._n = len(next(iter(columns.values()))) if columns else 0
        self._build = build
        self._rows: list[dict[str, Any]] | None = None

    def rows(self) -> list[dict[str, Any]]:
        if self._rows is None:
            self._rows = self._build() if self._build else ColumnRows(self.columns)
        return self._rows

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        return self.rows()[i]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows())

    def __eq__(self, other: object) -> bool:
        return list(self) == other if isinstance(other, (list, LazyRows)) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable-list semantics, as the rows it stands for


def as_list(rows: Any) -> list[dict[str, Any]]:
    """The rows as a real list (LazyRows built)."""
    return rows.rows() if isinstance(rows, LazyRows) else rows


def _values(rows: Sequence[dict[str, Any]], key: str) -> Any:
    cols = getattr(rows, "columns", None)
    if cols is not None and key in cols:
        return cols[key]
    return [r[key] for r in rows]


def column(rows: Sequence[dict[str, Any]], key: str) -> np.ndarray:
    """One numeric column as a float array (None or masked -> NaN)."""
    values = _values(rows, key)
    if isinstance(values, np.ma.MaskedArray):
        return np.asarray(np.ma.filled(values.astype(float), np.nan))
    return np.array(values, dtype=float)


def date_column(rows: Sequence[dict[str, Any]], key: str = "trading_date") -> np.ndarray:
    return np.array(_values(rows, key), dtype="datetime64[D]")


def iso(d: Any) -> str | None:
    if d is None:
        return None
    if isinstance(d, np.datetime64):
        return str(d.astype("datetime64[D]"))
    return str(d.isoformat())
