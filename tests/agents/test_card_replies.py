"""A reply to an open card: detail merged into the pending question (its condition kept), a new
question or a trade command typed on the card is a request of its own (both engines)."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest

from tests.conftest import DATA

ASK = {"en": "what happened the week after a 15 % rise?", "ru": "что было через неделю после роста на 15 %?",
       "es": "¿qué pasó la semana después de una subida del 15 %?"}
DETAIL = {"en": "daily, SPX, 1930 to 1940", "ru": "SPX, с 1930 по 1940", "es": "SPX, de 1930 a 1940"}


def card_then(session, first: str, reply: str):
    thread = f"card-{uuid.uuid4().hex[:8]}"
    r = session.ask(first, thread_id=thread, now="2024-06-01")
    assert r.status == "clarification", r.response
    return session.resume(thread, reply)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_reply_with_detail_keeps_the_pending_condition(session, lang):
    r = card_then(session, ASK[lang], DETAIL[lang])
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
