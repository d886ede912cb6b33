"""GET /api/notifications while Redis is down (the probe: the connection was dropped with no
response, `RuntimeError: Caught handled exception, but response already started`). The stream
answers from the database on its timer, tells nothing false, and delivers a fill placed while
Redis is still down; when Redis is back the same stream goes on."""
from __future__ import annotations

import threading
import time

import httpx

from agent.market.ingest import load_file
from agent.trading import service
from agent.trading.params import CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import live_server, parse_sse
from tests.server.private_redis import PrivateRedis
from tests.server.test_notifications_api import make_app, users  # noqa: F401

BUY = CreateOrder(symbol="NQ", side="buy", quantity=1, order_type="market")


def test_the_stream_answers_from_the_database_while_redis_is_down(make_store, tmp_path, users):  # noqa: F811
    rd = PrivateRedis()
    store = make_store("duckdb")
    load_file(store, split_file(NQ, "NQ", tmp_path).first, "NQ")
    alice = users["alice"]
    service.place_order(store, alice, BUY, 100_000)          # stored before the stream opens
    rd.stop()

    def place_later():
        time.sleep(0.5)
        service.place_order(store, alice, BUY, 100_000)      # no Redis to wake anyone: the timer

    try:
        with live_server(make_app(store, users, rd.url)) as url, httpx.Client(base_url=url, timeout=30) as c:
            t = threading.Thread(target=place_later)
            t.start()
            got = []
            with c.stream("GET", "/api/notifications", headers={"x-test-user": "alice"}) as r:
                assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
                deadline = time.monotonic() + 20
                for ev in parse_sse(r.iter_lines()):
                    got.append(ev)
                    if len(got) >= 2 or time.monotonic() > deadline:
                        break
            t.join()
        assert [e["data"]["kind"] for e in got] == ["fill", "fill"], got
        assert got[0]["id"] < got[1]["id"]
    finally:
        rd.stop()
