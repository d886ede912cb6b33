"""The whole graph on real data: answers, every interrupt path, resume, the validation loop."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.deps import run_options
from tests.conftest import DATA


def _nq_sessions() -> pd.DataFrame:
    """NQ daily bars per CME session (18:00-17:00 New York, dated by the close), independently."""
    df = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", parse_dates=["timestamp"])
    df["td"] = (df["timestamp"] + pd.Timedelta(hours=6)).dt.normalize()
    g = df.sort_values("timestamp").groupby("td")
    return pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last()})


def _claim(result, ctype):
    return next(c for c in result.claims if c["type"] == ctype)


def test_russian_stats_question_is_answered_and_verified(session):
    r = session.ask("Статистика NQ за ноябрь 2023")
    assert r.status == "answered", r.response
    assert r.validation["status"] == "ok"
    nov = _nq_sessions().loc["2023-11-01":"2023-11-30"]
    assert _claim(r, "high")["value"] == pytest.approx(nov["high"].max())
    assert _claim(r, "high")["date"] == str(nov["high"].idxmax().date())
    assert _claim(r, "low")["value"] == pytest.approx(nov["low"].min())
    assert _claim(r, "close")["value"] == pytest.approx(nov["close"].iloc[-1])
    assert _claim(r, "pct_change")["value"] == pytest.approx(
        (nov["close"].iloc[-1] / nov["open"].iloc[0] - 1) * 100)
    assert "ноябр" in r.response.lower() or "NQ" in r.response


def test_clarification_then_resume(session):
    r = session.ask("Покажи статистику")
    assert r.status == "clarification"
    assert r.interrupt["type"] == "clarification" and r.interrupt["suggestions"]
    r2 = session.resume(r.thread_id, "NQ за ноябрь 2023")
    assert r2.status == "answered", r2.response
    assert _claim(r2, "high")["value"] == pytest.approx(16208.5)


def test_no_data_suggests_available_range_and_resumes(session):
    r = session.ask("NQ за 2010 год")
    assert r.status == "no_data"
    assert r.interrupt["available"]["first"] == "2023-11-20"
    r2 = session.resume(r.thread_id, r.interrupt["suggestions"][0])
    assert r2.status == "answered", r2.response
    assert r2.claims


def test_follow_up_uses_thread_history(session):
    r = session.ask("Покажи статистику NQ за ноябрь 2023")
    r2 = session.ask("А за декабрь?", thread_id=r.thread_id)
    assert r2.status == "answered", r2.response
    assert r2.intent["symbol"] == "NQ"
    dec = _nq_sessions().loc["2023-12-01":"2023-12-31"]
    assert _claim(r2, "low")["value"] == pytest.approx(dec["low"].min())


def test_concept_question_goes_to_educator(session):
    r = session.ask("Что такое RSI?")
    assert r.status == "answered"
    assert r.intent["type"] == "concept"
    assert r.plan["steps"] == [] and len(r.response) > 80


def test_bare_question_input_on_an_old_thread_starts_a_clean_turn(session):
    """What `langgraph dev` clients send: only {"question"} on a thread that already answered."""
    r = session.ask("Покажи статистику NQ за ноябрь 2023")
    config = session._config(r.thread_id)
    session.graph.invoke({"question": "А за декабрь?"}, config, **run_options(session.deps))
    values = session.graph.get_state(config).values
    assert values["intent"]["symbol"] == "NQ"
    assert values["intent"]["period"]["start"] == "2023-12-01"
    assert values["chat_history"][-2]["content"] == "Покажи статистику NQ за ноябрь 2023"
    assert values["validation"]["status"] == "ok"


def test_indicator_without_enough_history_says_so(session):
    """NQ has 11 daily bars: RSI(14) needs more; the answer must say it, with no invented value."""
    r = session.ask("RSI NQ за ноябрь 2023")
    assert r.status == "answered" and r.validation["status"] == "ok"
    assert not [c for c in r.claims if c["type"] == "rsi"]
    assert "недостаточно" in r.response


def test_state_says_whether_the_plan_found_data(loaded_store, tmp_path):
    """Seed TradingState.has_data: True when the executor's steps returned rows, False for a
    period without bars (the no_data interrupt), reset on each new turn."""
    import uuid as _uuid

    from langgraph.checkpoint.memory import InMemorySaver as _Saver

    from agent.deps import build_deps as _deps
    from agent.llm.offline.provider import OfflineProvider as _Offline
    from agent.service import Session as _Session
    from agent.settings import Settings as _Settings

    session = _Session(_deps(_Settings(home=tmp_path, redis_url=None), store=loaded_store,
                             provider=_Offline()), _Saver())
    thread = _uuid.uuid4().hex
    session.ask("NQ stats for November 2023", thread_id=thread)
    values = session.graph.get_state(session._config(thread)).values
    assert values["has_data"] is True and values["data"]["total_rows"] > 0
    session.ask("NQ stats for March 2019", thread_id=thread)
    values = session.graph.get_state(session._config(thread)).values
    assert values["has_data"] is False


@pytest.mark.parametrize("q,lang,word", [("NQ stats for November 2023", "en", "stored data"),
                                         ("Статистика NQ за ноябрь 2023", "ru", "данные с"),
                                         ("Estadísticas de NQ en noviembre de 2023", "es", "datos guardados")])
def test_answer_says_the_data_covers_only_part_of_the_period(loaded_store, tmp_path, q, lang, word):
    """The NQ file starts with the session of 2023-11-20 (pandas, CME sessions end at 17:00 ET):
    a question for all of November says so in its stated reading (the answer's first line, which
    names the stored range); one inside the stored days does not."""
    import uuid as _uuid

    import pandas as pd
    from langgraph.checkpoint.memory import InMemorySaver as _Saver

    from agent.deps import build_deps as _deps
    from agent.llm.offline.provider import OfflineProvider as _Offline
    from agent.service import Session as _Session
    from agent.settings import Settings as _Settings
    from tests.conftest import DATA as _DATA

    ts = pd.to_datetime(pd.read_csv(_DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv")["timestamp"])
    first = (ts.min() + pd.Timedelta(hours=6)).date().isoformat()       # 18:00 opens the next session
    session = _Session(_deps(_Settings(home=tmp_path, redis_url=None), store=loaded_store,
                             provider=_Offline()), _Saver())
    r = session.ask(q, thread_id=_uuid.uuid4().hex, now="2024-06-01")
    from agent.answer.render import render as _render

    shown = _render(first, "date", lang)
    assert r.intent["lang"] == lang and r.reading and word in r.reading and shown in r.reading, r.response
    assert r.response.startswith(r.reading)
    inside = session.ask("NQ stats from 2023-11-27 to 2023-12-01", thread_id=_uuid.uuid4().hex, now="2024-06-01")
    assert inside.reading and "stored data" not in inside.reading


@pytest.mark.parametrize("q,word", [("hourly profile of SPY in April 2024", "partial hour"),
                                    ("почасовой профиль SPY за апрель 2024", "неполный час"),
                                    ("perfil horario de SPY en abril de 2024", "hora parcial")])
def test_hourly_profile_answer_labels_the_partial_first_hour(loaded_store, tmp_path, q, word):
    import uuid as _uuid

    from langgraph.checkpoint.memory import InMemorySaver as _Saver

    from agent.deps import build_deps as _deps
    from agent.llm.offline.provider import OfflineProvider as _Offline
    from agent.service import Session as _Session
    from agent.settings import Settings as _Settings

    session = _Session(_deps(_Settings(home=tmp_path, redis_url=None), store=loaded_store,
                             provider=_Offline()), _Saver())
    r = session.ask(q, thread_id=_uuid.uuid4().hex, now="2024-06-01")
    assert r.plan["steps"][0]["params"]["pattern"] == "hourly_profile"
    assert "09:30-10:00" in r.response and word in r.response, r.response
