"""`askbar feed alpaca --symbols SPY,QQQ`: Alpaca's market-data stream into the live ingest path.

Alpaca's official client (alpaca-py: StockDataStream, or CryptoDataStream for symbols such as
BTC/USD; `url` overrides its endpoint) connects, authenticates with ALPACA_API_KEY /
ALPACA_SECRET_KEY, subscribes to the symbols' minute bars and updated bars, and reconnects by
itself with exponential backoff and jitter after any error or disconnect.

No gaps, no duplicates:
- every (re)connection, the first one included, fills the gap from the last bar the store holds
  (or the last one this process delivered) to now through Alpaca's historical bars API
  (StockHistoricalDataClient / CryptoHistoricalDataClient, `rest_url` overrides it); while that
  runs, bars from the stream are held back and then delivered after the gap's, in bar order, so
  alerts see every bar in order. Where the gap cannot be filled (no earlier bar known, or the API
  fails) the log says which symbol and which span were not filled, and why;
- a bar already delivered (same symbol and minute) is not sent again, except an updated bar (a
  revision), which replaces the stored one;
- the sink (a server's POST /api/bars, or the store) retries until it takes every bar.
Our symbol is Alpaca's without the slash (BTC/USD -> BTCUSD).
"""
from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict
from datetime import datetime, timedelta, timezone
from typing import Any

from agent.live.bars import LiveBar
from agent.live.sink import Sink, SinkRefused

log = logging.getLogger("askbar.feed")
REMEMBERED = 20_000           # delivered (symbol, minute) keys kept for the duplicate check


def store_symbol(alpaca_symbol: str) -> str:
    return alpaca_symbol.replace("/", "").upper()


def _naive_utc(ts: datetime) -> datetime:
    return ts.astimezone(timezone.utc).replace(tzinfo=None) if ts.tzinfo else ts


def to_live(bar: Any) -> LiveBar:
    """An alpaca-py Bar as our LiveBar."""
    return LiveBar(symbol=store_symbol(bar.symbol), ts=_naive_utc(bar.timestamp), open=bar.open,
                   high=bar.high, low=bar.low, close=bar.close, volume=bar.volume or 0.0)


class AlpacaFeed:
    def __init__(self, symbols: list[str], sink: Sink, api_key: str, secret_key: str,
                 url: str | None = None, rest_url: str | None = None, feed: str = "iex",
                 min_backoff_s: float = 1.0, last_stored: dict[str, datetime | None] | None = None):
        self.symbols = [s.strip().upper() for s in symbols if s.strip()]
        kinds = {"/" in s for s in self.symbols}
        if len(kinds) != 1:
            raise ValueError("--symbols takes stocks (SPY,QQQ) or crypto pairs (BTC/USD,ETH/USD), not both")
        self.crypto = kinds.pop()
        self.sink, self.key, self.secret = sink, api_key, secret_key
        self.url, self.rest_url, self.feed, self.min_backoff_s = url, rest_url, feed, min_backoff_s
        self.last: dict[str, datetime] = {k: v for k, v in (last_stored or {}).items() if v}
        self.delivered: OrderedDict[tuple[str, datetime], None] = OrderedDict()
        self.held: list[LiveBar] | None = None       # stream bars held while a gap is filled
        self.lock = threading.Lock()
        self.out: queue.Queue[LiveBar | None] = queue.Queue()
        self.connections = 0
        self.failed: BaseException | None = None
        self.stream: Any = None

    # ---- the stream ---------------------------------------------------------------------------
    def make_stream(self) -> Any:
        from alpaca.data.enums import DataFeed
        from alpaca.data.live import CryptoDataStream, StockDataStream

        feed = self

        base: Any = CryptoDataStream if self.crypto else StockDataStream

        class Stream(base):
            async def _start_ws(self) -> None:
                await super()._start_ws()
                feed.on_connected()

        kwargs: dict[str, Any] = {"url_override": self.url}
        if not self.crypto:
            kwargs["feed"] = DataFeed(self.feed)
        stream = Stream(self.key, self.secret, **kwargs)
        stream._reconnect_min_backoff = self.min_backoff_s    # alpaca-py's own backoff, from here
        stream.subscribe_bars(self.on_bar, *self.symbols)
        stream.subscribe_updated_bars(self.on_updated_bar, *self.symbols)
        return stream

    def run(self) -> None:
        """Until the stream stops (Ctrl-C) or the sink refuses the bars (raised)."""
        sender = threading.Thread(target=self._send_loop, name="feed-sender", daemon=True)
        sender.start()
        self.stream = self.make_stream()
        try:
            self.stream.run()
        finally:
            self.out.put(None)
            sender.join(30)
        if self.failed:
            raise self.failed

    def stop(self) -> None:
        if self.stream is not None:
            self.stream.stop()

    def on_connected(self) -> None:
        """After each authentication: hold stream bars and fill the gap since the last bar."""
        self.connections += 1
        with self.lock:
            since = dict(self.last)
            self.held = []
        if self.connections > 1:
            log.warning("reconnected to the market-data stream (connection %d)", self.connections)
        threading.Thread(target=self._fill_gap, args=(since,), name="feed-gap", daemon=True).start()

    async def on_bar(self, bar: Any) -> None:
        self._take([to_live(bar)], revision=False)

    async def on_updated_bar(self, bar: Any) -> None:
        self._take([to_live(bar)], revision=True)

    # ---- delivery -----------------------------------------------------------------------------
    def _take(self, bars: list[LiveBar], revision: bool) -> None:
        with self.lock:
            if self.held is not None:
                self.held += bars if not revision else []
                if not revision:
                    return
            for b in bars:
                self._deliver(b, revision)

    def _deliver(self, b: LiveBar, revision: bool = False) -> None:
        """Under the lock: queue a bar unless already delivered (a revision always goes)."""
        key = (b.symbol, b.ts)
        if key in self.delivered and not revision:
            return
        self.delivered[key] = None
        while len(self.delivered) > REMEMBERED:
            self.delivered.popitem(last=False)
        if b.ts > self.last.get(b.symbol, datetime.min):
            self.last[b.symbol] = b.ts
        self.out.put(b)

    def _fill_gap(self, since: dict[str, datetime]) -> None:
        now = datetime.now(timezone.utc).replace(tzinfo=None)
        filled: list[LiveBar] = []
        for sym in self.symbols:
            ours = store_symbol(sym)
            start = since.get(ours)
            if start is None:
                if self.connections > 1:
                    log.warning("gap of %s not filled: no bar of it was received before the disconnect", ours)
                continue
            try:
                got = self._history(sym, start + timedelta(minutes=1), now)
            except Exception as exc:   # the API is down or refuses: say so, keep streaming
                log.error("gap of %s from %s to %s not filled: the historical bars API failed (%s)",
                          ours, start.isoformat(), now.isoformat(), exc)
                continue
            log.info("gap of %s from %s filled with %d bars from the historical API", ours, start.isoformat(),
                     len(got))
            filled += got
        with self.lock:
            held, self.held = self.held or [], None
            for b in sorted(filled + held, key=lambda b: (b.ts, b.symbol)):
                self._deliver(b)

    def _history(self, sym: str, start: datetime, end: datetime) -> list[LiveBar]:
        from alpaca.data.timeframe import TimeFrame

        utc = timezone.utc
        if self.crypto:
            from alpaca.data.historical import CryptoHistoricalDataClient
            from alpaca.data.requests import CryptoBarsRequest

            client: Any = CryptoHistoricalDataClient(self.key, self.secret, url_override=self.rest_url)
            bars = client.get_crypto_bars(CryptoBarsRequest(symbol_or_symbols=[sym], timeframe=TimeFrame.Minute,
                                                            start=start.replace(tzinfo=utc),
                                                            end=end.replace(tzinfo=utc)))
        else:
            from alpaca.data.enums import DataFeed
            from alpaca.data.historical import StockHistoricalDataClient
            from alpaca.data.requests import StockBarsRequest

            client = StockHistoricalDataClient(self.key, self.secret, url_override=self.rest_url)
            bars = client.get_stock_bars(StockBarsRequest(symbol_or_symbols=[sym], timeframe=TimeFrame.Minute,
                                                          start=start.replace(tzinfo=utc),
                                                          end=end.replace(tzinfo=utc), feed=DataFeed(self.feed)))
        return [to_live(b) for b in bars.data.get(sym, [])]

    def _send_loop(self) -> None:
        done = False
        while not done:
            first = self.out.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < 1000:
                try:
                    b = self.out.get_nowait()
                except queue.Empty:
                    break
                if b is None:
                    done = True
                    break
                batch.append(b)
            try:
                self.sink.send(batch)
            except SinkRefused as exc:
                log.error("%s", exc)
                self.failed = exc
                self.stop()
                return
