"""Fill and alert notifications in each language with the bar's time in the user's time zone: the
hour is the bar's UTC time converted by pandas (independently of agent/answer/format.py), the
price as the answers write it, never an ISO timestamp in the sentence."""
from __future__ import annotations

import re

import pandas as pd
import pytest

from agent.trading.texts import notification_texts
from tests.web.browser import fmt

BAR = "2023-11-30T21:59:00+00:00"
FILL = {"side": "buy", "quantity": 2.0, "symbol": "NQ", "price": 15957.25, "order_type": "limit"}
ALERT = {"symbol": "SPY", "condition": "<=", "price": 500.0, "fired_price": 499.87, "message": "dip"}
WORDS = {"fill": {"en": "Buy 2 NQ", "ru": "Купить 2 NQ", "es": "Comprar 2 NQ"},
         "alert": {"en": "reached at", "ru": "достигнуто", "es": "alcanzado"}}


@pytest.mark.parametrize("tz", ["America/New_York", "Europe/Moscow", "Asia/Tokyo", "UTC"])
@pytest.mark.parametrize("kind,payload,price", [("fill", FILL, 15957.25), ("alert", ALERT, 499.87)])
def test_words_zone_and_numbers(tz, kind, payload, price):
    local = pd.Timestamp(BAR).tz_convert(tz)
    texts = notification_texts(kind, payload, BAR, tz)
    assert set(texts) == {"en", "ru", "es"}
    for lang, text in texts.items():
        assert WORDS[kind][lang] in text and fmt(price, lang) in text, text
        assert f"{local:%H:%M} ({tz})" in text and str(local.day) in text, text
        assert not re.search(r"\d{4}-\d{2}-\d{2}|T\d{2}:", text), text
    assert "dip" in texts["en"] if kind == "alert" else True
