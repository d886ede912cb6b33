"""Browser safety: Host allowlist (DNS rebinding), Origin check (cross-site requests),
JSON content type on POST (a cross-site HTML form can only send form or text bodies), and security
headers on every response (CSP, X-Frame-Options, X-Content-Type-Options, Referrer-Policy).
CORS headers are added by Starlette's CORSMiddleware only when ASKBAR_CORS_ORIGINS is configured.
"""
from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

# Plotly injects <style> elements, hence 'unsafe-inline' for styles; plotly.min.js also builds
# functions from strings (new Function: a page error without 'unsafe-eval', measured in the
# Chromium UI test). Inline and third-party scripts stay refused, which is what stops injected markup.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
       "form-action 'self'; object-src 'none'")
SECURITY_HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers") or []:
        if key.lower() == name:
            return value.decode("latin-1")
    return None


async def send_json_error(send, status: int, code: str, message: str,
                          extra_headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """A JSON error like agent.server.http's, for middleware (before any route runs)."""
    body = json.dumps({"error": {"code": code, "message": message}, "detail": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               *SECURITY_HEADERS, *(extra_headers or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def host_name(host: str) -> str:
    """The Host header without its port, lower case ('[::1]:8000' -> '[::1]')."""
    host = host.strip().lower()
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _origin_ok(origin: str, host: str, cors: list[str]) -> bool:
    if origin.lower() in cors or "*" in cors:
        return True
    parts = urlsplit(origin)
    return bool(parts.scheme in ("http", "https") and parts.netloc and parts.netloc.lower() == host.lower())


# NDJSON (POST /api/bars): no HTML form can send these types either
NDJSON_TYPES = ("application/x-ndjson", "application/jsonl", "application/x-jsonlines")


def _is_json(content_type: str | None) -> bool:
    media = (content_type or "").split(";", 1)[0].strip().lower()
    return (media == "application/json" or media in NDJSON_TYPES
            or (media.startswith("application/") and media.endswith("+json")))


def _has_body(scope: dict) -> bool:
    length = header(scope, b"content-length")
    return bool(header(scope, b"transfer-encoding")) or (length is not None and length.strip() not in ("", "0"))


class GuardMiddleware:
    """Host, Origin and content-type checks, and security headers on every response."""

    def __init__(self, app, server_settings: Any):
        self.app = app
        self.hosts = server_settings.host_names
        self.cors = server_settings.cors_list

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            # The same Host and Origin rules as HTTP (in local mode a page on another
            # origin could listen to the local user's tool events): refused before the handshake.
            problem = self.check({**scope, "method": "GET"})
            if problem:
                await send({"type": "websocket.close", "code": 4403, "reason": problem[2][:120]})
                return None
            return await self.app(scope, receive, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def secure_send(message):
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers") or []}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in SECURITY_HEADERS if h[0] not in names)]}
            await send(message)

        problem = self.check(scope)
        if problem:
            return await send_json_error(send, *problem)
        await self.app(scope, receive, secure_send)

    def check(self, scope: dict) -> tuple[int, str, str] | None:
        host = header(scope, b"host") or ""
        if "*" not in self.hosts and host_name(host) not in self.hosts:
            return 400, "bad_host", (f"Host {host[:100]!r} is not served here; allowed: "
                                     f"{', '.join(self.hosts)} (set ASKBAR_ALLOWED_HOSTS)")
        origin = header(scope, b"origin")
        if origin is not None and not _origin_ok(origin, host, self.cors):
            return 403, "bad_origin", (f"cross-site request from origin {origin[:100]!r} refused "
                                       "(set ASKBAR_CORS_ORIGINS to allow it)")
        if scope["method"] in BODY_METHODS and _has_body(scope) and not _is_json(header(scope, b"content-type")):
            return 415, "json_required", "request body must be JSON: send Content-Type: application/json"
        return None
