"""`askbar users add|list|plan|revoke|jwt` and `askbar ask/resume --user` (the entry point in
process), on the embedded app database (SQLite) and on Postgres; `askbar serve` off loopback without users refuses."""
from __future__ import annotations

import hashlib
import json
import os

import pytest

from tests.agent.cli.test_ask import NQ_CSV, run  # the same CLI runner and data file
from tests.conftest import EVAL


@pytest.fixture(params=["embedded", "postgres"])
def env(request, tmp_path, pg_database_factory):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    e["ASKBAR_HOME"] = str(tmp_path / "home")
    if request.param == "postgres":
        e["ASKBAR_DATABASE_URL"] = pg_database_factory()
    return e


def _db_rows(env: dict, sql: str) -> list:
    from agent.storage.appdb import AppDB
    from agent.settings import Settings

    s = Settings(home=env["ASKBAR_HOME"], database_url=env.get("ASKBAR_DATABASE_URL"))
    db = AppDB(s)
    try:
        return db.execute(sql)
    finally:
        db.close()


def test_users_lifecycle(env):
    add = run(env, "users", "add", "alice", "--tenant", "acme", "--plan", "pro", "--json")
    assert add.returncode == 0, add.stderr
    out = json.loads(add.stdout)
    assert {"user", "tenant", "plan", "token"} <= set(out)
    assert (out["user"], out["tenant"], out["plan"]) == ("alice", "acme", "pro")
    token = out["token"]
    stored = [r["token_hash"] for r in _db_rows(env, "SELECT token_hash FROM api_tokens")]
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]  # the hash only, never the token
    listed = run(env, "users", "list", "--json")
    assert token not in listed.stdout
    assert json.loads(listed.stdout)["users"][0]["plan"] == "pro"
    assert run(env, "users", "plan", "alice", "premium").returncode == 0
    assert json.loads(run(env, "users", "list", "--json").stdout)["users"][0]["plan"] == "premium"
    dup = run(env, "users", "add", "alice", "--tenant", "acme")
    assert dup.returncode == 2 and "already exists" in dup.stderr and len(dup.stderr.splitlines()) == 1
    assert run(env, "users", "plan", "alice", "gold").returncode == 2
    assert run(env, "users", "revoke", "nobody").returncode == 2
    assert run(env, "users", "revoke", "alice").returncode == 0
    assert json.loads(run(env, "users", "list", "--json").stdout)["users"][0]["active"] is False
    jwt_off = run(env, "users", "jwt", "svc")
    assert jwt_off.returncode == 2 and "ASKBAR_JWT_SECRET" in jwt_off.stderr


def test_ask_and_resume_as_a_user(env):
    assert run(env, "load", str(NQ_CSV), "--symbol", "NQ").returncode == 0
    assert run(env, "users", "add", "alice").returncode == 0
    assert run(env, "users", "add", "bob").returncode == 0
    first = run(env, "ask", "--json", "--user", "alice", "Покажи статистику")
    assert first.returncode == 0, first.stderr
    thread = json.loads(first.stdout)["thread_id"]
    other = run(env, "resume", "--thread", thread, "--user", "bob", "NQ за ноябрь 2023")
    assert other.returncode == 2 and "not found" in other.stderr
    done = run(env, "resume", "--thread", thread, "--user", "alice", "--json", "NQ за ноябрь 2023")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "answered"
    unknown = run(env, "ask", "--user", "carol", "NQ stats for November 2023")
    assert unknown.returncode == 2 and "carol" in unknown.stderr


def test_serve_off_loopback_without_users_refuses(env):
    r = run(env, "serve", "--host", "0.0.0.0", "--port", "0", spawn=True)   # would serve if wrong
    assert r.returncode == 2 and "askbar users add" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_cli_while_serve_holds_the_duckdb_home(tmp_path):
    from tests.server.procs import serve

    e = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    e["ASKBAR_HOME"] = str(tmp_path / "home")
    assert run(e, "load", str(NQ_CSV), "--symbol", "NQ").returncode == 0
    with serve(e, tmp_path / "serve.log"):
        # beside the server the CLI is its client (issue 26): load and ask work through it
        for args in (("load", str(NQ_CSV), "--symbol", "NQ"), ("ask", "NQ stats for November 2023")):
            r = run(e, *args)
            assert r.returncode == 0, (args, r.returncode, r.stderr)
        # eval too, as the evaluation user (only NQ is loaded here: a score, not a failure)
        r = run(e, "eval", str(EVAL / "public.jsonl"))
        assert r.returncode == 0 and r.stdout.startswith("passed "), r.stderr
