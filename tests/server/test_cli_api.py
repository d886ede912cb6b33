"""The endpoints the CLI's client mode uses (agent/server/cli_api.py): each object is the caller's
(another user, same tenant too, gets 404 or an empty list), and loading, seeding and evaluating by
server path are for the operator only: a user's API token gets 403, a service JWT with the admin
scope is let in."""
from __future__ import annotations

import pytest

from agent.identity.service_tokens import issue
from agent.server.runtime import ServerSettings
from tests.conftest import DATA, EVAL
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, inproc, stream

pytestmark = DUCKDB_ONLY
SECRET = "s" * 40
NQ = str(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv")


@pytest.fixture
def app_users(make_app, duck_store):
    app, settings = make_app(duck_store, server=ServerSettings(jwt_secret=SECRET))
    _, alice = add_user(settings, "alice", tenant="acme", plan="pro")
    _, bob = add_user(settings, "bob", tenant="acme", plan="pro")
    return app, alice, bob


def test_history_replay_and_paper_account_are_the_callers(app_users):
    app, alice, bob = app_users
    with inproc(app) as c:
        r, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"},
                           headers=bearer(alice))
        request_id = events[0]["data"]["request_id"]
        mine = c.get("/api/history", headers=bearer(alice)).json()["requests"]
        assert [x["request_id"] for x in mine] == [request_id]
        assert c.get("/api/history", headers=bearer(bob)).json() == {"requests": []}
        assert c.post(f"/api/traces/{request_id}/replay", json={}, headers=bearer(bob)).status_code == 404
        report = c.post(f"/api/traces/{request_id}/replay", json={}, headers=bearer(alice)).json()
        assert report["request_id"] == request_id and report["changed"] == []
        assert c.get("/api/history?limit=0", headers=bearer(alice)).status_code == 400
        order = {"symbol": "NQ", "side": "buy", "quantity": 1, "order_type": "market"}
        assert c.post("/api/tools/create_paper_order", json=order, headers=bearer(alice)).json()["success"]
        assert len(c.get("/api/orders", headers=bearer(alice)).json()["orders"]) == 1
        assert c.get("/api/orders", headers=bearer(bob)).json()["orders"] == []
        assert c.get("/api/portfolio", headers=bearer(bob)).json()["positions"] == []
        assert c.get("/api/portfolio", headers=bearer(alice)).json()["positions"][0]["multiplier"] == 20.0


def test_load_demo_and_eval_are_for_the_operator(app_users, tmp_path):
    app, alice, _ = app_users
    admin = issue(SECRET, "alice", "acme", ["read", "admin"], ttl_s=60)
    reader = issue(SECRET, "alice", "acme", ["read", "write", "trade"], ttl_s=60)
    cases = tmp_path / "cases.jsonl"
    cases.write_text(next(line for line in (EVAL / "public.jsonl").read_text().splitlines() if '"NQ"' in line))
    with inproc(app) as c:
        for token in (alice, reader):
            for url, body in (("/api/load", {"path": NQ, "symbol": "NQ"}), ("/api/demo", {}),
                              ("/api/eval", {"path": str(cases)})):
                r = c.post(url, json=body, headers=bearer(token))
                assert r.status_code == 403, (url, r.text)
        r = c.post("/api/load", json={"path": NQ, "symbol": "NQ"}, headers=bearer(admin))
        assert r.status_code == 200 and r.json()["rows"] == 14714 and r.json()["inserted"] == 0
        bad = c.post("/api/load", json={"path": "/nonexistent.csv", "symbol": "NQ"}, headers=bearer(admin))
        assert bad.status_code == 400 and "/nonexistent.csv" in bad.json()["error"]["message"]
        assert c.post("/api/load", json={"symbol": "NQ"}, headers=bearer(admin)).status_code == 400
        assert c.post("/api/load", json={"path": NQ, "symbol": "NQ", "user": "bob"},
                      headers=bearer(admin)).status_code == 400          # no field picks a user
        report = c.post("/api/eval", json={"path": str(cases)}, headers=bearer(admin)).json()
        assert report["total"] == 1 and report["pass_rate"] == 100.0
