"""/metrics is the operator's (the probe read it with a free user's `read` token, other tenants' tool
ids included): a token without `admin` gets 403, a tenant admin sees only its own tenant's registry
series, the operator (a service JWT with admin) every series."""
from __future__ import annotations

import re
import time

from agent.server.runtime import ServerSettings
from tests.agent.registry.external_stub import Stub
from tests.server.conftest import add_user, bearer, inproc

SECRET = "m" * 40
SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]}


def _tool_ids(text: str) -> set[str]:
    return set(re.findall(r'tool_id="([^"]+)"', text))


def _run_tool(c, headers, stub, tool_id: str) -> None:
    body = {"tool": {"id": tool_id, "name": tool_id, "schema": SCHEMA,
                     "endpoint": f"{stub.base}/ok"}, "secret": "k"}
    task = c.post("/api/v1/tools", json=body, headers=headers).json()["task_id"]
    deadline = time.monotonic() + 30
    while c.get(f"/api/v1/tasks/{task}", headers=headers).json()["status"] not in ("completed", "failed"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    r = c.post("/api/v1/tools/execute", headers=headers, json={"tool_id": tool_id, "parameters": {"a": 1}})
    assert r.status_code == 200 and r.json()["status"] == "completed", r.text


def test_metrics_for_the_operator_and_each_tenant_admin_its_own(make_app, duck_store):
    from agent.identity.service_tokens import issue

    stub = Stub()
    try:
        app, settings = make_app(duck_store, server=ServerSettings(jwt_secret=SECRET),
                                 registry_allowed_hosts=f"127.0.0.1:{stub.port}")
        _, free = add_user(settings, "fay", tenant="acme", plan="free")
        _, acme_admin = add_user(settings, "ann", tenant="acme", plan="pro", admin=True)
        _, globex_admin = add_user(settings, "gus", tenant="globex", plan="pro", admin=True)
        with inproc(app) as c:
            _run_tool(c, {**bearer(acme_admin), "X-Tenant-ID": "acme"}, stub, "acme-ledger")
            _run_tool(c, {**bearer(globex_admin), "X-Tenant-ID": "globex"}, stub, "globex-quotes")
            r = c.get("/metrics", headers=bearer(free))
            assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
            acme = c.get("/metrics", headers=bearer(acme_admin))
            assert acme.status_code == 200
            assert _tool_ids(acme.text) == {"acme-ledger"}, acme.text
            assert 'tenant_id="globex"' not in acme.text and "askbar_http_requests_total" not in acme.text
            globex = c.get("/metrics", headers=bearer(globex_admin)).text
            assert _tool_ids(globex) == {"globex-quotes"}
            operator = c.get("/metrics", headers=bearer(issue(SECRET, "ops", "acme", ["admin"])))
            assert operator.status_code == 200
            assert {"acme-ledger", "globex-quotes"} <= _tool_ids(operator.text)
            assert "askbar_http_requests_total" in operator.text
    finally:
        stub.close()
