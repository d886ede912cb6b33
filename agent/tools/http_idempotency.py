"""`Idempotency-Key` for tool calls over HTTP (POST /api/tools/{name}) that change something.

A client that retries a POST after a timeout must not place a second order. Per (tenant, user,
key) - the user from the token, so two users' equal keys never meet - the first request claims
the key in the app database, runs the tool through ToolExecutor.execute(idempotency_key=...) (the
trading tools then store the key with the order or alert, so even a request that dies after placing
it places nothing the second time) and stores its response; a retry gets that response back byte
for byte. As the IETF Idempotency-Key draft says: the same key with another tool or body is 422,
and a retry while the first request still runs is 409. Only a successful result is kept: after a
refusal or an error the key is released and a retry runs again. A claim older than STALE_S
(its request died) is taken over; a key is forgotten after KEY_TTL_S.
"""
from __future__ import annotations

import hashlib
import time
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from agent.identity.models import User
from agent.tools.cache import canonical

MAX_KEY_CHARS = 255
STALE_S = 120.0                  # longer than any tool call runs
KEY_TTL_S = 24 * 3600.0
EXECUTOR_PREFIX = "http:"        # keeps a client's keys apart from the graph's confirmed-action ids

CLAIM = ("INSERT INTO tool_idempotency (tenant_id, user_id, idem_key, fingerprint, claim, claimed_at) "
         "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (tenant_id, user_id, idem_key) DO NOTHING")
SELECT = ("SELECT fingerprint, claim, claimed_at, status_code, response FROM tool_idempotency "
          "WHERE tenant_id = %s AND user_id = %s AND idem_key = %s")
TAKE_OVER = ("UPDATE tool_idempotency SET fingerprint = %s, claim = %s, claimed_at = %s, "
             "status_code = NULL, response = NULL "
             "WHERE tenant_id = %s AND user_id = %s AND idem_key = %s AND claim = %s")
COMPLETE = ("UPDATE tool_idempotency SET status_code = %s, response = %s "
            "WHERE tenant_id = %s AND user_id = %s AND idem_key = %s AND claim = %s")
RELEASE = ("DELETE FROM tool_idempotency "
           "WHERE tenant_id = %s AND user_id = %s AND idem_key = %s AND claim = %s")


def bad_key(key: str) -> str | None:
    """Why a header value cannot be a key (None: it can)."""
    if not key or len(key) > MAX_KEY_CHARS:
        return f"Idempotency-Key must be 1 to {MAX_KEY_CHARS} characters"
    if not key.isascii() or not key.isprintable():
        return "Idempotency-Key must be printable ASCII"
    return None


def fingerprint(tool: str, body: Any) -> str:
    return hashlib.sha256(f"{tool}\n{canonical(body)}".encode()).hexdigest()


@dataclass
class Claim:
    """What to do with a request: run it (`run`, holding `token`), send the stored response
    (`replay`), or refuse it (`in_progress` 409, `mismatch` 422)."""
    outcome: Literal["run", "replay", "in_progress", "mismatch"]
    token: str = ""
    status_code: int = 200
    response: str = ""


class IdempotencyKeys:
    def __init__(self, appdb: Any):
        self.db = appdb

    def claim(self, user: User, key: str, fp: str) -> Claim:
        for _ in range(2):     # a row released between our insert and select: claim again
            found = self._claim(user, key, fp)
            if found is not None:
                return found
        return Claim("in_progress")

    def _claim(self, user: User, key: str, fp: str) -> Claim | None:
        token, now = uuid.uuid4().hex, time.time()
        pk = (user.tenant_id, user.user_id, key)
        with self.db.transaction() as tx:       # one transaction: a concurrent twin waits here
            tx.execute(CLAIM, (*pk, fp, token, now))
            row = tx.one(SELECT, pk)
            if row is None:
                return None
            if row["claim"] == token:
                return Claim("run", token)
            age, done = now - float(row["claimed_at"]), row["response"] is not None
            if age > KEY_TTL_S or (row["fingerprint"] == fp and not done and age > STALE_S):
                tx.execute(TAKE_OVER, (fp, token, now, *pk, row["claim"]))
                return Claim("run", token)
        if row["fingerprint"] != fp:
            return Claim("mismatch")
        if not done:
            return Claim("in_progress")
        return Claim("replay", status_code=int(row["status_code"]), response=str(row["response"]))

    def complete(self, user: User, key: str, token: str, status_code: int, response: str) -> None:
        self.db.execute(COMPLETE, (status_code, response, user.tenant_id, user.user_id, key, token))

    def release(self, user: User, key: str, token: str) -> None:
        self.db.execute(RELEASE, (user.tenant_id, user.user_id, key, token))
