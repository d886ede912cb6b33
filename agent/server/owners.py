"""Ownership checks for HTTP handlers: every thread, run and trace belongs to a tenant and user
(set from the token when it is created); another user's object is a 404, exactly as if it did not
exist, so ids leak nothing. Threads made before identity (or by the CLI without --user) belong to
the local single user.
"""
from __future__ import annotations

import asyncio
from typing import Any

from agent.identity.models import User
from agent.server.http import HTTPError, thread_field

LOCAL_OWNER = ("local", "local")


def owner_of(row: dict[str, Any] | None) -> tuple[str, str]:
    if not row:
        return LOCAL_OWNER
    return (row.get("tenant_id") or "local", row.get("user_id") or "local")


def owns(user: User, row: dict[str, Any] | None) -> bool:
    return owner_of(row) == (user.tenant_id, user.user_id)


def not_found(thread_id: str) -> HTTPError:
    return HTTPError(404, "unknown_thread", f"thread {thread_id} not found")


async def owned_thread(rt: Any, user: User, thread_id: str, snapshot: Any = None,
                       must_exist: bool = True) -> tuple[dict[str, Any] | None, Any]:
    """(api_threads row or None, state snapshot) of the caller's thread; 404 otherwise."""
    thread_field(thread_id)
    row = await asyncio.to_thread(rt.traces.thread, thread_id)
    if row is not None and not owns(user, row):
        raise not_found(thread_id)
    snapshot = snapshot or await rt.graph.aget_state(rt.config(thread_id))
    if row is None:
        if snapshot.values and not owns(user, None):
            raise not_found(thread_id)   # a CLI thread: the local user's
        if must_exist and not snapshot.values:
            raise not_found(thread_id)
    return row, snapshot


async def owned_run(rt: Any, user: User, run_id: str, thread_id: str | None = None) -> dict[str, Any]:
    meta = await rt.buffer.meta(run_id)
    if (meta is None or (thread_id is not None and meta.get("thread_id") != thread_id)
            or not owns(user, meta)):
        raise HTTPError(404, "unknown_run", f"run {run_id} does not exist or its events expired")
    return meta
