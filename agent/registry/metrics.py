"""The seed's registry metrics (seed 003 7.3), on the server's Prometheus registry when in process."""
from __future__ import annotations

import threading
from typing import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily

_MS_BUCKETS = (5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000)


class QueueDepthCollector:
    """`tool_registry_queue_depth{queue}` read from the queues at scrape time (never stale)."""

    def __init__(self, depths: Callable[[], dict[str, int]]):
        self._depths = depths

    def collect(self):
        g = GaugeMetricFamily("tool_registry_queue_depth", "messages waiting or unacknowledged",
                              labels=["queue"])
        try:
            for name, n in sorted(self._depths().items()):
                g.add_metric([name], n)
        except Exception:  # noqa: BLE001 - a scrape must not fail when Redis is down
            pass
        yield g


class RegistryMetrics:
    def __init__(self, registry: CollectorRegistry | None = None,
                 depths: Callable[[], dict[str, int]] | None = None):
        r = self.registry = registry or CollectorRegistry()
        self.duration = Histogram("tool_execution_duration_ms", "tool execution time in ms",
                                  ["tool_id"], buckets=_MS_BUCKETS, registry=r)
        self.errors = Counter("tool_execution_error_count", "tool execution errors",
                              ["tool_id", "code"], registry=r)
        self.success_rate = Gauge("tool_execution_success_rate",
                                  "share of finished executions that succeeded", registry=r)
        self._lock = threading.Lock()
        self._ok = self._done = 0
        if depths is not None:
            r.register(QueueDepthCollector(depths))

    def finished(self, tool_id: str, ms: float, error_code: str | None) -> None:
        self.duration.labels(tool_id).observe(ms)
        if error_code:
            self.errors.labels(tool_id, error_code).inc()
        with self._lock:
            self._done += 1
            self._ok += 0 if error_code else 1
            self.success_rate.set(self._ok / self._done)
