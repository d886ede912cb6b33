"""An event study lists each event: its date and its day's move (claims, checked), then the
return after it; the events and moves come from pandas over the S&P 500 file (EN/RU/ES)."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.llm.offline.provider import OfflineProvider
from agent.service import Session
from agent.settings import Settings
from tests.conftest import DATA


def _events() -> pd.DataFrame:
    bars = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    bars["date"] = pd.to_datetime(bars["Date"]).dt.date.astype(str)
    bars["pct"] = bars["Close"].pct_change() * 100
    bars["after"] = (bars["Close"].shift(-5) / bars["Close"] - 1) * 100
    return bars[(bars["date"] >= "2020-01-01") & (bars["date"] <= "2020-12-31") & (bars["pct"] < -4)]


@pytest.mark.parametrize("q,lang", [
    ("After SPX fell more than 4% in a day in 2020, what happened over the next 5 trading days?", "en"),
    ("Что было с SPX через 5 торговых дней после падений больше чем на 4% за день в 2020 году?", "ru"),
    ("¿Qué pasó con SPX 5 días hábiles después de caer más de un 4% en un día en 2020?", "es")])
def test_event_study_lists_each_event(loaded_store, tmp_path, q, lang):
    session = Session(build_deps(Settings(home=tmp_path, redis_url=None), store=loaded_store,
                                 provider=OfflineProvider()), InMemorySaver())
    r = session.ask(q, thread_id=uuid.uuid4().hex, now="2022-01-10")
    assert r.plan["steps"][0]["action"] == "get_periods_after" and r.intent["lang"] == lang
    assert r.validation["status"] == "ok", r.validation
    exp = _events()
    moves = {c["date"][:10]: c["value"] for c in r.claims if c["type"] == "daily_pct_change"}
    assert sorted(moves) == sorted(exp["date"])                  # every event, dated
    for _, row in exp.iterrows():
        assert moves[row["date"]] == pytest.approx(row["pct"], abs=0.006)
    # the return after the first event is shown, rendered in the user's language
    first = exp.iloc[0]["after"]
    shown = f"{abs(first):.2f}" if lang == "en" else f"{abs(first):.2f}".replace(".", ",")
    assert shown in r.response
