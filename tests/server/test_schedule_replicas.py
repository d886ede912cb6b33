"""Two replicas of the server (two app instances, each with its own runtime and scheduler tick)
sharing one Postgres for the app database, checkpoints and traces: every due schedule runs once,
on one of them, however often both tick (the claim is a compare-and-set on its next run time)."""
from __future__ import annotations

import time

import httpx
import psycopg
import pytest

from agent.server.runtime import ServerSettings
from tests.agent.exports.reference import nq_claims
from tests.server.conftest import DUCKDB_ONLY, bearer, live_server, stream

pytestmark = DUCKDB_ONLY
SCHEDULES = 4


def test_each_due_schedule_runs_once_across_two_replicas(make_app, duck_store, pg_database_factory, tmp_path):
    db = pg_database_factory()
    apps = [make_app(duck_store, home=tmp_path / f"home{i}", database_url=db,
                     server=ServerSettings(schedule_tick_s=0.2))[0] for i in range(2)]
    from agent.identity.users import UserStore
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

    _, token = UserStore(AppDB(Settings(home=tmp_path / "home0", database_url=db))).add("carol", tenant="t1")
    with live_server(apps[0]) as one, live_server(apps[1]) as two:
        ids = []
        for i in range(SCHEDULES):
            url = (one, two)[i % 2]
            r = httpx.post(url + "/runs/crons", headers=bearer(token), json={
                "assistant_id": "askbar", "schedule": "0 17 * * 5", "on_run_completed": "keep",
                "input": {"question": "NQ stats for November 2023"}})
            assert r.status_code == 200, r.text
            ids.append(r.json()["cron_id"])
        with psycopg.connect(db, autocommit=True) as conn:     # time passes: all due at once
            conn.execute("UPDATE schedules SET next_run_at = %s", ("2020-01-03T22:00:00+00:00",))
        notes = _wait(one, token, SCHEDULES)
        time.sleep(2.0)                                  # ten more ticks on each replica
        notes = _wait(two, token, SCHEDULES)
        assert sorted(n["schedule_id"] for n in notes) == sorted(ids)      # each once, none twice
        assert len({n["request_id"] for n in notes}) == SCHEDULES
        for n in notes:
            assert {c["type"]: c["value"] for c in n["claims"]}["high"] == pytest.approx(nq_claims()["high"])
        with psycopg.connect(db) as conn:
            runs = conn.execute("SELECT count(*) FROM chat_logs WHERE question = %s",
                                ("NQ stats for November 2023",)).fetchone()[0]
            moved = conn.execute("SELECT count(*) FROM schedules WHERE next_run_at > %s",
                                 ("2026-01-01",)).fetchone()[0]
        assert runs == SCHEDULES and moved == SCHEDULES


def _wait(url: str, token: str, want: int, timeout: float = 120) -> list[dict]:
    deadline, got = time.time() + timeout, []
    with httpx.Client(base_url=url, timeout=30) as c:
        while time.time() < deadline:
            _, events = stream(c, "GET", "/api/notifications", params={"follow": "0"}, headers=bearer(token))
            got = [e["data"] for e in events if e.get("event") == "notification" and e["data"]["kind"] == "schedule"]
            if len(got) >= want:
                return got
            time.sleep(0.3)
    raise AssertionError(f"{len(got)} of {want} schedule notifications after {timeout} s")
