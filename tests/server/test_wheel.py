"""The web UI ships in the wheel: a non-editable `pip install .` serves / and its scripts from the
installed package (not from the repository)."""
from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = r"""
import sys, server, agent.server.web as web
assert server.__file__.startswith(sys.argv[1]), server.__file__
assert str(web.WEB.resolve()).startswith(sys.argv[1]), web.WEB.resolve()
from starlette.testclient import TestClient
with TestClient(server.create_app(), base_url="http://127.0.0.1") as c:
    for url, text in (("/", "AskBar"), ("/static/app.js", "streamRun"), ("/static/auth.js", "Bearer")):
        r = c.get(url)
        assert r.status_code == 200 and text in r.text, (url, r.status_code)
print("served")
"""


def test_pip_install_non_editable_serves_the_ui(tmp_path):
    target = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "-q", str(ROOT), "--no-deps",
                          "--target", str(target)], capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr[-2000:]
    env = {**os.environ, "PYTHONPATH": str(target), "ASKBAR_HOME": str(tmp_path / "home")}
    env.pop("ASKBAR_DATABASE_URL", None)
    env.pop("ASKBAR_REDIS_URL", None)
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(target)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "served" in run.stdout, run.stderr[-3000:]
