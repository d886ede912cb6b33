"""The registry's shared context: queues, task store, tenant tools, events, metrics, and the
operations the REST API and the graph call (enqueue, wait, list)."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from agent.identity.models import User
from agent.registry.admission import admit
from agent.registry.builtin import BuiltinTools, NoBuiltinTools
from agent.registry.envelope import (
    Envelope,
    EnvelopeMetadata,
    ExecutionContext,
    TenantToolConfig,
    ToolDiscoveryPayload,
    ToolExecutionPayload,
    ToolRegistrationPayload,
)
from agent.registry.errors import RegistryError
from agent.registry.events import MemoryEventBus, RedisEventBus
from agent.registry.external import allowed_hosts, check_endpoint
from agent.registry.queues import MemoryStreamQueue, RedisStreamQueue, stream_name
from agent.registry.secrets import SecretBox
from agent.registry.stats import MemoryStats, RedisStats, open_stats
from agent.registry.tasks import TaskStore
from agent.registry.tenant_tools import TenantTools, public
from agent.settings import Settings
from agent.storage.appdb import AppDB

POLL_S = 0.02  # sync execute polls the task row; 20 ms keeps added latency small (seed: < 5 s answers)


@dataclass
class Registry:
    settings: Settings
    db: AppDB
    queue: Any                       # RedisStreamQueue | MemoryStreamQueue
    bus: Any                         # RedisEventBus | MemoryEventBus
    builtin: BuiltinTools = field(default_factory=NoBuiltinTools)
    stats: MemoryStats | RedisStats | None = None   # the seed's metrics, shared by all workers

    def __post_init__(self) -> None:
        self.tasks = TaskStore(self.db)
        self.tools = TenantTools(self.db, SecretBox(self.settings))
        self.allowed = allowed_hosts(self.settings.registry_allowed_hosts)
        if self.stats is None:
            self.stats = open_stats(self.settings)
        self._http: Any = None
        self._own_db = False

    @classmethod
    def open(cls, settings: Settings, builtin: BuiltinTools | None = None,
             db: AppDB | None = None) -> "Registry":
        queue: RedisStreamQueue | MemoryStreamQueue
        bus: RedisEventBus | MemoryEventBus
        if settings.redis_url:
            queue = RedisStreamQueue(settings.redis_url, settings.registry_namespace)
            bus = RedisEventBus(settings.redis_url)
        else:
            queue, bus = MemoryStreamQueue(), MemoryEventBus()
        reg = cls(settings=settings, db=db or AppDB(settings), queue=queue, bus=bus,
                  builtin=builtin or NoBuiltinTools())
        reg._own_db = db is None       # opened here: closed with the registry
        return reg

    def depths(self, tenant: str | None = None) -> dict[str, int]:
        """Messages waiting per queue (of one tenant's streams when `tenant` is given)."""
        out: dict[str, int] = {}
        for q in ("tool_execution", "tool_registration", "tool_discovery"):
            out[q] = sum(self.queue.depth(s) for s in self.queue.streams(q)
                         if tenant is None or s == stream_name(q, tenant))
        return out

    # ---- discovery -------------------------------------------------------------------------------
    def list_tools(self, user: User, *, query: str | None = None, types: list[str] | None = None,
                   categories: list[str] | None = None) -> list[dict[str, Any]]:
        found = [{**t, "tool_type": "builtin"} for t in self.builtin.list(user)]
        found += [public(r) for r in self.tools.list_visible(user) if r["status"] == "active"]
        if types:
            found = [t for t in found if t["tool_type"] in types]
        if categories:
            found = [t for t in found if t.get("category") in categories]
        if query:
            q = query.lower()
            found = [t for t in found if q in (t["tool_name"] + " " + t["description"]).lower()
                     or q in t["tool_id"].lower()]
        return found

    def tool_detail(self, user: User, tool_id: str) -> dict[str, Any]:
        row = self.tools.visible(user, tool_id)
        if row is not None:
            return public(row)
        for t in self.builtin.list(user):
            if t["tool_id"] == tool_id or t["tool_name"] == tool_id:
                return {**t, "tool_type": "builtin"}
        raise RegistryError("TOOL_NOT_FOUND", f"no tool {tool_id!r} for this tenant")

    # ---- execution -------------------------------------------------------------------------------
    def timeout_ms(self, user: User, tool_id: str) -> int:
        row = self.tools.visible(user, tool_id)
        return int(row["timeout_ms"]) if row else 30_000

    def enqueue_execution(self, user: User, tool_id: str, params: dict[str, Any], *,
                          priority: int = 0, session_id: str | None = None,
                          correlation_id: str | None = None, agent_id: str | None = None,
                          user_query: str | None = None) -> Envelope:
        """Checked (`admission.admit`), then queued; a refusal raises RegistryError at once."""
        return self.submit_execution(user, tool_id, params, priority=priority,
                                     session_id=session_id, correlation_id=correlation_id,
                                     agent_id=agent_id, user_query=user_query)[0]

    def submit_execution(self, user: User, tool_id: str, params: dict[str, Any], *,
                         priority: int = 0, session_id: str | None = None,
                         correlation_id: str | None = None, agent_id: str | None = None,
                         user_query: str | None = None, task_id: str | None = None,
                         fallback_tool_ids: list[str] | None = None
                         ) -> tuple[Envelope, dict[str, Any]]:
        """(envelope, quota left). Only accepted work is queued: tool, plan, parameters and rate
        limit are checked here (immediate 4xx with the seed's code). `task_id` (from the caller's
        Idempotency-Key): a repeated request gets its first task back, nothing is queued twice."""
        if task_id is not None and (old := self.tasks.get_for(task_id, user.tenant_id)) is not None:
            return Envelope.model_validate(old["request"]), {}
        chosen, fallbacks, quota = admit(self, user, tool_id, params, list(fallback_tool_ids or []))
        payload = ToolExecutionPayload(tool_id=chosen, parameters=params,
                                       execution_context=ExecutionContext(agent_id=agent_id,
                                                                          user_query=user_query),
                                       fallback_tool_ids=fallbacks,
                                       fallback_from=tool_id if chosen != tool_id else None)
        env = Envelope(tenant_id=user.tenant_id, priority=priority, session_id=session_id,
                       metadata=EnvelopeMetadata(user_id=user.user_id,
                                                 timeout_ms=self.timeout_ms(user, chosen)),
                       payload=payload.model_dump(mode="json"))
        if task_id is not None:
            env.task_id = task_id
        if correlation_id:
            env.correlation_id = correlation_id
        self.tasks.create(env.task_id, user, chosen, "execute", priority, env.model_dump(mode="json"))
        self.queue.publish(stream_name("tool_execution", user.tenant_id), env)
        return env, quota

    def wait(self, task_id: str, timeout_s: float) -> dict[str, Any] | None:
        """The finished task, or None when it is still queued/running at the deadline."""
        deadline = time.monotonic() + timeout_s
        while True:
            task = self.tasks.get(task_id)
            if task and task["status"] in ("completed", "failed"):
                return task
            if time.monotonic() >= deadline:
                return None
            time.sleep(POLL_S)

    # ---- registration ----------------------------------------------------------------------------
    def enqueue_registration(self, user: User, tool: TenantToolConfig, secret: str | None, *,
                             shared: bool = False) -> Envelope:
        """`shared`: a tenant tool (every user of the tenant sees and runs it); only its owner or a
        tenant admin changes an existing tool (agent/registry/tenant_tools.py)."""
        from agent.identity.scopes import is_tenant_admin

        check_endpoint(tool.endpoint, self.allowed)       # refused at once: never stored
        self.tools.save(user, tool, secret, shared=shared, admin=is_tenant_admin(user))
        payload = ToolRegistrationPayload(tool=tool)
        env = Envelope(tenant_id=user.tenant_id, priority=1,
                       metadata=EnvelopeMetadata(user_id=user.user_id, timeout_ms=tool.timeout_ms),
                       payload=json.loads(payload.model_dump_json(by_alias=True)))
        self.tasks.create(env.task_id, user, tool.id, "register", 1, env.model_dump(mode="json"))
        self.queue.publish(stream_name("tool_registration", user.tenant_id), env)
        return env

    def enqueue_discovery(self, user: User, payload: ToolDiscoveryPayload) -> Envelope:
        """Tool discovery on the registry's queue (seed 4.4); produced whenever a tenant's tool set
        changes (a registration finished), so the orchestrator's callback stream carries the new
        list."""
        env = Envelope(tenant_id=user.tenant_id, priority=1,
                       metadata=EnvelopeMetadata(user_id=user.user_id, timeout_ms=5000),
                       payload=payload.model_dump(mode="json"))
        self.tasks.create(env.task_id, user, "*", "discover", 1, env.model_dump(mode="json"))
        self.queue.publish(stream_name("tool_discovery", user.tenant_id), env)
        return env

    @property
    def http(self) -> Any:
        """The pooled HTTP client of this registry's connection tests, made on first use."""
        if self._http is None:
            from agent.registry.external import http_client

            self._http = http_client()
        return self._http

    def close(self) -> None:
        self.queue.close()
        self.bus.close()
        self.builtin.close()
        if self._http is not None:
            self._http.close()
        if self._own_db:
            self.db.close()
