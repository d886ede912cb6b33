"""A real HTTP server playing tenants' external APIs: answers, 429, 500, slow replies and garbage.

Counts raw calls and executions per Idempotency-Key (an execution happens once per key, as an
idempotent API does), so tests can tell "the tool ran once per task" from "a request was repeated".
"""
from __future__ import annotations

import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Stub:
    def __init__(self, keep_alive: bool = True) -> None:
        self.calls: Counter[str] = Counter()        # path -> raw calls
        self.keys: Counter[str] = Counter()         # Idempotency-Key -> raw calls
        self.executed: dict[str, dict] = {}         # Idempotency-Key -> result (once)
        self.order: list[str] = []                  # Idempotency-Keys in execution order
        self.api_keys: list[str | None] = []
        self.flaky_left = 0                         # /flaky answers 500 this many times, then ok
        self.lock = threading.Lock()
        self.delay_s = 0.0
        stub = self

        class Handler(BaseHTTPRequestHandler):
            # Keep-alive, as real HTTP APIs answer: a connection per call would measure TCP
            # set-up in both the stub and the registry instead of the registry's own work.
            protocol_version = "HTTP/1.1" if keep_alive else "HTTP/1.0"
            # Headers and body go out in two writes: with Nagle on, the body waits for the
            # client's delayed ACK (40 ms) on a kept-alive connection.
            disable_nagle_algorithm = True

            def log_message(self, *a):  # quiet
                pass

            def _send(self, code: int, body: bytes, ctype: str = "application/json", headers=None):
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                with stub.lock:
                    stub.calls["GET " + self.path] += 1
                if self.path.startswith("/down"):
                    return self._send(503, b"{}")
                if self.path.startswith("/auth") and self.headers.get("X-API-Key") != "s3cret":
                    return self._send(401, b"{}")
                self._send(200, b'{"ok": true}')

            def do_POST(self):
                n = int(self.headers.get("Content-Length") or 0)
                params = json.loads(self.rfile.read(n) or b"{}")
                key = self.headers.get("Idempotency-Key") or ""
                with stub.lock:
                    stub.calls[self.path] += 1
                    stub.keys[key] += 1
                    stub.api_keys.append(self.headers.get("X-API-Key"))
                path = self.path
                if path.startswith("/429"):
                    return self._send(429, b'{"error": "slow down"}', headers={"Retry-After": "0"})
                if path.startswith("/500"):
                    return self._send(500, b'{"error": "boom"}')
                if path.startswith("/flaky"):
                    with stub.lock:
                        fail = stub.flaky_left > 0
                        stub.flaky_left -= 1 if fail else 0
                    if fail:
                        return self._send(502, b"bad gateway")
                if path.startswith("/slow"):
                    time.sleep(float(params.get("sleep", 2.0)))
                if path.startswith("/garbage"):
                    return self._send(200, b"<html>not json", ctype="text/html")
                if stub.delay_s:
                    time.sleep(stub.delay_s)
                with stub.lock:
                    if key not in stub.executed:     # idempotent: one execution per key
                        stub.executed[key] = {"echo": params, "sum": sum(
                            v for v in params.values() if isinstance(v, (int, float)))}
                        stub.order.append(key)
                    result = stub.executed[key]
                self._send(200, json.dumps(result).encode())

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
