"""The CLI as the client of a running `askbar serve` (its address in ASKBAR_HOME/server.json).

Stdlib http.client only, so a client-mode command starts in a fraction of the time the graph
stack takes to import. Authentication, as the server sees it:
- no users on a loopback server: no header, the server runs the call as the local user;
- ASKBAR_TOKEN set: that API token (or service JWT), the user it belongs to;
- --user NAME: a short-lived service JWT for that user signed with ASKBAR_JWT_SECRET, the secret
  the server verifies with (the CLI runs where the server's settings live, an operator's tool).
Server errors become the CLI's exit codes: 4xx bad input or refusal (2), 5xx internal failure (1).
"""
from __future__ import annotations

import http.client
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

READ_TIMEOUT_S = 600.0      # a cold question can plan, run SQL and validate for a while


class ServerError(Exception):
    """A 4xx/5xx answer: status, the server's error code and its one-line message."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass
class Client:
    url: str
    token: str | None = None

    def _conn(self) -> http.client.HTTPConnection:
        parts = urlsplit(self.url)
        return http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80,
                                          timeout=READ_TIMEOUT_S)

    def _headers(self, body: bytes | None, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"Accept": "application/json", **(extra or {})}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def _send(self, method: str, path: str, data: Any = None, query: dict | None = None,
              headers: dict[str, str] | None = None) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        body = None if data is None else json.dumps(data).encode()
        target = path + ("?" + urlencode({k: v for k, v in query.items() if v is not None}) if query else "")
        conn = self._conn()
        try:
            conn.request(method, target, body=body, headers=self._headers(body, headers))
            return conn, conn.getresponse()
        except OSError as exc:
            conn.close()
            raise ServerError(0, "unreachable", f"the server at {self.url} did not answer: {exc}") from None

    def call(self, method: str, path: str, data: Any = None, query: dict | None = None,
             ok: tuple[int, ...] = (200,)) -> Any:
        """One JSON request; a status outside `ok` raises ServerError with the server's message."""
        conn, resp = self._send(method, path, data, query)
        try:
            raw = resp.read()
        finally:
            conn.close()
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        if resp.status not in ok:
            err = (body or {}).get("error") if isinstance(body, dict) else None
            err = err if isinstance(err, dict) else {}
            raise ServerError(resp.status, str(err.get("code") or resp.status),
                              str(err.get("message") or raw[:300].decode("utf-8", "replace")))
        return body

    def download(self, path: str, query: dict | None = None) -> bytes:
        """A GET whose answer is a file: its bytes (an error answer raises ServerError)."""
        conn, resp = self._send("GET", path, None, query, headers={"Accept": "*/*"})
        try:
            raw = resp.read()
        finally:
            conn.close()
        if resp.status != 200:
            try:
                err = json.loads(raw).get("error") or {}
            except (ValueError, AttributeError):
                err = {}
            raise ServerError(resp.status, str(err.get("code") or resp.status),
                              str(err.get("message") or raw[:300].decode("utf-8", "replace")))
        return raw

    def events(self, path: str, data: Any) -> Iterator[tuple[str, dict[str, Any]]]:
        """POST, then the SSE events (name, data) as they come."""
        conn, resp = self._send("POST", path, data, headers={"Accept": "text/event-stream"})
        try:
            if resp.status != 200:
                raw = resp.read()
                err: dict[str, Any] = {}
                try:
                    err = json.loads(raw).get("error") or {}
                except (ValueError, AttributeError):
                    pass
                raise ServerError(resp.status, str(err.get("code") or resp.status),
                                  str(err.get("message") or raw[:300].decode("utf-8", "replace")))
            name, lines = "message", list[str]()
            for raw_line in resp:
                line = raw_line.decode("utf-8").rstrip("\r\n")
                if not line:
                    if lines:
                        yield name, json.loads("\n".join(lines))
                    name, lines = "message", list[str]()
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    lines.append(line[5:].lstrip())
        finally:
            conn.close()

    def run(self, path: str, data: Any) -> dict[str, Any]:
        """A chat/resume run to its end: the `done` object (the --json result)."""
        for name, payload in self.events(path, data):
            if name == "done":
                return payload
            if name == "error":
                raise ServerError(500, str(payload.get("code") or "error"),
                                  str(payload.get("message") or payload))
        raise ServerError(500, "stream_cut", "the server closed the answer stream before it finished")


def segment(value: str) -> str:
    return quote(value, safe="")


def token_for(user: str | None) -> str | None:
    """The bearer token a client-mode command sends (module docstring)."""
    if not user:
        return os.environ.get("ASKBAR_TOKEN") or None
    secret = os.environ.get("ASKBAR_JWT_SECRET")
    from agent.identity.models import LOCAL_USER

    if user == LOCAL_USER.user_id and not os.environ.get("ASKBAR_TOKEN"):
        return None
    if not secret:
        from agent.cli.main import BadInput

        raise BadInput(f"--user {user} through the running server needs ASKBAR_JWT_SECRET (the server's "
                       "JWT secret) or that user's API token in ASKBAR_TOKEN")
    from agent.identity.service_tokens import issue
    from agent.identity.users import IdentityError, UserStore
    from agent.settings import get_settings
    from agent.storage.appdb import AppDB

    appdb = AppDB(get_settings())
    try:
        found = UserStore(appdb).find(user)
    except IdentityError as exc:
        from agent.cli.main import BadInput

        raise BadInput(f"unknown user: {exc}") from None
    finally:
        appdb.close()
    return issue(secret, found.name or found.user_id, found.tenant_id, ["read", "write", "trade"], ttl_s=300)
