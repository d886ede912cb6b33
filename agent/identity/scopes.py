"""Scopes (DESIGN.md "Identity, tenants and plans"): what a token may do.

    read   GET and chat
    write  memory, watchlist, alerts, registered tools
    trade  paper orders
    admin  users, tenant tools (a tool shared with the tenant; any tool of the tenant)

An API token carries all scopes of its user: read, write, trade, and admin for a tenant admin
(`askbar users add NAME --admin`). A service JWT carries what it was issued with
(`askbar users jwt SUBJECT --scopes read,trade`); `registry` marks the orchestrator's service
credential (registry callbacks, all events of its tenant). The caller's scopes travel on the User
(`User.scopes`, None = unrestricted: the local user and the CLI), so every layer that acts for
the caller (HTTP routes, the tool executor in graph runs, registry workers) checks the same set.
Which route needs which scope is one table: agent/server/scopes.py.
"""
from __future__ import annotations

from typing import Literal

from agent.identity.models import User

Scope = Literal["read", "write", "trade", "admin"]
SCOPES: tuple[Scope, ...] = ("read", "write", "trade", "admin")
SERVICE_SCOPE = "registry"          # the orchestrator's service credential
KNOWN_SCOPES = (*SCOPES, SERVICE_SCOPE)
USER_SCOPES: tuple[Scope, ...] = ("read", "write", "trade")
HELP = ("read (GET and chat), write (memory, watchlist, alerts, registered tools), trade (paper "
        "orders), admin (users, tenant tools), registry (the orchestrator: registry callbacks and "
        "events)")


def user_scopes(user: User) -> list[str]:
    """The scopes an API token of `user` carries."""
    return [*USER_SCOPES, "admin"] if user.admin else list(USER_SCOPES)


def allows(user: User, scope: str | None) -> bool:
    """True when the caller may act with `scope` (None: nothing to check)."""
    return scope is None or user.scopes is None or "*" in user.scopes or scope in user.scopes


def is_tenant_admin(user: User) -> bool:
    return allows(user, "admin")


def is_orchestrator(user: User) -> bool:
    """The orchestrator's service credential: a service JWT (not a user's) with `registry`."""
    return user.user_id.startswith("service:") and user.scopes is not None and \
        SERVICE_SCOPE in user.scopes


def scope_refusal(scope: str) -> str:
    return f"this token does not carry the '{scope}' scope this needs (scopes: {HELP})"


def bad_scopes(scopes: list[str]) -> list[str]:
    return [s for s in scopes if s not in KNOWN_SCOPES]
