"""In-process wake-ups for the notification streams of this server.

Without Redis, `GET /api/notifications` re-reads the database every `notifications_poll_s`; a bar
ingested in this process rings the bell of each user it notified, so their open streams read at
once (a fired alert reaches the user within milliseconds of its bar, not up to a poll later).
Streams on other processes still see it through Redis, or their next poll.
"""
from __future__ import annotations

import asyncio
import threading
from collections import defaultdict
from typing import Any

_lock = threading.Lock()
_waiters: dict[tuple[str, str], set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = defaultdict(set)
_rung: dict[tuple[str, str], int] = defaultdict(int)   # rings per user: a ring between a stream's
# read and its wait is not lost (the stream passes the count it saw before reading)


def rung(tenant_id: str, user_id: str) -> int:
    with _lock:
        return _rung.get((tenant_id, user_id), 0)


def ring(notifications: list[dict[str, Any]]) -> None:
    """Wake the streams of every user in `notifications` (callable from any thread)."""
    keys = {(n["tenant_id"], n["user_id"]) for n in notifications}
    with _lock:
        for k in keys:
            _rung[k] += 1
        targets = [w for k in keys for w in _waiters.get(k, ())]
    for loop, event in targets:
        try:
            loop.call_soon_threadsafe(event.set)
        except RuntimeError:      # that stream's loop has closed
            pass


async def wait(tenant_id: str, user_id: str, seen: int, timeout_s: float) -> bool:
    """Until this user's bell rings after `seen` rings (at once if it has) or `timeout_s` passes;
    True when it rang."""
    event, key = asyncio.Event(), (tenant_id, user_id)
    entry = (asyncio.get_running_loop(), event)
    with _lock:
        if _rung.get(key, 0) != seen:
            return True
        _waiters[key].add(entry)
    try:
        await asyncio.wait_for(event.wait(), timeout_s)
        return True
    except asyncio.TimeoutError:
        return False
    finally:
        with _lock:
            _waiters[key].discard(entry)
            if not _waiters[key]:
                del _waiters[key]
