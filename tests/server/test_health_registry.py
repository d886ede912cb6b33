"""/healthz tells the truth about the registry's workers (the probe: `ok` while every worker failed
each loop with NOGROUP and nothing was processed). A worker process that stops working (frozen
here with SIGSTOP) makes the registry `error` and the status `degraded` (still ready: chats do not
need it); when it works again, and after Redis lost its data, /healthz says ok again at once."""
from __future__ import annotations

import os
import signal
import time
import uuid

import httpx
import redis

from tests.agent.registry.procs import start_worker, stop_workers
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.server.private_redis import PrivateRedis


def _until(c, want, timeout_s: float = 40.0) -> dict:
    deadline = time.monotonic() + timeout_s
    while True:
        body = c.get("/healthz").json()
        if want(body):
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.5)


@DUCKDB_ONLY
def test_healthz_reports_the_registry_workers(make_app, duck_store, tmp_path):
    rd = PrivateRedis()
    ns = uuid.uuid4().hex
    app, settings = make_app(duck_store, redis_url=rd.url, registry_namespace=ns,
                             tools_redis_prefix=ns)
    env = {**os.environ, "ASKBAR_HOME": str(settings.home), "ASKBAR_REDIS_URL": rd.url,
           "ASKBAR_REGISTRY_NAMESPACE": ns}
    procs = []
    try:
        with live_server(app) as url, httpx.Client(base_url=url, timeout=30) as c:
            assert c.get("/healthz").json()["checks"]["registry"] == "not configured"  # no worker yet
            procs.append(start_worker(env))
            body = _until(c, lambda b: b["checks"]["registry"] == "ok")
            assert body["status"] == "ok"
            procs[0].send_signal(signal.SIGSTOP)          # alive, but processing nothing
            body = _until(c, lambda b: b["checks"]["registry"] != "ok")
            assert body["status"] == "degraded" and body["ready"] is True, body
            assert body["checks"]["registry"].startswith("error: no worker reported"), body
            procs[0].send_signal(signal.SIGCONT)
            body = _until(c, lambda b: b["checks"]["registry"] == "ok", 15)
            assert body["status"] == "ok"
            redis.Redis.from_url(rd.url).flushall()       # Redis lost everything, reports too
            body = _until(c, lambda b: b["status"] == "ok" and b["checks"]["registry"] == "ok", 15)
    finally:
        for p in procs:
            p.send_signal(signal.SIGCONT)
        stop_workers(procs)
        rd.stop()
