"""Where a feed process sends its bars: a running server (`POST /api/bars`) or the store itself.

A feed never drops a bar it was given: a server that does not answer, or answers 5xx (killed,
restarting, overloaded), is retried with exponential backoff until it takes the batch; the ingest
is idempotent per (symbol, ts), so a batch the server stored before it died costs nothing when sent
again. A 4xx (a bad bar, a refused token) is not retried: it raises SinkRefused with the server's
message.
"""
from __future__ import annotations

import http.client
import json
import logging
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol
from urllib.parse import urlsplit

from agent.live.bars import LiveBar, to_ndjson

log = logging.getLogger("askbar.feed")
MAX_BATCH = 20_000          # bars per POST: well under the server's body limit


class SinkRefused(Exception):
    """The server refused the bars (4xx): retrying cannot help."""


class Sink(Protocol):
    def send(self, bars: list[LiveBar]) -> dict[str, Any]: ...

    def last(self, symbols: list[str]) -> dict[str, datetime | None]: ...


class StoreSink:
    """In process: the market store of this environment (no server running on it)."""

    def __init__(self, store: Any, redis_url: str | None = None):
        self.store, self.redis_url = store, redis_url

    def send(self, bars: list[LiveBar]) -> dict[str, Any]:
        from agent.live.append import append_bars

        reports = append_bars(self.store, bars, self.redis_url)
        return {"bars": len(bars), "symbols": [r.model_dump(include={"symbol", "inserted", "updated", "unchanged",
                                                                     "orders_filled", "alerts_fired"})
                                               for r in reports]}

    def last(self, symbols: list[str]) -> dict[str, datetime | None]:
        from agent.live.append import last_stored

        return last_stored(self.store, symbols)


class HttpSink:
    """A server's `POST /api/bars`, retried with backoff (module docstring)."""

    def __init__(self, url: str, token: str | None = None, min_backoff_s: float = 0.2,
                 max_backoff_s: float = 10.0, sleep: Callable[[float], None] = time.sleep):
        self.url, self.token = url.rstrip("/"), token
        self.min_backoff_s, self.max_backoff_s, self.sleep = min_backoff_s, max_backoff_s, sleep

    def send(self, bars: list[LiveBar]) -> dict[str, Any]:
        out: dict[str, Any] = {"bars": 0, "symbols": []}
        for start in range(0, len(bars), MAX_BATCH):
            got = self._send(to_ndjson(bars[start:start + MAX_BATCH]))
            out["bars"] += got.get("bars", 0)
            out["symbols"] += got.get("symbols", [])
        return out

    def last(self, symbols: list[str]) -> dict[str, datetime | None]:
        from urllib.parse import urlencode

        status, data = self._request("GET", "/api/bars/last?" + urlencode({"symbols": ",".join(symbols)}), None)
        if status != 200:
            raise SinkRefused(f"the server did not say its last bars ({status}): {data}")
        return {k: datetime.fromisoformat(v) if v else None for k, v in data.get("last", {}).items()}

    def _send(self, body: bytes) -> dict[str, Any]:
        delay, attempt = self.min_backoff_s, 0
        while True:
            attempt += 1
            try:
                status, data = self._request("POST", "/api/bars", body)
            except OSError as exc:
                status, data = 0, {"error": {"message": str(exc)}}
            if status == 200:
                if attempt > 1:
                    log.info("server took the bars after %d attempts", attempt)
                return data
            message = ((data or {}).get("error") or {}).get("message") or str(data)[:300]
            if 400 <= status < 500:
                raise SinkRefused(f"the server refused the bars ({status}): {message}")
            log.warning("server at %s did not take the bars (%s: %s); retrying in %.1f s",
                        self.url, status or "no answer", message, delay)
            self.sleep(delay)
            delay = min(delay * 2, self.max_backoff_s)

    def _request(self, method: str, path: str, body: bytes | None) -> tuple[int, Any]:
        parts = urlsplit(self.url)
        conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=120)
        headers = {"Content-Type": "application/x-ndjson", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            conn.request(method, path, body=body, headers=headers if body is not None else
                         {k: v for k, v in headers.items() if k != "Content-Type"})
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        try:
            return resp.status, json.loads(raw) if raw else {}
        except ValueError:
            return resp.status, {"error": {"message": raw[:300].decode("utf-8", "replace")}}
