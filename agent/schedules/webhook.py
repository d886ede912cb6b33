"""A scheduled answer's webhook: only to a host an operator allowed (ASKBAR_WEBHOOK_ALLOWED_HOSTS,
the Tool Registry's rule: an http(s) URL whose host or host:port is listed; IP literals and internal
names only when listed), checked when the schedule is made and again before each call."""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("askbar.schedules")
TIMEOUT_S = 10.0


class WebhookRefused(ValueError):
    pass


def check_webhook(url: Any, allowed_raw: str) -> str:
    from agent.registry.errors import RegistryError
    from agent.registry.external import allowed_hosts, check_endpoint

    if not isinstance(url, str) or len(url) > 2000:
        raise WebhookRefused("'webhook' must be an http(s) URL of at most 2000 characters")
    try:
        check_endpoint(url, allowed_hosts(allowed_raw))
    except RegistryError as exc:
        if exc.code == "TOOL_PERMISSION_DENIED":
            raise WebhookRefused(f"webhook {url[:200]!r}: its host is not in ASKBAR_WEBHOOK_ALLOWED_HOSTS") from None
        raise WebhookRefused(f"webhook {url[:200]!r} is not an http(s) URL with an ASCII host") from None
    return url


def send(url: str, body: dict[str, Any], allowed_raw: str) -> int | None:
    """POST the answer as JSON; the HTTP status, or None when it could not be sent (logged: the
    notification stream has the answer anyway)."""
    import httpx

    try:
        check_webhook(url, allowed_raw)
        resp = httpx.post(url, json=body, timeout=TIMEOUT_S, follow_redirects=False,
                          headers={"User-Agent": "askbar-schedules/1.0"})
        return resp.status_code
    except (WebhookRefused, httpx.HTTPError) as exc:
        log.warning("webhook not delivered: %s", " ".join(str(exc).split())[:200])
        return None
