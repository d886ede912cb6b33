"""The graph answers tool questions (EN, RU, ES) through the executor as the run's user."""
from __future__ import annotations

import re
import uuid

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.identity.models import User
from agent.llm.offline.provider import OfflineProvider
from agent.service import Session
from agent.settings import Settings


@pytest.fixture
def ask(loaded_store, tmp_path, prefix):
    def make(user: User):
        settings = Settings(home=tmp_path, redis_url=None, tools_redis_prefix=prefix)
        deps = build_deps(settings, store=loaded_store, provider=OfflineProvider())
        deps.user = user
        session = Session(deps, InMemorySaver())
        return lambda q: session.ask(q, thread_id=uuid.uuid4().hex, now="2024-05-20")
    return make


def _user(lang="en", plan="free") -> User:
    uid = uuid.uuid4().hex[:8]
    return User(user_id=uid, tenant_id="g", name=uid, plan=plan, language=lang)


def test_watchlist_in_three_languages(ask):
    me = ask(_user())
    r = me("add NQ to my watchlist")
    assert r.status == "answered" and r.plan["steps"][0]["tool"] == "add_to_watchlist"
    assert r.response.startswith("Added NQ to your watchlist")
    r = me("добавь SPY в список наблюдения")
    assert "SPY добавлен" in r.response and "NQ, SPY" in r.response
    r = me("¿qué hay en mi lista de seguimiento?")
    assert r.response == "Tu lista de seguimiento: NQ, SPY."
    r = me("удали NQ из вотчлиста")
    assert r.response.startswith("NQ удалён") and r.response.endswith("SPY.")
    other = ask(_user())("what's on my watchlist?")       # another user's list is their own
    assert other.response == "Your watchlist is empty."


@pytest.mark.parametrize("q,lang", [
    ("position size for 50k, entry 16000, stop 15900, risking 1 %", "en"),
    ("размер позиции на 50к, вход 16000, стоп 15900, риск 1%", "ru"),
    ("tamaño de posición para 50k, entrada 16000, stop 15900, arriesgando 1 %", "es")])
def test_position_size(ask, q, lang):
    r = ask(_user())(q)
    assert r.plan["steps"][0] == {"action": "tool", "tool": "calculate_position_size",
                                  "params": {"capital": 50000.0, "entry_price": 16000.0,
                                             "stop_loss_price": 15900.0, "risk_percent": 1.0}}
    assert r.intent["lang"] == lang
    assert "500" in r.response and re.search(r"\b5\b", r.response)   # 1 % of 50k over 100 points


@pytest.mark.parametrize("q", ["NQ 1h candles for the last day", "часовые свечи NQ за последний день",
                               "velas de 1h de NQ del último día"])
def test_candles(ask, loaded_store, q):
    r = ask(_user())(q)
    step = r.plan["steps"][0]
    assert step["tool"] == "get_ohlcv" and step["params"]["timeframe"] == "1h"
    assert step["params"]["limit"] == 24 and "24" in r.response and "15" in r.response


@pytest.mark.parametrize("q,word,price", [("price of SPY", "as of", "529.60"), ("цена SPY", "на", "529,60"),
                                          ("precio de SPY", "frente al cierre", "529,60")])
def test_price(ask, q, word, price):
    r = ask(_user())(q)
    assert r.plan["steps"][0]["tool"] == "get_price"
    assert price in r.response and word in r.response and "2024-05-16" in r.response


def test_data_questions_are_not_taken_by_tools(ask):
    r = ask(_user())("What was the close of SPY on 2024-03-05?")
    assert not r.plan or r.plan["steps"][0].get("action") != "tool"


def test_rate_limit_refusal_in_the_users_language(ask):
    me = ask(_user(lang="ru"))
    answers = [me("добавь NQ в список наблюдения").response for _ in range(31)]
    assert "Превышен лимит" in answers[-1] and "30 в минуту" in answers[-1]
