"""Models, thinking, temperature, prices and the start-up model check, against the stub."""
from __future__ import annotations

import io
import logging
from datetime import date

import pytest

from agent.llm.usage import DEFAULT_PRICES, fold, load_prices, price_for
from agent.settings import Settings
from tests.agent.llm.gemini_stub import (call, ctx, generation_config, provider_for,  # noqa: F401
                                         stub, text)
from tests.agent.llm.test_gemini import INTENT, INTENT_ARGS, PLAN_ARGS, _result

AGENTS = ("understander", "planner", "analyst", "educator", "summarizer")


def test_default_models_are_current_and_priced():
    for agent in AGENTS:
        model = Settings.model_fields[f"gemini_model_{agent}"].default
        assert not model.startswith(("gemini-2.", "gemini-1.")), (agent, model)  # shut down 2026-12-01
        assert price_for(model, load_prices()) is not None, (agent, model)
        assert model in DEFAULT_PRICES  # priced by exact id, not by a shorter prefix


def test_thinking_level_per_agent_and_temperature_per_family(stub, provider_for, ctx):
    stub.add(call("parse_intent", INTENT_ARGS), call("submit_plan", PLAN_ARGS),
             call("submit_answer", {"response": "ok", "claims": []}), text("summary"))
    p = provider_for(gemini_thinking_analyst="medium")
    p.understand("NQ", None, ctx)
    p.plan(INTENT, ctx)
    p.analyze("q", INTENT, [_result()], "en")
    p.summarize([{"role": "user", "content": "hi"}])
    cfgs = [generation_config(r) for r in stub.requests]
    assert [c["thinkingConfig"] for c in cfgs] == [
        {"thinkingLevel": "LOW"}, {"thinkingLevel": "LOW"}, {"thinkingLevel": "MEDIUM"},
        {"thinkingLevel": "MINIMAL"}]
    assert all(c["temperature"] == 1.0 for c in cfgs)  # Gemini 3: Google's guidance is 1.0


def test_gemini_25_gets_a_budget_and_temperature_0_and_others_nothing(stub, provider_for, ctx):
    stub.add(call("parse_intent", INTENT_ARGS), call("parse_intent", INTENT_ARGS),
             call("parse_intent", INTENT_ARGS))
    provider_for(gemini_model_understander="gemini-2.5-flash").understand("NQ", None, ctx)
    provider_for(gemini_model_understander="my-tuned-model").understand("NQ", None, ctx)
    provider_for(gemini_temperature=0.3).understand("NQ", None, ctx)
    flash25, custom, forced = (generation_config(r) for r in stub.requests)
    assert flash25["thinkingConfig"] == {"thinkingBudget": 512} and flash25["temperature"] == 0.0
    assert "thinkingConfig" not in custom and "temperature" not in custom
    assert forced["temperature"] == 0.3


def test_a_misspelt_thinking_level_fails_at_construction(provider_for):
    from agent.llm.gemini_tuning import ThinkingLevelError

    with pytest.raises(ThinkingLevelError, match="thinking level 'hihg'"):
        provider_for(gemini_thinking_planner="hihg")


@pytest.mark.parametrize("model,level,ok", [
    ("gemini-3.8-flash", "minimal", False), ("gemini-3.8-flash", "low", True),
    ("gemini-3.7-flash", "minimal", False), ("gemini-3.7-flash", "high", True),
    ("gemini-3.1-pro-preview", "minimal", False), ("gemini-3-pro-preview", "medium", False),
    ("gemini-3.5-flash-lite", "minimal", True), ("gemini-3-flash-preview", "minimal", True),
])
def test_a_level_the_model_does_not_take_fails_at_construction(provider_for, model, level, ok):
    # issue 30: ASKBAR_GEMINI_THINKING_ANALYST=minimal passed start-up on gemini-3.8-flash, then
    # every analyst call failed
    from agent.llm.gemini_tuning import ThinkingLevelError

    kw = {"gemini_model_analyst": model, "gemini_thinking_analyst": level}
    if ok:
        provider_for(**kw)
        return
    with pytest.raises(ThinkingLevelError, match=f"ASKBAR_GEMINI_THINKING_ANALYST: {model} does not take"):
        provider_for(**kw)


def test_the_cli_refuses_a_level_the_model_does_not_take_in_one_line(stub, tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "ASKBAR_HOME": str(tmp_path), "ASKBAR_LLM": "gemini", "GEMINI_API_KEY": "k",
           "ASKBAR_GEMINI_BASE_URL": stub.url, "ASKBAR_GEMINI_THINKING_ANALYST": "minimal"}
    env.pop("ASKBAR_DATABASE_URL", None)
    exe = Path(sys.executable).with_name("askbar")
    done = subprocess.run([str(exe), "ask", "NQ high in November 2023"], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert "ASKBAR_GEMINI_THINKING_ANALYST" in line and "minimal" in line and "Traceback" not in done.stderr


@pytest.mark.parametrize("answered", ["gemini-3.6-flash", "gemini-3.7-flash"])
def test_rerouted_answers_are_priced(stub, provider_for, ctx, answered):
    # issue 30: calls that came back as 3.6 / 3.7 Flash were recorded unpriced
    stub.add(call("parse_intent", INTENT_ARGS, usage=(10_000, 1_000), model=answered))
    p = provider_for()
    p.understand("NQ", None, ctx)
    [rec] = p.take_usage()
    price = price_for(answered, load_prices(), on=date(2026, 11, 25))
    assert rec["model"] == answered and price is not None and rec["cost_usd"] > 0


def test_cost_follows_the_model_that_answered(stub, provider_for, ctx):
    # Google re-routes a retired id to another model, billed at that model's rates.
    stub.add(call("parse_intent", INTENT_ARGS, usage=(10_000, 1_000), model="gemini-3.8-flash"))
    p = provider_for(gemini_model_understander="gemini-2.5-flash")
    p.understand("NQ", None, ctx)
    [rec] = p.take_usage()
    assert rec["model"] == "gemini-3.8-flash" and rec["requested_model"] == "gemini-2.5-flash"
    price = price_for("gemini-3.8-flash", load_prices())
    assert rec["cost_usd"] == pytest.approx((10_000 * price["input"] + 1_000 * price["output"]) / 1e6)


def test_an_unknown_model_is_logged_and_marked_unpriced_never_zero(stub, provider_for, ctx, caplog):
    stub.add(call("parse_intent", INTENT_ARGS, usage=(5000, 100), model="gemini-9-ultra-x"),
             call("submit_plan", PLAN_ARGS, usage=(1000, 50)))
    p = provider_for()
    with caplog.at_level(logging.WARNING, logger="askbar.llm.usage"):
        p.understand("NQ", None, ctx)
        p.plan(INTENT, ctx)
    unknown, known = p.take_usage()
    assert unknown["cost_usd"] is None and unknown["priced"] is False and unknown["input_tokens"] == 5000
    assert known["priced"] and known["cost_usd"] > 0
    assert any("gemini-9-ultra-x" in r.getMessage() and "unpriced" in r.getMessage() for r in caplog.records)
    usage = fold({}, [unknown, known])
    assert usage["unpriced_calls"] == 1 and usage["cost_usd"] == pytest.approx(known["cost_usd"])
    assert usage["by_agent"]["understander"]["unpriced_calls"] == 1


def test_dated_prices_switch_on_their_date():
    prices = load_prices()
    before = price_for("gemini-3.8-flash-001", prices, on=date(2026, 12, 31))
    after = price_for("gemini-3.8-flash", prices, on=date(2027, 1, 1))
    assert before == {"input": 0.75, "output": 3.75} and after == {"input": 1.5, "output": 7.5}
    flat = load_prices(override={"gemini-3.8-flash": {"input": 1, "output": 2}})
    assert price_for("gemini-3.8-flash", flat, on=date(2027, 6, 1)) == {"input": 1.0, "output": 2.0}


def test_startup_check_names_a_model_google_does_not_serve(stub, provider_for):
    from agent.llm.gemini_check import startup_check

    stub.missing = {"gemini-2.5-pro"}
    p = provider_for(gemini_model_analyst="gemini-2.5-pro", gemini_model_educator="gemini-2.5-pro")
    out = io.StringIO()
    problems = startup_check(p, out=out)
    assert len(problems) == 1
    assert "gemini-2.5-pro (analyst, educator)" in problems[0] and "HTTP 404" in problems[0]
    assert "is not found" in out.getvalue()
    gets = [r for r in stub.requests if r["method"] == "get"]
    assert sorted(r["model"] for r in gets) == sorted(set(p.models.values()))  # one get per id
    assert stub.remaining == 0  # models.get never touches the generate script


def test_startup_check_passes_quietly_and_skips_offline(stub, provider_for, tmp_path):
    from agent.llm.gemini_check import startup_check
    from agent.llm.offline.provider import OfflineProvider

    out = io.StringIO()
    assert startup_check(provider_for(), out=out) == [] and out.getvalue() == ""
    assert startup_check(provider_for(gemini_check_models=False), out=out) == []
    assert startup_check(OfflineProvider(), out=out) == []


def test_startup_check_reports_an_unreachable_service_as_not_checked(tmp_path):
    from agent.llm.gemini import GeminiProvider

    p = GeminiProvider(Settings(home=tmp_path, gemini_base_url="http://127.0.0.1:9",
                                gemini_api_key="k", gemini_timeout_s=1))
    problems = p.check_models()
    assert problems and all("could not check" in x for x in problems)


def test_finish_reason_is_logged_recorded_and_named_in_the_error(stub, provider_for, ctx, caplog):
    from agent.llm.errors import LLMInvalidOutput
    from tests.agent.llm.gemini_stub import finished

    stub.add(finished("MALFORMED_FUNCTION_CALL"), finished("SAFETY"))
    p = provider_for()
    with caplog.at_level(logging.WARNING, logger="askbar.llm.gemini"):
        with pytest.raises(LLMInvalidOutput) as info:
            p.understand("NQ", None, ctx)
    assert "finish reason SAFETY" in info.value.detail
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "MALFORMED_FUNCTION_CALL" in logged and "SAFETY" in logged
    assert [r["finish_reason"] for r in p.take_usage()] == ["MALFORMED_FUNCTION_CALL", "SAFETY"]


def test_the_recording_stub_measures_tokens_and_assumes_thinking_by_level(tmp_path, ctx):
    from agent.llm.gemini import GeminiProvider
    from tests.agent.llm.gemini_stub import GeminiStub, gemini_settings
    from tests.agent.llm.token_model import THINKING_TOKENS, count

    with GeminiStub(realistic=True) as rec:
        rec.add(call("parse_intent", INTENT_ARGS, usage=(1, 1)), call("parse_intent", INTENT_ARGS))
        short = GeminiProvider(gemini_settings(rec, tmp_path))
        short.understand("NQ", None, ctx)
        GeminiProvider(gemini_settings(rec, tmp_path, gemini_thinking_understander="high")).understand(
            "NQ " + "very long question " * 200, None, ctx)
        first, second = (r["usage"] for r in rec.requests)
    assert first["promptTokenCount"] > 1000  # system prompt + declaration, not the scripted 1
    assert second["promptTokenCount"] - first["promptTokenCount"] >= count("very long question " * 200) - 5
    assert first["thoughtsTokenCount"] == THINKING_TOKENS["LOW"]
    assert second["thoughtsTokenCount"] == THINKING_TOKENS["HIGH"]
    assert first["candidatesTokenCount"] == second["candidatesTokenCount"] > 20


def test_server_start_up_tells_the_operator_about_a_retired_model(stub, tmp_path, capsys, caplog,
                                                                   loaded_store):
    import asyncio

    from agent.deps import build_deps
    from agent.server.runtime import Runtime
    from tests.agent.llm.gemini_stub import gemini_settings

    stub.missing = {"gemini-2.5-pro"}
    settings = gemini_settings(stub, tmp_path, gemini_model_analyst="gemini-2.5-pro")
    deps = build_deps(settings, store=loaded_store)

    async def start_and_stop() -> None:
        async with Runtime.open(settings, deps=deps):
            pass

    with caplog.at_level(logging.ERROR, logger="askbar.llm.gemini"):
        asyncio.run(start_and_stop())
    err = capsys.readouterr().err
    assert "askbar: Gemini configuration: model gemini-2.5-pro (analyst)" in err and "HTTP 404" in err
    assert any(r.levelname == "ERROR" and "gemini-2.5-pro" in r.getMessage() for r in caplog.records)
    assert stub.generate_requests() == []  # the check never spends a generate call
