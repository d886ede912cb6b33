"""`askbar ask --json` on the Gemini provider (environment only) against the stub: exit 0 and a
clear answer even when the service is down or slow; never a traceback."""
from __future__ import annotations

import json
import os

import pytest

from tests.agent.llm.gemini_stub import API_KEY, call, delayed, error, stub  # noqa: F401
from tests.agent.llm.test_gemini_graph import QUESTION, intent_args, nq_reference, plan_args
from tests.agent.cli.test_main import in_process
from tests.conftest import DATA

# The console script's entry point in process (a spawned `askbar ask` costs seconds of imports);
# tests/agent/cli/test_main.py spawns the installed script itself.


@pytest.fixture(scope="module")
def nq_home(tmp_path_factory):
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    home = tmp_path_factory.mktemp("gemini_cli_home")
    store = DuckDBStore(home / "market.duckdb")
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    store.close()
    return home


def _ask(home, stub, question: str, **env_extra: str) -> tuple[int, dict, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ASKBAR_") and k not in ("GEMINI_API_KEY", "GOOGLE_API_KEY")}
    env.update(ASKBAR_HOME=str(home), GEMINI_API_KEY=API_KEY, ASKBAR_GEMINI_BASE_URL=stub.url,
               ASKBAR_GEMINI_RETRY_BACKOFF_S="0.01", ASKBAR_NOW="2024-06-01", **env_extra)
    proc = in_process(["ask", question, "--json"], env)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    return proc.returncode, json.loads(lines[-1]) if lines else {}, proc.stdout + proc.stderr


def test_key_in_the_environment_selects_gemini(nq_home, stub):
    from tests.agent.llm.test_gemini_graph import answer_args, shown

    stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
             call("submit_answer", answer_args()))
    code, result, out = _ask(nq_home, stub, QUESTION)
    assert code == 0, out
    assert result["status"] == "answered" and result["response"].startswith(f"{result['reading']}\n\n{shown(nq_reference())}")
    assert len(stub.generate_requests()) == 3
    assert all(r["headers"]["x-goog-api-key"] == API_KEY for r in stub.requests)


@pytest.mark.parametrize("failure", ["503", "timeout"])
def test_service_down_or_slow_exits_0_with_a_clear_answer(nq_home, stub, failure):
    bad = error(503) if failure == "503" else delayed(3.0, call("parse_intent", intent_args()))
    stub.add(bad, *[error(503) for _ in range(6)])
    code, result, out = _ask(nq_home, stub, "NQ high in November 2023",
                             ASKBAR_GEMINI_TIMEOUT_S="1")
    assert code == 0, out
    assert "Traceback" not in out
    assert result["status"] == "answered" and result["response"].strip()
    assert any(c["type"] == "high" and c["value"] == pytest.approx(nq_reference()["high"])
               for c in result["claims"])


def test_offline_stays_the_default_without_a_key(nq_home, stub):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ASKBAR_") and k not in ("GEMINI_API_KEY", "GOOGLE_API_KEY")}
    env.update(ASKBAR_HOME=str(nq_home), ASKBAR_GEMINI_BASE_URL=stub.url, ASKBAR_NOW="2024-06-01")
    proc = in_process(["ask", "NQ high in November 2023", "--json"], env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1])["status"] == "answered"
    assert stub.requests == []
