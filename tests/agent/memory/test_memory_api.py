"""GET / DELETE /api/memory: the caller's own memory only (the caller set as the auth middleware
does, on request.state.user); bad input is a 400 that changes nothing."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.testclient import TestClient

from agent.services import Services
from agent.server import memory_api
from agent.server.app import exception_handlers
from agent.server.metrics import Metrics
from tests.agent.memory.conftest import ALICE, BOB

USERS = {"alice": ALICE, "bob": BOB}


class FakeAuth(BaseHTTPMiddleware):
    """Stands in for the identity middleware: the token names the user."""

    async def dispatch(self, request, call_next):
        request.state.user = USERS[request.headers["authorization"].removeprefix("Bearer ")]
        return await call_next(request)


@pytest.fixture
def client(any_settings):
    app = Starlette(routes=memory_api.routes, middleware=[Middleware(FakeAuth)],
                    exception_handlers=exception_handlers)
    services = Services(any_settings)
    app.state.runtime = SimpleNamespace(settings=any_settings, metrics=Metrics(),
                                        deps=SimpleNamespace(services=services))
    mem = services.memory
    mem.ltm.add_note(ALICE, "alice's note")
    mem.ltm.set_preferences(ALICE, {"usual_symbol": "NQ"})
    mem.ltm.add_note(BOB, "bob's note")
    with TestClient(app) as c:
        yield c, mem
    mem.forget(ALICE)
    mem.forget(BOB)
    services.close()


def as_(user: str) -> dict:
    return {"authorization": f"Bearer {user}"}


def test_each_user_sees_only_their_memory(client):
    c, _ = client
    a = c.get("/api/memory", headers=as_("alice")).json()
    b = c.get("/api/memory", headers=as_("bob")).json()
    assert a["user"] == "alice" and a["long_term"]["notes"] == ["alice's note"]
    assert b["user"] == "bob" and b["long_term"]["notes"] == ["bob's note"]
    assert "NQ" not in str(b)


def test_delete_one_kind_then_everything_only_for_the_caller(client):
    c, mem = client
    r = c.delete("/api/memory?kind=notes", headers=as_("alice"))
    assert r.status_code == 200 and r.json()["deleted"] == ["memory/notes"]
    assert mem.ltm.profile(ALICE).preferences["usual_symbol"] == "NQ"
    assert c.delete("/api/memory", headers=as_("alice")).status_code == 200
    assert mem.ltm.profile(ALICE).is_empty()
    assert mem.ltm.profile(BOB).notes == ["bob's note"]


def test_bad_kind_is_a_400_and_deletes_nothing(client, monkeypatch):
    c, mem = client
    r = c.delete("/api/memory?kind=everything", headers=as_("alice"))
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_kind"
    assert "kind" in r.json()["error"]["message"]
    assert mem.ltm.profile(ALICE).notes == ["alice's note"]


def test_server_wires_the_memory_routes(any_settings):
    from server import create_app

    app = create_app(any_settings)
    assert {(r.path, m) for r in app.routes if r.path == "/api/memory" for m in r.methods} >= {
        ("/api/memory", "GET"), ("/api/memory", "DELETE")}
