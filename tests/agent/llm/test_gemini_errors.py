"""GeminiProvider error table (seed 004 section 10), usage and cost, streaming, provider choice."""
from __future__ import annotations

import json
import time

import pytest

from agent.llm.errors import LLMConfigError, LLMRateLimited, LLMTimeout, LLMUnavailable
from agent.llm.usage import fold, load_prices, price_for, usage_scope
from agent.state import Intent
from tests.agent.llm.gemini_stub import (call, ctx, delayed, error, provider_for,  # noqa: F401
                                         stub, text)
from tests.agent.llm.test_gemini import INTENT, INTENT_ARGS, PLAN_ARGS, _result


def test_429_is_retried_then_succeeds(stub, provider_for, ctx):
    stub.add(error(429), error(429), call("parse_intent", INTENT_ARGS))
    intent = provider_for(gemini_retry_backoff_s=0.05).understand("NQ", None, ctx)
    assert intent.symbol == "NQ"
    assert len(stub.requests) == 3
    gaps = [b["time"] - a["time"] for a, b in zip(stub.requests, stub.requests[1:])]
    assert gaps[0] >= 0.05 and gaps[1] >= 0.1  # doubling backoff


def test_429_three_times_gives_up_after_exactly_three_requests(stub, provider_for, ctx):
    stub.add(error(429), error(429), error(429), call("parse_intent", INTENT_ARGS))
    with pytest.raises(LLMRateLimited) as info:
        provider_for().understand("NQ", None, ctx)
    assert len(stub.requests) == 3 and stub.remaining == 1
    assert "Traceback" not in info.value.user_message("en")


def test_retries_are_configurable(stub, provider_for, ctx):
    stub.add(error(429), call("parse_intent", INTENT_ARGS))
    with pytest.raises(LLMRateLimited):
        provider_for(gemini_retries=0).understand("NQ", None, ctx)
    assert len(stub.requests) == 1


@pytest.mark.parametrize("status", [500, 503])
def test_5xx_is_not_retried_and_says_unavailable(stub, provider_for, ctx, status):
    stub.add(error(status), call("parse_intent", INTENT_ARGS))
    with pytest.raises(LLMUnavailable) as info:
        provider_for().understand("NQ", None, ctx)
    assert len(stub.requests) == 1
    err = info.value
    assert err.status == status and err.agent == "understander"
    assert err.user_message("ru") == "Сервис недоступен."
    assert err.user_message("en") == "The service is unavailable."
    assert err.user_message("es") == "El servicio no está disponible."


@pytest.mark.parametrize("status,message", [
    (400, "Request contains an invalid argument."), (403, "API key not valid. Please pass a valid API key."),
    (404, "models/gemini-2.5-pro is not found for API version v1beta")])
def test_400_403_404_are_configuration_errors_logged_with_the_api_message(
        stub, provider_for, ctx, caplog, status, message):
    stub.add(error(status, message), call("parse_intent", INTENT_ARGS))
    with caplog.at_level("WARNING", logger="askbar.llm.gemini"):
        with pytest.raises(LLMConfigError) as info:
            provider_for().understand("NQ", None, ctx)
    assert len(stub.requests) == 1 and stub.remaining == 1  # never retried
    err = info.value
    assert err.status == status and message in err.detail and str(status) in err.detail
    [rec] = [r for r in caplog.records if "configuration error" in r.getMessage()]
    assert rec.levelname == "ERROR" and message in rec.getMessage()
    assert err.user_message("ru") == "Языковая модель настроена неверно."
    assert not isinstance(err, LLMUnavailable)


def test_timeout_is_not_retried_and_says_slow(stub, provider_for, ctx):
    stub.add(delayed(3.0, call("parse_intent", INTENT_ARGS)), call("parse_intent", INTENT_ARGS))
    started = time.perf_counter()
    with pytest.raises(LLMTimeout) as info:
        provider_for(gemini_timeout_s=0.5).understand("NQ", None, ctx)
    assert time.perf_counter() - started < 2.5
    assert len(stub.requests) == 1 and stub.remaining == 1
    assert info.value.user_message("ru") == "Сервис медленно отвечает."


def test_504_counts_as_timeout(stub, provider_for, ctx):
    stub.add(error(504))
    with pytest.raises(LLMTimeout):
        provider_for().understand("NQ", None, ctx)


def test_connection_refused_is_unavailable(tmp_path, ctx):
    from agent.llm.gemini import GeminiProvider
    from agent.settings import Settings

    p = GeminiProvider(Settings(home=tmp_path, gemini_base_url="http://127.0.0.1:9",
                                gemini_api_key="k", gemini_timeout_s=1))
    with pytest.raises(LLMUnavailable):
        p.understand("NQ", None, ctx)


def test_usage_and_cost_per_call_summed_per_agent(stub, provider_for, ctx):
    stub.add(call("parse_intent", INTENT_ARGS, usage=(1000, 200, 300)),
             call("submit_plan", PLAN_ARGS, usage=(2500, 300)),
             call("submit_answer", {"response": "ok", "claims": []}, usage=(4000, 500, 700)))
    p = provider_for()
    p.understand("NQ", None, ctx)
    p.plan(INTENT, ctx)
    p.analyze("q", INTENT, [_result()], "en")
    records = p.take_usage()
    assert [r["agent"] for r in records] == ["understander", "planner", "analyst"]
    assert p.take_usage() == []  # drained
    prices = load_prices()
    small, big = price_for(p.models["understander"], prices), price_for(p.models["analyst"], prices)
    # thinking tokens are billed as output
    assert records[0]["output_tokens"] == 500 and records[0]["thinking_tokens"] == 300
    assert records[0]["cost_usd"] == pytest.approx((1000 * small["input"] + 500 * small["output"]) / 1e6)
    assert records[2]["cost_usd"] == pytest.approx((4000 * big["input"] + 1200 * big["output"]) / 1e6)
    usage = fold({}, records)
    assert usage["input_tokens"] == 7500 and usage["output_tokens"] == 2000 and usage["llm_calls"] == 3
    assert usage["by_agent"]["planner"]["calls"] == 1 and usage["unpriced_calls"] == 0
    assert usage["cost_usd"] == pytest.approx(sum(r["cost_usd"] for r in records))
    assert all(r["duration_ms"] >= 0 and r["status"] == "ok" and r["priced"] for r in records)
    more = fold(usage, [records[0]])
    assert more["llm_calls"] == 4 and more["input_tokens"] == 8500


def test_price_table_is_configurable(stub, provider_for, ctx, tmp_path):
    path = tmp_path / "prices.json"
    path.write_text(json.dumps({"gemini-3.5-flash-lite": {"input": 1.0, "output": 2.0}}))
    stub.add(call("parse_intent", INTENT_ARGS, usage=(1_000_000, 500_000)))
    p = provider_for(gemini_prices_path=path, gemini_model_understander="gemini-3.5-flash-lite")
    p.understand("NQ", None, ctx)
    assert p.take_usage()[0]["cost_usd"] == pytest.approx(2.0)
    prices = load_prices(path, {"my-model": {"input": 3, "output": 4}})
    assert price_for("models/gemini-3.5-flash-lite-preview-09", prices) == {"input": 1.0, "output": 2.0}
    assert price_for("my-model-001", prices) == {"input": 3.0, "output": 4.0}
    assert price_for("unknown", prices) is None


def test_failed_calls_are_recorded_and_scopes_isolate_usage(stub, provider_for, ctx):
    stub.add(error(429), call("parse_intent", INTENT_ARGS), call("parse_intent", INTENT_ARGS))
    p = provider_for()
    with usage_scope() as scoped:
        p.understand("NQ", None, ctx)
    assert [r.status for r in scoped] == ["error", "ok"]
    assert p.take_usage() == []
    p.understand("NQ", None, ctx)
    assert len(p.take_usage()) == 1


def test_count_tokens(stub, provider_for):
    assert provider_for().count_tokens("hello " * 100) > 0
    assert stub.requests[0]["method"] == "countTokens" and stub.remaining == 0


def test_make_provider_choice(monkeypatch, tmp_path, stub):
    pytest.importorskip("agent.llm.offline.provider")
    from agent.deps import make_provider
    from agent.settings import Settings

    for var in ("GEMINI_API_KEY", "GOOGLE_API_KEY", "ASKBAR_LLM", "ASKBAR_GEMINI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    assert make_provider(Settings(home=tmp_path)).name != "gemini"
    monkeypatch.setenv("GOOGLE_API_KEY", "k")
    assert make_provider(Settings(home=tmp_path, gemini_base_url=stub.url)).name == "gemini"
    assert make_provider(Settings(home=tmp_path, llm="offline")).name != "gemini"
    monkeypatch.delenv("GOOGLE_API_KEY")
    assert make_provider(Settings(home=tmp_path, llm="gemini")).name != "gemini"  # no key: offline
    assert make_provider(Settings(home=tmp_path, llm="gemini", gemini_api_key="k")).name == "gemini"


def test_no_traceback_in_user_messages():
    from agent.llm.errors import USER_MESSAGES, classify

    for kind, texts in USER_MESSAGES.items():
        assert set(texts) == {"en", "ru", "es"}, kind
    err = classify(RuntimeError("boom\nTraceback (most recent call last)"))
    assert isinstance(err, LLMUnavailable) and "Traceback" not in err.user_message("en")
    assert isinstance(Intent.model_validate(INTENT_ARGS), Intent)


def test_no_retry_that_cannot_finish_inside_the_agent_budget(stub, provider_for, ctx, monkeypatch):
    from agent import budget

    monkeypatch.setitem(budget.AGENT_BUDGETS_S, "understander", 0.5)
    stub.add(error(429), error(429), call("parse_intent", INTENT_ARGS))
    with pytest.raises(LLMRateLimited):
        provider_for(gemini_retry_backoff_s=0.3).understand("NQ", None, ctx)
    assert len(stub.requests) == 2  # the second pause (0.6 s) would overrun the 0.5 s budget
