"""The tool executor: every call of a tool (CLI, HTTP, MCP, graph) goes through `execute`.

Order (seed 000 ToolExecutor.execute): find (TOOL_NOT_FOUND) -> plan permission (PLAN_REQUIRED, the
seed's upgrade message in the user's language) -> rate limit (RATE_LIMIT with retry_after) ->
parameters (pydantic, then the tool's validator: VALIDATION_ERROR) -> cache (read-only tools) ->
handler (EXECUTION_ERROR) -> post-processor -> cache store -> execution log -> result:
    {"success", "data", "error": {"code", "message", "retry_after"?} | None,
     "metadata": {"execution_time_ms", "cached", "tool_id"}}
The user always comes from the caller's authenticated context (token, --user, Deps.user).
"""
from __future__ import annotations

import json
import logging
import threading
import time
from datetime import datetime
from datetime import time as dtime
from typing import Any, Callable

from pydantic import ValidationError

from agent.identity.models import User, plan_allows
from agent.identity.scopes import allows, scope_refusal
from agent.tools import messages
from agent.tools.cache import cache_key, canonical, data_version, make_cache
from agent.tools.calllog import ExecutionLog
from agent.tools.closed_sets import fold_case
from agent.tools.ratelimit import ToolRateLimiter
from agent.tools.registry import ToolRegistry, get_registry
from agent.tools.spec import IDEMPOTENCY_KEY, ToolContext, ToolError, ToolSpec

log = logging.getLogger("askbar.tools")

NEVER_CACHED = frozenset({"trading", "alerts"})   # seed isCacheable


def cacheable(spec: ToolSpec) -> bool:
    return bool(spec.cache_ttl_s) and spec.category not in NEVER_CACHED and not spec.mutates


def _validation_detail(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "parameters"
        msg = str(err["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if err["loc"] else msg)
    return "; ".join(parts)


class ToolExecutor:
    def __init__(self, settings, store, appdb, *, registry: ToolRegistry | None = None,
                 redis_url: str | None = None, prefix: str | None = None, log_calls: bool = True,
                 memory: Callable[[], Any] | None = None):
        """`memory`: the world's Memory (agent/services.py); without it, the memory tools open one
        for this executor on first use and keep it (its writer thread orders the user's writes)."""
        self.settings, self.store, self.appdb = settings, store, appdb
        self._memory_of = memory
        self._own_memory: Any = None
        self._memory_lock = threading.Lock()
        self.registry = registry or get_registry()
        url = redis_url if redis_url is not None else settings.redis_url
        self.prefix = prefix or getattr(settings, "tools_redis_prefix", None) or "askbar"
        self.limiter = ToolRateLimiter(url or None, prefix=self.prefix)
        self.cache = make_cache(url or None)
        self.calllog = ExecutionLog(appdb) if log_calls else None

    # ---- the one entry point -------------------------------------------------------------------
    def execute(self, name: str, params: Any, user: User, *, lang: str | None = None,
                extra: dict[str, Any] | None = None,
                idempotency_key: str | None = None, admitted: bool = False) -> dict[str, Any]:
        """`idempotency_key`: set by code for a confirmed action (its checkpointed id), never taken
        from parameters; a mutating tool that honours it (ctx.extra[IDEMPOTENCY_KEY]) returns what
        the first execution with this key stored for this user instead of acting again.
        `admitted`: `admit` already counted this call against the rate limit (the registry checks
        before queueing), so it is not counted twice."""
        started = time.perf_counter()
        lang = lang or user.language
        spec = self.registry.get(name)
        if spec is None:
            return self._result(started, None, error=("TOOL_NOT_FOUND",
                                                       messages.text("not_found", lang, name=name)))
        if not allows(user, spec.scope):     # the token's scopes (a graph run, a registry task too)
            return self._result(started, spec, error=("SCOPE_REQUIRED", scope_refusal(spec.scope)))
        extra = dict(extra or {})
        extra.pop(IDEMPOTENCY_KEY, None)                 # only the keyword below sets it
        if idempotency_key and spec.mutates:
            extra[IDEMPOTENCY_KEY] = idempotency_key
        outcome = self._run(spec, params, user, lang, extra, count=not admitted)
        result = self._result(started, spec, **outcome)
        result["metadata"]["quota"] = self.quota(spec, user)
        self._log(spec, user, outcome.get("params_json", "{}"), result)
        return result

    def quota(self, spec: ToolSpec, user: User) -> dict[str, dict]:
        return self.limiter.quota(spec.rate_limit, user.tenant_id, user.user_id, spec.id)

    def admit(self, name: str, params: Any, user: User, *, lang: str | None = None) -> dict[str, Any]:
        """The checks before a call is queued (find, plan, rate limit, parameters): a refusal in
        the executor's result shape, or `success: True` with the quota left. An admitted call is
        counted: run it with `execute(..., admitted=True)`."""
        started = time.perf_counter()
        lang = lang or user.language
        spec = self.registry.get(name)
        if spec is None:
            return self._result(started, None, error=("TOOL_NOT_FOUND",
                                                       messages.text("not_found", lang, name=name)))
        refused = self._checks(spec, params, user, lang, {}, count=True)
        result = self._result(started, spec, **(refused if isinstance(refused, dict) else {}))
        result["metadata"]["quota"] = self.quota(spec, user)
        return result

    async def aexecute(self, name: str, params: Any, user: User, **kw: Any) -> dict[str, Any]:
        """`execute` in a worker thread (handlers and stores are synchronous)."""
        import anyio

        return await anyio.to_thread.run_sync(lambda: self.execute(name, params, user, **kw))

    # ---- steps ---------------------------------------------------------------------------------
    def _checks(self, spec: ToolSpec, params: Any, user: User, lang: str, extra: dict[str, Any],
                count: bool) -> dict[str, Any] | tuple[Any, ToolContext, str]:
        """Plan, rate limit (counted unless `count` is False), parameters: a refusal outcome, or
        (validated model, context, canonical parameters)."""
        if not plan_allows(user.plan, spec.required_plan):
            return {"error": ("PLAN_REQUIRED",
                              messages.upgrade_message(user.plan, spec.required_plan, lang))}
        refusal = self.limiter.hit(spec.rate_limit, user.tenant_id, user.user_id, spec.id) if count else None
        if refusal:
            limit = messages.limit_text(refusal.limit, refusal.period, lang)
            msg = messages.text("rate_limit", lang, name=spec.name, limit=limit,
                                retry=refusal.retry_after)
            return {"error": ("RATE_LIMIT", msg), "retry_after": refusal.retry_after}
        ctx = self._context(user, extra)
        try:
            model = spec.params.model_validate(fold_case(spec.params, params if params is not None else {}))
        except ValidationError as exc:
            detail = _validation_detail(exc)
            return {"error": ("VALIDATION_ERROR",
                              messages.text("validation", lang, name=spec.name, detail=detail))}
        params_json = canonical(model.model_dump(mode="json"))
        try:
            if spec.validator:
                spec.validator(ctx, model)
        except ToolError as exc:
            return {"error": (exc.code, exc.message), "params_json": params_json}
        return model, ctx, params_json

    def _run(self, spec: ToolSpec, params: Any, user: User, lang: str,
             extra: dict[str, Any], count: bool = True) -> dict[str, Any]:
        checked = self._checks(spec, params, user, lang, extra, count)
        if isinstance(checked, dict):
            return checked
        model, ctx, params_json = checked
        key = None
        if cacheable(spec):
            version = data_version(self.store, self.appdb)
            if spec.state_version is not None:
                version += "|" + spec.state_version(ctx)
            key = cache_key(self.prefix, spec.id, user.tenant_id, user.user_id, params_json, version)
            hit = self.cache.get(key)
            if hit is not None:
                return {"data": hit, "cached": True, "params_json": params_json}
        try:
            data = spec.handler(ctx, model)
            if spec.post_processor:
                data = spec.post_processor(ctx, model, data)
        except ToolError as exc:
            return {"error": (exc.code, exc.message), "params_json": params_json}
        except Exception as exc:  # a handler bug or a store failure: the caller gets one line
            log.exception("tool %s failed", spec.id)
            detail = " ".join(str(exc).split())[:300] or type(exc).__name__
            return {"error": ("EXECUTION_ERROR", messages.text("execution", lang, name=spec.name,
                                                               detail=detail)),
                    "params_json": params_json}
        data = json.loads(json.dumps(data, default=str))   # JSON-able, as every transport sends it
        if key is not None:
            self.cache.set(key, data, int(spec.cache_ttl_s or 0))
        return {"data": data, "params_json": params_json}

    def _context(self, user: User, extra: dict[str, Any]) -> ToolContext:
        now = getattr(self.settings, "now", None)
        return ToolContext(user=user, settings=self.settings, store=self.store, appdb=self.appdb,
                           now=datetime.combine(now, dtime()) if now else None, memory=self.memory,
                           extra={"executor": self, **extra})

    def memory(self) -> Any:
        if self._memory_of is not None:
            return self._memory_of()
        with self._memory_lock:
            if self._own_memory is None:
                from agent.memory.service import Memory

                self._own_memory = Memory(self.settings)
            return self._own_memory

    @staticmethod
    def _result(started: float, spec: ToolSpec | None, *, data: Any = None, cached: bool = False,
                error: tuple[str, str] | None = None, retry_after: int | None = None,
                params_json: str | None = None) -> dict[str, Any]:
        err: dict[str, Any] | None = None
        if error is not None:
            err = {"code": error[0], "message": error[1]}
            if retry_after is not None:
                err["retry_after"] = retry_after
        return {"success": error is None, "data": data if error is None else None, "error": err,
                "metadata": {"execution_time_ms": round((time.perf_counter() - started) * 1000, 3),
                             "cached": cached, "tool_id": spec.id if spec else None}}

    def _log(self, spec: ToolSpec, user: User, params_json: str, result: dict[str, Any]) -> None:
        if self.calllog is None:
            return
        err = result["error"] or {}
        self.calllog.write((user.tenant_id, user.user_id, spec.id, params_json, result["success"],
                            err.get("code"), err.get("message"), result["metadata"]["cached"],
                            result["metadata"]["execution_time_ms"]))

    def flush_log(self) -> None:
        """Wait until every call so far is in the execution log."""
        if self.calllog is not None:
            self.calllog.flush()

    def close(self) -> None:
        """Store the calls still queued for the execution log and stop its thread (before the app
        database it writes to is closed)."""
        if self.calllog is not None:
            self.calllog.close()
