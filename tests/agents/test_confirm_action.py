"""confirm_action in a tiny StateGraph of its own: the interrupt shows exactly what will happen
(EN/RU/ES); only yes/execute (words or the button) runs the exact confirmed action, against the
real paper account; no/cancel runs nothing; anything else asks again."""
from __future__ import annotations

import uuid
from typing import Any, TypedDict

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command

from agent.market.ingest import load_file
from agent.tools.catalog import trading as trading_tools
from agent.trading import service
from agent.trading.confirmation import ConfirmAction, PendingAction, decide
from agents.confirm_action import MAX_ASKS, make_confirm_action
from tests.agent.trading.helpers import ALICE, NQ, ctx, split_file

ORDER = {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "limit", "limit_price": 15000.5}


class S(TypedDict, total=False):
    intent: dict
    pending_action: dict | None
    confirmed_action: dict | None
    response: str
    status: str
    interrupt: dict | None
    executed: list


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from agent.market.duckdb_store import DuckDBStore

    tmp = tmp_path_factory.mktemp("confirm")
    s = DuckDBStore(tmp / "m.duckdb")
    load_file(s, split_file(NQ, "NQ", tmp).first, "NQ")
    yield s
    s.close()


def build(store):
    def propose(state: S) -> dict:   # stands for the executor meeting a mutating tool step
        return {"pending_action": PendingAction(tool="create_paper_order", params=ORDER).model_dump()}

    def execute_action(state: S) -> dict:
        a = state["confirmed_action"]
        result = getattr(trading_tools, a["tool"])(ctx(store, ALICE), a["params"])
        return {"executed": [*(state.get("executed") or []), result["order"]["order_id"]],
                "response": "done", "status": "answered", "confirmed_action": None}

    g = StateGraph(S)
    g.add_node("propose", propose)
    g.add_node("confirm_action", make_confirm_action("execute_action", END),
               destinations=("execute_action", END))
    g.add_node("execute_action", execute_action)
    g.add_edge(START, "propose")
    g.add_edge("propose", "confirm_action")
    g.add_edge("execute_action", END)
    return g.compile(checkpointer=InMemorySaver())


def run(graph, lang: str, answers: list[Any]):
    cfg = {"configurable": {"thread_id": uuid.uuid4().hex}}
    out = graph.invoke({"intent": {"lang": lang}}, cfg)
    shown = []
    for answer in answers:
        (intr,) = out["__interrupt__"]
        shown.append(ConfirmAction.model_validate(intr.value))
        out = graph.invoke(Command(resume=answer), cfg)
    assert "__interrupt__" not in out, "the test must answer every question"
    return out, shown


def pending_ids(store) -> set[str]:
    return {o.order_id for o in service.list_orders(store, ALICE, "pending")}


@pytest.mark.parametrize("lang,answer", [
    ("en", "yes"), ("en", "Yes, please!"), ("en", "go ahead"), ("ru", "да"), ("ru", "Да, выполняй"),
    ("es", "sí"), ("es", "Sí, adelante"), ("en", "execute")])
def test_yes_executes_exactly_the_confirmed_order(store, lang, answer):
    before = pending_ids(store)
    out, (shown,) = run(build(store), lang, [answer])
    (order_id,) = out["executed"]
    assert pending_ids(store) - before == {order_id}
    placed = service.get_order(store, ALICE, order_id)
    assert {k: getattr(placed, k) for k in ORDER} == ORDER     # what was shown is what ran
    assert shown.params == ORDER and shown.tool == "create_paper_order"
    # each language's number format (one formatter: agent/answer/format.py)
    word = {"en": "buy 2 NQ limit 15,000.5", "ru": "купить 2 NQ лимит 15\u00a0000,5",
            "es": "comprar 2 NQ límite 15.000,5"}
    assert word[lang] in shown.message and shown.action_text in shown.message
    assert set(shown.texts) == {"en", "ru", "es"} and word["ru"] in shown.texts["ru"]


def test_button_with_the_payload_action_id_executes(store):
    graph = build(store)
    cfg = {"configurable": {"thread_id": uuid.uuid4().hex}}
    first = graph.invoke({"intent": {"lang": "en"}}, cfg)["__interrupt__"][0].value
    out = graph.invoke(Command(resume={"choice": "execute", "action_id": first["action_id"]}), cfg)
    assert len(out["executed"]) == 1


@pytest.mark.parametrize("lang,answer", [("en", "no"), ("en", "cancel"), ("ru", "нет"),
                                         ("ru", "отмена"), ("es", "no, cancelar"), ("es", "cancela")])
def test_no_cancels_and_runs_nothing(store, lang, answer):
    before = pending_ids(store)
    out, _ = run(build(store), lang, [answer])
    assert "executed" not in out and pending_ids(store) == before
    assert out["status"] == "answered" and out["pending_action"] is None
    assert out["response"] == {"en": "Cancelled: nothing was executed.",
                               "ru": "Отменено: ничего не выполнено.",
                               "es": "Cancelado: no se ejecutó nada."}[lang]


def test_anything_else_asks_again_then_the_original_runs(store):
    before = pending_ids(store)
    out, shown = run(build(store), "en", ["yes, but 3 contracts",
                                          {"choice": "execute", "action_id": "act_other"}, "yes"])
    assert [s.attempt for s in shown] == [1, 2, 3]
    assert shown[1].message.startswith("I did not understand.")
    assert len({s.action_id for s in shown}) == 1
    (order_id,) = out["executed"]
    assert pending_ids(store) - before == {order_id}
    assert service.get_order(store, ALICE, order_id).quantity == 2     # not 3


def test_unclear_every_time_cancels(store):
    before = pending_ids(store)
    out, shown = run(build(store), "es", ["quizás"] * MAX_ASKS)
    assert len(shown) == MAX_ASKS and "executed" not in out and pending_ids(store) == before
    assert out["response"].startswith("Cancelado")


def test_decide_reads_words_not_substrings():
    aid = "act_x"
    assert decide("yes", aid) == "execute" and decide("ДА", aid) == "execute"
    assert decide("no", aid) == "cancel" and decide("не надо", aid) == "cancel"
    assert decide("yesterday", aid) == "unclear" and decide("", aid) == "unclear"
    assert decide("да, но 3 контракта", aid) == "unclear"
    assert decide({"choice": "execute", "action_id": "act_y"}, aid) == "unclear"
