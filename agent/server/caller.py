"""The authenticated caller of an HTTP request.

Every API module gets the user with `current_user(request)`; the authentication middleware
(agent/identity, agent/server) sets `request.state.user` from the bearer token. Without it (local
single-user mode on loopback) the caller is LOCAL_USER. Never read a user or tenant from a body.
"""
from __future__ import annotations

from starlette.requests import Request

from agent.identity.models import LOCAL_USER, User


def current_user(request: Request) -> User:
    user = getattr(request.state, "user", None)
    return user if isinstance(user, User) else LOCAL_USER


def is_operator(request: Request) -> bool:
    """The deployment's operator: the local user of a loopback server, or a service JWT with the
    `admin` scope. A tenant admin's API token carries `admin` for its own tenant only."""
    via = getattr(request.state, "auth_via", None)
    return via == "local" or (via == "jwt" and "admin" in (getattr(request.state, "scopes", None) or []))
