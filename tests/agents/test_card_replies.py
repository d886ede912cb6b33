"""A reply to an open card: detail merged into the pending question (its condition kept), a new
question or a trade command typed on the card is a request of its own (both engines)."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest

from tests.conftest import DATA

ASK = {"en": "what happened the week after a 15 % rise?", "ru": "что было через неделю после роста на 15 %?",
       "es": "¿qué pasó la semana después de una subida del 15 %?"}
DETAIL = {"en": "daily, SPX, 1930 to 1940", "ru": "за день, SPX, с 1930 по 1940", "es": "en un día, SPX, de 1930 a 1940"}
SPAN = {"en": "15 % in a day or in a week?", "ru": "15 % за день или за неделю?", "es": "¿15 % en un día o en una semana?"}


def card_then(session, first: str, reply: str, asked: str | None = None):
    thread = f"card-{uuid.uuid4().hex[:8]}"
    r = session.ask(first, thread_id=thread, now="2024-06-01")
    assert r.status == "clarification", r.response
    assert asked is None or asked in r.interrupt["questions"], r.interrupt
    return session.resume(thread, reply)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_reply_with_detail_keeps_the_pending_condition(session, lang):
    r = card_then(session, ASK[lang], DETAIL[lang], asked=SPAN[lang])   # the seed's "per day or per week?"
    assert r.status == "answered" and r.intent["condition"]["threshold"] == 15.0
    spx = pd.read_csv(DATA / "sp500_daily/chainins_GSPC.csv")
    spx["d"] = pd.to_datetime(spx["Date"], format="%m/%d/%Y")
    spx["chg"] = spx["Close"].pct_change() * 100
    events = spx[(spx["d"].dt.year >= 1930) & (spx["d"].dt.year <= 1940) & (spx["chg"] >= 15)]
    claims = {c["type"]: c["value"] for c in r.claims}
    assert claims["event_count"] == len(events) == 1
    assert "15" in r.reading and "SPX" in r.reading


def test_a_new_question_typed_on_the_card_is_answered_as_asked(session):
    r = card_then(session, ASK["en"], "NQ stats for November 2023")
    assert r.status == "answered" and r.intent["condition"] is None and r.intent["symbol"] == "NQ"


def test_a_trade_command_typed_on_the_card_is_a_trade(session):
    r = card_then(session, ASK["en"], "buy 10 SPY")
    assert r.status == "confirm_action" and "buy 10 SPY" in r.response


@pytest.mark.parametrize("first,other,follow", [
    ("NQ stats for March 2024", "SPY stats for April 2024", "and the RSI?"),
    ("статистика NQ за март 2024", "статистика SPY за апрель 2024", "а RSI?"),
    ("estadísticas de NQ en marzo de 2024", "estadísticas de SPY en abril de 2024", "¿y el RSI?"),
])
def test_a_follow_up_after_a_no_data_card_builds_on_the_latest_question(session, first, other, follow):
    thread = f"nd-{uuid.uuid4().hex[:8]}"
    assert session.ask(first, thread_id=thread, now="2024-06-01").status == "no_data"
    assert session.resume(thread, other).status == "answered"
    r = session.ask(follow, thread_id=thread, now="2024-06-01")
    assert r.status == "answered" and r.intent["symbol"] == "SPY" and r.intent["period"]["label"] == "2024-04"
    assert any(c["type"] == "rsi" for c in r.claims)


def test_a_week_span_is_declined_by_name_and_the_day_move_answered(session):
    r = card_then(session, ASK["en"], "in a week, SPX, 1930 to 1940", asked=SPAN["en"])
    assert r.status == "answered" and r.declined and "over a week" in r.declined[0]["part"]
    assert r.response.split("\n")[1].startswith("Not applied: the condition")
