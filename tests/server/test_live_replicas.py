"""Production shape of live data: two `askbar serve` replicas and two `askbar feed replay`
processes over one Postgres (market store, app database) and one Redis. The feeds push
overlapping bars of the real SPY file (the same minutes, each to its own replica, at the same
pace: two redundant feeds); four users' notification streams are spread over both replicas. Every
price alert and the statistics alert fire exactly once, at the bar pandas finds, and reach their
user's stream once, whichever replica stored the bar and whichever holds the stream."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import uuid

import httpx
import pandas as pd

from agent.identity.service_tokens import issue
from agent.identity.users import UserStore
from agent.live import condition_alerts
from agent.live.append import append_bars
from agent.market.postgres_store import PostgresStore
from agent.nlu.alert_conditions import AlertCondition
from agent.settings import Settings
from agent.storage.appdb import AppDB
from agent.trading import service
from agent.trading.params import CreateAlert
from tests.agent.live.helpers import SPY, live, real_bars
from tests.conftest import ROOT
from tests.server.conftest import REDIS_URL, bearer, parse_sse, require_redis
from tests.server.procs import serve
from tests.server.test_notification_hub import _records

CLI = "import sys; from agent.cli.main import main; sys.exit(main())"
SECRET = "replicas-secret-" + "x" * 40
# (direction, index in the live bars of the bar that first crosses the level), per user
ALERTS = [(("<=", 1), ("<=", 73)), (("<=", 2), (">=", 116)), (("<=", 8), ("<=", 20)),
          ((">=", 115), (">=", 117), ("<=", 19))]
MOVE_PCT = 0.25                                 # the statistics alert: SPY moves 0.25 % within 30 min


def _move_hit(frame: pd.DataFrame, after: pd.Timestamp) -> pd.Timestamp:
    """pandas: the first bar after `after` whose close is MOVE_PCT % or more from the close 30 min
    earlier (the last bar at or before then, within 60 min)."""
    f = frame[["ts", "close"]]
    ref = pd.merge_asof(f.assign(at=f["ts"] - pd.Timedelta(minutes=30)).sort_values("at"),
                        f.rename(columns={"ts": "ref_ts", "close": "ref_close"}), left_on="at", right_on="ref_ts")
    ref = ref[ref["ref_ts"] > ref["ts"] - pd.Timedelta(minutes=60)]
    hits = ref[(ref["ts"] > after) & ((ref["close"] / ref["ref_close"] - 1).abs() * 100 >= MOVE_PCT)]
    return hits.sort_values("ts")["ts"].iloc[0]


def _setup(db: str, tenant: str, frame: pd.DataFrame, tmp_path):
    """History (60 bars) stored, four users with alerts; (users with tokens, expected {ref_id: bar ts})."""
    store = PostgresStore(db)
    bars = live(frame)
    append_bars(store, bars[:60])
    appdb = AppDB(Settings(home=tmp_path / "setup", database_url=db))
    made = [UserStore(appdb).add(f"u{i}", tenant=tenant, plan="pro") for i in range(len(ALERTS))]
    levels, expected = _records(bars[60:], bars[59].close), {}
    for (user, _), wanted in zip(made, ALERTS):
        for key in wanted:
            a = service.create_alert(store, user, CreateAlert(symbol="SPY", condition=key[0], price=levels[key]))
            expected[a.alert_id] = bars[60 + key[1]].ts
    cond = AlertCondition(kind="move_within", symbol="SPY", pct=MOVE_PCT, minutes=30, direction="any")
    a, _ = condition_alerts.create(store, made[0][0], cond)
    expected[a.alert_id] = _move_hit(frame, frame["ts"].iloc[59]).to_pydatetime()
    store.close()
    return made, expected


def _follow(url: str, token: str, out: list, opened: list) -> None:
    try:
        with httpx.Client(base_url=url, timeout=httpx.Timeout(30, read=None)) as c:
            with c.stream("GET", "/api/notifications", headers=bearer(token)) as r:
                opened.append(r)
                for ev in parse_sse(r.iter_lines()):
                    if ev["event"] == "notification":
                        out.append(ev["data"])
    except (httpx.HTTPError, OSError, RuntimeError):     # closed by the test
        pass


def _feed(url: str, token: str, end: str, log) -> subprocess.Popen:
    env = {**os.environ, "ASKBAR_TOKEN": token, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", CLI, "feed", "replay", str(SPY), "--symbol", "SPY",
                             "--speed", "600", "--start", "2024-03-05T15:30:00Z", "--end", end, "--server", url],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, text=True)


def test_two_feeds_two_replicas_each_alert_once_on_its_users_stream(pg_database_factory, tmp_path):
    redis_url = require_redis(REDIS_URL)
    db, tenant = pg_database_factory(), "t" + uuid.uuid4().hex[:10]
    frame = real_bars(SPY, "SPY", "2024-03-05 14:30", "2024-03-05 17:30")
    made, expected = _setup(db, tenant, frame, tmp_path)
    admin = issue(SECRET, made[0][0].user_id, tenant, ["admin", "read"])
    env = {"ASKBAR_DATABASE_URL": db, "ASKBAR_REDIS_URL": redis_url, "ASKBAR_JWT_SECRET": SECRET,
           "ASKBAR_RATE_LIMIT": "100000/minute", "PYTHONPATH": str(ROOT)}
    seen: list[list[dict]] = [[] for _ in made]
    opened: list = []
    with serve({**env, "ASKBAR_HOME": str(tmp_path / "h1")}, tmp_path / "s1.log") as one, \
            serve({**env, "ASKBAR_HOME": str(tmp_path / "h2")}, tmp_path / "s2.log") as two:
        replicas = (one.url, two.url)
        # users 1 and 3 on the first replica: their alerts at bars 115-117 come only from the second
        # feed (the first stops at 17:00), stored by the second replica: delivered across replicas
        for i, (_, token) in enumerate(made):
            threading.Thread(target=_follow, args=(replicas[(i + 1) % 2], token, seen[i], opened), daemon=True).start()
        deadline = time.monotonic() + 30
        while len(opened) < len(made) and time.monotonic() < deadline:
            time.sleep(0.05)
        with open(tmp_path / "feeds.log", "w") as log:
            feeds = [_feed(one.url, admin, "2024-03-05T17:00:00Z", log), _feed(two.url, admin, "2024-03-05T17:30:00Z", log)]
            outs = [f.communicate(timeout=300)[0] for f in feeds]
        assert [f.returncode for f in feeds] == [0, 0], (tmp_path / "feeds.log").read_text()[-3000:]
        deadline = time.monotonic() + 30
        while sum(map(len, seen)) < len(expected) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2.0)                                  # a repeat would come now
        for r in opened:
            r.close()
    store = PostgresStore(db)
    try:
        rows = store.query("SELECT ref_id, user_id, bar_ts, id FROM user_notifications ORDER BY id")
    finally:
        store.close()
    assert sorted(r["ref_id"] for r in rows) == sorted(expected)           # each alert fired once
    assert {r["ref_id"]: r["bar_ts"] for r in rows} == expected           # at the bar pandas finds
    for i, (user, _) in enumerate(made):
        mine = [r["id"] for r in rows if r["user_id"] == user.user_id]
        assert [n["id"] for n in seen[i]] == mine, f"user {i} on replica {(i + 1) % 2 + 1}"
    new = sum(int(o.split("(")[1].split(" new")[0]) for o in outs)
    assert new == 120                             # the overlapping minutes were stored once
