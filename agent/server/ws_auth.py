"""The caller of a WebSocket (the registry's /api/v1/ws), resolved by the server's Authenticator
like any request. Browsers cannot set headers on a WebSocket, so `?token=` is accepted there too.
"""
from __future__ import annotations

from typing import Any

from agent.identity.models import LOCAL_USER, User
from agent.server.app import runtime_auth


def websocket_user(ws: Any) -> User | None:
    """The authenticated user of a WebSocket, or None (the socket is closed with 4401)."""
    auth = runtime_auth(ws.scope)
    if auth is None:                 # no authenticator: the app runs without auth (as HTTP does)
        return LOCAL_USER
    header = ws.headers.get("authorization")
    token = ws.query_params.get("token")
    # the user with its token's scopes (the registry's WebSocket needs `read`, or `registry`)
    return auth.caller(header or (f"Bearer {token}" if token else None))
