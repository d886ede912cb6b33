"""A private PostgreSQL server for fault tests: its own data directory and port, restarted or
stopped at will and deleted afterwards; the shared server other sessions use is never touched.
initdb refuses to run as root: it runs as the `postgres` system user when we are root."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.server.conftest import free_port

_BINS = sorted(Path("/usr/lib/postgresql").glob("*/bin")) if Path("/usr/lib/postgresql").exists() else []


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class PrivatePostgres:
    def __init__(self) -> None:
        assert _BINS, "PostgreSQL server binaries not found under /usr/lib/postgresql"
        self.bin = _BINS[-1]
        self.root = Path(tempfile.mkdtemp(prefix="askbar-pg-"))
        os.chmod(self.root, 0o777)
        self.data, self.log, self.port = self.root / "data", self.root / "pg.log", free_port()
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                                     "-A", "trust", "--no-sync", "-E", "UTF8"]),
                       check=True, stdout=subprocess.DEVNULL)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.start()

    def _ctl(self, *args: str) -> None:
        opts = (f"-c port={self.port} -c listen_addresses=127.0.0.1 "
                f"-c unix_socket_directories={self.root} -c max_connections=100")
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", opts,
                                     "-l", str(self.log), "-w", "-t", "60", *args]),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start(self) -> None:
        self._ctl("start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "stop")     # every client connection is closed (AdminShutdown)

    def close(self) -> None:
        try:
            self._ctl("-m", "immediate", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)
