"""In-process wake-ups for the notification streams of this server.

A bar ingested in this process rings the bell after COMMIT when it notified anyone; the server's
one notification reader (agent/server/notification_hub.py) listens, reads the new rows at once and
hands them to the open streams (a fired alert reaches its user within milliseconds of its bar,
not a poll later). Readers in other processes see it through Redis, or their next poll.
"""
from __future__ import annotations

import asyncio
import threading
from typing import Any

_lock = threading.Lock()
_listeners: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()


def ring(notifications: list[dict[str, Any]]) -> None:
    """Set every listener's event when `notifications` is not empty (callable from any thread)."""
    if not notifications:
        return
    with _lock:
        targets = list(_listeners)
    for loop, event in targets:
        try:
            loop.call_soon_threadsafe(event.set)
        except RuntimeError:      # that listener's loop has closed
            pass


def listen(event: asyncio.Event) -> None:
    """Rings set `event` (on the running loop) until `unlisten`."""
    with _lock:
        _listeners.add((asyncio.get_running_loop(), event))


def unlisten(event: asyncio.Event) -> None:
    with _lock:
        for entry in [e for e in _listeners if e[1] is event]:
            _listeners.discard(entry)
