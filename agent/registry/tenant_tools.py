"""Tools a tenant registers (external HTTP APIs), stored per tenant; the secret sealed, never returned."""
from __future__ import annotations

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
    created_at, updated_at)
VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 'pending', NULL, %s, %s)
ON CONFLICT (tenant_id, tool_id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name,
    description = excluded.description, version = excluded.version, category = excluded.category,
    tags = excluded.tags, schema_json = excluded.schema_json, endpoint = excluded.endpoint,
    auth_type = excluded.auth_type, auth_header = excluded.auth_header,
    secret_enc = excluded.secret_enc, timeout_ms = excluded.timeout_ms, status = 'pending',
    status_detail = NULL, updated_at = excluded.updated_at
"""
SET_STATUS = """
UPDATE registry_tools SET status = %s, status_detail = %s, updated_at = %s
WHERE tenant_id = %s AND tool_id = %s
"""
TOOL_COLS = ("tenant_id, tool_id, user_id, name, description, version, category, tags, schema_json, "
             "endpoint, auth_type, auth_header, secret_enc, timeout_ms, status, status_detail, "
             "created_at, updated_at")
SELECT_TOOL = "SELECT " + TOOL_COLS + " FROM registry_tools WHERE tenant_id = %s AND tool_id = %s"
SELECT_TOOLS = "SELECT " + TOOL_COLS + " FROM registry_tools WHERE tenant_id = %s ORDER BY tool_id"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


def check_schema(schema: dict[str, Any]) -> None:
    """A parameters schema must be a valid JSON Schema (draft 2020-12) describing an object."""
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
            "status_detail": row["status_detail"], "created_at": row["created_at"],
            "updated_at": row["updated_at"]}


class TenantTools:
    def __init__(self, db: AppDB, box: SecretBox):
        self.db, self.box = db, box

    def save(self, user: User, tool: TenantToolConfig, secret: str | None) -> None:
        check_schema(tool.schema_)
        now = _now()
        self.db.execute(UPSERT_TOOL, (
            user.tenant_id, tool.id, user.user_id, tool.name, tool.description, tool.version,
            tool.category, json.dumps(tool.tags), json.dumps(tool.schema_), tool.endpoint,
            tool.authentication.type, tool.authentication.header_name,
            self.box.seal(secret) if secret else None, tool.timeout_ms, now, now))

    def set_status(self, tenant_id: str, tool_id: str, status: ToolStatus,
                   detail: str | None = None) -> None:
        self.db.execute(SET_STATUS, (status, detail, _now(), tenant_id, tool_id))

    def get(self, tenant_id: str, tool_id: str) -> dict[str, Any] | None:
        return self.db.one(SELECT_TOOL, (tenant_id, tool_id))

    def list(self, tenant_id: str) -> list[dict[str, Any]]:
        return self.db.execute(SELECT_TOOLS, (tenant_id,))

    def secret(self, row: dict[str, Any]) -> str | None:
        return self.box.open(row["secret_enc"]) if row.get("secret_enc") else None
