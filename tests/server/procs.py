"""Real `askbar serve` processes on loopback for multi-process and kill tests."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import httpx

from tests.conftest import ROOT
from tests.server.conftest import free_port


class ServeProcess:
    def __init__(self, env: dict[str, str], log: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self._out = open(log, "wb")
        self.proc = subprocess.Popen([sys.executable, "-m", "agent.cli.serve", "serve", "--port", str(self.port)],
                                     cwd=ROOT, env={**os.environ, **env}, stdout=self._out,
                                     stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 90) -> "ServeProcess":
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"askbar serve exited {self.proc.returncode}: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"askbar serve not ready: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no cleanup (a crashed server)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(40)
            except subprocess.TimeoutExpired:
                self.kill()
        self._out.close()


@contextmanager
def serve(env: dict[str, str], log: Path) -> Iterator[ServeProcess]:
    p = ServeProcess(env, log)
    try:
        yield p.wait_ready()
    finally:
        p.stop()
