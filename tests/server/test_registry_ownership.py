"""Ownership inside a tenant on every /api/v1 route and the WebSocket (issue 25 H1), with real
tokens of three users of one tenant: alice (owner), bob (another user), carol (tenant admin).

What the probe did as bob, each refused here: read alice's task, heard her `tool.completed` over
the WebSocket, completed her running task with forged data through the callback, and overwrote her
registered tool (owner, endpoint and secret replaced).
"""
from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest

from agent.identity.service_tokens import issue
from agent.server.runtime import ServerSettings
from tests.agent.registry.external_stub import Stub
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, live_server

pytestmark = DUCKDB_ONLY
SECRET = "k" * 40
SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}, "sleep": {"type": "number"}}}


@pytest.fixture
def stub():
    s = Stub()
    yield s
    s.close()


@pytest.fixture
def acme(make_app, duck_store, stub):
    app, settings = make_app(duck_store, registry_allowed_hosts=f"127.0.0.1:{stub.port}",
                             server=ServerSettings(jwt_secret=SECRET))
    _, alice = add_user(settings, "alice", tenant="acme", plan="pro")
    _, bob = add_user(settings, "bob", tenant="acme", plan="pro")
    _, carol = add_user(settings, "carol", tenant="acme", plan="pro", admin=True)
    heads = {name: {**bearer(tok), "X-Tenant-ID": "acme"}
             for name, tok in (("alice", alice), ("bob", bob), ("carol", carol))}
    with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        yield c, url, heads, {"alice": alice, "bob": bob}


def _tool(stub, tool_id: str, path: str = "/ok") -> dict:
    return {"id": tool_id, "name": tool_id.title(), "description": "adds", "schema": SCHEMA,
            "endpoint": f"{stub.base}{path}", "timeout_ms": 10000}


def _wait(c, task_id: str, h: dict, until=("completed", "failed")) -> dict:
    for _ in range(400):
        t = c.get(f"/api/v1/tasks/{task_id}", headers=h).json()
        if t["status"] in until:
            return t
        time.sleep(0.025)
    raise AssertionError(f"task {task_id} did not reach {until}")


def _register(c, h, tool: dict, secret: str = "s3cret", shared: bool = False):
    return c.post("/api/v1/tools", json={"tool": tool, "secret": secret, "shared": shared}, headers=h)


def test_another_users_tool_task_and_callback_are_404(acme, stub):
    c, _, h, _ = acme
    r = _register(c, h["alice"], _tool(stub, "calc"))
    assert r.status_code == 202, r.text
    assert _wait(c, r.json()["task_id"], h["alice"])["status"] == "completed"
    # bob: alice's own tool is invisible, not runnable, not overwritable
    listed = c.get("/api/v1/tools", params={"types": "external_api"}, headers=h["bob"]).json()
    assert listed["tools"] == []
    assert c.get("/api/v1/tools/calc", headers=h["bob"]).status_code == 404
    for route in ("/api/v1/tools/execute", "/api/v1/tools/async-execute"):
        r = c.post(route, json={"tool_id": "calc", "parameters": {"a": 1}}, headers=h["bob"])
        assert r.status_code == 404, (route, r.text)
    evil = {**_tool(stub, "calc", "/evil"), "name": "Pwned"}
    r = _register(c, h["bob"], evil, secret="bobs")
    assert r.status_code == 403 and r.json()["error"]["code"] == "TOOL_PERMISSION_DENIED"
    mine = c.get("/api/v1/tools/calc", headers=h["alice"]).json()
    assert mine["endpoint"].endswith("/ok") and mine["tool_name"] == "Calc"
    # alice's task: bob cannot read it or complete it
    r = c.post("/api/v1/tools/async-execute", json={"tool_id": "calc", "parameters": {"a": 5}},
               headers=h["alice"])
    task_id = r.json()["task_id"]
    assert c.get(f"/api/v1/tasks/{task_id}", headers=h["bob"]).status_code == 404
    assert _wait(c, task_id, h["alice"])["result"]["sum"] == 5
    forged = {"tenant_id": "acme", "task_id": task_id, "status": "completed",
              "payload": {"result": {"sum": -1}}}
    r = c.post(f"/api/v1/orchestrator/tasks/{task_id}/callback", json=forged, headers=h["bob"])
    assert r.status_code == 404
    assert c.get(f"/api/v1/tasks/{task_id}", headers=h["alice"]).json()["result"]["sum"] == 5
    assert stub.api_keys and set(stub.api_keys) == {"s3cret"}     # bob's secret never used


def test_a_running_task_is_completed_only_with_its_secret_or_the_orchestrator(acme, stub):
    c, _, h, _ = acme
    r = _register(c, h["alice"], _tool(stub, "slowcalc", "/slow"))
    _wait(c, r.json()["task_id"], h["alice"])

    def running_task() -> tuple[str, str]:
        r = c.post("/api/v1/tools/async-execute", headers=h["alice"],
                   json={"tool_id": "slowcalc", "parameters": {"sleep": 3}})
        assert r.status_code == 202, r.text
        return r.json()["task_id"], r.json()["callback_secret"]

    def forged(task_id: str, value: int) -> dict:
        return {"tenant_id": "acme", "task_id": task_id, "status": "completed",
                "payload": {"result": {"sum": value}}}

    task_id, secret = running_task()
    url = f"/api/v1/orchestrator/tasks/{task_id}/callback"
    assert c.post(url, json=forged(task_id, 666), headers=h["bob"]).status_code == 404
    r = c.post(url, json=forged(task_id, 666), headers={**h["bob"], "X-Task-Secret": "0" * 64})
    assert r.status_code == 404
    r = c.post(url, json=forged(task_id, 7), headers=h["alice"])      # a user token alone: no
    assert r.status_code == 403 and "X-Task-Secret" in r.json()["error"]["message"]
    assert c.get(f"/api/v1/tasks/{task_id}", headers=h["alice"]).json()["status"] != "completed"
    r = c.post(url, json=forged(task_id, 7), headers={**h["alice"], "X-Task-Secret": secret})
    assert r.status_code == 200 and r.json()["duplicate"] is False
    assert c.get(f"/api/v1/tasks/{task_id}", headers=h["alice"]).json()["result"] == {"sum": 7}
    # the orchestrator's service credential (a service JWT with the registry scope)
    task_id, _ = running_task()
    url = f"/api/v1/orchestrator/tasks/{task_id}/callback"
    orch = {**bearer(issue(SECRET, "orchestrator", "acme", ["registry"])), "X-Tenant-ID": "acme"}
    as_user = {**bearer(issue(SECRET, "bob", "acme", ["read", "write", "registry"])),
               "X-Tenant-ID": "acme"}
    assert c.post(url, json=forged(task_id, 9), headers=as_user).status_code == 404
    r = c.post(url, json=forged(task_id, 9), headers=orch)
    assert r.status_code == 200, r.text
    assert c.get(f"/api/v1/tasks/{task_id}", headers=h["alice"]).json()["result"] == {"sum": 9}


def test_shared_tools_change_only_by_owner_or_tenant_admin(acme, stub):
    c, _, h, _ = acme
    r = _register(c, h["alice"], _tool(stub, "fx"), shared=True)     # alice is no admin
    assert r.status_code == 403 and "admin" in r.json()["error"]["message"]
    r = _register(c, h["carol"], _tool(stub, "fx"), shared=True)
    assert r.status_code == 202, r.text
    _wait(c, r.json()["task_id"], h["carol"])
    seen = c.get("/api/v1/tools/fx", headers=h["bob"])                # shared: bob sees and runs it
    assert seen.status_code == 200 and seen.json()["shared"] is True
    r = c.post("/api/v1/tools/execute", json={"tool_id": "fx", "parameters": {"a": 3}}, headers=h["bob"])
    assert r.status_code == 200 and r.json()["result"]["sum"] == 3
    r = _register(c, h["bob"], {**_tool(stub, "fx", "/evil"), "name": "Pwned"}, shared=False)
    assert r.status_code == 403
    assert c.get("/api/v1/tools/fx", headers=h["bob"]).json()["endpoint"].endswith("/ok")
    r = _register(c, h["carol"], {**_tool(stub, "fx"), "name": "FX v2"}, shared=True)
    assert r.status_code == 202                                      # the admin changes it
    _wait(c, r.json()["task_id"], h["carol"])
    assert c.get("/api/v1/tools/fx", headers=h["alice"]).json()["tool_name"] == "FX v2"


def test_websocket_events_are_the_task_owners_only(acme, stub):
    import websockets

    c, url, h, tokens = acme
    _wait(c, _register(c, h["alice"], _tool(stub, "calc")).json()["task_id"], h["alice"])
    r = _register(c, h["bob"], _tool(stub, "bobcalc"))
    _wait(c, r.json()["task_id"], h["bob"])
    orch = issue(SECRET, "orchestrator", "acme", ["registry"])

    async def scenario():
        ws_url = url.replace("http", "ws") + "/api/v1/ws"
        async with websockets.connect(f"{ws_url}?token={tokens['bob']}") as ws_b, \
                websockets.connect(ws_url, additional_headers=bearer(tokens["alice"])) as ws_a, \
                websockets.connect(ws_url, additional_headers=bearer(orch)) as ws_o:
            async with httpx.AsyncClient(base_url=url) as ac:
                r = await ac.post("/api/v1/tools/async-execute", headers=h["alice"],
                                  json={"tool_id": "calc", "parameters": {"a": 2}})
                task_a = r.json()["task_id"]
                r = await ac.post("/api/v1/tools/async-execute", headers=h["bob"],
                                  json={"tool_id": "bobcalc", "parameters": {"a": 4}})
                task_b = r.json()["task_id"]

            async def finals(ws, want: set[str], me: str | None) -> dict[str, dict]:
                got: dict[str, dict] = {}
                while set(got) != want:
                    ev = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if ev["task_id"] not in want and me is not None:
                        # another task of the listener's own (a discovery after its registration)
                        async with httpx.AsyncClient(base_url=url) as ac:
                            own = await ac.get(f"/api/v1/tasks/{ev['task_id']}", headers=h[me])
                        assert own.status_code == 200, ev     # never another user's task
                    if ev["event"] == "tool.completed" and ev["task_id"] in want:
                        got[ev["task_id"]] = ev
                return got

            a = await finals(ws_a, {task_a}, "alice")
            b = await finals(ws_b, {task_b}, "bob")
            o = await finals(ws_o, {task_a, task_b}, None)       # the orchestrator hears the tenant
            return a[task_a], b[task_b], o

    ev_a, ev_b, orch_seen = asyncio.run(scenario())
    assert ev_a["data"]["result"]["sum"] == 2 and ev_b["data"]["result"]["sum"] == 4
    assert len(orch_seen) == 2
