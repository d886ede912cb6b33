"""Service JWTs (DESIGN.md: "Services authenticate with JWTs (PyJWT) signed by the server's secret,
carrying subject, tenant and scopes"). HS256 with ASKBAR_JWT_SECRET; without a secret no JWT is
accepted. A JWT whose subject is an active user of its tenant acts as that user (with its plan);
any other subject is a service principal of the tenant (`service:SUBJECT`, plan from the claim,
default free). Scopes travel with the principal for the features that check them.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import jwt

from agent.identity.models import PLANS, User

ALGORITHM = "HS256"
ISSUER = "askbar"
MIN_SECRET_CHARS = 32  # HS256 keys shorter than the hash output are guessable offline


class ServiceTokenError(ValueError):
    pass


@dataclass
class Principal:
    user: User
    scopes: list[str] = field(default_factory=list)
    via: str = "token"   # token | jwt | local


def issue(secret: str, subject: str, tenant: str, scopes: list[str] | None = None,
          ttl_s: int = 3600, plan: str | None = None) -> str:
    if not secret or len(secret) < MIN_SECRET_CHARS:
        raise ServiceTokenError(f"the JWT secret must be at least {MIN_SECRET_CHARS} characters "
                                "(set ASKBAR_JWT_SECRET)")
    now = int(time.time())
    claims = {"sub": subject, "tenant": tenant, "scopes": list(scopes or []), "iss": ISSUER,
              "iat": now, "exp": now + int(ttl_s)}
    if plan:
        claims["plan"] = plan
    return jwt.encode(claims, secret, algorithm=ALGORITHM)


def looks_like_jwt(token: str) -> bool:
    return token.count(".") == 2 and not token.startswith("askbar_")


def verify(secret: str | None, token: str, lookup) -> Principal:
    """The principal of a valid JWT; `lookup(tenant, subject)` returns an active User or None."""
    if not secret:
        raise ServiceTokenError("service tokens are not enabled on this server")
    try:
        claims = jwt.decode(token, secret, algorithms=[ALGORITHM], issuer=ISSUER,
                            options={"require": ["sub", "exp", "iat"]})
    except jwt.PyJWTError as exc:
        raise ServiceTokenError(f"invalid service token: {exc}") from None
    subject, tenant = claims.get("sub"), claims.get("tenant")
    scopes = claims.get("scopes") or []
    if not isinstance(subject, str) or not isinstance(tenant, str) or not subject or not tenant:
        raise ServiceTokenError("invalid service token: 'sub' and 'tenant' must be strings")
    if not isinstance(scopes, list) or not all(isinstance(s, str) for s in scopes):
        raise ServiceTokenError("invalid service token: 'scopes' must be a list of strings")
    user = lookup(tenant, subject)
    if user is None:
        plan = claims.get("plan") if claims.get("plan") in PLANS else "free"
        user = User(user_id=f"service:{tenant}:{subject}", tenant_id=tenant, name=subject, plan=plan)
    return Principal(user=user, scopes=scopes, via="jwt")
