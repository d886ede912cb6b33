"""Runs tests/server/js/check.mjs (the official JS SDK, @langchain/langgraph-sdk from npm, the
version pinned in its package-lock.json) against a server; installs it with `npm ci` the first time."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

JS_DIR = Path(__file__).parent / "js"


def ensure_installed() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:   # fail loudly, never skip
        pytest.fail("node and npm are needed for the JS SDK tests (apt-get install nodejs npm)", pytrace=False)
    import fcntl

    with open(JS_DIR / ".install.lock", "w") as lock:   # pytest -n 2: one npm ci at a time
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (JS_DIR / "node_modules" / "@langchain" / "langgraph-sdk").is_dir():
            done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=JS_DIR, capture_output=True,
                                  text=True, timeout=300)
            assert done.returncode == 0, f"npm ci failed: {done.stderr[-2000:]}"


def run_js(*args: str) -> dict[str, Any]:
    """node check.mjs ARGS; its one JSON line (no *_API_KEY from the environment: the SDK would
    send one when the script gives none)."""
    ensure_installed()
    done = subprocess.run(["node", "check.mjs", *args], cwd=JS_DIR, capture_output=True, text=True, timeout=300,
                          env={k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")})
    assert done.returncode == 0, f"node check.mjs failed: {done.stderr[-3000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])
