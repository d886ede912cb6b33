"""Stream queues with consumer groups: Redis Streams in production, an in-process emulation of the
same semantics (pending entries, acks, claiming idle entries) for the embedded default.

Stream names are exactly the seed's: `tool_execution:{tenant_id}`, `tool_registration:{tenant_id}`,
`tool_discovery:{tenant_id}`, `orchestrator_callbacks:{tenant_id}`. Every stream that receives a
message is added to the set `tool_registry:streams`, so workers find new tenants without a restart.
Dead letters go to `{stream}:dead_letter` (not in that set: nobody consumes them automatically).
"""
from __future__ import annotations

import heapq
import itertools
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from agent.registry.envelope import Envelope
from agent.storage.redis_client import redis_client

QUEUES = ("tool_execution", "tool_registration", "tool_discovery", "orchestrator_callbacks")
STREAMS_SET = "tool_registry:streams"
ALIVE_KEY = "tool_registry:alive"        # set once per Redis data set: missing means Redis lost it
CONSUMERS_KEY = "tool_registry:consumers"  # hash: worker -> {"at", "ok", "error"} (its last loop)
DELAYED_SET = "tool_registry:delayed"   # sorted set: "{stream}\n{envelope}" scored by not-before
GROUP = "tool-registry"


def stream_name(queue: str, tenant_id: str) -> str:
    if queue not in QUEUES:
        raise ValueError(f"unknown queue {queue!r}")
    return f"{queue}:{tenant_id}"


def dead_letter(stream: str) -> str:
    return f"{stream}:dead_letter"


@dataclass
class Delivery:
    stream: str
    message_id: str
    envelope: Envelope


class StreamQueue(Protocol):
    def publish(self, stream: str, envelope: Envelope, *, register: bool = True) -> str: ...
    def publish_once(self, stream: str, envelope: Envelope, key: str) -> bool: ...
    def streams(self, queue: str) -> list[str]: ...
    def read(self, consumer: str, streams: list[str], count: int, block_ms: int) -> list[Delivery]: ...
    def ack(self, stream: str, message_id: str) -> None: ...
    def ack_many(self, stream: str, message_ids: list[str]) -> None: ...
    def touch(self, consumer: str, stream: str, message_ids: list[str]) -> None: ...
    def delay(self, stream: str, envelope: Envelope, not_before: float) -> None: ...
    def move_due(self, now: float | None = None) -> int: ...
    def publish_once_many(self, items: list[tuple[str, Envelope, str]]) -> list[bool]: ...
    def claim_idle(self, consumer: str, stream: str, min_idle_ms: int, count: int) -> list[Delivery]: ...
    def depth(self, stream: str) -> int: ...
    def entries(self, stream: str) -> list[Envelope]: ...
    def lost_state(self) -> bool: ...
    def report(self, consumer: str, ok: bool, error: str | None = None) -> None: ...
    def consumers(self) -> dict[str, dict[str, Any]]: ...


def consumers_key(namespace: str = "") -> str:
    return f"{CONSUMERS_KEY}:{namespace}" if namespace else CONSUMERS_KEY


def _nogroup(exc: Exception) -> bool:
    """Redis answered that a stream or its group does not exist: it lost its data (a restart
    without persistence, a failover to an empty replica, a flush)."""
    return "NOGROUP" in str(exc) or "no such key" in str(exc)


class RedisStreamQueue:
    """Redis Streams + consumer group `tool-registry` (XADD, XREADGROUP, XACK, XAUTOCLAIM)."""

    def __init__(self, url: str, namespace: str = ""):

        self.r: Any  # Any: redis-py's types say bytes | str even with decode_responses=True
        self.r = redis_client(url, socket_timeout=30, health_check_interval=15)
        self._groups: set[str] = set()
        self.streams_key = f"{STREAMS_SET}:{namespace}" if namespace else STREAMS_SET
        self.delayed_key = f"{DELAYED_SET}:{namespace}" if namespace else DELAYED_SET
        self.alive_key = f"{ALIVE_KEY}:{namespace}" if namespace else ALIVE_KEY
        self.consumers_key = consumers_key(namespace)

    def _regroup(self, streams: list[str]) -> None:
        """Redis lost the groups this client created: forget them and create them again (id 0:
        what was added since, by a publisher that still believed in the group, is read too)."""
        self._groups.clear()
        for s in streams:
            self._ensure_group(s)

    def _retry_nogroup(self, streams: list[str], call):
        import redis

        try:
            return call()
        except redis.ResponseError as exc:
            if not _nogroup(exc):
                raise
            self._regroup(streams)
            return call()

    def lost_state(self) -> bool:
        """True once after Redis lost its data (and on a fresh Redis): the caller re-queues what
        the database says is unfinished. SET NX: of several workers, one re-queues."""
        if self.r.set(self.alive_key, "1", nx=True):
            self._groups.clear()
            return True
        return False

    def report(self, consumer: str, ok: bool, error: str | None = None) -> None:
        """A worker's last loop, for /healthz (expired with the hash when no worker reports)."""
        import json

        pipe = self.r.pipeline(transaction=False)
        pipe.hset(self.consumers_key, consumer,
                  json.dumps({"at": time.time(), "ok": ok, "error": error}))
        pipe.expire(self.consumers_key, 3600)
        pipe.execute()

    def consumers(self) -> dict[str, dict[str, Any]]:
        import json

        return {k: json.loads(v) for k, v in self.r.hgetall(self.consumers_key).items()}

    def forget_consumer(self, consumer: str) -> None:
        self.r.hdel(self.consumers_key, consumer)

    def _ensure_group(self, stream: str) -> None:
        if stream in self._groups:
            return
        import redis

        try:  # id 0: a group created after the first XADD still sees every message
            self.r.xgroup_create(stream, GROUP, id="0", mkstream=True)
        except redis.ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise
        self._groups.add(stream)

    def publish(self, stream: str, envelope: Envelope, *, register: bool = True) -> str:
        self._ensure_group(stream)
        if register:
            self.r.sadd(self.streams_key, stream)
        return self.r.xadd(stream, {"envelope": envelope.model_dump_json()})

    # SET NX + XADD in one script: a result is appended at most once per key, and a worker that
    # dies before marking it delivered in the database can be repaired by a re-publish that is a
    # no-op when the first one happened (results delivered exactly once).
    _ONCE = ("if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[2]) then "
             "return redis.call('XADD', KEYS[2], '*', 'envelope', ARGV[1]) else return false end")

    def publish_once(self, stream: str, envelope: Envelope, key: str) -> bool:
        done_key = f"tool_registry:published:{key}"
        return bool(self.r.eval(self._ONCE, 2, done_key, stream, envelope.model_dump_json(),
                                7 * 24 * 3600))

    def publish_once_many(self, items: list[tuple[str, Envelope, str]]) -> list[bool]:
        """publish_once for a batch in one round trip (a pipeline of the same script)."""
        if not items:
            return []
        pipe = self.r.pipeline(transaction=False)
        for stream, env, key in items:
            pipe.eval(self._ONCE, 2, f"tool_registry:published:{key}", stream,
                      env.model_dump_json(), 7 * 24 * 3600)
        return [bool(x) for x in pipe.execute()]

    def streams(self, queue: str) -> list[str]:
        return sorted(s for s in self.r.smembers(self.streams_key) if s.startswith(queue + ":"))

    def all_streams(self) -> list[str]:
        return sorted(self.r.smembers(self.streams_key))

    def _deliveries(self, stream: str, items) -> list[Delivery]:
        out = []
        for mid, fields in items or []:
            if fields and "envelope" in fields:
                out.append(Delivery(stream, mid, Envelope.model_validate_json(fields["envelope"])))
        return out

    def read(self, consumer: str, streams: list[str], count: int, block_ms: int) -> list[Delivery]:
        if not streams:
            time.sleep(block_ms / 1000)
            return []
        for s in streams:
            self._ensure_group(s)
        # BLOCK 0 would wait forever in Redis: no BLOCK at all means "what is there now".
        res = self._retry_nogroup(streams, lambda: self.r.xreadgroup(
            GROUP, consumer, {s: ">" for s in streams}, count=count,
            block=block_ms if block_ms > 0 else None))
        return [d for stream, items in res or [] for d in self._deliveries(stream, items)]

    def ack(self, stream: str, message_id: str) -> None:
        self.ack_many(stream, [message_id])

    def ack_many(self, stream: str, message_ids: list[str]) -> None:
        import redis

        if not message_ids:
            return
        try:
            self.r.xack(stream, GROUP, *message_ids)
        except redis.ResponseError as exc:   # the group is gone, and its pending entries with it
            if not _nogroup(exc):
                raise
            self._regroup([stream])

    def touch(self, consumer: str, stream: str, message_ids: list[str]) -> None:
        """Reset the idle time of messages this worker is still running (its heartbeat), so
        XAUTOCLAIM with a short idle time takes only the messages of a dead worker."""
        import redis

        if not message_ids:
            return
        try:
            self.r.xclaim(stream, GROUP, consumer, 0, message_ids, justid=True)
        except redis.ResponseError as exc:   # lost with Redis's data: the database lease holds
            if not _nogroup(exc):
                raise
            self._regroup([stream])

    def delay(self, stream: str, envelope: Envelope, not_before: float) -> None:
        """Hold a message off the stream until `not_before` (epoch s): a retry waits in Redis,
        never in a worker."""
        self.r.zadd(self.delayed_key, {f"{stream}\n{envelope.model_dump_json()}": not_before})

    # Due members back onto their streams, atomically (two workers never move one twice).
    _MOVE = ("local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 200) "
             "for _, m in ipairs(due) do "
             "  local i = string.find(m, '\\n', 1, true) "
             "  redis.call('ZREM', KEYS[1], m) "
             "  redis.call('XADD', string.sub(m, 1, i - 1), '*', 'envelope', string.sub(m, i + 1)) "
             "end return #due")

    def move_due(self, now: float | None = None) -> int:
        return int(self.r.eval(self._MOVE, 1, self.delayed_key, now or time.time()))

    def claim_idle(self, consumer: str, stream: str, min_idle_ms: int, count: int) -> list[Delivery]:
        self._ensure_group(stream)
        res = self._retry_nogroup([stream], lambda: self.r.xautoclaim(
            stream, GROUP, consumer, min_idle_time=min_idle_ms, start_id="0-0", count=count))
        return self._deliveries(stream, res[1] if res else [])

    def depth(self, stream: str) -> int:
        """Messages not yet acknowledged: never delivered (lag) plus delivered but pending."""
        self._ensure_group(stream)
        for g in self._retry_nogroup([stream], lambda: self.r.xinfo_groups(stream)):
            if g["name"] == GROUP:
                return int(g.get("lag") or 0) + int(g.get("pending") or 0)
        return 0

    def entries(self, stream: str) -> list[Envelope]:
        return [Envelope.model_validate_json(f["envelope"]) for _, f in self.r.xrange(stream)]

    def close(self) -> None:
        self.r.close()


class MemoryStreamQueue:
    """The same semantics in process: ordered entries, one group, pending entries per consumer."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._entries: dict[str, list[tuple[str, Envelope]]] = {}
        self._next: dict[str, int] = {}                       # next undelivered index per stream
        self._pending: dict[str, dict[str, tuple[str, float]]] = {}   # id -> (consumer, delivered)
        self._registered: set[str] = set()
        self._published: set[str] = set()
        self._delayed: list[tuple[float, int, str, Envelope]] = []
        self._seq = itertools.count(1)
        self._consumers: dict[str, dict[str, Any]] = {}

    def publish(self, stream: str, envelope: Envelope, *, register: bool = True) -> str:
        with self._cv:
            mid = f"{int(time.time() * 1000)}-{next(self._seq)}"
            self._entries.setdefault(stream, []).append((mid, envelope))
            self._next.setdefault(stream, 0)
            self._pending.setdefault(stream, {})
            if register:
                self._registered.add(stream)
            self._cv.notify_all()
            return mid

    def publish_once(self, stream: str, envelope: Envelope, key: str) -> bool:
        with self._cv:
            if key in self._published:
                return False
            self._published.add(key)
            self.publish(stream, envelope, register=False)
            return True

    def publish_once_many(self, items: list[tuple[str, Envelope, str]]) -> list[bool]:
        return [self.publish_once(s, e, k) for s, e, k in items]

    def streams(self, queue: str) -> list[str]:
        with self._cv:
            return sorted(s for s in self._registered if s.startswith(queue + ":"))

    def all_streams(self) -> list[str]:
        with self._cv:
            return sorted(self._registered)

    def _take(self, consumer: str, streams: list[str], count: int) -> list[Delivery]:
        out: list[Delivery] = []
        for s in streams:
            entries, i = self._entries.get(s, []), self._next.get(s, 0)
            while i < len(entries) and len(out) < count:
                mid, env = entries[i]
                self._pending[s][mid] = (consumer, time.monotonic())
                out.append(Delivery(s, mid, env))
                i += 1
            self._next[s] = i
        return out

    def read(self, consumer: str, streams: list[str], count: int, block_ms: int) -> list[Delivery]:
        deadline = time.monotonic() + block_ms / 1000
        with self._cv:
            while True:
                out = self._take(consumer, streams, count)
                left = deadline - time.monotonic()
                if out or left <= 0:
                    return out
                self._cv.wait(left)

    def ack(self, stream: str, message_id: str) -> None:
        with self._cv:
            self._pending.get(stream, {}).pop(message_id, None)

    def ack_many(self, stream: str, message_ids: list[str]) -> None:
        for mid in message_ids:
            self.ack(stream, mid)

    def touch(self, consumer: str, stream: str, message_ids: list[str]) -> None:
        now = time.monotonic()
        with self._cv:
            pending = self._pending.get(stream, {})
            for mid in message_ids:
                if mid in pending:
                    pending[mid] = (consumer, now)

    def delay(self, stream: str, envelope: Envelope, not_before: float) -> None:
        with self._cv:
            heapq.heappush(self._delayed, (not_before, next(self._seq), stream, envelope))

    def move_due(self, now: float | None = None) -> int:
        now = now or time.time()
        moved = 0
        with self._cv:
            while self._delayed and self._delayed[0][0] <= now:
                _, _, stream, env = heapq.heappop(self._delayed)
                self.publish(stream, env, register=False)
                moved += 1
        return moved

    def claim_idle(self, consumer: str, stream: str, min_idle_ms: int, count: int) -> list[Delivery]:
        now = time.monotonic()
        with self._cv:
            envs = dict(self._entries.get(stream, []))
            out: list[Delivery] = []
            for mid, (_, at) in list(self._pending.get(stream, {}).items()):
                if (now - at) * 1000 >= min_idle_ms and len(out) < count:
                    self._pending[stream][mid] = (consumer, now)
                    out.append(Delivery(stream, mid, envs[mid]))
            return out

    def depth(self, stream: str) -> int:
        with self._cv:
            return (len(self._entries.get(stream, [])) - self._next.get(stream, 0)
                    + len(self._pending.get(stream, {})))

    def entries(self, stream: str) -> list[Envelope]:
        with self._cv:
            return [e for _, e in self._entries.get(stream, [])]

    def lost_state(self) -> bool:
        return False          # lives and dies with the process, like its workers

    def report(self, consumer: str, ok: bool, error: str | None = None) -> None:
        with self._cv:
            self._consumers[consumer] = {"at": time.time(), "ok": ok, "error": error}

    def consumers(self) -> dict[str, dict[str, Any]]:
        with self._cv:
            return {k: dict(v) for k, v in self._consumers.items()}

    def forget_consumer(self, consumer: str) -> None:
        with self._cv:
            self._consumers.pop(consumer, None)

    def close(self) -> None:
        pass
