"""Identity over HTTP (issue 12): bearer tokens on every API route, local mode only on loopback
with no users, service JWTs, and ownership: another user's thread, run, stream, trace and
LangGraph objects are 404, on both engines (SQLite files and a fresh Postgres database)."""
from __future__ import annotations

import time

import jwt
import pytest

from agent.server.runtime import ServerSettings
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, inproc, stream

pytestmark = DUCKDB_ONLY
ENGINES = pytest.mark.parametrize("engine_settings", ["sqlite", "postgres"], indirect=True)
SECRET = "s" * 40


def _chat(c, token, question="NQ stats for November 2023", **body):
    r, events = stream(c, "POST", "/api/chat", json={"question": question, **body}, headers=bearer(token))
    assert r.status_code == 200, r.text
    return events[0]["data"], events


@ENGINES
def test_every_api_route_needs_a_token_once_users_exist(make_app, duck_store, engine_settings):
    app, settings = make_app(duck_store, **engine_settings)
    _, token = add_user(settings, "alice")
    with inproc(app) as c:
        for method, url in [("GET", "/api/data"), ("POST", "/api/chat"), ("GET", "/metrics"),
                            ("POST", "/threads/search"), ("GET", "/info"), ("GET", "/api/traces/x")]:
            r = c.request(method, url, json={} if method == "POST" else None)
            assert r.status_code == 401, (url, r.status_code)
            assert r.json()["error"]["code"] == "unauthorized"
            assert r.headers["www-authenticate"].startswith("Bearer")
        assert c.get("/api/data", headers=bearer("askbar_wrong")).status_code == 401
        assert c.get("/api/data", headers={"Authorization": "Basic abc"}).status_code == 401
        assert c.get("/healthz").status_code == 200 and c.get("/").status_code == 200  # public
        assert c.get("/i18n/tables.js").status_code == 200   # the page's texts are public too
        assert c.get("/api/data", headers=bearer(token)).status_code == 200
        assert c.get("/metrics", headers=bearer(token)).status_code == 403   # the operator's
        start, events = _chat(c, token)
        assert events[-1]["event"] == "done" and events[-1]["data"]["status"] == "answered"


@ENGINES
def test_another_users_objects_are_404(make_app, duck_store, engine_settings):
    app, settings = make_app(duck_store, **engine_settings)
    _, alice = add_user(settings, "alice", tenant="acme")
    _, bob = add_user(settings, "bob", tenant="other")
    with inproc(app) as c:
        start, events = _chat(c, alice)
        tid, rid, req = start["thread_id"], start["run_id"], start["request_id"]
        created = c.post("/threads", json={"metadata": {"desk": "fx"}}, headers=bearer(alice)).json()
        b = bearer(bob)
        for method, url, body in [
            ("GET", f"/api/threads/{tid}", None), ("GET", f"/api/threads/{tid}/chart", None),
            ("GET", f"/api/runs/{rid}/stream", None), ("GET", f"/api/traces/{req}", None),
            ("POST", f"/api/chat/{tid}/resume", {"answer": "1"}),
            ("POST", "/api/chat", {"question": "NQ stats", "thread_id": tid}),
            ("GET", f"/threads/{tid}", None), ("GET", f"/threads/{tid}/state", None),
            ("GET", f"/threads/{tid}/history", None), ("POST", f"/threads/{tid}/history", {}),
            ("GET", f"/threads/{tid}/runs/{rid}", None),
            ("GET", f"/threads/{created['thread_id']}", None),
            ("POST", f"/threads/{tid}/runs/stream", {"assistant_id": "askbar", "input": {"question": "x"}}),
            ("POST", "/threads", {"thread_id": tid}),  # "exists" would leak the id: 404 instead
        ]:
            r = c.request(method, url, json=body, headers=b)
            assert r.status_code == 404, (method, url, r.status_code, r.text)
        assert c.post("/threads/search", json={}, headers=b).json() == []
        assert c.post("/threads/search", json={"metadata": {"desk": "fx"}}, headers=b).json() == []
        # the owner sees all of it
        mine = {t["thread_id"] for t in c.post("/threads/search", json={"limit": 10}, headers=bearer(alice)).json()}
        assert mine == {tid, created["thread_id"]}
        assert c.get(f"/api/traces/{req}", headers=bearer(alice)).json()["user_id"] != "local"
        assert c.get(f"/threads/{tid}/state", headers=bearer(alice)).status_code == 200
        _, again = stream(c, "GET", f"/api/runs/{rid}/stream", headers=bearer(alice))
        assert [e["event"] for e in again][-1] == "done"


@ENGINES
def test_search_pages_and_filters_in_sql(make_app, duck_store, engine_settings):
    app, settings = make_app(duck_store, **engine_settings)
    _, alice = add_user(settings, "alice")
    with inproc(app) as c:
        ids = [c.post("/threads", json={"metadata": {"n": i, "even": i % 2 == 0}}, headers=bearer(alice)).json()["thread_id"]
               for i in range(5)]
        page1 = c.post("/threads/search", json={"limit": 2, "offset": 0}, headers=bearer(alice)).json()
        page2 = c.post("/threads/search", json={"limit": 2, "offset": 2}, headers=bearer(alice)).json()
        page3 = c.post("/threads/search", json={"limit": 2, "offset": 4}, headers=bearer(alice)).json()
        got = [t["thread_id"] for t in page1 + page2 + page3]
        assert sorted(got) == sorted(ids) and len(set(got)) == 5
        even = c.post("/threads/search", json={"metadata": {"even": True}}, headers=bearer(alice)).json()
        assert sorted(t["metadata"]["n"] for t in even) == [0, 2, 4]
        assert c.post("/threads/search", json={"status": "idle"}, headers=bearer(alice)).json()
        assert c.post("/threads/search", json={"status": "busy"}, headers=bearer(alice)).json() == []


def test_local_mode_only_on_loopback_with_no_users(make_app, duck_store):
    app, settings = make_app(duck_store)
    with inproc(app) as c:  # loopback, no users: the local user, no login
        assert c.get("/api/data").status_code == 200
        _, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
        assert events[-1]["event"] == "done"
        assert c.get(f"/api/threads/{events[0]['data']['thread_id']}").status_code == 200
        add_user(settings, "alice")
        time.sleep(ServerSettings().auth_cache_s + 0.1)
        assert c.get("/api/data").status_code == 401  # a user exists now: tokens from here on
    public, _ = make_app(duck_store, home=settings.home, server=ServerSettings(host="0.0.0.0"))
    with inproc(public) as c:
        assert c.get("/api/data").status_code == 401


def test_off_loopback_without_users_refuses_to_start(make_app, duck_store, tmp_path):
    from agent.server.auth import NoUsers

    app, _ = make_app(duck_store, server=ServerSettings(host="0.0.0.0"))
    with pytest.raises(NoUsers, match="askbar users add"):
        with inproc(app):
            pass


def test_revoked_user_and_plan_change(make_app, duck_store):
    from agent.identity.users import UserStore
    from agent.storage.appdb import AppDB

    app, settings = make_app(duck_store)
    _, token = add_user(settings, "alice")
    appdb = AppDB(settings)
    store = UserStore(appdb)
    assert store.authenticate(token).plan == "free"
    store.set_plan("alice", "pro")
    assert store.authenticate(token).plan == "pro"
    row = appdb.one("SELECT token_hash FROM api_tokens")
    assert token not in str(row) and len(row["token_hash"]) == 64  # only the hash is stored
    with inproc(app) as c:
        assert c.get("/api/data", headers=bearer(token)).status_code == 200
        store.revoke("alice")
        assert c.get("/api/data", headers=bearer(token)).status_code == 401
    appdb.close()


def test_service_jwts(make_app, duck_store):
    from agent.identity.service_tokens import issue

    app, settings = make_app(duck_store, server=ServerSettings(jwt_secret=SECRET))
    alice_user, alice = add_user(settings, "alice", tenant="acme", plan="pro")
    with inproc(app) as c:
        start, _ = _chat(c, alice)
        as_alice = issue(SECRET, "alice", "acme", ["read"])
        assert c.get(f"/api/threads/{start['thread_id']}", headers=bearer(as_alice)).status_code == 200
        service = issue(SECRET, "reporter", "acme", ["read"])
        assert c.get(f"/api/threads/{start['thread_id']}", headers=bearer(service)).status_code == 404
        assert c.get("/api/data", headers=bearer(service)).status_code == 200
        forged = issue("x" * 40, "alice", "acme", ["chat"])
        expired = jwt.encode({"sub": "alice", "tenant": "acme", "iss": "askbar", "iat": 1, "exp": 2},
                             SECRET, algorithm="HS256")
        for bad in (forged, expired):
            assert c.get("/api/data", headers=bearer(bad)).status_code == 401
