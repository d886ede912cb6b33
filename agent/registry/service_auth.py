"""Service authentication for the registry: service JWTs (PyJWT, HS256, the server's secret) and the
caller of a WebSocket (browsers cannot set headers on WebSockets: `?token=` is accepted too)."""
from __future__ import annotations

from typing import Any

import jwt

from agent.identity.models import LOCAL_USER, User
from agent.settings import Settings

SERVICE_SCOPE = "registry"


def _secret(settings: Settings) -> str | None:
    return getattr(settings, "jwt_secret", None)


def validate_service_token(settings: Settings, token: str) -> dict[str, Any]:
    """Seed 6.2 ValidationResult: {valid, subject, tenant_id, scopes, error}."""
    secret = _secret(settings)
    if not secret:
        return {"valid": False, "error": "service authentication is not configured"}
    try:
        claims = jwt.decode(token, secret, algorithms=["HS256"],
                            options={"require": ["sub", "exp"]})
    except jwt.PyJWTError as exc:
        return {"valid": False, "error": f"{type(exc).__name__}: {exc}"}
    scopes = claims.get("scopes") or []
    return {"valid": True, "subject": claims["sub"], "tenant_id": claims.get("tenant"),
            "scopes": scopes, "registry_access": SERVICE_SCOPE in scopes}


def websocket_user(ws: Any) -> User | None:
    """The authenticated user of a WebSocket, or None (closed with 4401)."""
    user = getattr(ws.state, "user", None)
    if isinstance(user, User):
        return user
    auth = getattr(ws.app.state, "auth", None)
    if auth is None:                     # local single-user mode
        return LOCAL_USER
    header = ws.headers.get("authorization", "")
    token = header[7:] if header.lower().startswith("bearer ") else ws.query_params.get("token")
    return auth.user_for_token(token) if token else None
