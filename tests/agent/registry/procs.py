"""Separate `askbar registry worker` processes on real Redis + Postgres for the registry tests."""
from __future__ import annotations

import os
import subprocess
import sys
import uuid
from datetime import datetime

from agent.storage.appdb import AppDB
from agent.registry.service import Registry
from agent.settings import Settings
from tests.server.conftest import REDIS_URL, require_redis


def deployment(tmp_path, stub, database_url: str, **extra) -> tuple[Registry, AppDB, dict[str, str]]:
    """(registry, its db, the environment of worker processes) for one fresh deployment."""
    from cryptography.fernet import Fernet

    redis_url = require_redis(REDIS_URL)
    settings = Settings(home=tmp_path, redis_url=redis_url, database_url=database_url,
                        registry_allowed_hosts=f"127.0.0.1:{stub.port}",
                        registry_namespace=uuid.uuid4().hex,
                        registry_key=Fernet.generate_key().decode(), **extra)
    db = AppDB(settings)
    env = {**os.environ, "ASKBAR_HOME": str(tmp_path), "ASKBAR_REDIS_URL": redis_url,
           "ASKBAR_DATABASE_URL": database_url,
           "ASKBAR_REGISTRY_ALLOWED_HOSTS": settings.registry_allowed_hosts,
           "ASKBAR_REGISTRY_NAMESPACE": settings.registry_namespace,
           "ASKBAR_REGISTRY_KEY": settings.registry_key or ""}
    for k, v in extra.items():
        env[f"ASKBAR_{k.upper()}"] = str(v)
    return Registry.open(settings, db=db), db, env


def start_worker(env: dict[str, str], log=None) -> subprocess.Popen:
    """`log`: a file for the worker's stderr (a failing test can show it)."""
    return subprocess.Popen([sys.executable, "-c", "import sys; from agent.cli.main import main; "
                             "sys.exit(main())", "registry", "worker"], env=env,
                            stdout=subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)


def stop_workers(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()


def ts(iso: str) -> float:
    return datetime.fromisoformat(iso).timestamp()
