"""confirm_action over real HTTP (uvicorn, offline provider as the only fake): the SSE
`confirm_action` event shows the exact order, POST /resume executes it as the token's user (the
done event carries the fill from the records), "no" stores nothing, another user gets 404 for the
thread and "not found" for the order; the same interrupt through the LangGraph Server API
(langgraph_sdk), resumed with the card's button value."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from langgraph_sdk import get_client

from agent.market.ingest import load_file
from agent.answer.render import render
from agent.trading import service
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import add_user, bearer, live_server, stream

ORDER = {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}


@pytest.fixture
def nq_store(make_store, tmp_path):
    store = make_store("duckdb")
    split = split_file(NQ, "NQ", tmp_path)
    load_file(store, split.first, "NQ")
    return store, float(split.bars[split.bars["ts"] == split.cut].iloc[0].close)


def _chat(c, token, question, thread=None):
    body = {"question": question, **({"thread_id": thread} if thread else {})}
    r, events = stream(c, "POST", "/api/chat", json=body, headers=bearer(token))
    assert r.status_code == 200, r.text
    return events


def _resume(c, token, thread, answer):
    r, events = stream(c, "POST", f"/api/chat/{thread}/resume", json={"answer": answer},
                       headers=bearer(token))
    return r, events


def test_sse_confirm_then_resume_executes_as_the_token_user(make_app, nq_store):
    store, close = nq_store
    app, settings = make_app(store)
    alice, alice_token = add_user(settings, "alice", tenant="acme", plan="pro")
    bob, bob_token = add_user(settings, "bob", tenant="other", plan="pro")
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        events = _chat(c, alice_token, "please buy 2 NQ at market")
        card = next(e["data"] for e in events if e["event"] == "confirm_action")
        assert card["tool"] == "create_paper_order" and card["params"] == ORDER
        assert card["suggestions"] == ["execute", "cancel"] and "buy 2 NQ at market" in card["action_text"]
        done = events[-1]["data"]
        assert events[-1]["event"] == "done" and done["status"] == "confirm_action"
        thread = done["thread_id"]
        assert service.list_orders(store, alice) == []
        r, _ = _resume(c, bob_token, thread, "execute")        # not bob's thread
        assert r.status_code == 404
        r, events = _resume(c, alice_token, thread, "execute")  # the card's button value
        done = events[-1]["data"]
        assert done["status"] == "answered", done
        (order,) = service.list_orders(store, alice)
        (fill,) = service.trade_history(store, alice)
        assert fill.price == pytest.approx(close) and order.order_id in done["response"]
        assert render(close, "price", "en") in "".join(
            e["data"]["content"] for e in events if e["event"] == "text_delta")
        assert service.list_orders(store, bob) == []
        events = _chat(c, bob_token, f"cancel order {order.order_id}")
        assert events[-1]["data"]["status"] == "answered" and "not found" in events[-1]["data"]["response"]
        assert not any(e["event"] == "confirm_action" for e in events)


def test_sse_decline_and_numbered_answer(make_app, nq_store):
    store, _ = nq_store
    app, settings = make_app(store)
    carol, token = add_user(settings, "carol", tenant="acme", plan="pro")
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        thread = _chat(c, token, "продай 1 NQ по рынку")[-1]["data"]["thread_id"]
        _, events = _resume(c, token, thread, "2")              # the second suggestion = cancel
        assert events[-1]["data"]["status"] == "answered"
        assert events[-1]["data"]["response"].startswith("Отменено")
        assert service.list_orders(store, carol) == [] and service.trade_history(store, carol) == []


def test_langgraph_api_interrupt_and_resume_with_the_button(make_app, nq_store):
    store, close = nq_store
    app, _ = make_app(store)                    # no users: loopback local mode (the local user)

    async def main(url):
        client = get_client(url=url)
        tid = (await client.threads.create())["thread_id"]
        parts = [p async for p in client.runs.stream(tid, "askbar", input={"question": "compra 2 NQ a mercado"},
                                                     stream_mode=["updates"])]
        (intr,) = [p.data["__interrupt__"] for p in parts if p.event == "updates" and "__interrupt__" in p.data]
        card = intr[0]["value"]
        assert card["type"] == "confirm_action" and card["params"] == ORDER
        state = await client.threads.get_state(tid)
        assert state["next"] == ["confirm_action"]
        parts = [p async for p in client.runs.stream(
            tid, "askbar", command={"resume": {"choice": "execute", "action_id": card["action_id"]}},
            stream_mode="values")]
        return card, parts[-1].data

    with live_server(app) as url:
        card, final = asyncio.run(main(url))
    from agent.identity.models import LOCAL_USER

    fills = [f for f in service.trade_history(store, LOCAL_USER) if f.quantity == 2]
    assert len(fills) == 1 and fills[0].price == pytest.approx(close)
    assert final["status"] == "answered" and render(close, "price", "es") in final["response"]
