"""Tool Registry Service REST API under /api/v1 (seed 003 section 6) and its WebSocket events.

The caller comes from the token (agent.server.caller); `X-Tenant-ID` must be present and equal to the
token's tenant. A tenant never sees, runs or hears about another tenant's tools and tasks: anything
of another tenant is a 404, exactly like something that does not exist. Inside a tenant (
H1) tasks and their events are their user's; a registered tool is its owner's unless shared with
the tenant, and only its owner or a tenant admin changes it; a callback needs the task's own
secret (`X-Task-Secret`, given when the task is queued) or the orchestrator's service credential.
Scopes: agent/server/scopes.py (the routes marked BY_HANDLER check theirs here).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from pydantic import BaseModel, Field, ValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from agent.identity.models import User
from agent.registry.envelope import Envelope, TenantToolConfig
from agent.registry.errors import HTTP_STATUS, RegistryError
from agent.server.caller import current_user
from agent.server.http import HTTPError, read_json

MAX_LIMIT = 100


class ExecuteMeta(BaseModel):
    agent_id: str | None = None
    session_id: str | None = None
    execution_id: str | None = None


class ExecuteRequest(BaseModel):
    tool_id: str = Field(min_length=1, max_length=200)
    parameters: dict[str, Any] = Field(default_factory=dict)
    metadata: ExecuteMeta = Field(default_factory=ExecuteMeta)
    priority: int = Field(0, ge=0, le=9)
    fallback_tool_ids: list[str] = Field(default_factory=list, max_length=5,
                                         description="alternatives if the tool is not available")


class RegisterRequest(BaseModel):
    tool: TenantToolConfig
    secret: str | None = Field(None, max_length=4096, description="the API key; stored encrypted")
    shared: bool = Field(False, description="a tenant tool: every user of the tenant sees and runs "
                                            "it (needs the admin scope)")


def registry_for(app: Any):
    """The server's one Registry (agent/server/registry_owner.py), shared with graph runs."""
    return app.state.runtime.registry.get()


def _caller(request: Request) -> User:
    user = current_user(request)
    tenant = request.headers.get("x-tenant-id")
    if not tenant:
        raise HTTPError(400, "tenant_required", "X-Tenant-ID header is required")
    if tenant != user.tenant_id:
        raise HTTPError(403, "tenant_mismatch", "X-Tenant-ID does not match the token's tenant")
    return user


def _need(user: User, scope: str) -> None:
    """403 unless the caller's token carries `scope` (routes marked BY_HANDLER in the table)."""
    from agent.identity.scopes import allows, scope_refusal

    if not allows(user, scope):
        raise HTTPError(403, "forbidden", scope_refusal(scope))


async def _check_tool(request: Request, user: User, tool_id: str) -> None:
    """Before queueing: the scope the tool needs, and a tenant tool the caller may not see (another
    user's own tool) is not found, exactly like one that does not exist."""
    from agent.server.scopes import registry_tool_scope

    _need(user, registry_tool_scope(tool_id))
    tools = registry_for(request.app).tools
    if await asyncio.to_thread(tools.get, user.tenant_id, tool_id) is not None and \
            await asyncio.to_thread(tools.visible, user, tool_id) is None:
        raise HTTPError(404, "TOOL_NOT_FOUND", f"no tool {tool_id!r} for this tenant")


def _error(exc: RegistryError, task_id: str | None = None) -> JSONResponse:
    from agent.server.ratelimit_headers import ratelimit_headers

    body: dict[str, Any] = {"status": "failed", "error": exc.detail()}
    if task_id:
        body["task_id"] = task_id
    headers = ratelimit_headers(exc.quota)
    if exc.code == "TOOL_RATE_LIMITED":
        headers["Retry-After"] = str(max(1, int(exc.retry_after or 1)))
    return JSONResponse(body, status_code=HTTP_STATUS.get(exc.code, 400), headers=headers)


async def _json(request: Request) -> dict[str, Any]:
    """The body as a JSON object: 413 past ASKBAR_REGISTRY_MAX_BODY_BYTES (1 MB), 400 for what is
    not JSON (NaN and Infinity included: a stored NaN broke the tenant's tool list), too deep, or
    not text a store can keep."""
    server = request.app.state.runtime.server
    return await read_json(request, server.registry_max_body_bytes, required=False,
                           max_depth=server.max_json_depth)


async def _submit(request: Request, user: User, req: ExecuteRequest):
    """Checked before queueing (agent/registry/admission.py); an `Idempotency-Key` header makes a
    repeated request return its first task (the key also reaches the external API as the task id)."""
    import uuid

    key = request.headers.get("idempotency-key")
    if key is not None and not 1 <= len(key) <= 200:
        raise HTTPError(400, "bad_idempotency_key", "Idempotency-Key must be 1-200 characters")
    task_id = (str(uuid.uuid5(uuid.NAMESPACE_URL, f"askbar:{user.tenant_id}:{user.user_id}:{key}"))
               if key else None)
    return await asyncio.to_thread(
        registry_for(request.app).submit_execution, user, req.tool_id, req.parameters,
        priority=req.priority, session_id=req.metadata.session_id, agent_id=req.metadata.agent_id,
        task_id=task_id, fallback_tool_ids=req.fallback_tool_ids)


async def _body(request: Request, model: type[BaseModel]) -> Any:
    data = await _json(request)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(map(str, first["loc"])) or "body"
        msg = " ".join(str(first["msg"]).split())[:300]
        raise HTTPError(422, "TOOL_INVALID_PARAMETERS", f"{where}: {msg}") from None


def _csv(request: Request, name: str) -> list[str] | None:
    raw = request.query_params.get(name)
    return [v.strip() for v in raw.split(",") if v.strip()] if raw else None


def _int(request: Request, name: str, default: int, lo: int, hi: int) -> int:
    raw = request.query_params.get(name)
    try:
        value = int(raw) if raw is not None else default
    except ValueError as exc:
        raise HTTPError(400, "bad_parameter", f"{name} must be an integer") from exc
    if not lo <= value <= hi:
        raise HTTPError(400, "bad_parameter", f"{name} must be between {lo} and {hi}")
    return value


async def list_tools(request: Request) -> JSONResponse:
    user = _caller(request)
    reg = registry_for(request.app)
    page = _int(request, "page", 1, 1, 100_000)
    limit = _int(request, "limit", 20, 1, MAX_LIMIT)
    found = await asyncio.to_thread(reg.list_tools, user, query=request.query_params.get("query"),
                                    types=_csv(request, "types"),
                                    categories=_csv(request, "categories"))
    start = (page - 1) * limit
    return JSONResponse({"tools": found[start:start + limit],
                         "pagination": {"total": len(found), "page": page, "limit": limit}})


async def get_tool(request: Request) -> JSONResponse:
    user = _caller(request)
    try:
        return JSONResponse(await asyncio.to_thread(registry_for(request.app).tool_detail, user,
                                                    request.path_params["tool_id"]))
    except RegistryError as exc:
        return _error(exc)


def _task_view(task: dict[str, Any]) -> dict[str, Any]:
    out = {"task_id": task["task_id"], "status": task["status"], "tool_id": task["tool_id"],
           "kind": task["kind"], "attempts": task["attempts"], "created_at": task["created_at"],
           "updated_at": task["updated_at"]}
    if task["status"] == "completed":
        out["result"] = task["result"]
        out["execution_time_ms"] = task["execution_time_ms"]
    elif task["status"] == "failed":
        out["error"] = task["error"]
    return out


async def execute(request: Request) -> JSONResponse:
    from agent.server.ratelimit_headers import ratelimit_headers

    user = _caller(request)
    req = await _body(request, ExecuteRequest)
    await _check_tool(request, user, req.tool_id)
    reg = registry_for(request.app)
    try:
        env, quota = await _submit(request, user, req)
    except RegistryError as exc:
        return _error(exc)
    headers = ratelimit_headers(quota)
    timeout_s = (env.metadata.timeout_ms or 30000) / 1000 + 1.0
    task = await asyncio.to_thread(reg.wait, env.task_id, timeout_s)
    if task is None:
        return _error(RegistryError("TOOL_EXECUTION_TIMEOUT", f"no result within {timeout_s:g} s; "
                                    "poll GET /api/v1/tasks/{task_id}"), env.task_id)
    meta = {"quota": quota}
    if task["status"] == "failed":
        e = task["error"]
        body = {"task_id": env.task_id, "status": "failed", "error": e, "metadata": meta}
        return JSONResponse(body, status_code=HTTP_STATUS.get(e["code"], 400), headers=headers)
    return JSONResponse({"task_id": env.task_id, "status": "completed", "tool_id": task["tool_id"],
                         "result": task["result"], "execution_time_ms": task["execution_time_ms"],
                         "metadata": meta}, headers=headers)


async def async_execute(request: Request) -> JSONResponse:
    from agent.server.ratelimit_headers import ratelimit_headers

    user = _caller(request)
    req = await _body(request, ExecuteRequest)
    await _check_tool(request, user, req.tool_id)
    try:
        env, quota = await _submit(request, user, req)
    except RegistryError as exc:
        return _error(exc)
    secret = registry_for(request.app).tools.box.task_secret(env.task_id)
    return JSONResponse({"task_id": env.task_id, "status": "queued", "callback_secret": secret,
                         "metadata": {"quota": quota}},
                        status_code=202, headers=ratelimit_headers(quota))


async def get_task(request: Request) -> JSONResponse:
    user = _caller(request)
    task = await asyncio.to_thread(registry_for(request.app).tasks.get_owned,
                                   request.path_params["task_id"], user)
    if task is None:
        raise HTTPError(404, "not_found", "no such task")
    return JSONResponse(_task_view(task))


async def register_tool(request: Request) -> JSONResponse:
    user = _caller(request)
    req = await _body(request, RegisterRequest)
    _need(user, "admin" if req.shared else "write")
    try:
        env = await asyncio.to_thread(registry_for(request.app).enqueue_registration, user,
                                      req.tool, req.secret, shared=req.shared)
    except RegistryError as exc:
        return _error(exc)
    return JSONResponse({"task_id": env.task_id, "tool_id": req.tool.id, "status": "pending"},
                        status_code=202)


async def callback(request: Request) -> JSONResponse:
    """An external registry posting a task's outcome (seed 6.2); idempotent by task id. Allowed
    with the task's own secret (`X-Task-Secret`) or the orchestrator's service credential (a
    service JWT with the `registry` scope); a user's token alone never completes a task."""
    from agent.identity.scopes import is_orchestrator

    user = _caller(request)
    env = await _body(request, Envelope)
    task_id = request.path_params["task_id"]
    reg = registry_for(request.app)
    task = await asyncio.to_thread(reg.tasks.get_for, task_id, user.tenant_id)
    secret_ok = task is not None and reg.tools.box.task_secret_ok(
        task_id, request.headers.get("x-task-secret"))
    if task is None or env.tenant_id != user.tenant_id or env.task_id != task_id or \
            not (secret_ok or is_orchestrator(user) or task["user_id"] == user.user_id):
        raise HTTPError(404, "not_found", "no such task")
    if not (secret_ok or is_orchestrator(user)):
        raise HTTPError(403, "forbidden", "a callback needs the task's secret (X-Task-Secret) or "
                                          "the orchestrator's service token (scope registry)")
    recorded = await asyncio.to_thread(reg.tasks.record_callback, task_id, env)
    return JSONResponse({"received": True, "task_id": task_id, "duplicate": not recorded})


async def service_auth_validate(request: Request) -> JSONResponse:
    """Validate a service JWT (seed 6.2 ValidationResult)."""
    from agent.registry.service_auth import validate_service_token

    body = await _json(request)
    token = body.get("token")
    if not isinstance(token, str) or not token:
        raise HTTPError(422, "TOOL_INVALID_PARAMETERS", "token: a service JWT string is required")
    return JSONResponse(await asyncio.to_thread(validate_service_token,
                                                request.app.state.runtime.auth, token))


async def ws_events(ws: WebSocket) -> None:
    """tool.progress / tool.completed / tool.failed of the caller's own tasks only (the
    orchestrator's service credential hears its whole tenant)."""
    from agent.identity.scopes import allows, is_orchestrator
    from agent.server.ws_auth import websocket_user

    user = await asyncio.to_thread(websocket_user, ws)
    # the table's WEBSOCKET row: read, or the orchestrator's credential
    if user is None or not (allows(user, "read") or is_orchestrator(user)):
        await ws.close(code=4401 if user is None else 4403)
        return
    from agent.settings import CapReached, check_user_cap

    rt, who = ws.app.state.runtime, (user.tenant_id, user.user_id)
    try:
        check_user_cap(rt.server, "websockets", rt.websockets.get(who, 0))
    except CapReached as exc:    # 4429: the WebSocket form of 429, the limit in the reason
        await ws.accept()        # (closed before accepting, the client sees a bare HTTP 403)
        await ws.close(code=4429, reason=str(exc)[:120])
        return
    rt.websockets[who] = rt.websockets.get(who, 0) + 1
    try:
        await _serve_events(ws, user)
    finally:
        rt.websockets[who] -= 1
        if rt.websockets[who] <= 0:
            del rt.websockets[who]


async def _serve_events(ws: WebSocket, user: Any) -> None:
    await ws.accept()
    reg = registry_for(ws.app)

    owners = TaskOwners(reg.tasks)

    async def forward() -> None:
        async for ev in reg.bus.subscribe(user.tenant_id):
            if await owners.hears(user, ev):
                await ws.send_json(ev)

    async def closed() -> None:
        while (await ws.receive())["type"] != "websocket.disconnect":
            pass

    # A quiet tenant sends nothing, so a disconnect would only be noticed at the next event: the
    # handler (and its subscription) would outlive the client and hold up server shutdown.
    tasks = {asyncio.create_task(forward()), asyncio.create_task(closed())}
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        for res in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(res, Exception) and not isinstance(res, WebSocketDisconnect):
                logging.getLogger("askbar.registry").warning("websocket events ended: %r", res)


class TaskOwners:
    """Who owns the task an event is about (events name the tenant and task; the task row names
    its user), remembered per connection so an event costs one lookup per task, not per event."""

    def __init__(self, tasks: Any, keep: int = 4096):
        self.tasks, self.keep = tasks, keep
        self._owner: dict[str, str | None] = {}

    async def hears(self, user: User, ev: dict[str, Any]) -> bool:
        from agent.identity.scopes import is_orchestrator

        if ev.get("tenant_id") != user.tenant_id:
            return False
        if is_orchestrator(user):
            return True
        task_id = str(ev.get("task_id") or "")
        if task_id not in self._owner:
            if len(self._owner) >= self.keep:
                self._owner.clear()
            task = await asyncio.to_thread(self.tasks.get, task_id)
            self._owner[task_id] = task["user_id"] if task else None
        return self._owner[task_id] == user.user_id


routes = [
    Route("/api/v1/tools", list_tools, methods=["GET"]),
    Route("/api/v1/tools", register_tool, methods=["POST"]),
    Route("/api/v1/tools/execute", execute, methods=["POST"]),
    Route("/api/v1/tools/async-execute", async_execute, methods=["POST"]),
    Route("/api/v1/tools/{tool_id}", get_tool, methods=["GET"]),
    Route("/api/v1/tasks/{task_id}", get_task, methods=["GET"]),
    Route("/api/v1/orchestrator/tasks/{task_id}/callback", callback, methods=["POST"]),
    Route("/api/v1/orchestrator/service-auth/validate", service_auth_validate, methods=["POST"]),
    WebSocketRoute("/api/v1/ws", ws_events),
]
