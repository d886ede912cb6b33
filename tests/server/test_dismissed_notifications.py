"""Issue 27 point 3: a dismissed notification stays dismissed. POST /api/notifications/{id}/dismiss
stores it for the caller (app database, both engines); the caller's stream leaves it out from then
on; another user (same tenant or not) gets 404 and still sees their own; a bad id is a clear 400."""
from __future__ import annotations

import pytest

from agent.market.ingest import load_file
from agent.trading import service
from agent.trading.params import CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import add_user, bearer, inproc, parse_sse

ENGINES = pytest.mark.parametrize("engine_settings", ["sqlite", "postgres"], indirect=True)


def _ids(c, token) -> list[int]:
    with c.stream("GET", "/api/notifications", params={"follow": "0"}, headers=bearer(token)) as r:
        assert r.status_code == 200
        return [e["id"] for e in parse_sse(r.iter_lines()) if e.get("event") == "notification"]


@ENGINES
def test_dismissed_stays_dismissed_and_only_for_its_owner(make_app, make_store, engine_settings, tmp_path):
    store = make_store("duckdb")
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    app, settings = make_app(store, **engine_settings)
    alice_user, alice = add_user(settings, "alice", tenant="acme")
    bob_user, bob = add_user(settings, "bob", tenant="acme")       # same tenant: still not hers
    for user in (alice_user, alice_user, bob_user):                # two fills for alice, one for bob
        service.place_order(store, user, CreateOrder(symbol="NQ", side="buy", quantity=1,
                                                     order_type="market"), 100_000)
    load_file(store, sp.rest, "NQ")                                # the market orders fill
    with inproc(app) as c:
        mine, theirs = _ids(c, alice), _ids(c, bob)
        assert len(mine) == 2 and len(theirs) == 1
        r = c.post(f"/api/notifications/{mine[0]}/dismiss", headers=bearer(alice))
        assert r.status_code == 200 and r.json() == {"dismissed": mine[0]}
        assert c.post(f"/api/notifications/{mine[0]}/dismiss", headers=bearer(alice)).status_code == 200
        assert _ids(c, alice) == mine[1:]                           # gone from every later stream
        r = c.post(f"/api/notifications/{mine[1]}/dismiss", headers=bearer(bob))
        assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_notification"
        assert _ids(c, alice) == mine[1:] and _ids(c, bob) == theirs
        r = c.post("/api/notifications/abc/dismiss", headers=bearer(alice))
        assert r.status_code == 400 and "abc" in r.json()["error"]["message"]
        assert c.post(f"/api/notifications/{mine[1]}/dismiss").status_code == 401
