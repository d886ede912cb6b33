"""The seed's message envelope (seed 003 section 4) and its payloads, as pydantic models."""
from __future__ import annotations

import uuid
from datetime import datetime, timezone
from typing import Any, Literal

from pydantic import BaseModel, Field

MessageType = Literal["request", "response", "event"]
MessageStatus = Literal["pending", "completed", "failed"]
Operation = Literal["execute_tool", "register_tool", "discover_tools", "tool_result", "tool_error"]


def _uuid() -> str:
    return str(uuid.uuid4())


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class EnvelopeMetadata(BaseModel):
    source_request_id: str | None = None
    source_task_id: str | None = None
    user_id: str | None = None
    timeout_ms: int | None = Field(None, ge=1, le=600_000)
    execution_time_ms: float | None = None
    attempt: int = Field(0, ge=0, description="delivery attempts so far (retries with backoff)")
    not_before: float | None = Field(None, description="epoch seconds: do not run before (backoff)")


class Envelope(BaseModel):
    """Seed 003 4.1: every message between the orchestrator and the registry."""
    message_id: str = Field(default_factory=_uuid)
    tenant_id: str = Field(min_length=1, max_length=128)
    timestamp: str = Field(default_factory=_now)
    version: Literal["1.0"] = "1.0"
    type: MessageType = "request"
    source: str = "orchestrator"
    destination: str = "tool-registry"
    correlation_id: str = Field(default_factory=_uuid)
    task_id: str = Field(default_factory=_uuid)
    session_id: str | None = None
    status: MessageStatus = "pending"
    priority: int = Field(0, ge=0, le=9)
    metadata: EnvelopeMetadata = Field(default_factory=EnvelopeMetadata)
    payload: dict[str, Any] = Field(default_factory=dict)


class ExecutionContext(BaseModel):
    agent_id: str | None = None
    user_query: str | None = None


class ToolExecutionPayload(BaseModel):
    """Seed 003 4.2."""
    operation: Literal["execute_tool"] = "execute_tool"
    tool_id: str
    parameters: dict[str, Any] = Field(default_factory=dict)
    execution_context: ExecutionContext = Field(default_factory=ExecutionContext)
    # Seed 7.1 "Herramienta no Disponible -> Fallback": alternative tools, tried in order (same
    # parameters) when this one is not available or its service keeps failing.
    fallback_tool_ids: list[str] = Field(default_factory=list, max_length=5)
    fallback_from: str | None = Field(None, description="the tool this task fell back from")


class ToolAuthentication(BaseModel):
    type: Literal["api_key", "none"] = "api_key"
    header_name: str = Field("X-API-Key", pattern=r"^[A-Za-z0-9-]{1,64}$")


class TenantToolConfig(BaseModel):
    """Seed 003 4.3 `tool`: an external HTTP API a tenant registers."""
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]{1,63}$")
    name: str = Field(min_length=1, max_length=120)
    description: str = Field("", max_length=2000)
    version: str = "1.0.0"
    schema_: dict[str, Any] = Field(alias="schema")
    endpoint: str = Field(description="https?://host[:port]/path the registry POSTs parameters to")
    authentication: ToolAuthentication = Field(default_factory=ToolAuthentication)
    category: str = "external"
    tags: list[str] = Field(default_factory=list)
    timeout_ms: int = Field(15_000, ge=100, le=120_000)

    model_config = {"populate_by_name": True}


class ToolRegistrationPayload(BaseModel):
    operation: Literal["register_tool"] = "register_tool"
    tool: TenantToolConfig


class ToolDiscoveryPayload(BaseModel):
    """Seed 003 4.4."""
    operation: Literal["discover_tools"] = "discover_tools"
    query: str | None = None
    limit: int = Field(10, ge=1, le=100)
    categories: list[str] = Field(default_factory=list)
    include_schemas: bool = True


class ToolResultPayload(BaseModel):
    """Seed 003 4.5."""
    operation: Literal["tool_result"] = "tool_result"
    tool_id: str
    execution_id: str
    result: Any = None


class ToolErrorDetail(BaseModel):
    code: str
    message: str
    type: str = "ToolError"
    details: dict[str, Any] = Field(default_factory=dict)


class ToolErrorPayload(BaseModel):
    """Seed 003 4.6."""
    operation: Literal["tool_error"] = "tool_error"
    tool_id: str
    execution_id: str
    error: ToolErrorDetail


def response_for(request: Envelope, status: MessageStatus, payload: BaseModel,
                 execution_time_ms: float) -> Envelope:
    """The registry's answer to a request envelope, for `orchestrator_callbacks:{tenant_id}`."""
    return Envelope(tenant_id=request.tenant_id, type="response", source="tool-registry",
                    destination="orchestrator", correlation_id=request.correlation_id,
                    task_id=request.task_id, session_id=request.session_id, status=status,
                    priority=request.priority,
                    metadata=EnvelopeMetadata(source_task_id=request.task_id,
                                              user_id=request.metadata.user_id,
                                              execution_time_ms=round(execution_time_ms, 3)),
                    payload=payload.model_dump(mode="json"))
