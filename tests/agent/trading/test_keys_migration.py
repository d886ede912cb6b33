"""Migration 004 (idempotency keys) applies on a store created before it, on DuckDB and Postgres:
the store is first opened with the migrations up to 003 only and given an order in the old schema,
then reopened as it ships; the old order keeps working (client_key NULL), keyed repeats store one
order, and opening again applies nothing twice."""
from __future__ import annotations

import uuid

import pytest

import sql
from agent.identity.models import User
from agent.market.ingest import load_file
from agent.trading import service
from agent.market.tx import Tx, read
from agent.trading.params import CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.conftest import ENGINES

NEW = "004_trading_keys.sql"
ME = User(user_id="old_" + uuid.uuid4().hex[:6], tenant_id="mig", name="old", plan="pro")
OLD_INSERT = """
INSERT INTO paper_orders (order_id, tenant_id, user_id, symbol, side, order_type, quantity,
    limit_price, status, placed_bar_ts, evaluated_through)
VALUES ('ord_before_004', %(tenant_id)s, %(user_id)s, 'NQ', 'buy', 'limit', 1, 100, 'pending',
    %(ts)s, %(ts)s)
"""
HAS_COLUMN = """
SELECT count(*) AS n FROM information_schema.columns
WHERE table_name = 'paper_orders' AND column_name = 'client_key'
"""


def _open(engine: str, where):
    if engine == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        return DuckDBStore(where)
    from agent.market.postgres_store import PostgresStore

    return PostgresStore(where)


def _before_004(engine: str):
    # every migration but 004: the store as it would be had 004 never shipped (later files, such as
    # the coverage table every load now writes, do not touch the orders)
    return [(n, t) for n, t in sql.migration_files(engine) if n != NEW]


@pytest.mark.parametrize("engine", ENGINES)
def test_keys_migration_on_an_existing_store(engine, tmp_path, monkeypatch, pg_database_factory):
    assert NEW in [n for n, _ in sql.migration_files(engine)]
    where = tmp_path / "m.duckdb" if engine == "duckdb" else pg_database_factory()
    module = "agent.market.duckdb_store" if engine == "duckdb" else "agent.market.postgres_store"
    with monkeypatch.context() as m:               # the store as released before migration 004
        m.setattr(f"{module}.migration_files", _before_004)
        old = _open(engine, where)
        split = split_file(NQ, "NQ", tmp_path)
        load_file(old, split.first, "NQ")
        with old.write_transaction() as h:
            Tx(engine, h).execute(OLD_INSERT, {"tenant_id": ME.tenant_id, "user_id": ME.user_id,
                                               "ts": split.cut.to_pydatetime()})
        assert read(old).one(HAS_COLUMN)["n"] == 0
        old.close()

    store = _open(engine, where)                   # reopened by this release: 004 applies
    applied = [r["name"] for r in store.query("SELECT name FROM schema_migrations ORDER BY name")]
    assert applied.count(NEW) == 1 and applied == [n for n, _ in sql.migration_files(engine)]
    (before,) = service.list_orders(store, ME)
    assert before.order_id == "ord_before_004" and before.status == "pending"
    row = read(store).one("SELECT client_key FROM paper_orders WHERE order_id = 'ord_before_004'")
    assert row == {"client_key": None}
    p = CreateOrder(symbol="NQ", side="buy", quantity=1, order_type="market")
    first, _ = service.place_order(store, ME, p, 100_000.0, key="act_after_004")
    again, notes = service.place_order(store, ME, p, 100_000.0, key="act_after_004")
    assert again["order"] == first["order"] and again["already_done"] and notes == []
    assert len(service.list_orders(store, ME)) == 2
    store.close()

    store = _open(engine, where)                   # and once more: nothing applied twice
    names = [r["name"] for r in store.query("SELECT name FROM schema_migrations")]
    assert names.count(NEW) == 1 and len(service.list_orders(store, ME)) == 2
    store.close()
