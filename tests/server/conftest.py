"""Server fixtures: the app in process (a real uvicorn in a thread on a random loopback port, or
Starlette's TestClient), over the loaded data; SSE reading; real Redis (fails loudly when down,
never skips). Real `askbar serve` processes (tests/server/procs.py) only where separate processes
are the point: two servers, kill -9, SIGTERM, concurrent start, the installed wheel."""
from __future__ import annotations

import json
import os
import socket
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

import httpx
import pytest

REDIS_URL = os.environ.get("ASKBAR_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def live_server(app) -> Iterator[str]:
    """uvicorn serving `app` in a thread; yields the base URL; stops (lifespan shutdown) after."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not server.started:
        if not thread.is_alive() or time.time() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def parse_sse(lines) -> Iterator[dict[str, Any]]:
    ev: dict[str, Any] = {}
    for line in lines:
        if line.startswith(":") or line.startswith("retry:"):
            continue
        if line == "":
            if "event" in ev:
                yield ev
            ev = {}
            continue
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "id":
            ev["id"] = int(value)
        elif field == "event":
            ev["event"] = value
        elif field == "data":
            ev["data"] = json.loads(value)


def stream(client: httpx.Client, method: str, url: str, **kw) -> tuple[httpx.Response, list[dict]]:
    """All events of an SSE response (until the server closes it)."""
    with client.stream(method, url, **kw) as r:
        if r.status_code != 200:
            r.read()
            return r, []
        return r, list(parse_sse(r.iter_lines()))


def require_redis(url: str = REDIS_URL) -> str:
    import redis

    try:
        redis.from_url(url, socket_connect_timeout=3).ping()
    except Exception as exc:  # fail loudly, never skip
        pytest.fail(f"Redis is not reachable at {url} ({exc}). Start it with: redis-server --daemonize yes",
                    pytrace=False)
    return url


def app_for(store, home, provider=None, server=None, **overrides):
    """(app, settings): the real server app over `store` with its own files under `home`."""
    import server as server_module
    from agent.deps import build_deps
    from agent.settings import Settings

    settings = Settings(home=home, **overrides)
    deps = build_deps(settings, store=store, provider=provider)
    return server_module.create_app(settings=settings, deps=deps, server=server), settings


@pytest.fixture
def make_app(tmp_path):
    """make_app(store, **settings) -> (app, settings): the real server app over `store`."""
    def make(store, provider=None, server=None, **overrides):
        return app_for(store, overrides.pop("home", tmp_path / "home"), provider, server, **overrides)
    return make


# Server tests run over the DuckDB store (the engines themselves are covered elsewhere); a module
# selects it with: pytestmark = DUCKDB_ONLY
DUCKDB_ONLY = pytest.mark.parametrize("loaded_store", ["duckdb"], indirect=True)


@pytest.fixture
def duck_store(loaded_store):
    return loaded_store


@pytest.fixture(scope="module")
def base_url(loaded_store, tmp_path_factory):
    """One default server per test module, in process (uvicorn in a thread: real HTTP and SSE framing,
    no interpreter spawn); opening its Runtime once instead of per test. Its tests each work on
    their own threads. Tests that need other settings build their own app with make_app."""
    app, _ = app_for(loaded_store, tmp_path_factory.mktemp("home"))
    with live_server(app) as url:
        yield url


@pytest.fixture
def client(base_url):
    with httpx.Client(base_url=base_url, timeout=60) as c:
        yield c


def slow_offline(delay_s: float):
    """The offline provider with a slow analyst (a fake of the LLM's latency only)."""
    from agent.llm.offline.provider import OfflineProvider

    class Slow(OfflineProvider):
        def analyze(self, *a, **k):
            time.sleep(delay_s)
            return super().analyze(*a, **k)
    return Slow()


@contextmanager
def inproc(app) -> Iterator[Any]:
    """The app in process (no socket, lifespan run): an httpx-compatible client on 127.0.0.1."""
    from starlette.testclient import TestClient

    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as c:
        yield c


def add_user(settings, name: str, tenant: str = "default", plan: str = "free",
             admin: bool = False) -> tuple[Any, str]:
    """A real user in the app database of `settings`: (User, bearer token); `admin`: a tenant admin."""
    from contextlib import closing

    from agent.identity.users import UserStore
    from agent.storage.appdb import AppDB

    with closing(AppDB(settings)) as appdb:        # the server reads the same database
        return UserStore(appdb).add(name, tenant=tenant, plan=plan, admin=admin)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def engine_settings(request, tmp_path, pg_database_factory):
    """Settings overrides for the app's own stores (app DB, traces, checkpoints) on an engine:
    `sqlite` (files under ASKBAR_HOME) or `postgres` (a fresh database)."""
    engine = getattr(request, "param", "sqlite")
    return {"database_url": pg_database_factory()} if engine == "postgres" else {}
