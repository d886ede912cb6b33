"""Tools a tenant registers (external HTTP APIs), stored per tenant; the secret sealed, never returned."""
from __future__ import annotations

import builtins
import json
from datetime import datetime, timezone
from typing import Any, Literal

import jsonschema

from agent.identity.models import User
from agent.registry.envelope import TenantToolConfig
from agent.registry.errors import RegistryError
from agent.registry.secrets import SecretBox
from agent.storage.appdb import AppDB

ToolStatus = Literal["pending", "active", "failed"]

UPSERT_TOOL = """
INSERT INTO registry_tools (tenant_id, tool_id, user_id, name, description, version, category, tags,
    schema_json, endpoint, auth_type, auth_header, secret_enc, timeout_ms, status, status_detail,
    created_at, updated_at, shared)
VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 'pending', NULL, %s, %s, %s)
ON CONFLICT (tenant_id, tool_id) DO UPDATE SET name = excluded.name,
    description = excluded.description, version = excluded.version, category = excluded.category,
    tags = excluded.tags, schema_json = excluded.schema_json, endpoint = excluded.endpoint,
    auth_type = excluded.auth_type, auth_header = excluded.auth_header,
    secret_enc = excluded.secret_enc, timeout_ms = excluded.timeout_ms, status = 'pending',
    status_detail = NULL, updated_at = excluded.updated_at, shared = excluded.shared
WHERE registry_tools.user_id = %s OR (%s = 1 AND registry_tools.shared = 1)
RETURNING user_id
"""
SET_STATUS = """
UPDATE registry_tools SET status = %s, status_detail = %s, updated_at = %s
WHERE tenant_id = %s AND tool_id = %s
"""
TOOL_COLS = ("tenant_id, tool_id, user_id, name, description, version, category, tags, schema_json, "
             "endpoint, auth_type, auth_header, secret_enc, timeout_ms, status, status_detail, "
             "created_at, updated_at, shared")
SELECT_TOOL = "SELECT " + TOOL_COLS + " FROM registry_tools WHERE tenant_id = %s AND tool_id = %s"
SELECT_TOOLS = "SELECT " + TOOL_COLS + " FROM registry_tools WHERE tenant_id = %s ORDER BY tool_id"
# What a user of the tenant sees and runs: the tenant's shared tools and its own.
VISIBLE = " AND (shared = 1 OR user_id = %s)"
SELECT_VISIBLE_TOOL = SELECT_TOOL + VISIBLE
SELECT_VISIBLE_TOOLS = ("SELECT " + TOOL_COLS + " FROM registry_tools WHERE tenant_id = %s" + VISIBLE
                        + " ORDER BY tool_id")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


# A tool's schema goes into every planner prompt of its tenant: one 8 MB schema made each Gemini
# request of the tenant 8.4 MB. Real parameter schemas are a few KB, a few levels.
MAX_SCHEMA_BYTES = 32_000
MAX_SCHEMA_DEPTH = 12


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, d = stack.pop()
        deepest = max(deepest, d)
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        stack.extend((c, d + 1) for c in children if isinstance(c, (dict, list)))
    return deepest


def check_schema(schema: dict[str, Any]) -> None:
    """A parameters schema must be a valid JSON Schema (draft 2020-12) describing an object, of at
    most MAX_SCHEMA_BYTES as JSON and MAX_SCHEMA_DEPTH levels, with finite numbers only."""
    try:
        size = len(json.dumps(schema, allow_nan=False).encode())
    except ValueError:
        raise RegistryError("TOOL_INVALID_PARAMETERS", "schema holds NaN or Infinity: not JSON",
                            retryable=False) from None
    if size > MAX_SCHEMA_BYTES:
        raise RegistryError("TOOL_INVALID_PARAMETERS", f"schema is {size} bytes as JSON; at most "
                            f"{MAX_SCHEMA_BYTES}", retryable=False)
    if _depth(schema) > MAX_SCHEMA_DEPTH:
        raise RegistryError("TOOL_INVALID_PARAMETERS", f"schema nests deeper than {MAX_SCHEMA_DEPTH} "
                            "levels", retryable=False)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise RegistryError("TOOL_INVALID_PARAMETERS", f"schema is not valid JSON Schema: "
                            f"{exc.message} at {'/'.join(map(str, exc.path)) or 'top level'}",
                            retryable=False) from exc
    if schema.get("type") != "object":
        raise RegistryError("TOOL_INVALID_PARAMETERS", 'schema "type" must be "object"',
                            retryable=False)


def validate_params(schema: dict[str, Any], params: dict[str, Any]) -> None:
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(params), key=str)
    if errors:
        e = errors[0]
        where = "/".join(map(str, e.path)) or "parameters"
        raise RegistryError("TOOL_INVALID_PARAMETERS", f"{where}: {e.message}", retryable=False)


def public(row: dict[str, Any]) -> dict[str, Any]:
    """The stored tool as shown to its tenant: never the secret."""
    return {"tool_id": row["tool_id"], "tool_name": row["name"], "tool_type": "external_api",
            "description": row["description"], "version": row["version"],
            "category": row["category"], "tags": json.loads(row["tags"]),
            "parameters_schema": json.loads(row["schema_json"]), "endpoint": row["endpoint"],
            "authentication": {"type": row["auth_type"], "header_name": row["auth_header"],
                               "secret_set": bool(row["secret_enc"])},
            "timeout_ms": row["timeout_ms"], "status": row["status"],
            "shared": bool(row.get("shared", 1)),
            "status_detail": row["status_detail"], "created_at": row["created_at"],
            "updated_at": row["updated_at"]}


class TenantTools:
    def __init__(self, db: AppDB, box: SecretBox):
        self.db, self.box = db, box

    def save(self, user: User, tool: TenantToolConfig, secret: str | None, *, shared: bool = False,
             admin: bool = False) -> None:
        """Create the tool (owned by `user`), or change it when `user` owns it or, for a tool shared
        with the tenant, is a tenant admin (`admin`); the owner never changes. RegistryError
        otherwise: nothing is stored."""
        check_schema(tool.schema_)
        now = _now()
        row = self.db.one(UPSERT_TOOL, (
            user.tenant_id, tool.id, user.user_id, tool.name, tool.description, tool.version,
            tool.category, json.dumps(tool.tags), json.dumps(tool.schema_), tool.endpoint,
            tool.authentication.type, tool.authentication.header_name,
            self.box.seal(secret) if secret else None, tool.timeout_ms, now, now, int(shared),
            user.user_id, int(admin)))
        if row is not None:
            return
        held = self.get(user.tenant_id, tool.id)
        if held is not None and held["shared"]:
            raise RegistryError("TOOL_PERMISSION_DENIED", f"tool {tool.id!r} is shared with the tenant: "
                                "only its owner or a tenant admin can change it", retryable=False)
        raise RegistryError("TOOL_PERMISSION_DENIED", f"tool id {tool.id!r} is taken in this tenant; "
                            "choose another id", retryable=False)

    def set_status(self, tenant_id: str, tool_id: str, status: ToolStatus,
                   detail: str | None = None) -> None:
        self.db.execute(SET_STATUS, (status, detail, _now(), tenant_id, tool_id))

    def get(self, tenant_id: str, tool_id: str) -> dict[str, Any] | None:
        return self.db.one(SELECT_TOOL, (tenant_id, tool_id))

    def list(self, tenant_id: str) -> list[dict[str, Any]]:
        return self.db.execute(SELECT_TOOLS, (tenant_id,))

    def visible(self, user: User, tool_id: str) -> dict[str, Any] | None:
        """The tool when `user` may see and run it (shared with its tenant, or its own)."""
        return self.db.one(SELECT_VISIBLE_TOOL, (user.tenant_id, tool_id, user.user_id))

    def list_visible(self, user: User) -> builtins.list[dict[str, Any]]:
        return self.db.execute(SELECT_VISIBLE_TOOLS, (user.tenant_id, user.user_id))

    def secret(self, row: dict[str, Any]) -> str | None:
        return self.box.open(row["secret_enc"]) if row.get("secret_enc") else None
