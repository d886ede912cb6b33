"""A private PostgreSQL server for benchmarks: its own data directory and port, stopped and deleted
afterwards, so a statement log or a 10 GB table never touches the shared server other sessions use.

    with private_postgres(log_statements=True) as pg:
        pg.url          # postgresql://postgres@127.0.0.1:PORT/postgres
        pg.log_since(mark) ...

Settings are the server defaults of the shared instance (Debian's PostgreSQL 15: shared_buffers
128MB, max_wal_size 1GB) unless `settings` says otherwise, so figures compare with the tests' server.
initdb refuses to run as root: it runs as the `postgres` system user when we are root.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

BIN = Path(sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1]) if Path("/usr/lib/postgresql").exists() else None


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PrivatePostgres:
    url: str
    log: Path
    port: int

    def log_size(self) -> int:
        return self.log.stat().st_size

    def log_since(self, offset: int) -> str:
        with open(self.log, "rb") as f:
            f.seek(offset)
            return f.read().decode("utf-8", "replace")


@contextmanager
def private_postgres(log_statements: bool = False, settings: dict[str, str] | None = None,
                     base: Path | None = None) -> Iterator[PrivatePostgres]:
    if BIN is None:
        raise SystemExit("PostgreSQL server binaries not found under /usr/lib/postgresql")
    root = Path(tempfile.mkdtemp(prefix="askbar-pg-", dir=base))
    os.chmod(root, 0o777)
    data, log = root / "data", root / "postgres.log"
    port = _free_port()
    subprocess.run(_as_postgres([str(BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                                 "--no-sync", "-E", "UTF8"]), check=True, stdout=subprocess.DEVNULL)
    opts = {"port": str(port), "listen_addresses": "127.0.0.1", "unix_socket_directories": str(root),
            "max_connections": "200", "fsync": "on", **(settings or {})}
    if log_statements:
        opts.update({"log_statement": "all", "log_connections": "on",
                     "log_line_prefix": "%m [%p] %x "})
    conf = " ".join(f"-c {k}='{v}'" for k, v in opts.items())   # pg_ctl runs it through a shell
    subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-o", conf, "-l", str(log),
                                 "-w", "-t", "60", "start"]), check=True, stdout=subprocess.DEVNULL)
    try:
        yield PrivatePostgres(f"postgresql://postgres@127.0.0.1:{port}/postgres", log, port)
    finally:
        subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w",
                                     "stop"]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.2)
        shutil.rmtree(root, ignore_errors=True)
