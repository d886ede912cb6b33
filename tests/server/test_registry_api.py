"""The registry's REST API and WebSocket on the real server (embedded default: in-process queues
and workers, SQLite): registration, sync and async execution, tasks, X-Tenant-ID, events."""
from __future__ import annotations

import json
import time

import httpx
import pytest

from tests.agent.registry.external_stub import Stub
from tests.server.conftest import DUCKDB_ONLY, live_server

pytestmark = DUCKDB_ONLY
H = {"X-Tenant-ID": "local", "Content-Type": "application/json"}
SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]}


@pytest.fixture
def stub():
    s = Stub()
    yield s
    s.close()


@pytest.fixture
def api(make_app, duck_store, stub):
    app, _ = make_app(duck_store, registry_allowed_hosts=f"127.0.0.1:{stub.port}")
    with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        yield c, url


def _register(c, stub, tool_id="calc", path="/ok"):
    body = {"tool": {"id": tool_id, "name": "Calc", "description": "adds", "schema": SCHEMA,
                     "endpoint": f"{stub.base}{path}", "timeout_ms": 2000}, "secret": "s3cret"}
    r = c.post("/api/v1/tools", json=body, headers=H)
    assert r.status_code == 202, r.text
    task_id = r.json()["task_id"]
    for _ in range(200):
        t = c.get(f"/api/v1/tasks/{task_id}", headers=H).json()
        if t["status"] in ("completed", "failed"):
            return t
        time.sleep(0.05)
    raise AssertionError("registration did not finish")


def test_register_list_execute_sync_and_async(api, stub):
    c, _ = api
    reg = _register(c, stub)
    assert reg["status"] == "completed" and reg["result"]["status"] == "active"
    assert "s3cret" not in json.dumps(reg)
    tools = c.get("/api/v1/tools", params={"types": "external_api", "query": "calc"}, headers=H).json()
    assert [t["tool_id"] for t in tools["tools"]] == ["calc"]
    assert tools["pagination"] == {"total": 1, "page": 1, "limit": 20}
    assert "s3cret" not in c.get("/api/v1/tools/calc", headers=H).text
    r = c.post("/api/v1/tools/execute", json={"tool_id": "calc", "parameters": {"a": 41}}, headers=H)
    assert r.status_code == 200 and r.json()["status"] == "completed"
    assert r.json()["result"]["sum"] == 41
    r = c.post("/api/v1/tools/async-execute", json={"tool_id": "calc", "parameters": {"a": 7}},
               headers=H)
    assert r.status_code == 202
    task_id = r.json()["task_id"]
    for _ in range(200):
        t = c.get(f"/api/v1/tasks/{task_id}", headers=H).json()
        if t["status"] == "completed":
            break
        time.sleep(0.05)
    assert t["result"]["sum"] == 7


def test_seed_error_codes_over_http(api, stub):
    c, _ = api
    _register(c, stub, tool_id="junk", path="/garbage")
    r = c.post("/api/v1/tools/execute", json={"tool_id": "junk", "parameters": {"a": 1}}, headers=H)
    assert r.status_code == 502 and r.json()["error"]["code"] == "TOOL_EXTERNAL_ERROR"
    assert "Check the status of the external service" in r.json()["error"]["message"]
    r = c.post("/api/v1/tools/execute", json={"tool_id": "nope", "parameters": {}}, headers=H)
    assert r.status_code == 404 and r.json()["error"]["code"] == "TOOL_NOT_FOUND"
    _register(c, stub, tool_id="calc")
    r = c.post("/api/v1/tools/execute", json={"tool_id": "calc", "parameters": {"a": "x"}}, headers=H)
    assert r.status_code == 422 and r.json()["error"]["code"] == "TOOL_INVALID_PARAMETERS"
    body = {"tool": {"id": "evil", "name": "E", "schema": SCHEMA,
                     "endpoint": "http://169.254.169.254/latest/meta-data"}}
    r = c.post("/api/v1/tools", json=body, headers=H)
    assert r.status_code == 403 and r.json()["error"]["code"] == "TOOL_PERMISSION_DENIED"


def test_tenant_header_required_and_checked(api):
    c, _ = api
    assert c.get("/api/v1/tools").status_code == 400
    r = c.get("/api/v1/tools", headers={"X-Tenant-ID": "someone-else"})
    assert r.status_code == 403
    assert c.get("/api/v1/tasks/does-not-exist", headers=H).status_code == 404
    r = c.get("/api/v1/tools", params={"limit": "1000"}, headers=H)
    assert r.status_code == 400 and "limit" in r.json()["error"]["message"]


def test_websocket_events_of_a_task(api, stub):
    import asyncio

    import websockets

    c, url = api
    _register(c, stub)

    async def scenario():
        async with websockets.connect(url.replace("http", "ws") + "/api/v1/ws") as ws:
            async with httpx.AsyncClient(base_url=url) as ac:
                r = await ac.post("/api/v1/tools/async-execute", headers=H,
                                  json={"tool_id": "calc", "parameters": {"a": 5}})
            task_id = r.json()["task_id"]
            seen = []
            while True:
                ev = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if ev["task_id"] == task_id:
                    seen.append(ev)
                if ev["event"] in ("tool.completed", "tool.failed") and ev["task_id"] == task_id:
                    return seen

    seen = asyncio.run(scenario())
    assert [e["event"] for e in seen] == ["tool.progress", "tool.completed"]
    assert seen[-1]["data"]["result"]["sum"] == 5 and seen[-1]["tenant_id"] == "local"


def test_metrics_expose_the_seed_names(api, stub):
    c, _ = api
    _register(c, stub)
    c.post("/api/v1/tools/execute", json={"tool_id": "calc", "parameters": {"a": 1}}, headers=H)
    c.post("/api/v1/tools/execute", json={"tool_id": "calc", "parameters": {"a": "x"}}, headers=H)
    text = c.get("/metrics").text
    for name, kind in (("tool_execution_duration_ms", "histogram"),
                       ("tool_execution_success_rate", "gauge"),
                       ("tool_execution_error_count", "untyped"),
                       ("tool_registry_queue_depth", "gauge")):
        assert f"# TYPE {name} {kind}" in text, name
    assert 'tool_execution_duration_ms_count{tenant_id="local",tool_id="calc"} 1.0' in text
    assert "tool_execution_error_count_total" not in text     # the seed's name, no suffix added


def test_catalogue_tools_listed_and_run_through_the_executor(api):
    """Built-in tools appear with the seed's ToolSummary shape and run as the caller (real data)."""
    import pandas as pd

    from tests.conftest import DATA

    c, _ = api
    tools = c.get("/api/v1/tools", params={"types": "builtin", "limit": 100}, headers=H).json()
    ids = {t["tool_id"] for t in tools["tools"]}
    assert {"market.get_price", "calculate.position_size", "watchlist.get"} <= ids
    r = c.post("/api/v1/tools/execute", headers=H,
               json={"tool_id": "market.get_price", "parameters": {"symbol": "SPY"}})
    assert r.status_code == 200, r.text
    data = r.json()["result"]
    spy = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    assert abs(float(data["price"]) - float(spy.iloc[-1]["close"])) < 1e-6
    r = c.post("/api/v1/tools/execute", headers=H,
               json={"tool_id": "calculate.position_size", "parameters": {"entry": "x"}})
    assert r.status_code == 422 and r.json()["error"]["code"] == "TOOL_INVALID_PARAMETERS"


def test_two_tenants_isolated_over_http_and_websocket(make_app, duck_store, stub):
    """Tenant B cannot list, read, run or hear about tenant A's tools and tasks (real tokens)."""
    import asyncio

    import websockets

    from tests.server.conftest import add_user, bearer

    app, settings = make_app(duck_store, registry_allowed_hosts=f"127.0.0.1:{stub.port}")
    alice, ta = add_user(settings, "alice", tenant="acme", plan="pro")
    bob, tb = add_user(settings, "bob", tenant="globex", plan="pro")
    ha = {**bearer(ta), "X-Tenant-ID": "acme"}
    hb = {**bearer(tb), "X-Tenant-ID": "globex"}
    with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        assert c.get("/api/v1/tools", headers={"X-Tenant-ID": "acme"}).status_code == 401
        assert c.get("/api/v1/tools", headers={**bearer(tb), "X-Tenant-ID": "acme"}).status_code == 403
        body = {"tool": {"id": "calc", "name": "Calc", "schema": SCHEMA,
                         "endpoint": f"{stub.base}/ok"}, "secret": "s3cret"}
        reg_task = c.post("/api/v1/tools", json=body, headers=ha).json()["task_id"]
        for _ in range(200):
            if c.get(f"/api/v1/tasks/{reg_task}", headers=ha).json()["status"] == "completed":
                break
            time.sleep(0.05)
        listed = c.get("/api/v1/tools", params={"types": "external_api"}, headers=hb).json()
        assert listed["tools"] == []
        assert c.get("/api/v1/tools/calc", headers=hb).status_code == 404
        assert c.get(f"/api/v1/tasks/{reg_task}", headers=hb).status_code == 404
        r = c.post("/api/v1/tools/execute", json={"tool_id": "calc", "parameters": {"a": 1}},
                   headers=hb)
        assert r.status_code == 404 and r.json()["error"]["code"] == "TOOL_NOT_FOUND"

        async def scenario():
            ws_url = url.replace("http", "ws") + "/api/v1/ws"
            async with websockets.connect(f"{ws_url}?token={tb}") as ws_b, \
                    websockets.connect(ws_url, additional_headers=bearer(ta)) as ws_a:
                async with httpx.AsyncClient(base_url=url) as ac:
                    r = await ac.post("/api/v1/tools/async-execute", headers=ha,
                                      json={"tool_id": "calc", "parameters": {"a": 2}})
                task_id = r.json()["task_id"]
                while True:
                    ev = json.loads(await asyncio.wait_for(ws_a.recv(), 10))
                    if ev["event"] == "tool.completed" and ev["task_id"] == task_id:
                        break
                with pytest.raises(asyncio.TimeoutError):
                    await asyncio.wait_for(ws_b.recv(), 1.0)   # bob hears nothing of acme's
                return task_id

        task_id = asyncio.run(scenario())
        assert c.get(f"/api/v1/tasks/{task_id}", headers=hb).status_code == 404
        assert c.get(f"/api/v1/tasks/{task_id}", headers=ha).json()["result"]["sum"] == 2
        with pytest.raises(Exception):
            asyncio.run(websockets.connect(url.replace("http", "ws") + "/api/v1/ws").__aenter__())
