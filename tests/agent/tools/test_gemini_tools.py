"""Issue 13: the Gemini planner is offered the user's tools; calls run as Deps.user; tool numbers
are slots the validator checks. Against the local Gemini stub (only the LLM is fake) over the
real data on both engines; the expected figures are read from the CSV with pandas."""
from __future__ import annotations

import json
import uuid

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.identity.models import User
from agent.llm.schemas import declaration_problems
from agent.tools.gemini_decls import INJECTED, offered_tools
from agent.tools.plan_step import plan_from_calls
from tests.agent.llm.gemini_stub import (call, calling_config, calls, function_names,
                                         gemini_settings, request_text, stub)  # noqa: F401
from tests.conftest import DATA


def _user(plan: str = "free", lang: str = "en") -> User:
    uid = "u" + uuid.uuid4().hex[:8]
    return User(user_id=uid, tenant_id="t" + uuid.uuid4().hex[:8], name=uid, plan=plan,
                language=lang)


def _props(node: dict) -> set[str]:
    """Every property name anywhere in a schema."""
    out: set[str] = set()
    for key, sub in (node.get("properties") or {}).items():
        out |= {key} | _props(sub)
    if isinstance(node.get("items"), dict):
        out |= _props(node["items"])
    return out


@pytest.mark.parametrize("plan", ["free", "pro", "premium"])
def test_declarations_follow_the_plan_fit_the_subset_and_carry_no_identity(plan):
    from agent.tools.registry import get_registry

    offered = offered_tools(_user(plan))
    names = {t.name for t in offered}
    reg = get_registry()
    allowed = {s.name for s in reg.available_for(plan) if not s.mutates}
    assert names == allowed - {"remember"}          # read-only and the plan's, nothing else
    assert all(not reg.get(n).mutates for n in names)
    if plan == "free":
        assert "get_portfolio" not in names and "get_price" in names
    for t in offered:
        decl = t.declaration.model_dump(mode="json", exclude_none=True)
        assert declaration_problems(decl) == [], t.name
        assert not _props(decl.get("parameters") or {}) & INJECTED


def test_calls_of_tools_not_offered_are_dropped_and_identity_args_removed():
    from google.genai import types

    offered = offered_tools(_user("free"))
    got, _ = plan_from_calls([types.FunctionCall(name="get_portfolio", args={}),
                           types.FunctionCall(name="get_price",
                                              args={"symbol": "SPY", "user_id": "mallory",
                                                    "tenant_id": "evil"})], offered)
    assert got is not None and [c.tool for c in got.tools] == ["get_price"]
    assert got.tools[0].params == {"symbol": "SPY"} and got.steps == []


@pytest.fixture
def session_for(loaded_store, stub, tmp_path, prefix):
    from agent.deps import build_deps
    from agent.service import Session

    def make(user: User):
        settings = gemini_settings(stub, tmp_path, gemini_timeout_s=5.0, redis_url=None,
                                   tools_redis_prefix=prefix)
        deps = build_deps(settings, store=loaded_store)
        assert deps.provider.name == "gemini"
        deps.user = user
        return Session(deps, InMemorySaver())
    return make


def spy_last_close() -> float:
    bars = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    return float(bars.sort_values("datetime")["close"].iloc[-1])


def _parse(symbol: str | None = "SPY") -> dict:
    out = {"type": "data", "lang": "en"}
    return {**out, "symbol": symbol} if symbol else out


def test_planner_calls_a_tool_and_the_validator_rejects_a_wrong_number(session_for, stub):
    price = spy_last_close()
    wrong = {"response": f"SPY is at {price + 7:.2f} as of {{as_of_local}}."}
    right = {"response": "SPY is at {price} as of {as_of_local}, {change_pct} against the "
                         "previous close."}
    stub.add(call("parse_intent", _parse()),
             call("get_price", {"symbol": "SPY", "user_id": "mallory"}),
             call("submit_answer", wrong), call("submit_answer", right))
    session = session_for(_user("free"))
    result = session.ask("How much is SPY right now?", thread_id=uuid.uuid4().hex)
    reqs = stub.generate_requests()
    assert stub.remaining == 0 and len(reqs) == 4
    planner = reqs[1]
    offered = function_names(planner)
    assert offered[-1] == "submit_plan" and "get_price" in offered and "get_portfolio" not in offered
    assert "add_to_watchlist" not in offered                    # mutating tools are never offered
    assert set(calling_config(planner)["allowedFunctionNames"]) == set(offered)
    assert result.plan["tools"][0]["params"] == {"symbol": "SPY"}   # identity dropped
    first, rewrite = reqs[2], reqs[3]
    assert str(price) in request_text(first) and "{price} = " in request_text(first)
    assert "untrusted_validator_feedback" in request_text(rewrite)  # the lie was sent back
    assert f"{price + 7:.2f}" in request_text(rewrite)
    assert result.status == "answered" and result.validation["status"] == "ok"
    assert result.response.startswith(f"SPY is at {price:,.2f} as of ")
    assert f"{price + 7:.2f}" not in result.response


def test_tool_runs_as_the_runs_user_never_the_one_the_model_names(session_for, stub, loaded_store):
    from agent.tools.graph_step import executor_for_deps

    owner, me = _user("free"), _user("free")
    first = session_for(owner)
    executor_for_deps(first.deps).execute("add_to_watchlist", {"symbol": "NQ"}, owner)
    stub.add(call("parse_intent", _parse(None)),
             calls(("get_watchlist", {"user_id": owner.user_id, "tenant_id": owner.tenant_id})),
             call("submit_answer", {"response": "Your watchlist: {symbols}."}))
    result = session_for(me).ask("what is on my watchlist?", thread_id=uuid.uuid4().hex)
    assert result.status == "answered"
    assert "NQ" not in result.response                 # not the owner's list
    mine = json.loads(json.dumps(result.plan["tools"]))
    assert mine == [{"tool": "get_watchlist", "params": {}, "source": "catalog",
                     "tool_id": "watchlist.get"}]


def test_a_refused_tool_is_answered_with_the_executors_message(session_for, stub):
    """A free user's model asking for calculations it may run, with invalid input: the
    executor's VALIDATION_ERROR text is the answer (no analyst call, no invented number)."""
    stub.add(call("parse_intent", _parse(None)),
             call("calculate_position_size", {"capital": 50000, "entry_price": 100,
                                              "stop_loss_price": 100, "risk_percent": 1}))
    from agent.tools.graph_step import executor_for_deps

    session = session_for(_user("free"))
    result = session.ask("position size, stop at my entry", thread_id=uuid.uuid4().hex)
    assert stub.remaining == 0 and len(stub.generate_requests()) == 2
    ex = executor_for_deps(session.deps)
    expected = ex.execute("calculate_position_size", result.plan["tools"][0]["params"],
                          session.deps.user)
    assert expected["error"]["code"] == "VALIDATION_ERROR"
    assert result.status == "answered" and result.response == expected["error"]["message"]


def test_analyst_down_the_code_summary_states_the_tool_numbers_checked(session_for, stub):
    """The analyst fails (HTTP 500, never retried): the code summary of the tool result, in the
    user's language, written with slots and passed by the validator; figures computed here."""
    from tests.agent.llm.gemini_stub import error

    capital, entry, stop, risk_pct = 50_000, 16_000, 15_900, 1
    risk = capital * risk_pct / 100                     # 500
    size = risk / abs(entry - stop)                     # 5 units
    stub.add(call("parse_intent", {"type": "data", "lang": "ru"}),
             call("calculate_position_size", {"capital": capital, "entry_price": entry,
                                              "stop_loss_price": stop, "risk_percent": risk_pct}),
             error(500))
    result = session_for(_user("free", "ru")).ask("размер позиции на 50к, вход 16000, стоп 15900, "
                                                  "риск 1%", thread_id=uuid.uuid4().hex)
    assert result.status == "answered" and result.validation["status"] == "ok"
    expected = f"Размер позиции: {size:.2f}".replace(".", ",")
    assert result.response.startswith(expected), result.response
    assert f"сумма риска {risk:.2f}".replace(".", ",") in result.response


def test_planner_down_the_code_path_still_calls_the_offered_tool(session_for, stub):
    from tests.agent.llm.gemini_stub import error

    price = spy_last_close()
    stub.add(call("parse_intent", _parse()), error(500),
             call("submit_answer", {"response": "SPY: {price}."}))
    result = session_for(_user("free")).ask("price of SPY", thread_id=uuid.uuid4().hex)
    assert result.plan["tools"][0]["tool"] == "get_price"
    assert result.status == "answered" and result.response.startswith(f"SPY: {price:,.2f}.")


def test_candle_results_become_price_claims(loaded_store, executor_for):
    """get_ohlcv's candles as a step result: open/high/low/close slots whose claims match the
    1h candles recomputed from the CSV with pandas (the store's hour buckets, UTC)."""
    from agent.answer import slots
    from agent.tools.tool_results import step_result

    ex = executor_for(loaded_store)
    me = _user("free")
    params = {"symbol": "SPY", "timeframe": "1h", "limit": 24}
    result = ex.execute("get_ohlcv", params, me)
    assert result["success"], result
    res = step_result(0, {"tool": "get_ohlcv", "params": params}, result)
    bars = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    ts = pd.to_datetime(bars["datetime"], utc=True)
    local = ts.dt.tz_convert("America/New_York")
    minutes = local.dt.hour * 60 + local.dt.minute
    regular = (minutes >= 9 * 60 + 30) & (minutes < 16 * 60)      # SPY's regular session
    first = pd.Timestamp(result["data"]["candles"][0]["ts"])
    first = first.tz_localize("UTC") if first.tzinfo is None else first.tz_convert("UTC")
    window = bars[regular & (ts >= first)]
    table = slots.build([res], {"symbol": "SPY"}, "")
    text, claims = slots.fill("{high} {low} {close}", table, "en")
    got = {c["type"]: c["value"] for c in claims}
    assert got == {"high": float(window["high"].max()), "low": float(window["low"].min()),
                   "close": float(window["close"].iloc[-1])}
