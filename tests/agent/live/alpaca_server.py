"""A local server speaking Alpaca's market-data protocols, for driving the real alpaca-py clients:

- the stream (wss://stream.data.alpaca.markets/v2/{feed}): msgpack frames, each a list of
  messages: `[{"T": "success", "msg": "connected"}]` on connect; `{"action": "auth", "key",
  "secret"}` -> `[{"T": "success", "msg": "authenticated"}]` or `[{"T": "error", "code": 402,
  "msg": "auth failed"}]`; `{"action": "subscribe", "bars": [...], "updatedBars": [...]}` ->
  `[{"T": "subscription", "trades": [], "quotes": [], "bars": [...], ...}]`; then bars
  `{"T": "b", "S": "SPY", "o", "h", "l", "c", "v", "t": msgpack Timestamp, "n", "vw"}`, errors
  `{"T": "error", "code", "msg"}`; `drop()` cuts the connection as a network failure would;
- the historical bars API (https://data.alpaca.markets/v2/stocks/bars): JSON
  `{"bars": {"SPY": [{"t": "2024-03-05T15:00:00Z", "o", ...}]}, "next_page_token": null}` with
  the key headers checked, serving the bars published so far (streamed or missed).
"""
from __future__ import annotations

import asyncio
import json
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import msgpack
import pandas as pd
from websockets.asyncio.server import serve

KEY, SECRET = "test-key", "test-secret"


def _msg(row, kind: str = "b") -> dict:
    t = row.ts.to_pydatetime().replace(tzinfo=timezone.utc)
    return {"T": kind, "S": row.symbol, "o": row.open, "h": row.high, "l": row.low, "c": row.close,
            "v": row.volume, "t": msgpack.Timestamp.from_datetime(t), "n": 10, "vw": row.close}


class AlpacaServer:
    def __init__(self, bars: pd.DataFrame):
        self.bars = bars                      # the truth: symbol, ts (naive UTC), OHLCV
        self.published = 0                    # bars[:published] have happened (streamed or missed)
        self.connections = 0
        self.subscribed = threading.Event()
        self.auth_failures = 0
        self.rest_calls: list[dict] = []
        self._ws = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._ready.wait(10)
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.rest_url = f"http://127.0.0.1:{self.http.server_address[1]}"

    # ---- websocket ----------------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)

        async def main():
            async with serve(self._session, "127.0.0.1", 0) as server:
                self.url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
                self._done = asyncio.get_running_loop().create_future()
                self._ready.set()
                await self._done
        self._loop.run_until_complete(main())

    async def _session(self, ws) -> None:
        self.connections += 1
        await ws.send(msgpack.packb([{"T": "success", "msg": "connected"}]))
        auth = msgpack.unpackb(await ws.recv())
        if auth.get("action") != "auth" or (auth.get("key"), auth.get("secret")) != (KEY, SECRET):
            self.auth_failures += 1
            await ws.send(msgpack.packb([{"T": "error", "code": 402, "msg": "auth failed"}]))
            await ws.close()
            return
        await ws.send(msgpack.packb([{"T": "success", "msg": "authenticated"}]))
        async for raw in ws:
            m = msgpack.unpackb(raw)
            if m.get("action") == "subscribe":
                await ws.send(msgpack.packb([{"T": "subscription", "trades": [], "quotes": [],
                                              "bars": m.get("bars", []), "updatedBars": m.get("updatedBars", []),
                                              "dailyBars": [], "statuses": [], "lulds": [],
                                              "corrections": [], "cancelErrors": []}]))
                self._ws = ws
                self.subscribed.set()

    def _call(self, coro) -> None:
        asyncio.run_coroutine_threadsafe(coro, self._loop).result(10)

    def stream(self, n: int) -> None:
        """Publish and stream the next n bars, one frame each."""
        for row in self.bars.iloc[self.published:self.published + n].itertuples(index=False):
            self.published += 1
            self._call(self._ws.send(msgpack.packb([_msg(row)])))

    def resend(self, i: int, kind: str = "b", **change) -> None:
        """Stream bar i again (a duplicate; with kind "u" and changed values, a revision)."""
        row = self.bars.iloc[i].copy()
        for k, v in change.items():
            row[k] = v
        self._call(self._ws.send(msgpack.packb([_msg(pd.DataFrame([row]).itertuples(index=False).__next__(),
                                                     kind)])))

    def error(self, code: int, msg: str) -> None:
        self._call(self._ws.send(msgpack.packb([{"T": "error", "code": code, "msg": msg}])))

    def miss(self, n: int) -> None:
        """n bars happen while no client hears them (only the historical API has them)."""
        self.published += n

    def drop(self) -> None:
        """Cut the connection (no close handshake from the client's side of view: a lost network)."""
        self.subscribed.clear()
        ws = self._ws
        self._call(self._abort(ws))

    async def _abort(self, ws) -> None:
        ws.transport.abort()

    # ---- historical REST ----------------------------------------------------------------------
    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_GET(self):
                parts = urlsplit(self.path)
                q = {k: v[0] for k, v in parse_qs(parts.query).items()}
                if (self.headers.get("APCA-API-KEY-ID"), self.headers.get("APCA-API-SECRET-KEY")) != (KEY, SECRET):
                    return self._send(403, {"message": "forbidden"})
                if parts.path != "/v2/stocks/bars" or q.get("timeframe") != "1Min":
                    return self._send(404, {"message": "not found"})
                server.rest_calls.append(q)
                start = pd.Timestamp(q["start"]).tz_convert(None)
                end = pd.Timestamp(q["end"]).tz_convert(None) if "end" in q else pd.Timestamp.max
                seen = server.bars.iloc[:server.published]
                out = {}
                for sym in q["symbols"].split(","):
                    sel = seen[(seen["symbol"] == sym) & (seen["ts"] >= start) & (seen["ts"] <= end)]
                    out[sym] = [{"t": r.ts.strftime("%Y-%m-%dT%H:%M:%SZ"), "o": r.open, "h": r.high, "l": r.low,
                                 "c": r.close, "v": r.volume, "n": 10, "vw": r.close}
                                for r in sel.itertuples(index=False)]
                self._send(200, {"bars": out, "next_page_token": None})

            def _send(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
        return Handler

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()
        self._loop.call_soon_threadsafe(self._done.set_result, None)
        self._thread.join(10)


def utc(ts: datetime) -> datetime:
    return ts.replace(tzinfo=timezone.utc)
