"""Stop orders whose price is written after "at / по / en" through the real graph (offline provider,
DuckDB and Postgres): the confirm card shows the stop type, the quantity and the price in the
request's language, and a yes stores exactly that pending order."""
from __future__ import annotations

import pytest

from agent.trading import service
from agent.trading.texts import num
from tests.agents.test_trading_graph import Chat, market, user  # noqa: F401 - the module's fixture

CARD = {"en": "stop", "ru": "стоп", "es": "stop"}


@pytest.mark.parametrize("question,lang,qty,price", [
    ("place a stop order to sell 3 NQ at 15,800", "en", 3, 15800.0),
    ("выставь стоп на продажу 2 NQ по 15 750,5", "ru", 2, 15750.5),
    ("coloca un stop de venta de 4 NQ en 15.700", "es", 4, 15700.0),
])
def test_stop_card_shows_quantity_and_price_and_stores_them(market, question, lang, qty, price):  # noqa: F811
    store, _split, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(question)
    assert r.status == "confirm_action", r.response
    assert r.interrupt["params"] == {"symbol": "NQ", "side": "sell", "quantity": qty, "order_type": "stop",
                                     "stop_price": price}
    assert r.intent["lang"] == lang
    assert f"{num(qty, lang)} NQ {CARD[lang]} {num(price, lang)}" in r.response
    me.answer({"en": "yes", "ru": "да", "es": "sí"}[lang])
    (order,) = service.list_orders(store, me.user, "pending")
    assert (order.order_type, order.quantity, order.stop_price) == ("stop", qty, price)


@pytest.mark.parametrize("question,lang,head", [
    ("купи 1 000 SPY лимит 505", "ru", "Недостаточно денег: 1\u00a0000 SPY по 505 стоят 505\u00a0000"),
    ("compra 2.500 SPY con límite en 501", "es", "No hay efectivo suficiente: 2.500 SPY a 501 cuestan 1.252.500"),
])
def test_a_refused_order_is_refused_in_the_requests_language(market, question, lang, head):  # noqa: F811
    store, _split, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(question)
    assert r.status == "answered" and r.response.startswith(head), r.response
    assert me.orders() == []


@pytest.mark.parametrize("question,says", [("sell 4 SPY limit", "At what price?"),
                                           ("продай 4 SPY лимиткой", "По какой цене?"),
                                           ("vende 4 SPY con límite", "¿A qué precio?")])
def test_a_limit_without_a_price_is_asked_not_placed(market, question, says):  # noqa: F811
    store, _split, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(question)
    assert r.status == "answered" and r.response == says, r.response
    assert me.orders() == []
