"""Interrupts in LangGraph's HumanInterrupt form and resumes from a HumanResponse, through the
official Python SDK (langgraph_sdk) over real HTTP, as Agent Chat UI uses them: a clarification
answered by "accept" (the offered answer), "edit" and "response"; a trade confirmation accepted
(the order is placed, the fill from the records) or ignored (nothing stored); a HumanResponse the
interrupt does not allow is a 422, the thread still waiting. AskBar's own fields stay beside."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from langgraph_sdk import get_client

from agent.identity.models import LOCAL_USER
from agent.trading import service
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.server.test_trading_confirm import nq_store  # noqa: F401  (fixture)

FLAGS = {"allow_ignore", "allow_respond", "allow_edit", "allow_accept"}


async def _refused(call) -> None:
    """The SDK's error for a 422 (an httpx status error, or its own subclass of one)."""
    with pytest.raises(httpx.HTTPStatusError) as err:
        await call
    assert err.value.response.status_code == 422 and "bad_human_response" in err.value.response.text


def _value(values: dict) -> dict:
    (item,) = values["__interrupt__"]
    return item["value"]


def _human_form(value: dict) -> None:
    """What Agent Chat UI checks before it draws buttons (isAgentInboxInterruptSchema)."""
    assert isinstance(value["action_request"]["action"], str) and isinstance(value["action_request"]["args"], dict)
    assert set(value["config"]) == FLAGS and all(isinstance(v, bool) for v in value["config"].values())
    assert isinstance(value["description"], str) and value["description"]


@DUCKDB_ONLY
@pytest.mark.parametrize("how", ["accept", "edit", "response", "single-object"])
def test_clarification_resumed_with_a_human_response(make_app, duck_store, how):
    app, _ = make_app(duck_store, now="2024-01-15")

    async def main(url):
        client = get_client(url=url, api_key=None)
        tid = (await client.threads.create())["thread_id"]
        value = _value(await client.runs.wait(tid, "askbar", input={"question": "Show me the stats"}))
        assert value["type"] == "clarification" and value["suggestions"]    # AskBar's own fields
        _human_form(value)
        assert value["config"]["allow_respond"] and value["config"]["allow_accept"]
        assert not value["config"]["allow_ignore"]
        for s in value["suggestions"]:
            assert s in value["description"]                     # every suggestion readable
        offered = value["action_request"]["args"]["answer"]
        assert offered == value["suggestions"][0]
        other = value["suggestions"][-1]
        resume = {"accept": [{"type": "accept", "args": value["action_request"]}],
                  "edit": [{"type": "edit", "args": {"action": "clarification", "args": {"answer": other}}}],
                  "response": [{"type": "response", "args": other}],
                  "single-object": {"type": "response", "args": other}}[how]
        # a clarification cannot be ignored
        await _refused(client.runs.wait(tid, "askbar", command={"resume": [{"type": "ignore", "args": None}]}))
        final = await client.runs.wait(tid, "askbar", command={"resume": resume})
        state = await client.threads.get_state(tid)
        return offered if how == "accept" else other, final, state

    with live_server(app) as url:
        picked, final, state = asyncio.run(main(url))
    assert "__interrupt__" not in final and final["response"] and not final.get("interrupt"), final
    symbol = picked.split()[0]
    assert final["intent"]["symbol"] == symbol and final["claims"]
    assert state["next"] == [] and state["values"]["messages"][-1]["type"] == "ai"   # same thread, answered


@pytest.mark.parametrize("lang,question", [("en", "buy 2 NQ at market"), ("ru", "купи 2 NQ по рынку"),
                                           ("es", "compra 2 NQ a mercado")])
def test_trade_confirmation_accepted_or_ignored(make_app, nq_store, lang, question):  # noqa: F811
    store, close = nq_store
    app, _ = make_app(store)

    async def main(url):
        client = get_client(url=url, api_key=None)
        out = {}
        for answer in ("ignore", "edit", "accept"):
            tid = (await client.threads.create())["thread_id"]
            value = _value(await client.runs.wait(tid, "askbar", input={"question": question}))
            assert value["type"] == "confirm_action" and value["action_id"]
            _human_form(value)
            assert value["action_request"] == {"action": "create_paper_order", "args": value["params"]}
            assert value["config"] == {"allow_accept": True, "allow_ignore": True, "allow_respond": True,
                                       "allow_edit": False}
            assert value["description"] == value["message"]
            if answer == "edit":       # a trade is confirmed exactly as shown: no edit
                await _refused(client.runs.wait(tid, "askbar", command={"resume": [{"type": "edit", "args": {
                    "action": "create_paper_order", "args": {**value["params"], "quantity": 20}}}]}))
                assert (await client.threads.get_state(tid))["next"] == ["confirm_action"]
                continue
            out[answer] = await client.runs.wait(tid, "askbar", command={"resume": [{"type": answer, "args": None}]})
            if answer == "ignore":
                assert service.list_orders(store, LOCAL_USER) == []
        return out

    with live_server(app) as url:
        out = asyncio.run(main(url))
    assert "__interrupt__" not in out["ignore"] and out["ignore"]["response"]
    (order,) = service.list_orders(store, LOCAL_USER)
    (fill,) = service.trade_history(store, LOCAL_USER)
    assert order.quantity == 2 and order.side == "buy" and fill.price == pytest.approx(close)
    assert "__interrupt__" not in out["accept"] and order.order_id in out["accept"]["response"]
