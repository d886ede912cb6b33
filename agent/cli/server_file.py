"""Where a running `askbar serve` listens: `ASKBAR_HOME/server.json`, so the CLI becomes its client.

`askbar serve` writes {"url", "pid", "host", "port"} once it listens and removes the file when it
stops. A file left by a killed server is stale: its PID is dead (the file is removed), or nothing
answers on its port (the CLI runs in process and says why once on stderr). Stdlib only: every CLI
command reads this before anything heavy is imported.
"""
from __future__ import annotations

import json
import os
import socket
from pathlib import Path

FILE_NAME = "server.json"
CONNECT_TIMEOUT_S = 0.5


def home() -> Path:
    """ASKBAR_HOME as agent.settings reads it, without importing pydantic-settings."""
    return Path(os.environ.get("ASKBAR_HOME") or Path.home() / ".askbar").expanduser()


def path() -> Path:
    return home() / FILE_NAME


def client_host(host: str) -> str:
    """The address a client on this machine dials for a server bound to `host`."""
    if host in ("0.0.0.0", "", "*"):
        return "127.0.0.1"
    if host == "::":
        return "::1"
    return host


def record(host: str, port: int) -> Path:
    """Write the address of this process's server (atomically: a reader never sees half a file)."""
    target = path()
    target.parent.mkdir(parents=True, exist_ok=True)
    dial = client_host(host)
    shown = f"[{dial}]" if ":" in dial else dial
    tmp = target.with_name(f".{FILE_NAME}.{os.getpid()}")
    tmp.write_text(json.dumps({"url": f"http://{shown}:{port}", "pid": os.getpid(), "host": host,
                               "port": port}), encoding="utf-8")
    os.replace(tmp, target)
    return target


def remove() -> None:
    """Remove the file if it is this process's (a second server on the home must not erase it)."""
    target = path()
    try:
        if json.loads(target.read_text(encoding="utf-8")).get("pid") == os.getpid():
            target.unlink()
    except (OSError, ValueError):
        pass


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # alive, another user's
        return True
    return True


def _answers(url: str) -> bool:
    hostport = url.split("://", 1)[-1].rstrip("/")
    host, _, port = hostport.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S):
            return True
    except (OSError, ValueError):
        return False


def live_server() -> tuple[str | None, str | None]:
    """(url of the running server, None), or (None, why a recorded one is not used), or (None, None)."""
    target = path()
    try:
        info = json.loads(target.read_text(encoding="utf-8"))
        url, pid = str(info["url"]), int(info["pid"])
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError, KeyError, TypeError):
        return None, f"ignoring {target}: not a server address file"
    if not _pid_alive(pid):
        try:
            target.unlink()
        except OSError:
            pass
        return None, None
    if not _answers(url):
        return None, f"the server recorded in {target} (PID {pid}) does not answer at {url}; running in process"
    return url, None
