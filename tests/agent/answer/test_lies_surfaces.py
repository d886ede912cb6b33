"""The lies of tests/agent/answer/lies.py on every surface the user reads: the graph on the Gemini provider
(scripted stub), SSE `text_delta` + `done` (scripted fake provider), and `askbar ask --json` (stub)."""
from __future__ import annotations

import json
import os

import httpx
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from tests.agent.answer.lies import CASES, LIES, QUESTIONS, assert_truthful, nq_november
from tests.agent.llm.gemini_stub import (API_KEY, Scripted, call, calling_config, dynamic,
                                         gemini_settings, stub, text)  # noqa: F401 (fixture)
from tests.agent.cli.test_main import in_process
from tests.agent.answer.test_lies import ScriptedAnalyst
from tests.conftest import DATA
from tests.server.conftest import DUCKDB_ONLY, live_server, make_app, stream  # noqa: F401

PERIOD = {"start": "2023-11-01", "end": "2023-11-30", "label": "2023-11"}


def gemini_role(lang: str, answers: list[str]):
    """A stub answer that plays whichever agent asks (by the function it must call), so the
    script does not depend on how many calls the provider makes before the analyst."""
    said = []

    def answer(request: dict) -> Scripted:
        allowed = calling_config(request).get("allowedFunctionNames") or []
        if "parse_intent" in allowed:
            return call("parse_intent", {"type": "data", "lang": lang, "symbol": "NQ", "symbols": ["NQ"],
                                         "analysis": "stats", "period": PERIOD, "metrics": ["close"]})
        if "submit_plan" in allowed:
            return call("submit_plan", {"steps": [{"action": "get_period_stats", "params": {
                "symbol": "NQ", "start_date": PERIOD["start"], "end_date": PERIOD["end"]}}]})
        if "submit_answer" in allowed:
            said.append(1)
            return call("submit_answer", {"response": answers[min(len(said), len(answers)) - 1]})
        return text("NQ.")
    return answer


@pytest.mark.parametrize("kind,lang", CASES)
def test_gemini_lie_never_reaches_the_answer(loaded_store, stub, tmp_path, kind, lang):
    from agent.deps import build_deps
    from agent.service import Session

    lie, never = LIES[kind][lang]
    role = gemini_role(lang, [lie])
    stub.add(*[dynamic(role) for _ in range(12)])
    deps = build_deps(gemini_settings(stub, tmp_path, gemini_timeout_s=5.0), store=loaded_store)
    r = Session(deps, InMemorySaver()).ask(QUESTIONS[lang])
    assert r.status == "answered"
    answers = [q for q in stub.generate_requests()
               if "submit_answer" in (calling_config(q).get("allowedFunctionNames") or [])]
    assert len(answers) == 3                       # the lie, twice sent back, then the code summary
    assert_truthful(r.response, r.claims, lang, never)


@DUCKDB_ONLY
def test_sse_text_delta_and_done_never_carry_a_lie(make_app, loaded_store):
    liar = ScriptedAnalyst("")
    app, _ = make_app(loaded_store, provider=liar)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        for kind, lang in CASES:
            lie, never = LIES[kind][lang]
            liar.answers, liar.calls = [lie], 0
            _, events = stream(client, "POST", "/api/chat", json={"question": QUESTIONS[lang]})
            shown = "".join(e["data"]["content"] for e in events if e.get("event") == "text_delta")
            done = next(e["data"] for e in events if e.get("event") == "done")
            assert liar.calls == 3, (kind, lang)
            assert_truthful(shown, done["claims"], lang, never)
            assert_truthful(done["response"], done["claims"], lang, never)


@pytest.fixture(scope="module")
def nq_home(tmp_path_factory):
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    home = tmp_path_factory.mktemp("lies_cli_home")
    store = DuckDBStore(home / "market.duckdb")
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    store.close()
    return home


# Each kind once, the languages in turn (all 21 pairs run above).
CLI_CASES = [(kind, ("en", "ru", "es")[i % 3]) for i, kind in enumerate(LIES)]


@pytest.mark.parametrize("kind,lang", CLI_CASES)
def test_cli_json_never_carries_a_lie(nq_home, stub, kind, lang):
    lie, never = LIES[kind][lang]
    stub.add(*[dynamic(gemini_role(lang, [lie])) for _ in range(12)])
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ASKBAR_") and k not in ("GEMINI_API_KEY", "GOOGLE_API_KEY")}
    env.update(ASKBAR_HOME=str(nq_home), GEMINI_API_KEY=API_KEY, ASKBAR_GEMINI_BASE_URL=stub.url,
               ASKBAR_NOW="2024-06-01")
    proc = in_process(["ask", QUESTIONS[lang], "--json"], env)   # the entry point, no spawn
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stdout
    result = json.loads(lines[0])
    assert result["status"] == "answered"
    assert_truthful(result["response"], result["claims"], lang, never)
    assert never not in proc.stdout
    assert nq_november()["close"] in [c["value"] for c in result["claims"]]


# Issue 32: lies made of real slots (statement_corpus.py), one per kind, the languages in turn, on
# the real server's SSE stream and `askbar ask --json`; the rejections are readable from --json.
def _statement_cases():
    from tests.agent.answer.statement_corpus import nq_lies

    return [(kind, ("en", "ru", "es")[i % 3]) for i, kind in enumerate(nq_lies())]


@DUCKDB_ONLY
def test_sse_never_carries_a_statement_lie(make_app, loaded_store):
    import re

    from tests.agent.answer.statement_corpus import nq_lies

    liar = ScriptedAnalyst("")
    app, _ = make_app(loaded_store, provider=liar)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        for kind, lang in _statement_cases():
            lie = nq_lies()[kind][lang]
            longest = max(re.split(r"\{[^}]*\}", lie), key=len).strip()
            liar.answers, liar.calls = [lie], 0
            _, events = stream(client, "POST", "/api/chat", json={"question": QUESTIONS[lang]})
            shown = "".join(e["data"]["content"] for e in events if e.get("event") == "text_delta")
            done = next(e["data"] for e in events if e.get("event") == "done")
            checks = [e["data"] for e in events if e.get("event") == "validation"]
            assert liar.calls == 3, (kind, lang)
            assert longest not in shown and longest not in done["response"], (kind, lang, shown)
            assert_truthful(done["response"], done["claims"], lang, longest)
            assert checks and checks[-1]["source"] == "code_summary" and len(checks[-1]["attempts"]) == 3


@pytest.mark.parametrize("kind,lang", _statement_cases()[::4])
def test_cli_json_says_what_was_rejected(nq_home, stub, kind, lang):
    import re

    from tests.agent.answer.statement_corpus import nq_lies

    lie = nq_lies()[kind][lang]
    longest = max(re.split(r"\{[^}]*\}", lie), key=len).strip()
    stub.add(*[dynamic(gemini_role(lang, [lie])) for _ in range(12)])
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ASKBAR_") and k not in ("GEMINI_API_KEY", "GOOGLE_API_KEY")}
    env.update(ASKBAR_HOME=str(nq_home), GEMINI_API_KEY=API_KEY, ASKBAR_GEMINI_BASE_URL=stub.url,
               ASKBAR_NOW="2024-06-01")
    proc = in_process(["ask", QUESTIONS[lang], "--json"], env)
    assert proc.returncode == 0, proc.stderr
    result = json.loads([ln for ln in proc.stdout.splitlines() if ln.strip()][0])
    assert longest not in proc.stdout
    assert_truthful(result["response"], result["claims"], lang, longest)
    v = result["validation"]
    assert v["source"] == "code_summary" and len(v["attempts"]) == 3 and all(a["issues"] for a in v["attempts"])
    human = in_process(["ask", QUESTIONS[lang]], env)                # the human output says why too
    assert "rejected" in human.stderr and "code summary" in human.stderr
