"""Who `--user U` is for the CLI and the MCP server.

The identity store (agent/identity/users.py) owns users; an absent `--user` or `--user local` is
LOCAL_USER (the single local user, plan premium).
"""
from __future__ import annotations

from agent.identity.models import LOCAL_USER, User


class UnknownUser(ValueError):
    """--user names nobody (or several users): bad input, exit code 2."""


def resolve_user(appdb, name: str | None) -> User:
    """--user NAME (or TENANT/NAME, or a user id) through the identity store; absent or `local` is
    the local user."""
    if name is None or name == LOCAL_USER.user_id:
        return LOCAL_USER
    from agent.identity.users import IdentityError, UserStore

    try:
        return UserStore(appdb).find(name)
    except IdentityError as exc:
        raise UnknownUser(str(exc)) from None
