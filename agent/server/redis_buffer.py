"""Run event buffers in Redis Streams, shared by every server process (ASKBAR_REDIS_URL).

Keys (all expire ttl_s after the last write):
  askbar:run:{run_id}:events   a stream; entry id "{n}-0" for event n, fields event, data (JSON)
  askbar:run:{run_id}:meta     a hash: thread_id, request_id, kind, status, heartbeat, ...
  askbar:thread:{thread_id}:run   the thread's active run (SET NX)
"""
from __future__ import annotations

import json
import logging
import time
from typing import Any

from agent.server.buffer import DEFAULT_TTL_S, STALE_AFTER_S, Event, is_stale
from agent.storage.redis_client import async_redis_client

log = logging.getLogger("askbar.server")
PREFIX = "askbar"
MAX_BLOCK_S = 30.0
# Connections of one process's buffer client, and how long a command waits for a free one when all
# are in use (then it fails and the run goes on in the local buffer, as in an outage). Every
# running run beats and polls for a cancel (2 commands/s); a remote reader holds one for its XREAD.
POOL_SIZE = 256
POOL_WAIT_S = 5.0

# Appends events (ARGV[2..]: event, data, event, data, ...) with ids n-0 where n = the stream's
# length + 1, atomically, and refreshes the TTLs (ARGV[1]): readers on any process see ids 1, 2, 3
# ... with no gap and no duplicate. Several events are one script call: a pipeline of scripts made
# redis-py send SCRIPT EXISTS first, a round trip more.
_APPEND = """
local n = redis.call('XLEN', KEYS[1])
for i = 2, #ARGV, 2 do
  n = n + 1
  redis.call('XADD', KEYS[1], n .. '-0', 'event', ARGV[i], 'data', ARGV[i + 1])
end
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return n
"""

# A run's end in one script (atomic like a transaction, one round trip where MULTI with scripts
# was two: SCRIPT EXISTS, then the transaction): its last events (ARGV[4..]), its final meta fields
# (ARGV[3], JSON of field -> JSON text) and the thread's release if the run still holds it
# (ARGV[2] = run id), TTLs refreshed (ARGV[1]).
_FINISH = """
local n = redis.call('XLEN', KEYS[1])
for i = 4, #ARGV, 2 do
  n = n + 1
  redis.call('XADD', KEYS[1], n .. '-0', 'event', ARGV[i], 'data', ARGV[i + 1])
end
local fields = cjson.decode(ARGV[3])
for k, v in pairs(fields) do redis.call('HSET', KEYS[2], k, v) end
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
if redis.call('GET', KEYS[3]) == ARGV[2] then redis.call('DEL', KEYS[3]) end
return n
"""


# Claims the thread (unless another live run holds it), creates the run's meta and writes its first
# event, in one round trip: under load every await on the request path waits behind running graphs.
_START = """
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then
  local mk = ARGV[7] .. ':run:' .. cur .. ':meta'
  local st = redis.call('HGET', mk, 'status')
  local hb = tonumber(redis.call('HGET', mk, 'heartbeat') or '0')
  if st == '"running"' and (tonumber(ARGV[5]) - hb) <= tonumber(ARGV[6]) then return cur end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
local fields = cjson.decode(ARGV[8])
for k, v in pairs(fields) do redis.call('HSET', KEYS[2], k, v) end
redis.call('EXPIRE', KEYS[2], ARGV[2])
redis.call('XADD', KEYS[3], '1-0', 'event', ARGV[3], 'data', ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[2])
return ''
"""

# Compare-and-delete in one step: a GET then DELETE could delete the claim of a run that took the
# thread in between (seen under load: a resume claimed the thread between the finishing run's GET
# and DELETE, and a second question then ran concurrently on the same thread).
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _flat(events: list[tuple[str, Any]]) -> list[str]:
    """[(event, data), ...] -> [event, data JSON, event, data JSON, ...] (the scripts' ARGV)."""
    return [x for event, data in events for x in (event, _dumps(data))]


class RedisBuffer:
    shared = True

    def __init__(self, url: str, ttl_s: int = DEFAULT_TTL_S, stale_s: float = STALE_AFTER_S):

        self.ttl_s, self.stale_s = int(ttl_s), stale_s
        # XREAD BLOCK waits up to the SSE ping interval: the socket timeout must be longer.
        self.redis: Any  # Any: redis-py's types say bytes | str even with decode_responses=True
        self.redis = async_redis_client(url, socket_timeout=MAX_BLOCK_S + 30, pool_size=POOL_SIZE,
                                        pool_wait_s=POOL_WAIT_S)
        self._append = self.redis.register_script(_APPEND)
        self._finish = self.redis.register_script(_FINISH)
        self._start = self.redis.register_script(_START)
        self._release = self.redis.register_script(_RELEASE)

    def _ev(self, run_id: str) -> str:
        return f"{PREFIX}:run:{run_id}:events"

    def _meta(self, run_id: str) -> str:
        return f"{PREFIX}:run:{run_id}:meta"

    def _thread(self, thread_id: str) -> str:
        return f"{PREFIX}:thread:{thread_id}:run"

    async def ping(self) -> bool:
        return bool(await self.redis.ping())

    async def reader_meta(self, run_id: str) -> dict[str, Any] | None:
        return await self.meta(run_id)

    async def warm(self, n: int = 32) -> None:
        """Opens n pooled connections now: made lazily under a burst they cost ~2.5 ms each, in series."""
        pool = self.redis.connection_pool
        conns = []
        try:
            for _ in range(n):
                conn = await pool.get_connection()
                await conn.connect()
                conns.append(conn)
        finally:
            for conn in conns:
                await pool.release(conn)

    async def create(self, run_id: str, meta: dict[str, Any]) -> None:
        fields = {k: _dumps(v) for k, v in {**meta, "heartbeat": time.time()}.items()}
        async with self.redis.pipeline(transaction=True) as p:
            p.hset(self._meta(run_id), mapping=fields)
            p.expire(self._meta(run_id), self.ttl_s)
            await p.execute()

    async def start_run(self, thread_id: str, run_id: str, meta: dict[str, Any], event: str,
                        data: Any) -> str | None:
        """claim_thread + create + the first append, atomically; the live run holding the thread, if any."""
        now = time.time()
        fields = json.dumps({k: _dumps(v) for k, v in {**meta, "heartbeat": now}.items()})
        other = await self._start(keys=[self._thread(thread_id), self._meta(run_id), self._ev(run_id)],
                                  args=[run_id, self.ttl_s, event, _dumps(data), now, self.stale_s, PREFIX, fields])
        return other or None

    async def append(self, run_id: str, event: str, data: Any) -> int:
        n = await self._append(keys=[self._ev(run_id), self._meta(run_id)],
                               args=[self.ttl_s, event, _dumps(data)])
        return int(n)

    async def append_many(self, run_id: str, events: list[tuple[str, Any]]) -> None:
        """Several events in order, in one round trip (one script call)."""
        await self._append(keys=[self._ev(run_id), self._meta(run_id)],
                           args=[self.ttl_s, *_flat(events)])

    async def finish_run(self, run_id: str, thread_id: str, events: list[tuple[str, Any]],
                         **fields: Any) -> None:
        """The run's last events, its final meta and the thread's release in one atomic script: a
        client that got `done` (from any process) finds the run finished and the thread free."""
        await self._finish(keys=[self._ev(run_id), self._meta(run_id), self._thread(thread_id)],
                           args=[self.ttl_s, run_id, json.dumps({k: _dumps(v) for k, v in fields.items()}),
                                 *_flat(events)])

    async def meta(self, run_id: str) -> dict[str, Any] | None:
        raw = await self.redis.hgetall(self._meta(run_id))
        return {k: json.loads(v) for k, v in raw.items()} if raw else None

    async def update_meta(self, run_id: str, **fields: Any) -> None:
        if await self.redis.exists(self._meta(run_id)):
            await self.redis.hset(self._meta(run_id), mapping={k: _dumps(v) for k, v in fields.items()})

    async def read(self, run_id: str, after: int = 0, wait_s: float = 0.0) -> list[Event]:
        key = self._ev(run_id)
        start = f"({after}-0" if after else "-"
        rows = await self.redis.xrange(key, min=start, max="+")
        if not rows and wait_s > 0:
            got = await self.redis.xread({key: f"{after}-0"}, block=max(1, int(min(wait_s, MAX_BLOCK_S) * 1000)))
            rows = got[0][1] if got else []
        return [Event(id=int(rid.split("-", 1)[0]), event=f["event"], data=json.loads(f["data"]))
                for rid, f in rows]

    async def claim_thread(self, thread_id: str, run_id: str) -> str | None:
        key = self._thread(thread_id)
        for _ in range(3):
            if await self.redis.set(key, run_id, nx=True, ex=self.ttl_s):
                return None
            other = await self.redis.get(key)
            if other is None or other == run_id:
                continue
            meta = await self.meta(other) or {}
            if meta.get("status") == "running" and not is_stale(meta, self.stale_s):
                return other
            await self._release(keys=[key], args=[other])  # it finished or was lost: free the thread (only if still its)
        return None

    async def release_thread(self, thread_id: str, run_id: str) -> None:
        await self._release(keys=[self._thread(thread_id)], args=[run_id])

    async def active_run(self, thread_id: str) -> str | None:
        return await self.redis.get(self._thread(thread_id))

    async def close(self) -> None:
        await self.redis.aclose()


class HybridBuffer:
    """Redis for sharing, plus a local mirror of the runs this process executes: their SSE readers
    tail process memory (no blocking XREAD connection each), readers of other processes' runs tail
    Redis. Ids agree: the run's single writer appends to Redis first and mirrors the same event.

    When Redis fails, the runs of this process go on in the local buffer alone (marked local-only
    for the rest of the run so event ids stay consistent): the stream ends with its `done`, the
    answer is not lost, and new chats start locally until Redis answers again (every call retries
    it first, so recovery needs no restart)."""

    shared = True

    def __init__(self, remote: RedisBuffer, local: Any):
        self.remote, self.local = remote, local
        self.stale_s = remote.stale_s
        self._local_only: set[str] = set()

    def _down(self, what: str, exc: Exception, run_id: str | None = None) -> None:
        if run_id:
            self._local_only.add(run_id)
        log.warning("redis unavailable; using the local buffer", extra={"status": f"{what}: {exc}"[:200]})

    async def create(self, run_id: str, meta: dict[str, Any]) -> None:
        try:
            await self.remote.create(run_id, meta)
        except Exception as exc:  # noqa: BLE001 - see the class docstring
            self._down("create", exc, run_id)
        await self.local.create(run_id, meta)

    async def start_run(self, thread_id: str, run_id: str, meta: dict[str, Any], event: str,
                        data: Any) -> str | None:
        try:
            other = await self.remote.start_run(thread_id, run_id, meta, event, data)
        except Exception as exc:  # noqa: BLE001
            self._down("start_run", exc, run_id)
            other = await self.local.claim_thread(thread_id, run_id)
        if other is None:
            await self.local.create(run_id, meta)
            await self.local.append(run_id, event, data)
        return other

    async def append(self, run_id: str, event: str, data: Any) -> int:
        n = None
        if run_id not in self._local_only:
            try:
                n = await self.remote.append(run_id, event, data)
            except Exception as exc:  # noqa: BLE001
                self._down("append", exc, run_id)
        if await self.local.meta(run_id) is not None:
            return await self.local.append(run_id, event, data)
        if n is None:
            raise ConnectionError("redis is unavailable and this run is not in this process")
        return n

    async def append_many(self, run_id: str, events: list[tuple[str, Any]]) -> None:
        if run_id not in self._local_only:
            try:
                await self.remote.append_many(run_id, events)
            except Exception as exc:  # noqa: BLE001
                self._down("append", exc, run_id)
        if await self.local.meta(run_id) is not None:
            for event, data in events:
                await self.local.append(run_id, event, data)

    async def finish_run(self, run_id: str, thread_id: str, events: list[tuple[str, Any]],
                         **fields: Any) -> None:
        """Redis first (one transaction), then the local mirror this process's readers tail: a
        client that got `done` here finds the run finished on every process."""
        if run_id not in self._local_only:
            try:
                await self.remote.finish_run(run_id, thread_id, events, **fields)
            except Exception as exc:  # noqa: BLE001
                self._down("finish", exc, run_id)
        await self.local.finish_run(run_id, thread_id, events, **fields)

    async def read(self, run_id: str, after: int = 0, wait_s: float = 0.0) -> list[Event]:
        if await self.local.meta(run_id) is not None:
            return await self.local.read(run_id, after, wait_s)
        return await self.remote.read(run_id, after, wait_s)

    async def meta(self, run_id: str) -> dict[str, Any] | None:
        local = await self.local.meta(run_id)
        if local is not None and (run_id in self._local_only or local.get("status") not in ("running", "pending")):
            return local
        try:
            remote = await self.remote.meta(run_id)
        except Exception as exc:  # noqa: BLE001
            self._down("meta", exc)
            return local
        if local is None or remote is None:
            return remote or local
        # A run of this process: its readers tail the local mirror, so the status they act on is
        # the mirror's too. Redis's status moves first (finish_run), and a reader that saw it
        # before the mirror had `done` ended its stream with no final event (1 of 200
        # streams during a Postgres restart). Other fields (cancel_requested) still come from Redis.
        return {**remote, "status": local.get("status")}

    async def reader_meta(self, run_id: str) -> dict[str, Any] | None:
        """What an SSE reader needs (status, heartbeat): a run of this process answers from its
        local mirror, which its readers read and whose heartbeat this process beats; another
        process's run from Redis. (meta() also asks Redis for a local run: cancel_requested.)"""
        local = await self.local.meta(run_id)
        return local if local is not None else await self.meta(run_id)

    async def update_meta(self, run_id: str, **fields: Any) -> None:
        await self.local.update_meta(run_id, **fields)
        if run_id in self._local_only:
            return
        try:
            await self.remote.update_meta(run_id, **fields)
        except Exception as exc:  # noqa: BLE001
            self._down("update_meta", exc, run_id)

    async def claim_thread(self, thread_id: str, run_id: str) -> str | None:
        try:
            return await self.remote.claim_thread(thread_id, run_id)
        except Exception as exc:  # noqa: BLE001
            self._down("claim", exc)
            return await self.local.claim_thread(thread_id, run_id)

    async def release_thread(self, thread_id: str, run_id: str) -> None:
        await self.local.release_thread(thread_id, run_id)
        try:
            await self.remote.release_thread(thread_id, run_id)
        except Exception as exc:  # noqa: BLE001
            self._down("release", exc)

    async def active_run(self, thread_id: str) -> str | None:
        try:
            return await self.remote.active_run(thread_id) or await self.local.active_run(thread_id)
        except Exception as exc:  # noqa: BLE001
            self._down("active_run", exc)
            return await self.local.active_run(thread_id)

    async def warm(self, n: int = 32) -> None:
        await self.remote.warm(n)

    async def close(self) -> None:
        await self.local.close()
        await self.remote.close()
