"""The seed's registry metrics (seed 003 7.3) in every deployment, whichever process ran the task.

Workers count executions locally and flush them every second (and at the end of each batch) into
one Redis hash per deployment (`tool_registry:stats[:namespace]`, HINCRBY in one pipeline), or into
the registry's own in-process table without Redis. The server's `/metrics` reads that hash at scrape time through
`RegistryCollector`, so separate `askbar registry worker` processes are seen without a push gateway
and the numbers survive a worker restart.

Names are the seed's exactly: `tool_execution_duration_ms` (histogram), `tool_execution_success_rate`
(gauge), `tool_execution_error_count` (counter, exposed under that name: prometheus_client's
Counter appends `_total`, which made it `tool_execution_error_count_total`),
`tool_registry_queue_depth` (gauge per queue).
"""
from __future__ import annotations

import threading
from collections import Counter
from typing import Any, Callable

from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric

BUCKETS_MS = (5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000)
STATS_KEY = "tool_registry:stats"
_SEP = "\x1f"                      # field separator: tool ids never contain it


def stats_key(namespace: str) -> str:
    return f"{STATS_KEY}:{namespace}" if namespace else STATS_KEY


def _fields(tool_id: str, ms: float, code: str | None) -> tuple[Counter[str], dict[str, float]]:
    counts: Counter[str] = Counter({"done": 1, "ok": 0 if code else 1, f"c{_SEP}{tool_id}": 1})
    for b in BUCKETS_MS:
        if ms <= b:
            counts[f"b{_SEP}{tool_id}{_SEP}{b}"] += 1
    if code:
        counts[f"e{_SEP}{tool_id}{_SEP}{code}"] += 1
    return counts, {f"s{_SEP}{tool_id}": ms}


class MemoryStats:
    """The table for one process (embedded default): workers and /metrics share it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._data: dict[str, float] = {}

    def apply(self, counts: Counter[str], sums: dict[str, float]) -> None:
        with self._lock:
            for k, v in [*counts.items(), *sums.items()]:
                self._data[k] = self._data.get(k, 0) + v

    def read(self) -> dict[str, float]:
        with self._lock:
            return dict(self._data)


class RedisStats:
    def __init__(self, url: str, namespace: str = "", client: Any = None):
        from agent.storage.redis_client import redis_client

        self.r: Any = client or redis_client(url)
        self.key = stats_key(namespace)

    def apply(self, counts: Counter[str], sums: dict[str, float]) -> None:
        pipe = self.r.pipeline(transaction=False)
        for k, v in counts.items():
            if v:
                pipe.hincrby(self.key, k, v)
        for k, f in sums.items():
            pipe.hincrbyfloat(self.key, k, f)
        pipe.execute()

    def read(self) -> dict[str, float]:
        return {k: float(v) for k, v in self.r.hgetall(self.key).items()}


def open_stats(settings: Any) -> MemoryStats | RedisStats:
    """Redis: the deployment's shared table. Without: the registry's own (its in-process workers
    and the server that opened it share that Registry object)."""
    if settings.redis_url:
        return RedisStats(settings.redis_url, settings.registry_namespace)
    return MemoryStats()


class StatsBuffer:
    """A worker's local counts, flushed as one pipeline (never one Redis call per task)."""

    def __init__(self, sink: MemoryStats | RedisStats):
        self.sink = sink
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()
        self._sums: dict[str, float] = {}

    def finished(self, tool_id: str, ms: float, code: str | None) -> None:
        counts, sums = _fields(tool_id, ms, code)
        with self._lock:
            self._counts.update(counts)
            for k, v in sums.items():
                self._sums[k] = self._sums.get(k, 0.0) + v

    def flush(self) -> None:
        with self._lock:
            counts, sums = self._counts, self._sums
            self._counts, self._sums = Counter(), {}
        if counts or sums:
            self.sink.apply(counts, sums)


class RegistryCollector:
    """Prometheus collector: the four seed metrics from the shared table and the queues."""

    def __init__(self, read: Callable[[], dict[str, float]],
                 depths: Callable[[], dict[str, int]] | None = None):
        self._read, self._depths = read, depths

    def collect(self):
        try:
            data = self._read()
        except Exception:  # noqa: BLE001 - a scrape must not fail when Redis is down
            data = {}
        yield self._duration(data)
        # A counter (it only grows) exposed untyped: prometheus_client names a typed counter
        # `..._total`, and the seed's name is `tool_execution_error_count`.
        errors = Metric("tool_execution_error_count", "tool execution errors by tool and code "
                        "(a counter)", "unknown")
        for k, v in sorted(data.items()):
            if k.startswith("e" + _SEP):
                _, tool, code = k.split(_SEP)
                errors.add_sample("tool_execution_error_count", {"tool_id": tool, "code": code}, v)
        yield errors
        rate = GaugeMetricFamily("tool_execution_success_rate",
                                 "share of finished executions that succeeded")
        done = data.get("done", 0)
        rate.add_metric([], data.get("ok", 0) / done if done else 1.0)
        yield rate
        depth = GaugeMetricFamily("tool_registry_queue_depth", "messages waiting or unacknowledged",
                                  labels=["queue"])
        try:
            for name, n in sorted((self._depths() if self._depths else {}).items()):
                depth.add_metric([name], n)
        except Exception:  # noqa: BLE001 - same: Redis down must not fail the scrape
            pass
        yield depth

    @staticmethod
    def _duration(data: dict[str, float]) -> HistogramMetricFamily:
        h = HistogramMetricFamily("tool_execution_duration_ms", "tool execution time in ms",
                                  labels=["tool_id"])
        tools = sorted(k.split(_SEP)[1] for k in data if k.startswith("c" + _SEP))
        for tool in tools:
            count = data[f"c{_SEP}{tool}"]
            buckets = [(str(b), data.get(f"b{_SEP}{tool}{_SEP}{b}", 0)) for b in BUCKETS_MS]
            h.add_metric([tool], buckets + [("+Inf", count)], data.get(f"s{_SEP}{tool}", 0.0))
        return h


def registry_collector(settings: Any, opened: Callable[[], Any]) -> RegistryCollector:
    """The collector a server registers at start-up, whether or not it ever opens its registry:
    with Redis it reads the shared table and the streams (workers are other processes); without,
    the in-process table and the opened registry's queues."""
    queues = ("tool_execution", "tool_registration", "tool_discovery")
    if settings.redis_url:
        from agent.registry.queues import RedisStreamQueue

        stats = RedisStats(settings.redis_url, settings.registry_namespace)
        q = RedisStreamQueue(settings.redis_url, settings.registry_namespace)

        def depths() -> dict[str, int]:
            return {name: sum(q.depth(s) for s in q.streams(name)) for name in queues}
        return RegistryCollector(stats.read, depths)

    def read() -> dict[str, float]:
        reg = opened()
        return reg.stats.read() if reg is not None else {}

    def local_depths() -> dict[str, int]:
        reg = opened()
        return reg.depths() if reg is not None else {name: 0 for name in queues}
    return RegistryCollector(read, local_depths)
