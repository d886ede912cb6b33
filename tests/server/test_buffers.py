"""Run buffers: ids, tailing, TTL expiry (memory and real Redis), stale runs."""
from __future__ import annotations

import asyncio
import uuid


from agent.server.buffer import MemoryBuffer, tail
from agent.server.redis_buffer import HybridBuffer, RedisBuffer
from tests.server.conftest import require_redis


def _buffers():
    url = require_redis()
    return [MemoryBuffer(ttl_s=1), RedisBuffer(url, ttl_s=1), HybridBuffer(RedisBuffer(url, ttl_s=1), MemoryBuffer(ttl_s=1))]


def test_append_read_tail_and_expire():
    async def check(buf):
        run = uuid.uuid4().hex
        await buf.create(run, {"thread_id": "t", "status": "running"})
        assert [await buf.append(run, "step_start", {"i": i}) for i in range(3)] == [1, 2, 3]
        assert [e.id for e in await buf.read(run, 1)] == [2, 3]

        async def writer():
            await asyncio.sleep(0.1)
            await buf.append(run, "done", {"ok": True})
        task = asyncio.create_task(writer())
        got = [e async for e in tail(buf, run, 2, poll_s=0.05) if e is not None]
        await task
        assert [(e.id, e.event) for e in got] == [(3, "step_start"), (4, "done")]
        await asyncio.sleep(1.3)
        if not isinstance(buf, RedisBuffer):
            await buf.create(uuid.uuid4().hex, {})  # in-process expiry is swept on create
        assert await buf.meta(run) is None and await buf.read(run, 0) == []
        await buf.close()

    async def all_buffers():  # side by side: each waits out its 1 s TTL
        await asyncio.gather(*(check(buf) for buf in _buffers()))
    asyncio.run(all_buffers())


def test_stale_run_ends_with_run_lost_and_frees_its_thread():
    async def check(buf):
        run, thread = uuid.uuid4().hex, uuid.uuid4().hex
        buf.stale_s = 0.2
        await buf.create(run, {"thread_id": thread, "status": "running"})
        assert await buf.claim_thread(thread, run) is None
        await buf.append(run, "run_start", {})
        assert await buf.claim_thread(thread, "other") == run  # alive: the thread is busy
        await asyncio.sleep(0.3)  # no heartbeat: its server died
        got = [e async for e in tail(buf, run, 0, poll_s=0.05) if e is not None]
        assert got[-1].event == "error" and got[-1].data["code"] == "run_lost"
        assert await buf.claim_thread(thread, "other") is None
        await buf.close()

    for buf in _buffers()[:2]:
        buf.ttl_s = 60
        asyncio.run(check(buf))


# SSE pings on a quiet run: tests/server/test_sse_layer.py


def test_redis_keys_expire():
    import redis

    url = require_redis()
    buf = RedisBuffer(url, ttl_s=120)
    run = uuid.uuid4().hex

    async def go():
        await buf.create(run, {"thread_id": "t", "status": "running"})
        await buf.append(run, "run_start", {})
        await buf.close()
    asyncio.run(go())
    r = redis.from_url(url)
    assert 0 < r.ttl(f"askbar:run:{run}:events") <= 120 and 0 < r.ttl(f"askbar:run:{run}:meta") <= 120


def test_release_never_frees_a_claim_taken_in_between():
    """A finishing run releases its thread while a resume claims it: the resume's claim must
    survive. With a GET-then-DELETE release a claim landing between the two was deleted, and a
    second question then ran on the same thread (seen under load in CI)."""
    import redis

    url = require_redis()
    buf = RedisBuffer(url, ttl_s=60)
    thread, first, resumed = uuid.uuid4().hex, uuid.uuid4().hex, uuid.uuid4().hex
    other = redis.from_url(url, decode_responses=True)
    real_get = buf.redis.get

    claimed = []

    async def get_then_resume_claims(key):  # a non-atomic release: the resume lands after its GET
        value = await real_get(key)
        other.set(key, resumed)
        claimed.append(key)
        return value
    buf.redis.get = get_then_resume_claims

    async def go():
        await buf.create(first, {"thread_id": thread, "status": "running"})
        assert await buf.claim_thread(thread, first) is None
        await buf.release_thread(thread, first)
        if not claimed:  # an atomic release has no window: the resume's claim lands after it
            other.set(buf._thread(thread), resumed)
        assert await real_get(buf._thread(thread)) == resumed
        await buf.close()
    asyncio.run(go())


def test_finish_run_is_seen_whole():
    """finish_run: a reader woken by `done` finds the run finished and its thread free, in this
    process and, with Redis, from another process (a second client of the same Redis): a client
    that got `done` and asked another server for the thread used to find it still "busy"."""
    url = require_redis()

    async def check(buf, other):
        run, thread = uuid.uuid4().hex, uuid.uuid4().hex
        assert await buf.claim_thread(thread, run) is None
        await buf.create(run, {"thread_id": thread, "status": "running"})
        await buf.append(run, "run_start", {})
        seen: dict = {}

        async def reader():
            async for e in tail(buf, run, 1, poll_s=0.05):
                if e is not None and e.event == "done":
                    seen.update(meta=await other.meta(run), active=await other.active_run(thread))
                    return
        task = asyncio.create_task(reader())
        await asyncio.sleep(0.05)
        await buf.finish_run(run, thread, [("text_delta", {"content": "x"}), ("done", {"ok": True})],
                             status="success")
        await asyncio.wait_for(task, 5)
        assert seen["meta"]["status"] == "success" and seen["active"] is None
        assert [e.event for e in await buf.read(run, 0)] == ["run_start", "text_delta", "done"]
        await buf.close()
        if other is not buf:
            await other.close()

    async def all_buffers():
        mem = MemoryBuffer()
        await asyncio.gather(check(mem, mem), check(RedisBuffer(url), RedisBuffer(url)),
                             check(HybridBuffer(RedisBuffer(url), MemoryBuffer()), RedisBuffer(url)))
    asyncio.run(all_buffers())


def test_a_reader_never_ends_between_the_redis_and_the_local_half_of_finish_run():
    """Issue 25: a stream of a Postgres restart ended with no final event. HybridBuffer.finish_run
    writes Redis first, then the local mirror its readers tail; a reader polling an idle run (every
    IDLE_POLL_S while its run waits on the database) asked Redis for the status in between, found
    the run finished, read the local mirror (no `done` yet) and ended the stream. The writer's
    return from Redis is delayed here as a loaded event loop delays it."""
    url = require_redis()

    async def go():
        buf = HybridBuffer(RedisBuffer(url), MemoryBuffer())
        run, thread = uuid.uuid4().hex, uuid.uuid4().hex
        assert await buf.start_run(thread, run, {"thread_id": thread, "status": "running"},
                                   "run_start", {}) is None
        real_finish = buf.remote.finish_run

        async def finish_then_wait(*args, **kw):
            await real_finish(*args, **kw)
            await asyncio.sleep(0.3)    # the writer resumes late; readers poll meanwhile
        buf.remote.finish_run = finish_then_wait

        async def reader():
            return [e.event async for e in tail(buf, run, 1, poll_s=0.02) if e is not None]
        task = asyncio.create_task(reader())
        await asyncio.sleep(0.05)       # the reader is polling the idle run
        await buf.finish_run(run, thread, [("done", {"ok": True})], status="success")
        assert await asyncio.wait_for(task, 5) == ["done"]
        await buf.close()
    asyncio.run(go())


def test_many_commands_in_flight_wait_for_a_connection_instead_of_failing():
    """Issue 25: under 200 streams redis-py's default pool (100 connections) raised "Too many
    connections", and HybridBuffer moved runs to the local buffer with Redis up. 300 commands at
    once on one buffer: all answered."""
    url = require_redis()

    async def go():
        buf = RedisBuffer(url)
        run = uuid.uuid4().hex
        await buf.create(run, {"thread_id": "t", "status": "running"})
        metas = await asyncio.gather(*(buf.meta(run) for _ in range(300)))
        assert all(m and m["status"] == "running" for m in metas)
        await buf.close()
    asyncio.run(go())


def _count_sends(buf: RedisBuffer) -> list[int]:
    """Counts the buffer's round trips: each command, or a pipeline's batch, is one send."""
    sent = [0]
    pool = buf.redis.connection_pool
    get = pool.get_connection

    async def counted_connection(*args, **kw):
        conn = await get(*args, **kw)
        if not getattr(conn, "_counted", False):
            send = conn.send_packed_command

            async def counted(*a, **k):
                sent[0] += 1
                return await send(*a, **k)
            conn.send_packed_command, conn._counted = counted, True
        return conn
    pool.get_connection = counted_connection
    return sent


def test_a_batch_of_events_and_a_runs_end_are_one_round_trip_each():
    """append_many and finish_run are one script call each: as a pipeline of scripts (MULTI for
    the end) redis-py sent SCRIPT EXISTS first, a round trip more after every run."""
    url = require_redis()

    async def go():
        buf = RedisBuffer(url)
        run, thread = uuid.uuid4().hex, uuid.uuid4().hex
        assert await buf.start_run(thread, run, {"thread_id": thread, "status": "running"},
                                   "run_start", {}) is None
        sent = _count_sends(buf)
        await buf.append_many(run, [("step_start", {"i": 1}), ("step_start", {"i": 2})])
        assert sent[0] == 1
        await buf.finish_run(run, thread, [("text_delta", {"content": "x"}), ("done", {"ok": True})],
                             status="success", finished_at=1.5)
        assert sent[0] == 2
        assert [(e.id, e.event) for e in await buf.read(run, 0)] == [
            (1, "run_start"), (2, "step_start"), (3, "step_start"), (4, "text_delta"), (5, "done")]
        assert (await buf.meta(run))["status"] == "success" and await buf.active_run(thread) is None
        await buf.close()
    asyncio.run(go())


def test_a_reader_of_a_local_run_asks_redis_nothing_while_it_waits():
    """HybridBuffer: a reader of a run of this process tails the local mirror and reads its
    status there; asking Redis for the meta on every idle read was a round trip on the loop the
    run's own events need."""
    url = require_redis()

    async def go():
        buf = HybridBuffer(RedisBuffer(url), MemoryBuffer())
        run, thread = uuid.uuid4().hex, uuid.uuid4().hex
        assert await buf.start_run(thread, run, {"thread_id": thread, "status": "running"},
                                   "run_start", {}) is None
        sent = _count_sends(buf.remote)

        async def reader():
            return [e.event async for e in tail(buf, run, 1, poll_s=0.02) if e is not None]
        task = asyncio.create_task(reader())
        await asyncio.sleep(0.2)        # ~10 idle polls
        assert sent[0] == 0
        await buf.finish_run(run, thread, [("done", {"ok": True})], status="success")
        assert await asyncio.wait_for(task, 5) == ["done"]
        await buf.close()
    asyncio.run(go())
