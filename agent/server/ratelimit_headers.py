"""`RateLimit-*` response headers from a tool result's quota (a caller sees what is left).

Names and meanings of the IETF draft "RateLimit header fields for HTTP" as most clients read them:
`RateLimit-Limit` (calls in the tightest window), `RateLimit-Remaining` (left in it),
`RateLimit-Reset` (seconds until it admits calls again), `RateLimit-Policy` (every window,
`limit;w=seconds`). The tightest window is the one with the fewest calls left.
"""
from __future__ import annotations

from typing import Any

WINDOW_S = {"minute": 60, "hour": 3600, "day": 86400}


def ratelimit_headers(quota: dict[str, Any] | None) -> dict[str, str]:
    if not quota:
        return {}
    period, q = min(quota.items(), key=lambda kv: (kv[1]["remaining"], -WINDOW_S.get(kv[0], 0)))
    policy = ", ".join(f"{v['limit']};w={WINDOW_S.get(k, 60)}" for k, v in quota.items())
    return {"RateLimit-Limit": str(q["limit"]), "RateLimit-Remaining": str(q["remaining"]),
            "RateLimit-Reset": str(q["reset_s"]), "RateLimit-Policy": policy}
