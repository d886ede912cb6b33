"""The schedules table on both app engines (SQLite file, Postgres): owner-only reads and deletes,
the per-user cap, and the claim: of many servers claiming the same due run at once, one wins."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest

from agent.identity.models import User
from agent.schedules.store import ScheduleStore, TooManySchedules
from agent.settings import Settings
from agent.storage.appdb import AppDB

ALICE = User(user_id="u-alice", tenant_id="acme", name="alice", timezone="America/New_York")
BOB = User(user_id="u-bob", tenant_id="acme", name="bob")


@pytest.fixture(params=["sqlite", "postgres"])
def dbs(request, tmp_path, pg_database_factory):
    """Two AppDB handles on one database (two servers' connections)."""
    settings = (Settings(home=tmp_path) if request.param == "sqlite"
                else Settings(home=tmp_path, database_url=pg_database_factory()))
    made = [AppDB(settings) for _ in range(2)]
    yield made
    for db in made:
        db.close()


def _add(store: ScheduleStore, user: User = ALICE, limit: int = 20, **kw):
    return store.create(user, question="NQ stats for November 2023", cron="0 17 * * 5", tz=user.timezone,
                        payload={"input": {"question": "NQ stats for November 2023"}}, limit=limit, **kw)


def test_owner_only_and_cap(dbs):
    store = ScheduleStore(dbs[0])
    a = _add(store, limit=2)
    _add(store, limit=2)
    with pytest.raises(TooManySchedules, match="max_schedules_per_user = 2"):
        _add(store, limit=2)
    b = _add(store, BOB, limit=2)                         # the cap is per user
    assert store.get(BOB, a["schedule_id"]) is None and not store.delete(BOB, a["schedule_id"])
    assert [r["schedule_id"] for r in store.search(BOB)] == [b["schedule_id"]]
    assert store.delete(ALICE, a["schedule_id"]) and store.get(ALICE, a["schedule_id"]) is None
    assert a["next_run_at"].endswith(("21:00:00+00:00", "22:00:00+00:00"))   # Friday 17:00 New York


def test_one_claim_wins_among_racing_servers(dbs):
    row = _add(ScheduleStore(dbs[0]))
    due = datetime.fromisoformat(row["next_run_at"]) + timedelta(seconds=1)
    stores = [ScheduleStore(db) for db in dbs]
    rows = [s.due(due) for s in stores]
    assert [len(r) for r in rows] == [1, 1]
    wins, start = [], threading.Barrier(8)

    def claim(i: int) -> None:
        start.wait()
        wins.append(stores[i % 2].claim(rows[i % 2][0], due))
    threads = [threading.Thread(target=claim, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(wins) == [False] * 7 + [True]
    assert stores[0].due(due) == []                       # moved on to the next Friday
    after = stores[1].get(ALICE, row["schedule_id"])
    assert after["next_run_at"] == (datetime.fromisoformat(row["next_run_at"]) + timedelta(days=7)).strftime(
        "%Y-%m-%dT%H:%M:%S+00:00") and after["last_run_at"]


def test_a_schedule_past_its_end_time_stops(dbs):
    store = ScheduleStore(dbs[0])
    row = _add(store, end_time=datetime.now(timezone.utc))
    due = datetime.fromisoformat(row["next_run_at"]) + timedelta(seconds=1)
    assert not store.claim(store.due(due)[0], due)
    assert store.due(due) == [] and not store.get(ALICE, row["schedule_id"])["enabled"]
