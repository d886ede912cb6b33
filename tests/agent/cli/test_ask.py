"""askbar ask / resume / eval: interrupts resume in another process (real processes), on the
embedded default (SQLite checkpoints, DuckDB) and on Postgres (PostgresSaver, Postgres store)."""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.agent.cli.test_main import in_process
from tests.conftest import DATA, EVAL

NQ_CSV = DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv"


def run(env: dict, *args: str, spawn: bool = False) -> subprocess.CompletedProcess:
    """`askbar ARGS` under `env`: the entry point in process (a spawn costs about 2 s of imports),
    or the installed console script with spawn=True where a separate process is the point."""
    if spawn:
        return subprocess.run(["askbar", *args], env=env, capture_output=True, text=True,
                              timeout=120)
    return in_process(list(args), env)


@pytest.fixture(params=["embedded", "postgres"])
def env(request, tmp_path, pg_database_factory):
    e = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    e["ASKBAR_HOME"] = str(tmp_path / "home")
    if request.param == "postgres":
        e["ASKBAR_DATABASE_URL"] = pg_database_factory()
    assert run(e, "load", str(NQ_CSV), "--symbol", "NQ").returncode == 0
    return e


def test_interrupt_in_one_process_resumes_in_another(env):
    # asked by the console script (its process ends, releasing DuckDB) ...
    first = run(env, "ask", "--json", "Покажи статистику", spawn=True)
    assert first.returncode == 0, first.stderr
    out = json.loads(first.stdout)
    assert out["status"] == "clarification" and out["interrupt"]["questions"]
    assert set(out) == {"thread_id", "request_id", "status", "response", "claims", "interrupt",
                        "intent", "plan", "validation", "usage", "reading", "declined"}
    # ... resumed in this one
    second = run(env, "resume", "--thread", out["thread_id"], "--json", "NQ за ноябрь 2023")
    assert second.returncode == 0, second.stderr
    done = json.loads(second.stdout)
    assert done["status"] == "answered" and done["thread_id"] == out["thread_id"]
    assert any(c["type"] == "high" and c["value"] == 16208.5 for c in done["claims"])
    follow = run(env, "ask", "--json", "--thread", out["thread_id"], "А за декабрь?")
    assert json.loads(follow.stdout)["intent"]["symbol"] == "NQ"


def test_human_output_lists_numbered_suggestions(env):
    res = run(env, "ask", "Show me the stats")
    assert res.returncode == 0
    assert "  1. " in res.stdout and "askbar resume --thread" in res.stdout


def test_bad_input_exit_codes(env):
    assert run(env, "ask", "  ").returncode == 2
    res = run(env, "resume", "--thread", "no-such-thread", "x")
    assert res.returncode == 2 and "not waiting" in res.stderr and len(res.stderr.splitlines()) == 1
    assert run(env, "eval", "/nonexistent.jsonl").returncode == 2


def test_eval_command_reports_pass_rate(env, tmp_path):
    cases = [line for line in (EVAL / "public.jsonl").read_text().splitlines() if '"NQ"' in line][:3]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(cases))
    res = run(env, "eval", "--json", str(path))
    report = json.loads(res.stdout)
    assert report["total"] == 3 and report["pass_rate"] == 100.0


def test_eval_never_teaches_the_local_users_memory(env, tmp_path):
    cases = [line for line in (EVAL / "public.jsonl").read_text().splitlines() if '"NQ"' in line][:2]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(cases))
    before = json.loads(run(env, "memory", "show", "--json").stdout)["long_term"]
    assert run(env, "eval", "--json", str(path)).returncode == 0
    after = json.loads(run(env, "memory", "show", "--json").stdout)["long_term"]
    assert after == before and not after["frequent_questions"]
    # the same question asked by the local user is learned: the check above can fail
    question = json.loads(cases[0])["question"]
    assert run(env, "ask", question).returncode == 0
    taught = json.loads(run(env, "memory", "show", "--json").stdout)["long_term"]
    assert taught != before
