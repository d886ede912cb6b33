"""Issue 17 end to end on the real server (embedded default): a tool registered over REST is
offered to the Gemini planner (the local Gemini stub: only the LLM is fake) of that tenant's chat,
the long tool runs as an async registry task, the answer says it is running, and the WebSocket
delivers its `tool.completed` with the external API's result."""
from __future__ import annotations

import asyncio
import json
import re
import time

import httpx

from agent.tools import tenant_step
from tests.agent.llm.gemini_stub import GeminiStub, call, function_names
from tests.agent.registry.external_stub import Stub
from tests.server.conftest import DUCKDB_ONLY, live_server, stream
from tests.server.test_registry_api import H

pytestmark = DUCKDB_ONLY


def slow_tool(ext: Stub) -> dict:
    return {"id": "slowcalc", "name": "Slow calc", "description": "adds slowly",
            "schema": {"type": "object", "properties": {"a": {"type": "number"},
                                                        "sleep": {"type": "number"}},
                       "required": ["a"]},
            "endpoint": f"{ext.base}/slow", "timeout_ms": 20_000}


def test_chat_runs_a_long_tenant_tool_async_and_the_websocket_delivers(make_app, duck_store,
                                                                      monkeypatch):
    import websockets

    monkeypatch.setattr(tenant_step, "ASYNC_WAIT_S", 0.3)
    ext, gemini = Stub(), GeminiStub().start()
    try:
        app, _ = make_app(duck_store, llm="gemini", gemini_base_url=gemini.url,
                          gemini_api_key="test-key", gemini_timeout_s=5.0,
                          gemini_retry_backoff_s=0.01, gemini_check_models=False,
                          registry_allowed_hosts=f"127.0.0.1:{ext.port}")
        with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
            r = c.post("/api/v1/tools", json={"tool": slow_tool(ext)}, headers=H)
            assert r.status_code == 202, r.text
            for _ in range(200):
                reg = c.get(f"/api/v1/tasks/{r.json()['task_id']}", headers=H).json()
                if reg["status"] in ("completed", "failed"):
                    break
                time.sleep(0.05)
            assert reg["status"] == "completed", reg
            gemini.add(call("parse_intent", {"type": "data", "lang": "en"}),
                       call("tenant_slowcalc", {"a": 1, "sleep": 1.0}))

            async def scenario() -> tuple[list[dict], dict]:
                async with websockets.connect(url.replace("http", "ws") + "/api/v1/ws") as ws:
                    _, events = await asyncio.to_thread(
                        stream, c, "POST", "/api/chat", json={"question": "run my slow calc"})
                    done = events[-1]["data"]
                    task_id = re.search(r"task ([0-9a-f-]{8,})", done["response"]).group(1)
                    while True:
                        ev = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if ev["event"] == "tool.completed" and ev["task_id"] == task_id:
                            return events, ev

            events, completed = asyncio.run(scenario())
            assert "still running" in events[-1]["data"]["response"]
            assert "tenant_slowcalc" in function_names(gemini.generate_requests()[1])
            assert completed["tenant_id"] == "local" and completed["data"]["result"]["sum"] == 2.0
    finally:
        gemini.stop()
        ext.close()


def _register_outside_the_app(settings, ext: Stub) -> None:
    """The tool registered by a registry of this test process on the app's database (as an
    `askbar registry worker` would), so the app's own registry is not opened by it."""
    import threading

    from agent.identity.models import LOCAL_USER
    from agent.registry.envelope import TenantToolConfig
    from agent.registry.service import Registry
    from agent.registry.worker import start_workers

    reg, stop = Registry.open(settings), threading.Event()
    try:
        threads = start_workers(reg, 1, stop)
        env = reg.enqueue_registration(LOCAL_USER, TenantToolConfig.model_validate(slow_tool(ext)),
                                       None)
        assert (reg.wait(env.task_id, 20) or {}).get("status") == "completed"
    finally:
        stop.set()
        for t in threads:
            t.join(5)
        reg.close()


def test_a_chat_before_any_registry_endpoint_shares_the_apps_registry(make_app, duck_store,
                                                                     monkeypatch):
    """The graph run is the first to need the registry: it opens the server's one registry, so
    the WebSocket connected after the chat hears the tool's completion (a registry of the graph's
    own would publish it on a bus nobody listens to)."""
    import websockets

    monkeypatch.setattr(tenant_step, "ASYNC_WAIT_S", 0.3)
    ext, gemini = Stub(), GeminiStub().start()
    try:
        app, settings = make_app(duck_store, llm="gemini", gemini_base_url=gemini.url,
                                 gemini_api_key="test-key", gemini_timeout_s=5.0,
                                 gemini_retry_backoff_s=0.01, gemini_check_models=False,
                                 registry_allowed_hosts=f"127.0.0.1:{ext.port}")
        _register_outside_the_app(settings, ext)
        gemini.add(call("parse_intent", {"type": "data", "lang": "en"}),
                   call("tenant_slowcalc", {"a": 2, "sleep": 3.0}))
        with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
            assert app.state.runtime.registry.opened is None      # no registry endpoint yet
            _, events = stream(c, "POST", "/api/chat", json={"question": "run my slow calc"})
            done = events[-1]["data"]
            assert "still running" in done["response"], done
            task_id = re.search(r"task ([0-9a-f-]{8,})", done["response"]).group(1)

            async def completed() -> dict:
                async with websockets.connect(url.replace("http", "ws") + "/api/v1/ws") as ws:
                    while True:
                        ev = json.loads(await asyncio.wait_for(ws.recv(), 10))
                        if ev["event"] == "tool.completed" and ev["task_id"] == task_id:
                            return ev

            ev = asyncio.run(completed())
            assert ev["tenant_id"] == "local" and ev["data"]["result"]["sum"] == 2 + 3.0   # the stub sums every number
            task = c.get(f"/api/v1/tasks/{task_id}", headers=H).json()
            assert task["status"] == "completed"
    finally:
        gemini.stop()
        ext.close()
