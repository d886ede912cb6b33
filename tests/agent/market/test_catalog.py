"""The coverage cache (agent/market/catalog.py): one refresh at a time per process, the old value
served meanwhile, a load here invalidates it, a load elsewhere is seen by the periodic check."""
from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from agent.deps import Deps
from agent.market import duckdb_store, postgres_store
from agent.market.catalog import Catalog
from agent.market.ingest import load_file
from tests.agent.market.helpers import NQ_1MIN, SPX_1DAY
from tests.conftest import ENGINES

READ_S = 0.3     # each store read is slowed to this, so concurrent callers overlap it


def _second_instance(store):
    """Another store object on the same data, as a second server process would open."""
    if store.engine == "duckdb":
        return duckdb_store.DuckDBStore(store.path)
    return postgres_store.PostgresStore(store.url, max_size=2)


def _slow_counted(store) -> list[float]:
    """Count (and slow down) the store's coverage reads; returns the start times."""
    starts: list[float] = []
    real = store.summary

    def summary():
        starts.append(time.monotonic())
        time.sleep(READ_S)
        return real()

    store.summary = summary
    return starts


@pytest.mark.parametrize("engine", ENGINES)
def test_two_servers_refreshing_during_a_burst_read_once_each(make_store, engine):
    first = make_store(engine)
    load_file(first, NQ_1MIN, "NQ")
    second = _second_instance(first)
    try:
        catalogs = [Catalog(first), Catalog(second)]
        for c in catalogs:
            assert [s.symbol for s in c.get().coverage] == ["NQ"]
        load_file(first, SPX_1DAY, "SPX")            # loaded by the first server's process:
        catalogs[0].invalidate()                     # it knows; the second sees the version move
        counts = [_slow_counted(first), _slow_counted(second)]
        seen: list[tuple[int, list[str], float]] = []
        go = threading.Event()

        def request(i: int) -> None:                 # a run reading the coverage
            go.wait()
            t0 = time.monotonic()
            symbols = [s.symbol for s in catalogs[i % 2].get().coverage]
            seen.append((i % 2, symbols, time.monotonic() - t0))

        def refresher(i: int) -> bool:               # each server's periodic check, twice at once
            go.wait()
            return catalogs[i % 2].check()

        with ThreadPoolExecutor(max_workers=48) as pool:
            checks = [pool.submit(refresher, i) for i in range(4)]
            asks = [pool.submit(request, i) for i in range(40)]
            go.set()
            for f in asks + checks:
                f.result()
        assert [len(c) for c in counts] == [1, 1]    # one read per server, not one per request
        assert sum(f.result() for f in checks) in (1, 2)   # at most one check per server read
        # requests kept the old value or got the new one; none waited for a read but the one
        # request that made it (the first server's, invalidated by its own load)
        assert all(symbols in (["NQ"], ["NQ", "SPX"]) for _, symbols, _ in seen)
        assert sum(took >= READ_S for _, _, took in seen) <= 1
        for c in catalogs:
            assert [s.symbol for s in c.get().coverage] == ["NQ", "SPX"]
            assert c.check() is False                # nothing loaded since: no read
        assert [len(c) for c in counts] == [1, 1]
    finally:
        second.close()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cold_cache_is_read_once_for_every_waiting_caller(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ_1MIN, "NQ")
    starts = _slow_counted(store)
    catalog = Catalog(store)
    with ThreadPoolExecutor(max_workers=20) as pool:
        results = list(pool.map(lambda _: catalog.get().coverage, range(20)))
    assert len(starts) == 1
    assert all([s.symbol for s in r] == ["NQ"] for r in results)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_load_in_this_process_is_seen_by_the_next_question(make_store, engine):
    store = make_store(engine)
    deps = Deps(settings=None, store=store, provider=None)  # type: ignore[arg-type]
    assert deps.coverage() == []
    load_file(store, NQ_1MIN, "NQ")
    deps.refresh()                                   # what the CLI does after `askbar load`
    run_copy = __import__("dataclasses").replace(deps, user=deps.user)
    assert [s.symbol for s in run_copy.coverage()] == ["NQ"]
    assert run_copy.catalog is deps.catalog          # every run shares the process's cache
    assert deps.catalog.reads == 2
