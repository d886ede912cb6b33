"""Service authentication for the registry (seed 003 6.2) and the caller of its WebSocket.

Service JWTs are identity's (agent/identity/service_tokens.py: HS256, ASKBAR_JWT_SECRET, subject,
tenant, scopes). The WebSocket's caller is the server's job (agent/server/ws_auth.py).
"""
from __future__ import annotations

from typing import Any

from agent.identity.scopes import SERVICE_SCOPE
from agent.identity.service_tokens import ServiceTokenError, verify


def validate_service_token(auth: Any, token: str) -> dict[str, Any]:
    """Seed 6.2 ValidationResult: {valid, subject, tenant_id, scopes, registry_access | error}."""
    secret = getattr(auth, "jwt_secret", None)
    if not secret:
        return {"valid": False, "error": "service tokens are not enabled on this server "
                                         "(set ASKBAR_JWT_SECRET)"}
    try:
        principal = verify(secret, token, auth._lookup)
    except ServiceTokenError as exc:
        return {"valid": False, "error": str(exc)}
    scopes = list(principal.scopes)
    return {"valid": True, "subject": principal.user.user_id, "tenant_id": principal.user.tenant_id,
            "scopes": scopes, "registry_access": SERVICE_SCOPE in scopes or "*" in scopes}
