"""Checks before queueing (seed 7.1 "validación previa" of permissions and parameters).

A request is queued only when its tool exists and is active for the tenant, the user's plan allows
it, its parameters are valid and the user's rate limit admits it; anything else is refused at once
with the seed's code (404, 403, 422, 429 with retry-after), so no worker ever holds a call that
could not run. A tool that is not available falls back to the request's alternatives, in order.
"""
from __future__ import annotations

import json
from typing import Any

from agent.identity.models import User
from agent.registry.errors import FROM_EXECUTOR, RegistryError
from agent.registry.tenant_tools import validate_params


def admit_one(reg: Any, user: User, tool_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """The quota left (per window) when the call is admitted; raises RegistryError otherwise.

    Tenant tools (external APIs) declare no rate limit of their own: their API's 429 is handled by
    the worker (re-queued with its not-before time), so their quota is empty here."""
    row = reg.tools.get(user.tenant_id, tool_id)
    if row is not None:
        if row["status"] != "active":
            raise RegistryError("TOOL_NOT_FOUND", f"tool {tool_id!r} is {row['status']}",
                                retryable=False)
        validate_params(json.loads(row["schema_json"]), params)
        return {}
    out = reg.builtin.admit(user, tool_id, params)
    if out.get("success"):
        return (out.get("metadata") or {}).get("quota") or {}
    err = out.get("error") or {}
    code = FROM_EXECUTOR.get(err.get("code", ""), "TOOL_INVALID_PARAMETERS")
    exc = RegistryError(code, err.get("message", ""), retryable=code == "TOOL_RATE_LIMITED",
                        retry_after=err.get("retry_after"))
    exc.quota = (out.get("metadata") or {}).get("quota") or {}
    raise exc


def admit(reg: Any, user: User, tool_id: str, params: dict[str, Any],
          fallbacks: list[str]) -> tuple[str, list[str], dict[str, Any]]:
    """(tool to queue, alternatives left after it, quota). The first tool that is available wins;
    a refusal other than "not available" (plan, parameters, rate limit) is the caller's answer."""
    candidates = [tool_id, *fallbacks]
    first: RegistryError | None = None
    for i, candidate in enumerate(candidates):
        try:
            return candidate, candidates[i + 1:], admit_one(reg, user, candidate, params)
        except RegistryError as exc:
            first = first or exc
            if exc.code != "TOOL_NOT_FOUND":
                raise
    assert first is not None
    raise first
