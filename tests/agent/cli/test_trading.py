"""`askbar load --multiplier` and the load summary, `askbar orders|alerts|portfolio` (the console
script's entry point in process, DuckDB under a temporary ASKBAR_HOME)."""
from __future__ import annotations

import json

from agent.market.duckdb_store import DuckDBStore
from agent.trading import service
from agent.trading.params import CreateAlert, CreateOrder
from tests.agent.cli.test_main import askbar, one_line_error
from tests.agent.trading.helpers import (
    NQ,
    expected_alert,
    expected_fill,
    split_file,
)


def identity_user(home, name: str, tenant: str, plan: str = "pro"):
    """A real user of the identity store under `home` (as `askbar users add` makes one)."""
    from contextlib import closing

    from agent.identity.users import UserStore
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

    with closing(AppDB(Settings(home=home))) as appdb:
        return UserStore(appdb).add(name, tenant=tenant, plan=plan)[0]


def test_load_summary_orders_alerts_and_multiplier(tmp_path):
    home = tmp_path / "home"
    sp = split_file(NQ, "NQ", tmp_path)
    p = askbar("load", str(sp.first), "--symbol", "NQ", "--multiplier", "2", home=home)
    assert p.returncode == 0, p.stderr
    assert "paper trading: 0 orders filled, 0 alerts fired" in p.stdout

    ALICE = identity_user(home, "alice", "acme")
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    limit = {"side": "sell", "quantity": 1, "order_type": "limit", "limit_price": close + 40}
    alert = {"condition": "<=", "price": close - 50}
    store = DuckDBStore(home / "market.duckdb")
    try:
        service.place_order(store, ALICE, CreateOrder(symbol="NQ", side="buy", quantity=1,
                                                      order_type="market"), 100_000)
        order = service.place_order(store, ALICE, CreateOrder(symbol="NQ", **limit), 100_000)[0]
        made = service.create_alert(store, ALICE, CreateAlert(symbol="NQ", **alert))
    finally:
        store.close()

    p = askbar("load", str(sp.rest), "--symbol", "NQ", home=home)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip().endswith("paper trading: 1 order filled, 1 alert fired (duckdb)")

    who = ("--user", "alice", "--tenant", ALICE.tenant_id)
    p = askbar("orders", "list", *who, "--json", home=home)
    assert p.returncode == 0 and p.stdout.count("\n") == 1, p.stderr
    rows = {r["order_id"]: r for r in json.loads(p.stdout)["orders"]}
    ts, price = expected_fill(sp.bars, sp.cut, limit)
    got = rows[order["order"]["order_id"]]
    assert (got["status"], got["fill_price"], got["fill_bar_ts"]) == ("filled", price, ts.isoformat())

    p = askbar("alerts", "list", *who, "--json", home=home)
    (a,) = json.loads(p.stdout)["alerts"]
    want_ts, want_price = expected_alert(sp.bars, sp.cut, alert)
    assert (a["alert_id"], a["status"], a["fired_bar_ts"], a["fired_price"]) == \
        (made.alert_id, "fired", want_ts.isoformat(), want_price)

    p = askbar("portfolio", *who, "--json", home=home)
    acct = json.loads(p.stdout)
    assert acct["realized_pnl"] == (price - close) * 1 * 2       # the --multiplier 2, not NQ's 20
    assert askbar("orders", "list", "--json", home=home).stdout.count('"orders": []') == 1  # local user
    text = askbar("orders", "list", *who, home=home).stdout
    assert order["order"]["order_id"] in text and "filled" in text


def test_user_is_resolved_through_the_identity_store(tmp_path):
    home = tmp_path / "home"
    sp = split_file(NQ, "NQ", tmp_path)
    assert askbar("load", str(sp.first), "--symbol", "NQ", home=home).returncode == 0
    bob = identity_user(home, "bob", "acme")
    other_bob = identity_user(home, "bob", "other")
    store = DuckDBStore(home / "market.duckdb")
    try:
        service.place_order(store, bob, CreateOrder(symbol="NQ", side="buy", quantity=3,
                                                    order_type="market"), 100_000)
        service.create_alert(store, other_bob, CreateAlert(symbol="NQ", condition=">=", price=1e6))
    finally:
        store.close()
    for who in (("--user", "acme/bob"), ("--user", "bob", "--tenant", "acme"), ("--user", bob.user_id)):
        out = json.loads(askbar("orders", "list", *who, "--json", home=home).stdout)
        assert (out["user"], out["tenant"]) == (bob.user_id, "acme")
        assert [o["quantity"] for o in out["orders"]] == [3]
    out = json.loads(askbar("alerts", "list", "--user", "other/bob", "--json", home=home).stdout)
    assert out["user"] == other_bob.user_id and len(out["alerts"]) == 1
    assert json.loads(askbar("alerts", "list", "--user", "acme/bob", "--json", home=home).stdout)["alerts"] == []
    for cmd in ("orders", "alerts"):
        p = askbar(cmd, "list", "--user", "nobody", home=home)
        assert p.returncode == 2 and "unknown user" in one_line_error(p) and "nobody" in one_line_error(p)
        p = askbar(cmd, "list", "--user", "bob", home=home)          # in two tenants: say which
        assert p.returncode == 2 and "acme/bob" in one_line_error(p)
        p = askbar(cmd, "list", "--user", "bob", "--tenant", "nope", home=home)
        assert p.returncode == 2 and "unknown user" in one_line_error(p)


def test_bad_multiplier_and_action_are_one_line_errors(tmp_path):
    sp = split_file(NQ, "NQ", tmp_path)
    for bad in ("-1", "0", "nan", "inf"):
        p = askbar("load", str(sp.first), "--symbol", "NQ", "--multiplier", bad, home=tmp_path)
        assert p.returncode == 2 and "--multiplier" in one_line_error(p)
    p = askbar("orders", "purge", home=tmp_path)
    assert p.returncode == 2 and "unknown action" in one_line_error(p)
    p = askbar("data", "--json", home=tmp_path)
    assert json.loads(p.stdout)["symbols"] == []     # nothing was loaded by the refused commands


def test_load_publishes_fills_to_the_users_redis_stream(tmp_path):
    import os
    import uuid

    import redis

    from agent.identity.models import User
    from agent.trading.notify import stream_key
    from tests.agent.cli.test_main import in_process
    from tests.server.conftest import require_redis

    url = require_redis()
    user = User(user_id="u1", tenant_id=f"t{uuid.uuid4().hex[:10]}", name="u1", plan="pro")
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASKBAR_")}
    env.update(ASKBAR_HOME=str(home), ASKBAR_REDIS_URL=url)
    sp = split_file(NQ, "NQ", tmp_path)
    def run(*a):
        return in_process(list(a), env)
    assert run("load", str(sp.first), "--symbol", "NQ").returncode == 0
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    store = DuckDBStore(home / "market.duckdb")
    try:
        order = service.place_order(store, user, CreateOrder(symbol="NQ", side="sell", quantity=1,
                                                             order_type="limit",
                                                             limit_price=close + 40), 100_000)[0]
    finally:
        store.close()
    r = redis.from_url(url)
    key = stream_key(user.tenant_id, user.user_id)
    try:
        p = run("load", str(sp.rest), "--symbol", "NQ")
        assert p.returncode == 0 and "1 order filled" in p.stdout, p.stderr
        entries = r.xrange(key)
        assert [(f[b"kind"], f[b"ref_id"].decode()) for _, f in entries] == \
            [(b"fill", order["order"]["order_id"])]
    finally:
        r.delete(key)
        r.close()
