"""`askbar feed alpaca`'s feed driving the REAL alpaca-py clients (StockDataStream and
StockHistoricalDataClient) against a local server speaking Alpaca's protocols
(tests/agent/live/alpaca_server.py): auth, subscribe, bar messages, an error message, a cut
connection. The feed reconnects with backoff, fills the missed bars from the historical API, sends
no bar twice, and the store ends with exactly the published bars; an alert fires once, at the bar
pandas finds."""
from __future__ import annotations

import threading
import time

import pandas as pd
import pytest

from agent.identity.models import LOCAL_USER
from agent.live.alpaca_feed import AlpacaFeed
from agent.live.append import append_bars, last_stored
from agent.live.sink import StoreSink
from agent.trading import service
from agent.trading.params import CreateAlert
from tests.agent.live.alpaca_server import KEY, SECRET, AlpacaServer
from tests.agent.live.helpers import SPY, live, real_bars, table
from tests.agent.market.conftest import new_store
from tests.conftest import ENGINES


class Recording(StoreSink):
    def __init__(self, store):
        super().__init__(store)
        self.sent: list[tuple] = []

    def send(self, bars):
        self.sent += [(b.symbol, b.ts, b.high) for b in bars]
        return super().send(bars)


def _wait(cond, timeout=30.0, what=""):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


@pytest.mark.parametrize("engine", ENGINES)
def test_stream_reconnect_gap_fill_no_duplicates(engine, tmp_path_factory, pg_database_factory, caplog):
    store = new_store(engine, tmp_path_factory, pg_database_factory)
    truth = real_bars(SPY, "SPY", "2024-03-05 14:30", "2024-03-05 16:30")    # 120 bars
    append_bars(store, live(truth.iloc[:30]))                                  # stored before the feed
    # an alert the later bars cross (above the stored high, or below the stored low)
    later = truth.iloc[30:]
    up = float(later["high"].max()) > float(truth.iloc[:30]["high"].max())
    level = (float(truth.iloc[:30]["high"].max()) + 0.01) if up else (float(truth.iloc[:30]["low"].min()) - 0.01)
    hits = later[later["high"] >= level] if up else later[later["low"] <= level]
    assert len(hits)
    alert = service.create_alert(store, LOCAL_USER, CreateAlert(symbol="SPY", condition=">=" if up else "<=",
                                                                price=level))
    server = AlpacaServer(truth)
    server.published = 30
    sink = Recording(store)
    feed = AlpacaFeed(["SPY"], sink, KEY, SECRET, url=server.url, rest_url=server.rest_url,
                      min_backoff_s=0.05, last_stored=last_stored(store, ["SPY"]))
    runner = threading.Thread(target=feed.run, daemon=True)
    runner.start()
    try:
        _wait(server.subscribed.is_set, what="the first subscription")
        server.stream(30)                         # bars 30..59 live
        server.error(500, "internal error")       # an error message: logged, the stream goes on
        server.resend(45)                         # a duplicate: not sent again
        _wait(lambda: len(sink.sent) >= 30, what="the streamed bars")
        server.drop()                             # the network fails ...
        server.miss(15)                           # ... while bars 60..74 happen
        _wait(lambda: server.connections >= 2 and server.subscribed.is_set(), what="the reconnection")
        server.stream(45)                         # bars 75..119 live again
        _wait(lambda: len(sink.sent) >= 90, what="every bar")
        time.sleep(0.3)
    finally:
        feed.stop()
        runner.join(10)
        server.close()
    keys = [(s, t) for s, t, _ in sink.sent]
    assert len(keys) == len(set(keys)) == 90                  # no duplicates, no gap
    assert [t for _, t in keys] == sorted(t for _, t in keys)  # in bar order, gap before the live bars
    assert server.rest_calls, "the gap was filled from the historical API"
    stored = table(store, "ohlcv_1min", "SPY")
    assert list(stored["ts"]) == list(truth["ts"])
    assert stored["close"].tolist() == truth["close"].tolist()
    row = store.query("SELECT status, fired_bar_ts FROM price_alerts WHERE alert_id = %(a)s"
                      if engine == "postgres" else "SELECT status, fired_bar_ts FROM price_alerts WHERE alert_id = $a",
                      {"a": alert.alert_id})[0]
    assert row["status"] == "fired" and pd.Timestamp(row["fired_bar_ts"]) == hits.iloc[0]["ts"]
    n = store.query("SELECT count(*) AS n FROM user_notifications")[0]["n"]
    assert n == 1
    store.close()


def test_a_revision_replaces_the_bar(tmp_path_factory, pg_database_factory):
    store = new_store("duckdb", tmp_path_factory, pg_database_factory)
    truth = real_bars(SPY, "SPY", "2024-03-05 14:30", "2024-03-05 15:00")
    server = AlpacaServer(truth)
    sink = Recording(store)
    feed = AlpacaFeed(["SPY"], sink, KEY, SECRET, url=server.url, rest_url=server.rest_url, min_backoff_s=0.05)
    runner = threading.Thread(target=feed.run, daemon=True)
    runner.start()
    try:
        _wait(server.subscribed.is_set, what="the subscription")
        server.stream(10)
        _wait(lambda: len(sink.sent) >= 10, what="the bars")
        new_high = float(truth.iloc[5]["high"]) + 1.0
        server.resend(5, kind="u", high=new_high)     # Alpaca's updated bar: a late trade revised it
        _wait(lambda: len(sink.sent) >= 11, what="the revision")
    finally:
        feed.stop()
        runner.join(10)
        server.close()
    stored = table(store, "ohlcv_1min", "SPY")
    assert stored["high"].iloc[5] == new_high
    assert len(stored) == 10
    store.close()
