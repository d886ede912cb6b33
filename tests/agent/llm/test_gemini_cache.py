"""Explicit cached content for the static request parts (issue 30, agent/llm/gemini_cache.py),
against the local stub speaking the cachedContents REST endpoints (create / get / delete)."""
from __future__ import annotations

import logging

import pytest

from agent.llm.gemini_cache import min_tokens, static_tokens
from agent.llm.request_decls import intent_declaration
from agent.llm.schemas import PARSE_INTENT, SUBMIT_PLAN, declarations
from tests.agent.llm.gemini_stub import GeminiStub, call, ctx, gemini_settings, system_text  # noqa: F401
from tests.agent.llm.test_gemini import INTENT, INTENT_ARGS, PLAN_ARGS


@pytest.fixture
def rstub():
    with GeminiStub(realistic=True) as s:    # usage measured on the exchange, cached tokens told
        yield s


def _provider(stub, tmp_path, **kw):
    from agent.llm.gemini import GeminiProvider

    return GeminiProvider(gemini_settings(stub, tmp_path, **kw))


def _methods(stub) -> list[str]:
    return [r["method"] for r in stub.requests]


def test_off_by_default_every_request_carries_its_parts(rstub, tmp_path, ctx):  # noqa: F811
    rstub.add(call("parse_intent", INTENT_ARGS))
    _provider(rstub, tmp_path).understand("NQ November 2023", None, ctx)
    [req] = rstub.requests
    assert req["method"] == "generateContent" and "cachedContent" not in req["raw_body"]
    assert all(k in req["raw_body"] for k in ("systemInstruction", "tools", "toolConfig"))


def test_below_the_models_minimum_nothing_is_cached_and_it_is_said(rstub, tmp_path, ctx, caplog):  # noqa: F811
    # AskBar's static parts are smaller than the 4,096 tokens Gemini 3.x needs for a cache
    from agent.llm import prompts as P

    system = P.UNDERSTANDER_SYSTEM.format(safety=P.SAFETY)
    # a question without a backtest is offered parse_intent without the rule (agent/llm/request_decls.py)
    size = static_tokens(system, [intent_declaration(False)])
    assert size < static_tokens(system, [declarations()[PARSE_INTENT]])
    assert size < min_tokens("gemini-3.5-flash-lite") == 4096 and min_tokens("gemini-2.5-flash") == 2048
    rstub.add(call("parse_intent", INTENT_ARGS), call("parse_intent", INTENT_ARGS))
    p = _provider(rstub, tmp_path, gemini_explicit_cache=True)
    with caplog.at_level(logging.INFO, logger="askbar.llm.gemini"):
        p.understand("NQ November 2023", None, ctx)
        p.understand("SPX 2019", None, ctx)
    assert _methods(rstub) == ["generateContent", "generateContent"]       # no cachedContents call
    assert all("systemInstruction" in r["raw_body"] for r in rstub.requests)
    said = [r.message for r in caplog.records if "below the explicit cache minimum" in r.message]
    assert len(said) == 1 and f"{size} tokens" in said[0] and "4096" in said[0]


def test_a_cache_is_created_once_referenced_and_billed_as_cached(rstub, tmp_path, ctx):  # noqa: F811
    rstub.cache_min_tokens = 500            # a model whose minimum the static part reaches
    rstub.add(call("parse_intent", INTENT_ARGS), call("parse_intent", INTENT_ARGS))
    p = _provider(rstub, tmp_path, gemini_explicit_cache=True, gemini_cache_min_tokens=500)
    p.understand("NQ November 2023", None, ctx)
    p.understand("SPX 2019", None, later := ctx.model_copy(update={"today": ctx.today.replace(day=2)}))
    assert later.today != ctx.today
    assert _methods(rstub) == ["cachedContents.create", "generateContent", "generateContent"]
    create = rstub.requests[0]["body"]
    assert create["model"].endswith(p.models["understander"]) and create["ttl"] == "3600s"
    assert create["tools"][0]["functionDeclarations"][0]["name"] == PARSE_INTENT
    assert create["toolConfig"]["functionCallingConfig"]["allowedFunctionNames"] == [PARSE_INTENT]
    [name] = rstub.caches
    for req in rstub.requests[1:]:          # the parts live in the cache, never in the request
        assert req["raw_body"]["cachedContent"] == name
        assert not any(k in req["raw_body"] for k in ("systemInstruction", "tools", "toolConfig"))
        assert "Understander" in system_text(req)          # as the model sees it
    records = p.take_usage()
    cached = rstub.caches[name]["tokens"]
    assert [r["cached_tokens"] for r in records] == [cached, cached] and cached > 500
    assert all(r["input_tokens"] > r["cached_tokens"] for r in records)
    from agent.llm.usage import call_cost, load_prices, price_for

    price = price_for(records[0]["model"], load_prices())
    full = call_cost(price, records[0]["input_tokens"], records[0]["output_tokens"])
    assert records[0]["cost_usd"] < full            # the cached tokens at a tenth of the input price
    assert p.cache.get(name).usage_metadata.total_token_count == cached
    assert p.cache.close() == [name] and rstub.caches == {}
    assert _methods(rstub)[-2:] == ["cachedContents.get", "cachedContents.delete"]


def test_each_agent_and_tool_set_has_its_own_cache(rstub, tmp_path, ctx):  # noqa: F811
    rstub.cache_min_tokens = 100
    rstub.add(call("parse_intent", INTENT_ARGS), call("submit_plan", PLAN_ARGS))
    p = _provider(rstub, tmp_path, gemini_explicit_cache=True, gemini_cache_min_tokens=100)
    p.understand("NQ November 2023", None, ctx)
    p.plan(INTENT, ctx)
    creates = [r["body"] for r in rstub.requests if r["method"] == "cachedContents.create"]
    assert [c["tools"][0]["functionDeclarations"][0]["name"] for c in creates] == [PARSE_INTENT, SUBMIT_PLAN]


def test_a_refused_create_is_not_a_failed_call(rstub, tmp_path, ctx):  # noqa: F811
    rstub.cache_min_tokens = 10**6          # the API says "too small"
    rstub.add(call("parse_intent", INTENT_ARGS), call("parse_intent", INTENT_ARGS))
    p = _provider(rstub, tmp_path, gemini_explicit_cache=True, gemini_cache_min_tokens=0)
    assert p.understand("NQ November 2023", None, ctx).symbol == "NQ"
    assert p.understand("NQ November 2023", None, ctx).symbol == "NQ"
    # one create, refused; both calls carry their parts; the create is not retried at once
    assert _methods(rstub) == ["cachedContents.create", "generateContent", "generateContent"]
    assert all("systemInstruction" in r["raw_body"] for r in rstub.requests[1:])


def test_a_cache_the_api_lost_is_dropped_and_the_call_made_without_it(rstub, tmp_path, ctx):  # noqa: F811
    rstub.cache_min_tokens = 100
    rstub.add(call("parse_intent", INTENT_ARGS), call("parse_intent", INTENT_ARGS),
              call("parse_intent", INTENT_ARGS))
    p = _provider(rstub, tmp_path, gemini_explicit_cache=True, gemini_cache_min_tokens=100)
    p.understand("NQ November 2023", None, ctx)
    rstub.caches.clear()                    # expired or deleted on the server
    assert p.understand("NQ November 2023", None, ctx).symbol == "NQ"
    lost, resent = rstub.requests[2:4]
    assert lost["path"].endswith(":generateContent") and "cachedContent" in lost["raw_body"]
    assert "cachedContent" not in resent["raw_body"] and "systemInstruction" in resent["raw_body"]
    p.understand("NQ November 2023", None, ctx)   # a new cache for the next call
    assert _methods(rstub).count("cachedContents.create") == 2
