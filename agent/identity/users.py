"""Tenants, users and API tokens in the application database (agent/storage/appdb.py, migration 010).

Tokens are `askbar_` + 32 random bytes (secrets.token_urlsafe): 256 bits of entropy, so a plain
SHA-256 of the token is what we store and look up. A slow password hash (bcrypt, argon2) exists to
stop guessing low-entropy passwords from a leaked table; nobody can enumerate 2^256 tokens, and a
fast hash keeps the per-request lookup a single indexed equality. The token itself is printed once
and never stored or returned again.
"""
from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from typing import Any

from agent.identity.models import PLANS, Plan, User
from agent.storage.appdb import AppDB

TOKEN_PREFIX = "askbar_"
NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
USER_COLS = ("u.user_id, u.tenant_id, u.name, u.plan, u.language, u.timezone, u.risk_profile, "
             "u.experience, u.admin")

INSERT_TENANT = "INSERT INTO tenants (tenant_id) VALUES (%s) ON CONFLICT (tenant_id) DO NOTHING"
INSERT_USER = ("INSERT INTO users (user_id, tenant_id, name, plan, language, timezone, risk_profile, "
               "experience, admin) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)")
INSERT_TOKEN = "INSERT INTO api_tokens (token_hash, user_id) VALUES (%s, %s)"
# USER_COLS is a constant column list: statements are concatenated constants, values always bound.
SELECT_BY_TOKEN = ("SELECT " + USER_COLS + " FROM api_tokens t JOIN users u ON u.user_id = t.user_id "
                   "WHERE t.token_hash = %s AND t.revoked_at IS NULL AND u.revoked_at IS NULL")
SELECT_BY_NAME = "SELECT " + USER_COLS + ", u.revoked_at FROM users u WHERE u.name = %s"
SELECT_BY_ID = "SELECT " + USER_COLS + " FROM users u WHERE u.user_id = %s AND u.revoked_at IS NULL"
SELECT_ALL = ("SELECT " + USER_COLS + ", u.revoked_at, u.created_at FROM users u "
              "ORDER BY u.tenant_id, u.name")
COUNT_ACTIVE = "SELECT COUNT(*) AS n FROM users WHERE revoked_at IS NULL"
UPDATE_PLAN = "UPDATE users SET plan = %s WHERE user_id = %s"
REVOKE_USER = "UPDATE users SET revoked_at = CURRENT_TIMESTAMP WHERE user_id = %s AND revoked_at IS NULL"
REVOKE_TOKENS = "UPDATE api_tokens SET revoked_at = CURRENT_TIMESTAMP WHERE user_id = %s AND revoked_at IS NULL"


class IdentityError(ValueError):
    """Bad input to a users command (unknown user, bad name, duplicate): a one-line reason."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def _user(row: dict[str, Any]) -> User:
    return User(**{k: row[k] for k in User.model_fields if k in row and k != "scopes"})


def _check_name(kind: str, value: str) -> str:
    if not NAME.match(value or ""):
        raise IdentityError(f"{kind} {value!r} is not valid: 1-64 letters, digits, _ . @ -")
    return value


class UserStore:
    def __init__(self, db: AppDB):
        self.db = db

    def add(self, name: str, tenant: str = "default", plan: Plan = "free", admin: bool = False,
            **profile: str) -> tuple[User, str]:
        """A new user and its first token (the only time the token is available); `admin`: a
        tenant admin (its tokens carry the admin scope: tenant tools)."""
        _check_name("user name", name)
        _check_name("tenant", tenant)
        if plan not in PLANS:
            raise IdentityError(f"plan {plan!r} is not one of {', '.join(PLANS)}")
        try:
            user = User(user_id=uuid.uuid4().hex, tenant_id=tenant, name=name, plan=plan,
                        admin=admin, **profile)
        except ValueError as exc:
            raise IdentityError(f"bad user profile: {exc.errors()[0]['msg'] if hasattr(exc, 'errors') else exc}") from None
        token = new_token()
        with self.db.transaction() as tx:
            if tx.one("SELECT 1 AS x FROM users WHERE tenant_id = %s AND name = %s", (tenant, name)):
                raise IdentityError(f"user {name!r} already exists in tenant {tenant!r}")
            tx.execute(INSERT_TENANT, (tenant,))
            tx.execute(INSERT_USER, (user.user_id, tenant, name, plan, user.language, user.timezone,
                                     user.risk_profile, user.experience, int(admin)))
            tx.execute(INSERT_TOKEN, (hash_token(token), user.user_id))
        return user, token

    def authenticate(self, token: str) -> User | None:
        row = self.db.read_one(SELECT_BY_TOKEN, (hash_token(token),))
        return _user(row) if row else None

    def get(self, user_id: str) -> User | None:
        row = self.db.read_one(SELECT_BY_ID, (user_id,))
        return _user(row) if row else None

    def find(self, ref: str) -> User:
        """A user by `NAME` (unique across tenants) or `TENANT/NAME`; IdentityError otherwise."""
        tenant, _, name = ref.rpartition("/")
        rows = [r for r in self.db.execute(SELECT_BY_NAME, (name,))
                if r["revoked_at"] is None and (not tenant or r["tenant_id"] == tenant)]
        if not rows:
            raise IdentityError(f"no active user {ref!r} (see: askbar users list)")
        if len(rows) > 1:
            tenants = ", ".join(f"{r['tenant_id']}/{name}" for r in rows)
            raise IdentityError(f"user name {name!r} exists in several tenants; say which: {tenants}")
        return _user(rows[0])

    def list(self) -> list[dict[str, Any]]:
        out = []
        for r in self.db.execute(SELECT_ALL):
            row = _user(r).model_dump()
            row["active"] = r["revoked_at"] is None
            row["created_at"] = str(r["created_at"])
            out.append(row)
        return out

    def count_active(self) -> int:
        row = self.db.read_one(COUNT_ACTIVE)
        return int(row["n"]) if row else 0

    def set_plan(self, ref: str, plan: str) -> User:
        if plan not in PLANS:
            raise IdentityError(f"plan {plan!r} is not one of {', '.join(PLANS)}")
        user = self.find(ref)
        self.db.execute(UPDATE_PLAN, (plan, user.user_id))
        return user.model_copy(update={"plan": plan})

    def revoke(self, ref: str) -> User:
        """The user and all its tokens stop working at once (their data is kept)."""
        user = self.find(ref)
        with self.db.transaction() as tx:
            tx.execute(REVOKE_TOKENS, (user.user_id,))
            tx.execute(REVOKE_USER, (user.user_id,))
        return user
