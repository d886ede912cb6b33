"""Preferences stated in the chat (EN/RU/ES) are stored as typed preferences (long-term memory),
used where they apply (chart granularity by the planner, the answer's language, the time zone and
risk profile in the user's context) and the answer says so."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.identity.models import User
from agent.llm.offline.provider import OfflineProvider
from agent.service import Session
from agent.settings import Settings
from tests.conftest import DATA


@pytest.fixture
def chat(loaded_store, tmp_path):
    settings = Settings(home=tmp_path, redis_url=None)
    deps = build_deps(settings, store=loaded_store, provider=OfflineProvider())
    uid = "u" + uuid.uuid4().hex[:8]
    deps.user = User(user_id=uid, tenant_id="t1", name=uid, plan="free", language="en")
    session = Session(deps, InMemorySaver())
    yield deps, (lambda q: session.ask(q, thread_id=uuid.uuid4().hex, now="2024-02-10"))
    deps.services.close()


def prefs(deps) -> dict:
    return deps.services.memory.profile(deps.user).preferences


@pytest.mark.parametrize("said,expected,reply", [
    ("prefiero gráficos diarios", {"chart_granularity": "daily"}, "gráficos diarios"),
    ("I prefer hourly charts", {"chart_granularity": "hourly"}, "hourly charts"),
    ("мне удобнее недельные графики", {"chart_granularity": "weekly"}, "недельные графики"),
    ("отвечай по-русски", {"language": "ru"}, "ответы на русском"),
    ("respóndeme en inglés", {"language": "en"}, "respuestas en inglés"),
    ("my time zone is America/Chicago", {"timezone": "America/Chicago"}, "America/Chicago"),
    ("мой часовой пояс Москва", {"timezone": "Europe/Moscow"}, "Europe/Moscow"),
    ("mi perfil de riesgo es conservador", {"risk_profile": "conservative"}, "riesgo conservador")])
def test_stated_preferences_are_stored_typed(chat, said, expected, reply):
    deps, ask = chat
    r = ask(said)
    assert r.plan["steps"][0]["tool"] == "remember"
    assert r.plan["steps"][0]["params"]["preferences"] == expected
    assert reply in r.response
    assert {k: prefs(deps)[k] for k in expected} == expected


def test_daily_charts_are_used_and_said(chat):
    deps, ask = chat
    week = "NQ stats from 2023-11-27 to 2023-12-01"
    before = ask(week)
    assert before.plan["steps"][0]["params"]["granularity"] is None      # hourly by default
    ask("prefiero gráficos diarios")
    after = ask(week)
    assert after.plan["steps"][0]["params"]["granularity"] == "daily"
    assert "Daily bars, as you prefer." in after.response
    es = ask("estadísticas de NQ del 2023-11-27 al 2023-12-01")
    assert "Barras diarias, como prefieres." in es.response
    # the figures are the same whatever the bars: the week's high from pandas (CME sessions)
    bars = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv")
    high = [c["value"] for c in after.claims if c["type"] == "high"][0]
    ts = pd.to_datetime(bars.iloc[:, 0])
    session = (ts + pd.Timedelta(hours=6)).dt.date           # 18:00 ET starts the next session
    sel = bars[(session >= pd.Timestamp("2023-11-27").date()) & (session <= pd.Timestamp("2023-12-01").date())]
    assert high == pytest.approx(sel["high"].max())


def test_language_time_zone_and_risk_are_used(chat):
    deps, ask = chat
    ask("отвечай по-русски")
    r = ask("NQ stats for November 2023")
    assert r.intent["lang"] == "ru" and "Максимум" in r.response
    ask("mi zona horaria es Madrid")
    ask("my risk profile is aggressive")
    ctx = deps.services.memory.context(deps.user, None)
    assert ctx.user.timezone == "Europe/Madrid" and ctx.user.risk_profile == "aggressive"


def test_a_question_with_a_bar_size_is_not_a_preference(chat):
    deps, ask = chat
    r = ask("use hourly bars for NQ from 2023-11-27 to 2023-12-01")
    assert not r.plan["steps"] or r.plan["steps"][0].get("tool") != "remember"
    assert "chart_granularity" not in prefs(deps)
