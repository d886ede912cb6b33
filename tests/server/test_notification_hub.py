"""The server's one notification reader (agent/server/notification_hub.py) behind GET
/api/notifications, over real HTTP, on both engines: live bars ingested while streams open and
follow fire price alerts for several users; every stream gets exactly its user's notifications,
each once, in id order (streams opened before, during and after the bars, several per user, one
resuming from a Last-Event-ID), and after its backlog no stream reads the store itself: the hub
does, once per wake for all of them."""
from __future__ import annotations

import threading
import time

import httpx
import pytest

from agent.identity.models import User
from agent.live.append import append_bars
from agent.market.tx import read
from agent.trading import notify, service
from agent.trading.params import CreateAlert
from tests.agent.live.helpers import SPY, live, real_bars
from tests.conftest import ENGINES
from tests.server.conftest import live_server, parse_sse
from tests.server.test_notifications_api import make_app, users  # noqa: F401


class _Counting:
    """The store, counting the notification reads: a stream's own (one user's rows) and the hub's
    (every user's rows after an id)."""

    def __init__(self, store):
        self._store, self.own, self.hub = store, 0, 0

    def query(self, sql, params=None):
        if "user_notifications" in sql:
            self.own += "AND id >" in sql
            self.hub += "WHERE id >" in sql
        return self._store.query(sql, params)

    def __getattr__(self, name):
        return getattr(self._store, name)


# (direction, the index in the bars after the 60 stored of the bar that first crosses the level):
# a new low or high of the session from there (checked below), two of them before any stream opens
ALICE = (("<=", 0), ("<=", 8), ("<=", 73), (">=", 115), (">=", 117))
BOB = (("<=", 19), ("<=", 73), (">=", 116))


def _records(bars, start):
    """{(direction, index): level}: a level between the running extreme and the bar's, so that bar
    is the first to cross it."""
    top = bottom = start
    out = {}
    for i, b in enumerate(bars):
        if b.high > top:
            out[(">=", i)] = round((top + b.high) / 2, 4)
            top = b.high
        if b.low < bottom:
            out[("<=", i)] = round((bottom + b.low) / 2, 4)
            bottom = b.low
    return out


def _alerts(store, users, bars, start):  # noqa: F811
    levels = _records(bars, start)
    for name, wanted in (("alice", ALICE), ("bob", BOB)):
        for key in wanted:
            service.create_alert(store, users[name], CreateAlert(symbol="SPY", condition=key[0], price=levels[key]))


def _follow(url, user, out, opened, last_id=None):
    headers = {"x-test-user": user, **({"Last-Event-ID": str(last_id)} if last_id else {})}
    try:
        with httpx.Client(base_url=url, timeout=httpx.Timeout(30, read=None)) as c:
            with c.stream("GET", "/api/notifications", headers=headers) as r:
                opened.append(r)
                for ev in parse_sse(r.iter_lines()):
                    if ev["event"] == "notification":
                        out.append(ev["id"])
    except (httpx.HTTPError, OSError, RuntimeError):      # closed by the test
        pass


@pytest.mark.parametrize("engine", ENGINES)
def test_every_stream_gets_its_users_notifications_once(make_store, engine, users):  # noqa: F811
    base = make_store(engine)
    frame = real_bars(SPY, "SPY", "2024-03-05 14:30", "2024-03-05 17:30")
    bars = live(frame)
    append_bars(base, bars[:60])
    _alerts(base, users, bars[60:], bars[59].close)
    users = {**users, "carol": User(user_id="carol", tenant_id=users["alice"].tenant_id, name="carol", plan="pro")}
    store = _Counting(base)
    # alice's first alerts fire before any stream opens: a backlog to replay
    append_bars(store, bars[60:90])
    app = make_app(store, users)
    streams = {}                     # name -> (user, ids seen, Last-Event-ID)
    opened, threads = [], []
    first = notify.since(read(base), users["alice"].tenant_id, "alice", 0, 100)
    with live_server(app) as url:
        def open_stream(name, user, last_id=None):
            streams[name] = (user, [], last_id)
            t = threading.Thread(target=_follow, args=(url, user, streams[name][1], opened, last_id), daemon=True)
            t.start()
            threads.append(t)

        open_stream("alice-1", "alice")
        open_stream("bob-1", "bob")
        open_stream("carol-1", "carol")
        assert len(first) == 2
        open_stream("alice-resumed", "alice", first[0].id)
        time.sleep(0.5)

        def ingest():
            for i, b in enumerate(bars[90:]):
                append_bars(store, [b])
                if i == 20:            # more streams join while bars arrive
                    open_stream("alice-2", "alice")
                    open_stream("bob-2", "bob")
        feeder = threading.Thread(target=ingest)
        feeder.start()
        feeder.join(120)
        open_stream("bob-late", "bob")        # after the bars: all from its own backlog read
        expected = {u: [n.id for n in notify.since(read(base), users[u].tenant_id, u, 0, 100)]
                    for u in ("alice", "bob", "carol")}
        assert len(expected["alice"]) == 5 and len(expected["bob"]) == 3 and expected["carol"] == []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(
                len(ids) < len([i for i in expected[u] if i > (last or 0)]) for u, ids, last in streams.values()):
            time.sleep(0.05)
        time.sleep(1.0)               # a repeat would come now
        hub = app.state.runtime.notification_hub
        own, shared, reads = store.own, store.hub, hub.reads
        for r in opened:
            r.close()
    for name, (user, ids, last) in streams.items():
        assert ids == [i for i in expected[user] if i > (last or 0)], name
    # each stream read its own backlog once; every later row came from the hub's shared reads
    assert own == len(streams)
    assert shared == reads >= 1
