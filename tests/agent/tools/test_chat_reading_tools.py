"""The chat reaches every reading tool (news of a symbol and month, sentiment, ML signal and
features, fundamentals, calculators) in EN/RU/ES, offline and with Gemini (the local stub), as a
tool step whose figures are slots filled by code and listed as claims; a tool the user's plan
lacks answers with the seed's upgrade message. Values: pandas over the real files, or the tool
called directly as the same user."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.identity.models import User
from agent.llm.offline.provider import OfflineProvider
from agent.news.sentiment import score_text
from agent.service import Session
from agent.settings import Settings
from agent.storage.appdb import AppDB
from agent.tools.messages import UPGRADE
from tests.agent.llm.gemini_stub import call, gemini_settings, stub  # noqa: F401
from tests.agent.news.conftest import CRYPTO

JANUARY = ("2022-01-01", "2022-01-31")


def _appdb(settings: Settings) -> AppDB:
    """The app database of `settings` (SQLite under the test's home: the sessions' worlds open the
    same file)."""
    return AppDB(settings)


def _user(plan: str, lang: str = "en") -> User:
    uid = "u" + uuid.uuid4().hex[:8]
    return User(user_id=uid, tenant_id="t" + uuid.uuid4().hex[:6], name=uid, plan=plan, language=lang)


@pytest.fixture(scope="module")
def january_news() -> pd.DataFrame:
    """The crypto file's January 2022 items (stored once per content), labelled independently."""
    raw = pd.read_csv(CRYPTO, sep=";", dtype=str, keep_default_na=False)
    raw = raw.drop_duplicates(subset=["date", "title", "text"])
    when = pd.to_datetime(raw["date"], format="%d-%m-%Y %H:%M")
    sel = raw[(when >= JANUARY[0]) & (when < "2022-02-01")].copy()
    text = sel["title"].str.split().str.join(" ") + ". " + sel["text"].str.split().str.join(" ")
    sel["label"] = [score_text(x).label for x in text]
    return sel


@pytest.fixture
def env(loaded_store, tmp_path, prefix):
    from agent.news.loader import load_news

    settings = Settings(home=tmp_path, redis_url=None, tools_redis_prefix=prefix)
    load_news(_appdb(settings), CRYPTO, symbols=["BTCUSD"])
    return loaded_store, settings


def offline(env, user: User):
    store, settings = env
    deps = build_deps(settings, store=store, provider=OfflineProvider())
    deps.user = user
    session = Session(deps, InMemorySaver())
    return session, (lambda q: session.ask(q, thread_id=uuid.uuid4().hex, now="2022-02-10"))


def claim(result, name: str) -> float:
    got = [c["value"] for c in result.claims if c["type"] == name]
    assert got, (name, result.claims)
    return got[0]


@pytest.mark.parametrize("q,lang,word", [
    ("bitcoin headlines of January 2022", "en", "headlines"),
    ("новости биткоина за январь 2022", "ru", "заголовков"),
    ("titulares de bitcoin de enero de 2022", "es", "titulares")])
def test_news_of_a_month(env, january_news, q, lang, word):
    result = offline(env, _user("free"))[1](q)
    step = result.plan["steps"][0]
    assert step["tool"] == "get_news"
    assert step["params"] == {"symbol": "BTCUSD", "start": JANUARY[0], "end": JANUARY[1]}
    assert result.intent["lang"] == lang and "not available" not in result.response
    n = len(january_news)
    counts = january_news["label"].value_counts()
    assert claim(result, "get_news.count") == n and word in result.response
    assert claim(result, "get_news.positive") == counts.get("positive", 0)
    assert claim(result, "get_news.negative") == counts.get("negative", 0)
    newest = january_news.assign(t=pd.to_datetime(january_news["date"], format="%d-%m-%Y %H:%M"))
    assert newest.sort_values("t")["title"].iloc[-1].split()[0] in result.response
    assert result.response.count("\n- ") == 5           # the seed's default of five headlines


@pytest.mark.parametrize("q,lang", [("news sentiment of bitcoin in January 2022", "en"),
                                    ("тональность новостей биткоина за январь 2022", "ru"),
                                    ("sentimiento de las noticias de bitcoin en enero de 2022", "es")])
def test_sentiment(env, january_news, q, lang):
    session, ask = offline(env, _user("pro", lang))
    result = ask(q)
    assert result.plan["steps"][0]["tool"] == "get_sentiment" and result.intent["lang"] == lang
    # BTCUSD trades every day (UTC): each headline counts for its own date
    assert claim(result, "get_sentiment.count") == len(january_news)
    days = pd.to_datetime(january_news["date"], format="%d-%m-%Y %H:%M").dt.date.nunique()
    assert claim(result, "get_sentiment.dates_with_news") == days
    assert "did not use" not in result.response and "No utilicé" not in result.response


@pytest.mark.parametrize("q,lang", [("ML signal for SPX", "en"), ("ML-сигнал модели для SPX", "ru"),
                                    ("¿qué predice el modelo para SPX?", "es")])
def test_ml_signal_and_the_upgrade_message(env, q, lang):
    from agent.tools.graph_step import executor_for_deps

    free = offline(env, _user("free", lang))[1](q)
    assert free.plan["steps"][0]["tool"] == "get_ml_signals"
    assert free.response == UPGRADE["free_to_pro"][lang] and free.status == "answered"
    session, ask = offline(env, _user("pro", lang))
    result = ask(q)
    direct = executor_for_deps(session.deps).execute("get_ml_signals", {"symbol": "SPX"},
                                                     session.deps.user)["data"]
    assert claim(result, "get_ml_signals.accuracy") == pytest.approx(direct["accuracy"])
    assert claim(result, "get_ml_signals.probability") == pytest.approx(direct["probability"])
    assert claim(result, "get_ml_signals.test_days") == direct["test_days"]
    assert "clarify" not in result.response.lower()


@pytest.mark.parametrize("q,lang", [("which features does the SPX model rely on?", "en"),
                                    ("какие признаки важны для модели SPX?", "ru"),
                                    ("¿qué características usa el modelo de SPX?", "es")])
def test_ml_features_need_premium(env, q, lang):
    pro = offline(env, _user("pro", lang))[1](q)
    assert pro.plan["steps"][0]["tool"] == "get_ml_features"
    assert pro.response == UPGRADE["premium"][lang]
    session, ask = offline(env, _user("premium", lang))
    result = ask(q)
    from agent.tools.graph_step import executor_for_deps

    direct = executor_for_deps(session.deps).execute("get_ml_features", {"symbol": "SPX"},
                                                     session.deps.user)["data"]
    assert direct["top_feature"] in result.response and direct["prediction_id"] in result.response
    assert claim(result, "get_ml_features.useful_features") == direct["useful_features"]


@pytest.mark.parametrize("q,lang", [("fundamentals of SPY", "en"), ("фундаментальные данные SPY", "ru"),
                                    ("datos fundamentales de SPY", "es")])
def test_fundamentals(env, tmp_path, q, lang):
    from agent.tools.fundamentals import load_fundamentals

    csv = tmp_path / "fund.csv"
    csv.write_text("symbol,period_end,revenue,eps,pe\nSPY,2023-12-31,1000,2.5,20.4\n"
                   "SPY,2024-03-31,1100,2.75,21.3\n", encoding="utf-8")
    load_fundamentals(_appdb(env[1]), csv)
    result = offline(env, _user("free", lang))[1](q)
    assert result.plan["steps"][0]["tool"] == "get_fundamentals"
    latest = pd.read_csv(csv).iloc[-1]
    assert claim(result, "get_fundamentals.f_eps") == latest["eps"]
    assert claim(result, "get_fundamentals.f_pe") == latest["pe"]
    assert claim(result, "get_fundamentals.f_revenue") == latest["revenue"]


def test_calculators_state_claims(env):
    result = offline(env, _user("free"))[1]("risk reward for entry 100, stop 95, target 115")
    assert result.plan["steps"][0]["tool"] == "calculate_risk_reward"
    assert claim(result, "calculate_risk_reward.ratio") == pytest.approx((115 - 100) / (100 - 95))
    size = offline(env, _user("free", "es"))[1]("tamaño de posición para 50k, entrada 16000, "
                                                "stop 15900, arriesgando 1 %")
    assert claim(size, "calculate_position_size.position_size") == pytest.approx(50_000 * 0.01 / 100)


def test_gemini_free_user_asking_a_pro_tool_is_told_it_needs_pro(env, stub, tmp_path):  # noqa: F811
    """The sentiment tool is never offered to a free user's model; the chat says it needs Pro
    (no planner call: the executor's PLAN_REQUIRED message, translated)."""
    store, settings = env
    stub.add(call("parse_intent", {"type": "data", "lang": "es", "symbol": "BTCUSD"}))
    gsettings = gemini_settings(stub, tmp_path, gemini_timeout_s=5.0, redis_url=None,
                                tools_redis_prefix=settings.tools_redis_prefix)
    deps = build_deps(gsettings, store=store)
    deps.user = _user("free", "es")
    result = Session(deps, InMemorySaver()).ask("sentimiento de las noticias de bitcoin",
                                                thread_id=uuid.uuid4().hex, now="2022-02-10")
    assert stub.remaining == 0 and len(stub.generate_requests()) == 1
    assert result.plan["tools"][0]["tool"] == "get_sentiment"
    assert result.response == UPGRADE["free_to_pro"]["es"]


def test_gemini_news_of_a_month(env, stub, tmp_path, january_news):  # noqa: F811
    """With Gemini the planner is offered get_news for a headline question and calls it; the
    analyst writes slots; the figures are the tool's."""
    store, settings = env
    gsettings = gemini_settings(stub, tmp_path, gemini_timeout_s=5.0, redis_url=None,
                                tools_redis_prefix=settings.tools_redis_prefix)
    from agent.news.loader import load_news

    load_news(_appdb(gsettings), CRYPTO, symbols=["BTCUSD"])
    stub.add(call("parse_intent", {"type": "data", "lang": "en", "symbol": "BTCUSD"}),
             call("get_news", {"symbol": "BTCUSD", "start": JANUARY[0], "end": JANUARY[1]}),
             call("submit_answer", {"response": "BTCUSD: {count} headlines, {negative} negative."}))
    deps = build_deps(gsettings, store=store)
    deps.user = _user("free")
    result = Session(deps, InMemorySaver()).ask("bitcoin headlines of January 2022",
                                                thread_id=uuid.uuid4().hex, now="2022-02-10")
    from tests.agent.llm.gemini_stub import function_names

    planner = stub.generate_requests()[1]
    assert "get_news" in function_names(planner) and "get_sentiment" not in function_names(planner)
    n = len(january_news)
    neg = int((january_news["label"] == "negative").sum())
    assert result.response == f"BTCUSD: {n} headlines, {neg} negative.", result.response
    assert claim(result, "get_news.count") == n
