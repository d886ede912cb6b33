"""Notification toasts at a desktop (1280 px) and a phone (390 px) width, in EN/RU/ES: a fill in the
page's language (no ISO time, the price as the answers write it), re-worded when the language is
switched; an alert arriving while an answer is on screen covers neither the answer nor the input
(boxes measured from the DOM) and hides itself after `ui_toast_s`. Real server, real DuckDB paper
account, real NQ bars, Debian's Chromium."""
from __future__ import annotations

import re

import pytest

from agent.identity.models import LOCAL_USER
from agent.market.ingest import load_file
from agent.trading import service
from agent.trading.params import CreateAlert, CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import live_server
from tests.web.browser import LANGS, ask, browser_page, fmt, shot
from tests.web.measure import toast_problems

TOAST_S = 4.0
# Words of a fill in each language, written here independently of agent/trading/texts.py.
FILLED = {"en": "filled", "ru": "исполнено", "es": "ejecutada"}
BUY = {"en": "Buy", "ru": "Купить", "es": "Comprar"}
QUESTION = {"en": "NQ stats for the last week", "ru": "статистика NQ за последнюю неделю",
            "es": "estadísticas de NQ de la última semana"}
ISO = re.compile(r"\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}")


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("lang", LANGS)
def test_toasts_speak_the_language_and_stay_out_of_the_way(make_app, make_store, tmp_path, lang, width):
    store = make_store("duckdb")
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    service.place_order(store, LOCAL_USER, CreateOrder(symbol="NQ", side="buy", quantity=2,
                                                       order_type="market"), 100_000)
    service.create_alert(store, LOCAL_USER, CreateAlert(symbol="NQ", condition="<=", price=close - 50,
                                                        message="dip"))
    app, _ = make_app(store, notifications_poll_s=0.3, ui_toast_s=TOAST_S,
                      now=str(sp.cut.date()))
    with live_server(app) as url, browser_page(url, lang, width=width, height=844) as (page, errors):
        fill = page.locator(".notification[data-kind=fill]")
        fill.wait_for(timeout=20000)
        text = fill.inner_text()
        assert BUY[lang] in text and FILLED[lang] in text and fmt(close, lang) in text, text
        assert not ISO.search(text) and "UTC" in text, text          # the user's zone, in words
        other = "es" if lang != "es" else "ru"
        page.select_option("#lang", other)
        assert FILLED[other] in fill.inner_text()
        page.select_option("#lang", lang)
        assert toast_problems(page) == []
        page.wait_for_function("!document.querySelector('.notification[data-kind=fill]')",
                               timeout=TOAST_S * 1000 + 3000)
        bot = ask(page, QUESTION[lang])
        assert bot.get_attribute("data-status") == "answered", bot.inner_text()
        load_file(store, sp.rest, "NQ")                            # the alert fires on new bars
        alert = page.locator(".notification[data-kind=alert]")
        alert.wait_for(timeout=20000)
        assert "dip" in alert.inner_text() and not ISO.search(alert.inner_text())
        problems = toast_problems(page)
        shot(page, f"toast_{width}_{lang}")
        assert problems == [], problems
        page.wait_for_function("!document.querySelector('.notification')", timeout=TOAST_S * 1000 + 3000)
    assert not [e for e in errors if "pageerror" in e], errors
