"""The confirm_action card end to end (issue 18 point 5, issue 14): a trading request typed in the
page reaches the real graph (offline provider, the only fake), the card shows the order in the UI
language with its exact parameters, "confirm" places it in the real DuckDB paper account and the
answer shows the fill from the records; "cancel" stores nothing. Headless Debian Chromium."""
from __future__ import annotations

import re

import pytest

from agent.identity.models import LOCAL_USER
from agent.market.ingest import load_file
from agent.trading import service
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import live_server
from tests.web.browser import LANGS, ask, browser_page, fmt, shot

BUY = {"en": "buy 2 NQ at market", "ru": "купи 2 NQ по рынку", "es": "compra 2 NQ a mercado"}
SELL = {"en": "sell 1 NQ at market please", "ru": "продай 1 контракт NQ по рынку",
        "es": "vende 1 NQ a mercado"}
# What the card must say, written here independently of agent/trading/texts.py.
CARD = {"en": "buy 2 NQ at market", "ru": "купить 2 NQ по рынку", "es": "comprar 2 NQ a mercado"}
BUTTONS = {"en": ["Yes, do it", "No, cancel"], "ru": ["Да, выполнить", "Нет, отменить"],
           "es": ["Sí, hazlo", "No, cancelar"]}
SOLD = {"en": "sell 1 NQ at market", "ru": "продать 1 NQ по рынку", "es": "vender 1 NQ a mercado"}
CANCELLED = {"en": "Cancelled", "ru": "Отменено", "es": "Cancelado"}


@pytest.fixture
def nq(make_store, tmp_path):
    store = make_store("duckdb")
    split = split_file(NQ, "NQ", tmp_path)
    load_file(store, split.first, "NQ")
    return store, float(split.bars[split.bars["ts"] == split.cut].iloc[0].close)


def _card(page):
    card = page.locator(".msg.bot").last.locator(".interrupt[data-kind='confirm_action']")
    card.wait_for(timeout=30000)
    return card


@pytest.mark.parametrize("lang", LANGS)
def test_confirm_places_the_order_and_shows_the_fill(make_app, nq, lang):
    store, close = nq
    app, _ = make_app(store)             # no users: the loopback local user (premium)
    with live_server(app) as url, browser_page(url, lang) as (page, errors):
        ask(page, BUY[lang])
        card = _card(page)
        text = card.inner_text()
        # in words, numbers as answers write them, the bar's time not as ISO; no raw call or JSON
        assert CARD[lang] in text and "create_paper_order" not in text and "{" not in text, text
        assert not re.search(r"\d{4}-\d{2}-\d{2}", text), text
        assert card.get_attribute("data-tool") == "create_paper_order"
        assert card.locator("button.suggestion").all_inner_texts() == BUTTONS[lang]
        assert service.list_orders(store, LOCAL_USER) == []          # nothing before the click
        shot(page, f"confirm_action_{lang}")
        card.locator("button.choice-execute").click()
        page.wait_for_function("document.querySelectorAll(\".msg.bot[data-complete='1']\").length >= 2",
                               timeout=60000)
        bot = page.locator(".msg.bot").last
        assert bot.get_attribute("data-status") == "answered"
        (order,) = service.list_orders(store, LOCAL_USER)
        (fill,) = service.trade_history(store, LOCAL_USER)
        assert fill.price == pytest.approx(close) and order.quantity == 2 and order.status == "filled"
        answer = bot.inner_text()
        assert fmt(close, lang) in answer and order.order_id in answer
        steps = bot.locator("li[data-agent=execute_action]").inner_text()
        assert steps == {"en": "Executing the confirmed action", "ru": "Выполняю подтверждённое действие",
                         "es": "Ejecutando la acción confirmada"}[lang]
        shot(page, f"confirm_action_filled_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_cancel_stores_nothing(make_app, nq, lang):
    store, _ = nq
    app, _ = make_app(store)
    with live_server(app) as url, browser_page(url, lang) as (page, errors):
        ask(page, SELL[lang])
        card = _card(page)
        assert SOLD[lang] in card.inner_text() and "{" not in card.inner_text()
        card.locator("button.choice-cancel").click()
        page.wait_for_function("document.querySelectorAll(\".msg.bot[data-complete='1']\").length >= 2",
                               timeout=60000)
        bot = page.locator(".msg.bot").last
        assert bot.get_attribute("data-status") == "answered"
        assert CANCELLED[lang] in bot.inner_text()
        assert service.list_orders(store, LOCAL_USER) == []
        assert service.trade_history(store, LOCAL_USER) == []
        shot(page, f"confirm_action_cancelled_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors
