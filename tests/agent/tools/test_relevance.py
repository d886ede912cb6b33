"""Issue 30: the planner is offered only the tools a question calls for, never all of them."""
from __future__ import annotations

import uuid

import pytest

from agent.identity.models import User
from agent.state import Intent
from agent.tools.gemini_decls import offered_tools
from agent.tools.relevance import relevant

PRO = User(user_id="u1", tenant_id="t1", name="u1", plan="premium", language="en")
DATA = Intent(type="data", lang="en", symbol="NQ", symbols=["NQ"])


def names(question: str, intent: Intent = DATA) -> set[str]:
    return {t.name for t in relevant(offered_tools(PRO), intent, question)}


@pytest.mark.parametrize("question", [
    "What were NQ's high, low and % change in November 2023?",
    "Статистика NQ за ноябрь 2023",
    "¿Cuál fue el máximo de SPY en abril de 2024?",
    "After SPX fell more than 4% in a day, what happened over the next 5 days?",
])
def test_a_data_question_is_offered_no_tool(question):
    assert names(question) == set()


@pytest.mark.parametrize("question,tool", [
    ("How much is SPY right now?", "get_price"), ("Сколько стоит SPY сейчас?", "get_price"),
    ("¿Cuál es el precio de SPY ahora?", "get_price"),
    ("Any news on NQ today?", "get_news"), ("Какие новости по NQ?", "get_news"),
    ("¿Hay noticias de NQ?", "get_news"),
    ("What's the sentiment on SPY?", "get_sentiment"), ("Какие настроения по SPY?", "get_sentiment"),
    ("show my positions and P&L", "get_portfolio"), ("покажи мой портфель", "get_portfolio"),
    ("muestra mi cartera", "get_portfolio"),
    ("ML signal for NQ", "get_ml_signals"), ("прогноз по NQ на завтра", "get_ml_signals"),
    ("position size for 50k with a stop at 15900", "calculate_position_size"),
    ("what is on my watchlist?", "get_watchlist"),
])
def test_a_question_naming_a_tool_is_offered_it(question, tool):
    got = names(question)
    assert tool in got and len(got) <= 4, got


def test_a_concept_reading_is_offered_the_glossary():
    assert names("RSI?", Intent(type="concept", lang="en", concept="rsi")) == {"explain_concept"}


def test_tenant_tools_are_offered_when_the_question_names_them():
    from agent.tools.gemini_decls import tenant_tools

    row = {"tool_id": "slowcalc", "tenant_id": "t1", "status": "active", "name": "Slow calculator",
           "description": "Adds two numbers slowly",
           "schema_json": '{"type": "object", "properties": {"a": {"type": "number"}}}'}
    mine = tenant_tools(PRO, [row])
    assert [t.name for t in relevant(mine, DATA, "run my slow calc")] == ["tenant_slowcalc"]
    assert relevant(mine, DATA, "NQ high in November 2023") == []


def test_the_planner_request_of_a_data_question_declares_no_tool(loaded_store, tmp_path):
    from langgraph.checkpoint.memory import InMemorySaver

    from agent.deps import build_deps
    from agent.service import Session
    from tests.agent.llm.gemini_stub import GeminiStub, call, function_names, gemini_settings
    from tests.agent.llm.test_gemini_graph import QUESTION, answer_args, intent_args, plan_args

    with GeminiStub() as stub:
        stub.add(call("parse_intent", intent_args()), call("submit_plan", plan_args()),
                 call("submit_answer", answer_args()))
        deps = build_deps(gemini_settings(stub, tmp_path), store=loaded_store)
        deps.user = User(user_id="u" + uuid.uuid4().hex[:6], tenant_id="t" + uuid.uuid4().hex[:6],
                         name="x", plan="premium", language="en")
        result = Session(deps, InMemorySaver()).ask(QUESTION, now="2024-06-01")
        planner = stub.generate_requests()[1]
    assert result.status == "answered", result.response
    assert function_names(planner) == ["submit_plan"]
