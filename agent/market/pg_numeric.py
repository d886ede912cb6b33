"""Numeric Postgres results straight into numpy columns (PostgresStore.query_numeric).

The rows are fetched in binary (no text parsing of floats) with the garbage collector paused: the
row tuples live only until their columns are built, so a pause keeps them from triggering
collections. Ten years of daily bars (3,652 tuples) made ~7 collections per question, and in a
server a full one (~0.3 s at load 6) every ~40 questions: 3 in 120 ten-year questions, none with
the pause. Measured against binary COPY into numpy (no tuple at all, no collection either): COPY
hands over one message per row and took 4.9 vs 3.4 ms for 3,652 rows, 3.3 vs 2.0 ms for 2,517
(benchmarks/RESULTS.md).
"""
from __future__ import annotations

import gc
from typing import Any

import numpy as np
from psycopg import Connection


def numeric_columns(conn: Connection, sql: str, params: dict[str, Any] | None,
                    dtypes: dict[str, str]) -> dict[str, np.ndarray]:
    """`dtypes`: column -> numpy dtype, in select order. A column with a NULL comes back as
    floats with NaN."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        with conn.cursor(binary=True) as cur:
            cur.execute(sql, params or None)
            rows = cur.fetchall()
        columns = zip(*rows) if rows else [()] * len(dtypes)
        out = {name: _array(values, dtype) for (name, dtype), values in zip(dtypes.items(), columns)}
        del rows, columns
        return out
    finally:
        if enabled:
            gc.enable()


def _array(values: tuple, dtype: str) -> np.ndarray:
    try:
        return np.array(values, dtype=dtype)
    except (TypeError, ValueError):   # a NULL (None) in an integer column
        return np.array(values, dtype=np.float64)
