"""PostgresStore.query_numeric: numeric results as numpy columns, with no garbage collection
triggered by the fetched rows (agent/market/pg_numeric.py)."""
from __future__ import annotations

import gc

import numpy as np
import pytest

SERIES = ("SELECT g AS n, g * 0.5::float8 AS half, mod(g, 7)::float8 AS seven"
          " FROM generate_series(1, %(rows)s) AS g ORDER BY g")
DTYPES = {"n": "i4", "half": "f8", "seven": "f8"}


@pytest.fixture
def pg(make_store):
    return make_store("postgres")


def test_columns_equal_the_rows_fetched(pg):
    cols = pg.query_numeric(SERIES, {"rows": 1000}, DTYPES)
    rows = pg.query_columns(SERIES, {"rows": 1000})
    assert {k: a.dtype.str[1:] for k, a in cols.items()} == DTYPES
    for name in DTYPES:
        assert cols[name].tolist() == rows[name]
    empty = pg.query_numeric(SERIES, {"rows": 0}, DTYPES)
    assert list(empty) == list(DTYPES) and all(len(a) == 0 for a in empty.values())


def test_a_null_reads_as_nan(pg):
    cols = pg.query_numeric("SELECT NULL::int AS a, 2.5::float8 AS b UNION ALL SELECT 3, NULL",
                            None, {"a": "i4", "b": "f8"})
    assert np.isnan(cols["a"][0]) and cols["a"][1] == 3
    assert cols["b"][0] == 2.5 and np.isnan(cols["b"][1])


def _collections(fetch) -> int:
    runs: list[int] = []

    def count(phase, info):
        if phase == "start":
            runs.append(info["generation"])
    gc.collect()
    gc.callbacks.append(count)
    try:
        fetch()
    finally:
        gc.callbacks.remove(count)
    return len(runs)


def test_the_rows_trigger_no_collections_and_the_collector_comes_back(pg):
    """5,000 row tuples are 7 times the collector's first threshold (700): fetched as tuples they
    start a collection every 700; query_numeric's pause keeps them from it (at most one young
    collection after it: tuples freed to the interpreter's free list stay counted), and leaves
    the collector on."""
    pg.query_numeric(SERIES, {"rows": 10}, DTYPES)          # the pool's connection, warm
    as_tuples = _collections(lambda: pg.query_columns(SERIES, {"rows": 5000}))
    paused = _collections(lambda: pg.query_numeric(SERIES, {"rows": 5000}, DTYPES))
    assert as_tuples >= 5 and paused <= 1, (as_tuples, paused)
    assert gc.isenabled()
    with pytest.raises(Exception):
        pg.query_numeric("SELECT 1/0 AS a", None, {"a": "i4"})
    assert gc.isenabled()
