"""A private redis-server on its own port for fault tests (stopped and started at will); the
shared Redis other sessions use is never stopped."""
from __future__ import annotations

import shutil
import subprocess
import time

from tests.server.conftest import free_port


class PrivateRedis:
    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed (apt-get install redis-server)"
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.cmd = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                    "--appendonly", "no"]
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        import redis

        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                redis.Redis(port=self.port).ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("private redis did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None
