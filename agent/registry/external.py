"""Calls to tenants' external HTTP API tools: host allowlist, timeout, api-key header, and the
mapping of what comes back (429, 5xx, slow, garbage) onto the seed's error codes."""
from __future__ import annotations

import asyncio
import ipaddress
import json
from typing import Any
from urllib.parse import urlsplit

import httpx

from agent.registry.errors import RegistryError

MAX_RESPONSE_BYTES = 1_000_000


def http_client() -> httpx.Client:
    """The pooled client a Registry keeps for its connection tests (agent/registry/service.py):
    building a client loads the CA bundle (measured 80 ms per call under load, 10x the stub tool's
    own time), and pooled connections skip the handshakes."""
    return httpx.Client(follow_redirects=False,
                        limits=httpx.Limits(max_connections=64, max_keepalive_connections=16))


def allowed_hosts(raw: str) -> set[str]:
    return {h.strip().lower() for h in raw.split(",") if h.strip()}


def check_endpoint(url: str, allowed: set[str]) -> None:
    """Refuse URLs whose scheme is not http(s) or whose host (or host:port) an operator did not allow.

    The allowlist is the only way out: an IP literal or internal name is refused unless listed.
    """
    bad = RegistryError("TOOL_INVALID_PARAMETERS", f"endpoint {url[:200]!r} is not an http(s) URL "
                        "with an ASCII host and a port 1-65535", retryable=False)
    if not url.isascii():             # full-width digits, look-alike hosts: never what was allowed
        raise bad
    try:
        parts = urlsplit(url)
        port = parts.port             # ValueError past 65535 or when not digits
    except ValueError:
        raise bad from None
    if parts.scheme not in ("http", "https") or not parts.hostname or port == 0:
        raise bad
    host = parts.hostname.lower()
    port = port or (443 if parts.scheme == "https" else 80)
    if host not in allowed and f"{host}:{port}" not in allowed:
        kind = "address" if _is_ip(host) else "host"
        raise RegistryError("TOOL_PERMISSION_DENIED",
                            f"{kind} {host}:{port} is not in ASKBAR_REGISTRY_ALLOWED_HOSTS",
                            retryable=False)


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def _headers(auth_header: str | None, secret: str | None, task_id: str | None) -> dict[str, str]:
    headers = {"Content-Type": "application/json", "User-Agent": "askbar-tool-registry/1.0"}
    if auth_header and secret:
        headers[auth_header] = secret
    if task_id:  # the external API can make retries of one task idempotent
        headers["Idempotency-Key"] = task_id
    return headers


async def acall_tool(session: Any, endpoint: str, params: dict[str, Any], *, timeout_ms: int,
                     auth_header: str | None, secret: str | None, task_id: str | None,
                     allowed: set[str]) -> Any:
    """POST the parameters as JSON on a worker's event loop (an `aiohttp.ClientSession`); the JSON
    reply is the result, else a RegistryError. Many calls in flight per worker, none holding a thread. aiohttp, not httpx, here: httpx's async pool scans every
    connection for every request (measured: 70 socket checks per call at 32 in flight, half the
    worker's CPU). A timeout cancels the request (seed 7.1: cancelled and reported, not retried)."""
    import aiohttp

    check_endpoint(endpoint, allowed)
    try:
        async with session.post(endpoint, json=params, allow_redirects=False,
                                headers=_headers(auth_header, secret, task_id),
                                timeout=aiohttp.ClientTimeout(total=timeout_ms / 1000)) as resp:
            body = await resp.read()
            return _result_of(resp.status, resp.headers.get("Retry-After"), body)
    except asyncio.TimeoutError as exc:
        raise RegistryError("TOOL_EXECUTION_TIMEOUT", f"no reply within {timeout_ms} ms; cancelled",
                            retryable=False) from exc
    except aiohttp.ClientError as exc:
        raise RegistryError("TOOL_EXTERNAL_ERROR", f"cannot reach the tool ({type(exc).__name__})",
                            retryable=True) from exc


def _result_of(code: int, after: str | None, content: bytes) -> Any:
    if code == 429:
        raise RegistryError("TOOL_RATE_LIMITED", "the external API answered 429", status_code=429,
                            retry_after=float(after) if after and after.isdigit() else None)
    if code >= 500:
        raise RegistryError("TOOL_EXTERNAL_ERROR", f"the external API answered {code}",
                            retryable=True, status_code=code)
    if code in (401, 403):
        raise RegistryError("TOOL_PERMISSION_DENIED", f"the external API refused the key ({code})",
                            retryable=False, status_code=code)
    if code in (400, 422):
        raise RegistryError("TOOL_INVALID_PARAMETERS", f"the external API rejected them ({code})",
                            retryable=False, status_code=code)
    if code >= 300:
        raise RegistryError("TOOL_EXTERNAL_ERROR", f"the external API answered {code}",
                            retryable=False, status_code=code)
    if len(content) > MAX_RESPONSE_BYTES:
        raise RegistryError("TOOL_EXTERNAL_ERROR", "the reply is larger than 1 MB", retryable=False)
    try:
        return json.loads(content)
    except ValueError as exc:
        raise RegistryError("TOOL_EXTERNAL_ERROR", "the reply is not JSON", retryable=False,
                            status_code=code) from exc


def connection_test(client: httpx.Client, endpoint: str, *, timeout_ms: int, auth_header: str | None,
                    secret: str | None, allowed: set[str]) -> None:
    """A GET to the endpoint: any answer below 500 other than 401/403 shows it is reachable."""
    check_endpoint(endpoint, allowed)
    try:
        resp = client.get(endpoint, headers=_headers(auth_header, secret, None),
                           timeout=timeout_ms / 1000)
    except httpx.TimeoutException as exc:
        raise RegistryError("TOOL_EXECUTION_TIMEOUT", "connection test timed out",
                            retryable=False) from exc
    except httpx.HTTPError as exc:
        raise RegistryError("TOOL_EXTERNAL_ERROR", f"connection test failed ({type(exc).__name__})",
                            retryable=False) from exc
    if resp.status_code in (401, 403):
        raise RegistryError("TOOL_PERMISSION_DENIED", "the API refused the key in the connection test",
                            retryable=False, status_code=resp.status_code)
    if resp.status_code >= 500:
        raise RegistryError("TOOL_EXTERNAL_ERROR",
                            f"connection test answered {resp.status_code}", retryable=False,
                            status_code=resp.status_code)
