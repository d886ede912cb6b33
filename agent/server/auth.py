"""Authentication middleware: every API route needs `Authorization: Bearer <token>` (a user's API
token or a service JWT; `x-api-key: <token>`, as the LangGraph SDKs send an api_key, is the same) and runs as that user (`request.state.user`, read through
agent.server.caller.current_user). Local single-user mode (LOCAL_USER, no login) only when the
server is bound to a loopback address and no user exists; `askbar serve` refuses to start on any
other address without users (agent/cli/serve.py), and a server whose users were all revoked while
it was bound elsewhere answers 401, never local mode.
"""
from __future__ import annotations

import asyncio
import ipaddress
import time
from typing import Any

from agent.identity.models import LOCAL_USER, User
from agent.identity.scopes import allows, scope_refusal, user_scopes
from agent.identity.service_tokens import Principal, ServiceTokenError, looks_like_jwt, verify
from agent.identity.users import UserStore
from agent.server.guard import header, send_json_error

# The UI (its texts too) and health check are public; /metrics is public only in local mode.
PUBLIC_PREFIXES = ("/static/", "/vendor/")
PUBLIC_PATHS = frozenset({"/", "/healthz", "/favicon.ico", "/i18n/tables.js"})  # UI texts: agent/server/ui_texts.py
LOOKUP_BY_TENANT_NAME = ("SELECT u.user_id FROM users u WHERE u.tenant_id = %s AND u.name = %s "
                         "AND u.revoked_at IS NULL")


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class NoUsers(RuntimeError):
    pass


def refuse_without_users(db: Any, host: str) -> None:
    """Bound beyond loopback with no users, every API call would be open to the network: refuse."""
    if not is_loopback(host) and UserStore(db).count_active() == 0:
        raise NoUsers(f"refusing to serve on {host}: no users exist, and off loopback every API call "
                      "needs a token. Create one with: askbar users add NAME (or bind 127.0.0.1)")


class Authenticator:
    """Resolves a bearer token to a Principal; knows whether local mode applies."""

    def __init__(self, users: UserStore, host: str, jwt_secret: str | None, cache_s: float = 2.0):
        self.users, self.loopback, self.jwt_secret = users, is_loopback(host), jwt_secret
        self.cache_s = cache_s
        self._count: tuple[float, int] = (0.0, -1)

    def user_count(self) -> int:
        at, n = self._count
        if n < 0 or time.monotonic() - at > self.cache_s:
            n = self.users.count_active()
            self._count = (time.monotonic(), n)
        return n

    def local_mode(self) -> bool:
        return self.loopback and self.user_count() == 0

    def _lookup(self, tenant: str, name: str):
        row = self.users.db.read_one(LOOKUP_BY_TENANT_NAME, (tenant, name))
        return self.users.get(row["user_id"]) if row else None

    def principal(self, authorization: str | None) -> Principal | None:
        """The caller, or None when the request must be refused (401)."""
        if not authorization:
            return Principal(LOCAL_USER, ["*"], "local") if self.local_mode() else None
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            return None
        if looks_like_jwt(token):
            try:
                return verify(self.jwt_secret, token, self._lookup)
            except ServiceTokenError:
                return None
        user = self.users.authenticate(token)
        return Principal(user, user_scopes(user), "token") if user else None

    def caller(self, authorization: str | None) -> User | None:
        """The user a request runs as, carrying its token's scopes (None: refuse with 401)."""
        principal = self.principal(authorization)
        if principal is None:
            return None
        scopes = None if "*" in principal.scopes else list(principal.scopes)
        return principal.user.model_copy(update={"scopes": scopes})


class AuthMiddleware:
    def __init__(self, app, authenticator_of):
        """authenticator_of(scope) -> Authenticator (the runtime's; it exists after startup)."""
        self.app, self.authenticator_of = app, authenticator_of

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope.get("path") or "/"
        auth = self.authenticator_of(scope)
        if auth is None or path in PUBLIC_PATHS or path.startswith(PUBLIC_PREFIXES):
            return await self.app(scope, receive, send)
        authorization = header(scope, b"authorization")
        if not authorization and (api_key := header(scope, b"x-api-key")):
            authorization = f"Bearer {api_key}"   # the LangGraph SDKs' api_key: the same tokens
        try:
            principal = await asyncio.to_thread(auth.principal, authorization)
        except UnicodeError:
            principal = None
        except Exception as exc:
            from agent.storage.pg_check import is_connection_error

            if not is_connection_error(exc):
                raise
            # the database is down (the lookup was tried twice): told, never a 500
            return await send_json_error(send, 503, "database_unavailable",
                                         "the database is unavailable; retry in a few seconds",
                                         [(b"retry-after", b"5")])
        if principal is None:
            why = ("this server requires a login: send Authorization: Bearer <token> or x-api-key: <token> "
                   "(create one with: askbar users add NAME)") if not authorization else \
                  "the bearer token is not valid (unknown, revoked or expired)"
            return await send_json_error(send, 401, "unauthorized", why,
                                         [(b"www-authenticate", b'Bearer realm="askbar"')])
        user = principal.user.model_copy(
            update={"scopes": None if "*" in principal.scopes else list(principal.scopes)})
        refusal = scope_refusal_for(scope["method"], path, user)
        if refusal:
            return await send_json_error(send, 403, "forbidden", refusal)
        state: dict[str, Any] = scope.setdefault("state", {})
        state["user"], state["scopes"], state["auth_via"] = user, principal.scopes, principal.via
        await self.app(scope, receive, send)


def scope_refusal_for(method: str, path: str, user: User) -> str | None:
    """Why the route's scope (agent/server/scopes.py) refuses `user`, or None."""
    from agent.server import scopes as table

    need = table.required(method, path)
    if need is None or need in (table.PUBLIC, table.BY_HANDLER):
        return None
    scope = table.tool_scope(table.path_tool(path)) if need == table.TOOL_IN_PATH else str(need)
    if allows(user, scope):
        return None
    return f"{method} {path[:100]}: " + scope_refusal(scope)
