"""Prometheus metrics (GET /metrics): HTTP requests, runs, latency per agent, LLM tokens and cost,
errors by code, active runs. One registry per app so tests can build several apps in a process."""
from __future__ import annotations

import logging
import time

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.requests import Request
from starlette.responses import Response

_access = logging.getLogger("askbar.access")
_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry()
        self.http_requests = Counter("askbar_http_requests_total", "HTTP requests",
                                     ["method", "route", "status"], registry=r)
        self.http_seconds = Histogram("askbar_http_request_seconds", "HTTP handler time to response "
                                      "start", ["route"], buckets=_BUCKETS, registry=r)
        self.runs = Counter("askbar_runs_total", "graph runs by kind and final status",
                            ["kind", "status"], registry=r)
        self.run_seconds = Histogram("askbar_run_seconds", "graph run wall time", ["kind"],
                                     buckets=_BUCKETS, registry=r)
        self.agent_seconds = Histogram("askbar_agent_seconds", "time per agent step", ["agent"],
                                       buckets=_BUCKETS, registry=r)
        self.llm_tokens = Counter("askbar_llm_tokens_total", "LLM tokens", ["agent", "direction"],
                                  registry=r)
        self.llm_cost = Counter("askbar_llm_cost_usd_total", "LLM cost in USD", ["agent"], registry=r)
        self.llm_calls = Counter("askbar_llm_calls_total", "LLM calls", ["agent", "status"], registry=r)
        self.errors = Counter("askbar_errors_total", "errors by code", ["code"], registry=r)
        self.active_runs = Gauge("askbar_active_runs", "runs executing in this process", registry=r)

    def step(self, row: dict) -> None:
        """One finished agent step (a request_traces row)."""
        self.agent_seconds.labels(row["agent"]).observe((row.get("duration_ms") or 0) / 1000)
        for call in row.get("llm") or []:
            agent = call.get("agent") or row["agent"]
            self.llm_calls.labels(agent, "error" if call.get("error") else "ok").inc()
            self.llm_tokens.labels(agent, "input").inc(call.get("input_tokens") or 0)
            self.llm_tokens.labels(agent, "output").inc(call.get("output_tokens") or 0)
            self.llm_cost.labels(agent).inc(call.get("cost_usd") or 0)
        if row.get("error"):
            self.errors.labels("agent_error").inc()

    def render(self) -> Response:
        return Response(generate_latest(self.registry), media_type=CONTENT_TYPE_LATEST)


class MetricsMiddleware:
    """Counts every HTTP request by route template (not raw path: ids would explode cardinality)."""

    def __init__(self, app, metrics: Metrics):
        self.app, self.metrics = app, metrics

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started, status = time.perf_counter(), {"code": 500}

        async def _send(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                status["request_id"] = _header(message, b"x-request-id") or _header(scope, b"x-request-id")
                route = _route(scope)
                self.metrics.http_seconds.labels(route).observe(time.perf_counter() - started)
            await send(message)
        try:
            await self.app(scope, receive, _send)
        finally:
            self.metrics.http_requests.labels(scope["method"], _route(scope), str(status["code"])).inc()
            if scope.get("path") not in ("/metrics", "/healthz"):
                _access.info("http request", extra={
                    "method": scope["method"], "path": scope.get("path"), "status": status["code"],
                    "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                    "request_id": status.get("request_id")})


def _header(scope_or_message, name: bytes) -> str | None:
    for key, value in scope_or_message.get("headers") or []:
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _route(scope) -> str:
    route = scope.get("route")
    return getattr(route, "path", None) or "unmatched"


async def metrics_endpoint(request: Request) -> Response:
    """The operator sees every series; a tenant admin (the route needs `admin`) only its own
    tenant's registry series: the process-wide ones (HTTP, runs, LLM cost) and other tenants' tool
    ids are the deployment's, not a tenant's."""
    from agent.server.caller import current_user, is_operator

    rt = request.app.state.runtime
    if is_operator(request):
        return rt.metrics.render()
    own = CollectorRegistry()
    own.register(rt.registry_metrics.for_tenant(current_user(request).tenant_id))
    return Response(generate_latest(own), media_type=CONTENT_TYPE_LATEST)
