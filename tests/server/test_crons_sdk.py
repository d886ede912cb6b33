"""Scheduled questions as the LangGraph Server API's crons, through the official SDKs (Python
langgraph_sdk and the JS @langchain/langgraph-sdk): create, create_for_thread, search, count,
delete; ownership (another user's cron or thread is a 404), scopes (403), the per-user cap (429),
bad schedules and webhooks (422), the owner's time zone by default. A due schedule fires on the
server's tick as its owner: its answer arrives on the owner's notification stream and at the
allowed webhook, and a schedule made with a token without `read` asks nothing."""
from __future__ import annotations

import asyncio
import http.server
import json
import subprocess
import threading
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk.errors import NotFoundError

from agent.identity.service_tokens import issue
from agent.server.runtime import ServerSettings
from tests.agent.exports.reference import nq_claims
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, live_server, stream
from tests.server.js_sdk import JS_DIR, ensure_installed

pytestmark = DUCKDB_ONLY
SECRET = "c" * 40
QUESTION = "NQ stats for November 2023"


class Hook(http.server.BaseHTTPRequestHandler):
    got: list = []

    def do_POST(self):  # noqa: N802 - http.server's name
        Hook.got.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *a):
        pass


@pytest.fixture
def srv(make_app, duck_store):
    hook = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    Hook.got = []
    port = hook.server_address[1]
    app, settings = make_app(duck_store, server=ServerSettings(jwt_secret=SECRET, schedule_tick_s=0.3),
                             max_schedules_per_user=3, webhook_allowed_hosts=f"127.0.0.1:{port}")
    from contextlib import closing

    from agent.identity.users import UserStore
    from agent.storage.appdb import AppDB

    with closing(AppDB(settings)) as appdb:
        alice, a_token = UserStore(appdb).add("alice", tenant="acme", plan="premium",
                                              timezone="America/New_York")
    _, b_token = add_user(settings, "bob", tenant="acme", plan="premium")
    with live_server(app) as url:
        yield {"url": url, "alice": a_token, "bob": b_token, "settings": settings, "hook": port}
    hook.shutdown()


def sdk(url: str, token: str):
    return get_client(url=url, api_key=token)


def test_python_sdk_crons(srv):
    async def main():
        a, b = sdk(srv["url"], srv["alice"]), sdk(srv["url"], srv["bob"])
        cron = await a.crons.create("askbar", schedule="0 17 * * 5", input={"question": QUESTION},
                                    metadata={"k": "v"})
        assert cron["timezone"] == "America/New_York" and cron["enabled"] and cron["schedule"] == "0 17 * * 5"
        nxt = datetime.fromisoformat(cron["next_run_date"]).astimezone(ZoneInfo("America/New_York"))
        assert (nxt.weekday(), nxt.hour, nxt.minute) == (4, 17, 0)          # Friday 17:00 New York
        assert cron["payload"]["input"] == {"question": QUESTION} and cron["thread_id"] is None
        thread = await a.threads.create()
        tcron = await a.crons.create_for_thread(thread["thread_id"], "askbar", schedule="30 9 * * 1-5",
                                                input={"question": QUESTION}, timezone="Europe/Madrid")
        assert tcron["thread_id"] == thread["thread_id"] and tcron["timezone"] == "Europe/Madrid"
        assert {c["cron_id"] for c in await a.crons.search()} == {cron["cron_id"], tcron["cron_id"]}
        assert [c["cron_id"] for c in await a.crons.search(thread_id=thread["thread_id"])] == [tcron["cron_id"]]
        assert [c["cron_id"] for c in await a.crons.search(metadata={"k": "v"})] == [cron["cron_id"]]
        assert await a.crons.search(select=["cron_id"], limit=1) in ([{"cron_id": cron["cron_id"]}],
                                                                     [{"cron_id": tcron["cron_id"]}])
        assert await a.crons.count() == 2
        # another user of the same tenant: sees none, deletes none, cannot use alice's thread
        assert await b.crons.search() == []
        with pytest.raises(NotFoundError):
            await b.crons.delete(cron["cron_id"])
        with pytest.raises(NotFoundError):
            await b.crons.create_for_thread(thread["thread_id"], "askbar", schedule="0 9 * * *",
                                            input={"question": QUESTION})
        await a.crons.create("askbar", schedule="@daily", input={"question": QUESTION})
        with pytest.raises(httpx.HTTPStatusError) as over:                  # the cap (3 here)
            await a.crons.create("askbar", schedule="@daily", input={"question": QUESTION})
        assert over.value.response.status_code == 429
        assert "max_schedules_per_user = 3" in over.value.response.json()["error"]["message"]
        await a.crons.delete(cron["cron_id"])
        assert cron["cron_id"] not in {c["cron_id"] for c in await a.crons.search()}
        with pytest.raises(NotFoundError):
            await a.crons.delete(cron["cron_id"])
    asyncio.run(main())


def test_bad_crons_are_refused(srv):
    c = httpx.Client(base_url=srv["url"], headers=bearer(srv["alice"]), timeout=30)
    body = {"assistant_id": "askbar", "schedule": "0 17 * * 5", "input": {"question": QUESTION}}
    for change, code, words in [({"schedule": "61 * * * *"}, 422, "five fields"),
                                ({"schedule": "* * * * * *"}, 422, "five fields"),
                                ({"timezone": "Mars/Olympus"}, 422, "IANA"),
                                ({"webhook": "http://10.0.0.1/hook"}, 422, "ASKBAR_WEBHOOK_ALLOWED_HOSTS"),
                                ({"webhook": "file:///etc/passwd"}, 422, "http(s)"),
                                ({"input": {}}, 422, "question"), ({"assistant_id": "other"}, 404, "askbar"),
                                ({"frequency": "often"}, 422, "frequency")]:
        r = c.post("/runs/crons", json={**body, **change})
        assert r.status_code == code and words in r.json()["error"]["message"], (change, r.text)
    ro = bearer(issue(SECRET, "alice", "acme", ["read"]))
    assert c.post("/runs/crons", json=body, headers=ro).status_code == 403
    assert c.post("/runs/crons/search", json={}, headers=ro).status_code == 200


def _make_due(settings, cron_id: str) -> None:
    from contextlib import closing

    from agent.storage.appdb import AppDB

    with closing(AppDB(settings)) as appdb:
        appdb.execute("UPDATE schedules SET next_run_at = %s WHERE schedule_id = %s",
                      ("2020-01-03T22:00:00+00:00", cron_id))


def _notifications(url: str, token: str, want: int, timeout: float = 90) -> list[dict]:
    deadline = time.time() + timeout
    with httpx.Client(base_url=url, timeout=30) as c:
        while time.time() < deadline:
            _, events = stream(c, "GET", "/api/notifications", params={"follow": "0"}, headers=bearer(token))
            got = [e["data"] for e in events if e.get("event") == "notification" and e["data"]["kind"] == "schedule"]
            if len(got) >= want:
                return got
            time.sleep(0.3)
    raise AssertionError(f"fewer than {want} schedule notifications after {timeout} s: {got}")


def test_a_due_schedule_answers_on_the_notification_stream_and_the_webhook(srv):
    url, settings = srv["url"], srv["settings"]
    c = httpx.Client(base_url=url, timeout=30)
    hook = f"http://127.0.0.1:{srv['hook']}/answers"
    made = c.post("/runs/crons", headers=bearer(srv["alice"]), json={
        "assistant_id": "askbar", "schedule": "0 17 * * 5", "input": {"question": QUESTION}, "webhook": hook,
        "on_run_completed": "keep"}).json()
    blind = c.post("/runs/crons", headers=bearer(issue(SECRET, "alice", "acme", ["write"])), json={
        "assistant_id": "askbar", "schedule": "0 17 * * 5", "input": {"question": QUESTION}}).json()
    _make_due(settings, made["cron_id"])
    _make_due(settings, blind["cron_id"])
    notes = {n["schedule_id"]: n for n in _notifications(url, srv["alice"], 2)}
    note = notes[made["cron_id"]]
    assert note["status"] == "answered" and note["question"] == QUESTION
    claims = {x["type"]: x["value"] for x in note["claims"]}
    for kind, value in nq_claims().items():
        assert claims[kind] == pytest.approx(value), kind
    # it ran as alice: the request is in her history, not bob's
    mine = c.get("/api/history", headers=bearer(srv["alice"])).json()["requests"]
    assert note["request_id"] in {r["request_id"] for r in mine}
    assert note["request_id"] not in {r["request_id"] for r in
                                      c.get("/api/history", headers=bearer(srv["bob"])).json()["requests"]}
    assert notes[blind["cron_id"]]["status"] == "error" and "read scope" in notes[blind["cron_id"]]["response"]
    deadline = time.time() + 30
    while not Hook.got and time.time() < deadline:
        time.sleep(0.2)
    assert [h["request_id"] for h in Hook.got] == [note["request_id"]]
    assert Hook.got[0]["claims"] == note["claims"] and Hook.got[0]["notification_id"] == note["id"]
    again = c.get(f"/runs/crons/{made['cron_id']}", headers=bearer(srv["alice"])).json()
    assert again["next_run_date"] > datetime.now(ZoneInfo("UTC")).isoformat()   # moved on: runs once
    # the scheduled answer exports like any other
    r = c.get(f"/api/requests/{note['request_id']}/export", params={"format": "csv"}, headers=bearer(srv["alice"]))
    assert r.status_code == 200 and b"get_period_stats NQ" in r.content


def test_js_sdk_crons(srv):
    ensure_installed()
    done = subprocess.run(["node", "crons.mjs", srv["url"], srv["alice"]], cwd=JS_DIR, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    cron, tcron = got["cron"], got["thread_cron"]
    assert cron["timezone"] == "America/New_York" and cron["assistant_id"] == "askbar"
    assert tcron["thread_id"] == got["thread_id"] and tcron["timezone"] == "Europe/Madrid"
    assert got["found"] == [cron["cron_id"]] and got["on_thread"] == [tcron["cron_id"]]
    assert got["count"] == 2 and got["after_delete"] == [tcron["cron_id"]]
    assert got["bad_schedule"] == "422"
