"""Who `--user U` is for the CLI and the MCP server.

The identity area (agent/identity) owns users; until its store lands this reads the application
database's `users` table when there is one (columns named like agent.identity.models.User), and
treats an absent `--user` or `--user local` as LOCAL_USER (the single local user, plan premium).
Point `resolve_user` at the identity store's lookup once it exists.
"""
from __future__ import annotations

from agent.identity.models import LOCAL_USER, User

SELECT_USER = "SELECT * FROM users WHERE name = %s OR user_id = %s"
HAS_USERS = {"sqlite": "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'users'",
             "postgres": "SELECT 1 AS x WHERE to_regclass('users') IS NOT NULL"}


class UnknownUser(ValueError):
    """--user names nobody (or several users): bad input, exit code 2."""


def resolve_user(appdb, name: str | None) -> User:
    if name is None or name == LOCAL_USER.user_id:
        return LOCAL_USER
    # no users table yet (the identity migrations have not landed): nobody but the local user
    rows = appdb.execute(SELECT_USER, (name, name)) if appdb.one(HAS_USERS[appdb.engine]) else []
    if not rows:
        raise UnknownUser(f"unknown user {name!r} (add one with `askbar users add {name}`)")
    if len(rows) > 1:
        raise UnknownUser(f"user name {name!r} is ambiguous; pass the user id instead")
    fields = {k: v for k, v in rows[0].items() if k in User.model_fields and v is not None}
    return User.model_validate(fields)
