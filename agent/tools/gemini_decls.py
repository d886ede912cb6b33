"""The tools the planner is offered, as Gemini FunctionDeclarations, for ONE run's user.

What a user may call is decided by code from `Deps.user` (plan, tenant), never from model output:
- catalogue tools (agent/tools/catalog) the user's plan allows that change nothing (`mutates`
  tools stay with the code path and confirm_action: a model must never change state unasked);
- tenant tools (agent/registry/tenant_tools.py) registered and active for the user's tenant only.

Every declaration is checked against the documented Gemini subset (agent/llm/schemas.py
`declaration_problems`); one that does not fit is left out and logged, never sent. Identity
parameters (tenant/user) are removed from every schema: the executor injects them from the run.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from agent.identity.models import User
from agent.llm.schemas import declaration_problems
from agent.tools.exports import ExportError, gemini_declaration, gemini_schema_node
from agent.tools.registry import ToolRegistry, get_registry

if TYPE_CHECKING:   # google-genai costs ~0.3 s to import: only a Gemini run needs it
    from google.genai import types

log = logging.getLogger("askbar.tools")

# Parameters that name who runs a tool: never declared, dropped from model arguments.
INJECTED = frozenset({"tenant_id", "tenant", "user_id", "user", "user_name", "x_tenant_id"})
# Tools that write although they need no confirmation from a user who typed the command: the
# model must not decide to call them on its own (the code path of the understander does).
WRITES = frozenset({"remember"})
TENANT_PREFIX = "tenant_"
MAX_TOOLS = 64          # the API's limit per request is far above; keep the prompt small


@dataclass(frozen=True)
class OfferedTool:
    """One declaration offered to the planner and where a call of it runs."""
    name: str                                 # the function name the model calls
    source: Literal["catalog", "tenant"]
    tool_id: str                              # catalogue id or the tenant's tool id
    declaration: types.FunctionDeclaration


def _strip_identity(params: dict[str, Any] | None) -> dict[str, Any] | None:
    if not params:
        return params
    props = {k: v for k, v in (params.get("properties") or {}).items() if k not in INJECTED}
    out = {**params, "properties": props}
    required = [r for r in params.get("required") or [] if r in props]
    if required:
        out["required"] = required
    else:
        out.pop("required", None)
    return out


def _checked(decl: dict[str, Any]) -> types.FunctionDeclaration | None:
    decl = {**decl, "parameters": _strip_identity(decl.get("parameters"))
            or {"type": "OBJECT", "properties": {}}}
    problems = declaration_problems(decl)
    if problems:
        log.warning("tool %s not offered to the planner: %s", decl.get("name"), "; ".join(problems))
        return None
    from google.genai import types

    return types.FunctionDeclaration.model_validate(decl)


def catalog_tools(user: User, registry: ToolRegistry | None = None) -> list[OfferedTool]:
    """The read-only catalogue tools the user's plan allows."""
    out = []
    for spec in (registry or get_registry()).available_for(user.plan):
        if spec.mutates or spec.name in WRITES:
            continue
        try:
            decl = _checked(gemini_declaration(spec))
        except ExportError as exc:
            log.warning("tool %s not offered to the planner: %s", spec.name, exc)
            continue
        if decl is not None:
            out.append(OfferedTool(spec.name, "catalog", spec.id, decl))
    return out


def tenant_function_name(tool_id: str) -> str:
    """A Gemini-valid function name for a tenant tool id (prefixed: never a catalogue name)."""
    return TENANT_PREFIX + re.sub(r"[^A-Za-z0-9_]", "_", tool_id)[:64 - len(TENANT_PREFIX)]


def tenant_tools(user: User, rows: list[dict[str, Any]]) -> list[OfferedTool]:
    """Declarations of the tenant's active tools (`rows`: TenantTools.list(user.tenant_id))."""
    out = []
    for row in rows:
        if row.get("status") != "active" or row.get("tenant_id") != user.tenant_id:
            continue   # the rows are the tenant's own; the second check keeps it so if a caller errs
        schema = json.loads(row["schema_json"])
        if "$ref" in row["schema_json"]:
            log.warning("tenant tool %s not offered: $ref schemas are not supported", row["tool_id"])
            continue
        name = tenant_function_name(row["tool_id"])
        try:
            params = gemini_schema_node(schema)
        except ExportError as exc:
            log.warning("tenant tool %s not offered to the planner: %s", row["tool_id"], exc)
            continue
        desc = (row.get("description") or row.get("name") or row["tool_id"]).strip()
        decl = _checked({"name": name, "description": desc[:1000], "parameters": params})
        if decl is not None:
            out.append(OfferedTool(name, "tenant", row["tool_id"], decl))
    return out


def offered_tools(user: User, tenant_rows: list[dict[str, Any]] | None = None,
                  registry: ToolRegistry | None = None) -> list[OfferedTool]:
    """Everything the planner may call for this user: catalogue, then the tenant's tools."""
    tools = catalog_tools(user, registry) + tenant_tools(user, tenant_rows or [])
    names: set[str] = set()
    unique = []
    for t in tools:
        if t.name not in names:
            names.add(t.name)
            unique.append(t)
    return unique[:MAX_TOOLS]


def clean_args(args: dict[str, Any] | None) -> dict[str, Any]:
    """A model's arguments without identity keys (the run's user is injected by code)."""
    return {k: v for k, v in (args or {}).items() if k not in INJECTED}
