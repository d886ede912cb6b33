"""POST /api/notifications/{id}/dismiss: the caller dismissed a notification card in the chat UI.

Kept per user in the app database (sql/app/*/070_dismissed_notifications.sql), so a dismissed card
stays dismissed after a reload, in another tab or browser: GET /api/notifications leaves the
caller's dismissed ids out. The user is the token's (current_user); a notification that is not the
caller's (another user's, same tenant or not) is a 404, so nobody learns which ids exist.
"""
from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from agent.identity.models import User
from agent.market.tx import read
from agent.server.caller import current_user
from agent.server.http import HTTPError

OWN_NOTIFICATION = """
SELECT id FROM user_notifications
WHERE id = %(id)s AND tenant_id = %(tenant_id)s AND user_id = %(user_id)s
"""
INSERT_DISMISSED = ("INSERT INTO dismissed_notifications (tenant_id, user_id, notification_id) "
                    "VALUES (%s, %s, %s) ON CONFLICT (tenant_id, user_id, notification_id) DO NOTHING")
SELECT_DISMISSED = ("SELECT notification_id FROM dismissed_notifications "
                    "WHERE tenant_id = %s AND user_id = %s")
# a notification is dismissed by its own user only (_dismiss checks), so ids alone say whose
DISMISSED_BETWEEN = ("SELECT notification_id FROM dismissed_notifications "
                     "WHERE notification_id BETWEEN %s AND %s")


def appdb_of(rt: Any) -> Any:
    """The server's app database (its world's, agent/services.py, when the runtime was built
    without one)."""
    db = getattr(rt, "appdb", None)
    if db is None:
        db = rt.appdb = rt.deps.services.appdb
    return db


def dismissed_ids(rt: Any, user: User) -> set[int]:
    rows = appdb_of(rt).execute(SELECT_DISMISSED, (user.tenant_id, user.user_id))
    return {int(r["notification_id"]) for r in rows}


def dismissed_between(rt: Any, lo: int, hi: int) -> set[int]:
    """Every user's dismissed ids between lo and hi (the notification reader's one query a wake)."""
    return {int(r["notification_id"]) for r in appdb_of(rt).execute(DISMISSED_BETWEEN, (lo, hi))}


def _dismiss(rt: Any, user: User, notification_id: int) -> bool:
    own = read(rt.deps.store).rows(OWN_NOTIFICATION, {"id": notification_id, "tenant_id": user.tenant_id,
                                                      "user_id": user.user_id})
    if not own:
        return False
    appdb_of(rt).execute(INSERT_DISMISSED, (user.tenant_id, user.user_id, notification_id))
    return True


async def dismiss(request: Request) -> JSONResponse:
    raw = request.path_params["notification_id"]
    if not raw.isdigit() or len(raw) > 18:
        raise HTTPError(400, "bad_notification_id", f"notification id {raw[:40]!r} in the path is not a "
                                                    "positive integer")
    user, rt = current_user(request), request.app.state.runtime
    if not await asyncio.to_thread(_dismiss, rt, user, int(raw)):
        raise HTTPError(404, "unknown_notification", f"no notification {raw} for this user")
    return JSONResponse({"dismissed": int(raw)})


routes = [Route("/api/notifications/{notification_id}/dismiss", dismiss, methods=["POST"])]
