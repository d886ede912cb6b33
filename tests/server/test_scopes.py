"""Token scopes on every route (issue 25 H2; DESIGN.md "Identity, tenants and plans"): read (GET
and chat), write (memory, watchlist, alerts, registered tools), trade (paper orders), admin (users,
tenant tools). One table (agent/server/scopes.py) lists every route; a read-only JWT of a real
user is refused (403) by everything but reading and chatting, route by route, and a chat run
with it cannot change anything either (the tool executor checks the run's scopes)."""
from __future__ import annotations

import httpx
import pytest
from starlette.routing import Route, WebSocketRoute

from agent.identity.service_tokens import issue
from agent.server import scopes as table
from agent.server.runtime import ServerSettings
from agent.tools.registry import get_registry
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, live_server, stream

SECRET = "j" * 40
ALL = ["read", "write", "trade"]


def test_every_route_of_the_app_is_in_the_scope_table():
    import server

    listed = {(m, p) for m, p, _ in table.ROUTE_SCOPES}
    missing = []
    for route in server.create_app().routes:
        if isinstance(route, WebSocketRoute):
            pairs = {("WEBSOCKET", route.path)}
        elif isinstance(route, Route):
            pairs = {(m, route.path) for m in (route.methods or ()) if m != "HEAD"}
        else:
            continue
        missing += sorted(pairs - listed)
    assert missing == [], f"routes without a scope in agent/server/scopes.py: {missing}"


@pytest.fixture
def srv(make_app, duck_store):
    app, settings = make_app(duck_store, server=ServerSettings(jwt_secret=SECRET))
    add_user(settings, "alice", tenant="acme", plan="premium")
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        yield c, url


def _jwt(scopes: list[str]) -> dict[str, str]:
    return {**bearer(issue(SECRET, "alice", "acme", scopes)), "X-Tenant-ID": "acme"}


def _fill(path: str) -> str:
    return (path.replace("{thread_id}", "t-none").replace("{run_id}", "r-none")
            .replace("{request_id}", "q-none").replace("{task_id}", "k-none")
            .replace("{tool_id}", "market.get_price").replace("{assistant_id}", "askbar")
            .replace("{checkpoint_id}", "c-none").replace("{cron_id}", "cron-none"))


@DUCKDB_ONLY
def test_a_read_only_token_is_refused_route_by_route(srv):
    c, _ = srv
    ro = _jwt(["read"])
    checked = 0
    for method, path, need in table.ROUTE_SCOPES:
        if method == "WEBSOCKET" or need in (table.PUBLIC, table.TOOL_IN_PATH, table.BY_HANDLER):
            continue
        # streamed: an SSE route (notifications) never ends; its status is all that is read
        with c.stream(method, _fill(path), headers=ro,
                      json={} if method in ("POST", "DELETE") else None) as r:
            if need == "read":
                assert r.status_code != 403, (method, path)
                checked += 1
                continue
            r.read()
        assert r.status_code == 403, (method, path, r.status_code)
        assert r.json()["error"]["code"] == "forbidden" and f"'{need}'" in r.json()["error"]["message"]
        checked += 1
    assert checked >= 34
    # a catalogue tool over /api/tools/{name}: each tool by its own scope
    for spec in {s.id: s for s in get_registry()._by_id.values()}.values():
        r = c.post(f"/api/tools/{spec.name}", json={}, headers=ro)
        assert (r.status_code == 403) == (spec.scope != "read"), (spec.id, r.status_code)
    # the routes that check in their handler
    r = c.post("/api/v1/tools", headers=ro, json={"tool": {"id": "x1", "name": "X", "schema": {
        "type": "object"}, "endpoint": "http://127.0.0.1:9/x"}})
    assert r.status_code == 403
    for route in ("/api/v1/tools/execute", "/api/v1/tools/async-execute"):
        r = c.post(route, headers=ro, json={"tool_id": "trading.create_paper_order",
                                            "parameters": {"symbol": "NQ", "side": "buy", "quantity": 1}})
        assert r.status_code == 403, (route, r.text)
    r = c.post("/api/v1/tools/execute", headers=ro,
               json={"tool_id": "market.get_price", "parameters": {"symbol": "NQ"}})
    assert r.status_code == 200 and r.json()["status"] == "completed"
    r = c.post("/api/v1/orchestrator/tasks/k-none/callback", headers=ro,
               json={"tenant_id": "acme", "task_id": "k-none", "status": "completed"})
    assert r.status_code == 404


@DUCKDB_ONLY
def test_trade_and_write_are_separate(srv):
    c, _ = srv
    order = {"symbol": "NQ", "side": "buy", "quantity": 1, "order_type": "market"}
    r = c.post("/api/tools/create_paper_order", json=order, headers=_jwt(["read", "write"]))
    assert r.status_code == 403 and "'trade'" in r.json()["error"]["message"]
    r = c.post("/api/tools/create_paper_order", json=order, headers=_jwt(["read", "trade"]))
    assert r.status_code == 200 and r.json()["success"], r.text
    r = c.post("/api/tools/add_to_watchlist", json={"symbol": "NQ"}, headers=_jwt(["read", "trade"]))
    assert r.status_code == 403
    assert c.delete("/api/memory", headers=_jwt(["read", "trade"])).status_code == 403
    assert c.delete("/api/memory", headers=_jwt(ALL)).status_code != 403


@DUCKDB_ONLY
def test_a_read_only_chat_cannot_change_anything(srv):
    c, _ = srv
    r, events = stream(c, "POST", "/api/chat", json={"question": "add NQ to my watchlist"},
                       headers=_jwt(["read"]))
    assert r.status_code == 200 and events[-1]["event"] == "done"
    got = c.post("/api/tools/get_watchlist", json={}, headers=_jwt(["read"])).json()
    assert got["success"] and "NQ" not in str(got["data"])
    r, events = stream(c, "POST", "/api/chat", json={"question": "add NQ to my watchlist"},
                       headers=_jwt(ALL))
    got = c.post("/api/tools/get_watchlist", json={}, headers=_jwt(["read"])).json()
    assert "NQ" in str(got["data"])


@DUCKDB_ONLY
def test_websocket_needs_read(srv):
    import asyncio

    import websockets

    _, url = srv
    ws_url = url.replace("http", "ws") + "/api/v1/ws"
    with pytest.raises(websockets.exceptions.InvalidStatus):
        asyncio.run(websockets.connect(ws_url, additional_headers=_jwt(["write"])).__aenter__())

    async def ok():
        async with websockets.connect(ws_url, additional_headers=_jwt(["read"])):
            return True
    assert asyncio.run(ok())


def test_cli_jwt_documents_and_checks_scopes(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "ASKBAR_HOME": str(tmp_path), "ASKBAR_JWT_SECRET": SECRET}
    from pathlib import Path

    cmd = [str(Path(sys.executable).parent / "askbar")]
    helptext = subprocess.run([*cmd, "users", "--help"], env=env, capture_output=True, text=True).stdout
    for scope in ("read", "write", "trade", "admin", "registry"):
        assert scope in helptext
    bad = subprocess.run([*cmd, "users", "jwt", "svc", "--scopes", "read,root"], env=env,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "'root'" in bad.stderr and len(bad.stderr.splitlines()) == 1
    good = subprocess.run([*cmd, "users", "jwt", "svc", "--scopes", "read,trade", "--json"], env=env,
                          capture_output=True, text=True)
    assert good.returncode == 0 and '"scopes": ["read", "trade"]' in good.stdout
