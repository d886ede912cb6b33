"""An order-type word binds the price the text writes elsewhere (issue 24's conversation probe):
"a stop sell of 3 NQ at 15,800" is a stop at 15,800 (it was a limit), "stop de venta ... en 45.000"
a stop at 45,000 (it was a market order), and every mention of "stop" / "limit" is tried for its
price. Own phrasings in EN, RU and ES, number formats of each language."""
from __future__ import annotations

import pytest

from agent.trading.commands import parse_trading_command

SYMS = ["NQ", "SPY", "BTCUSD", "GC"]


@pytest.mark.parametrize("text,params", [
    ("put in a stop order to sell 4 NQ at 15,650.25",
     {"symbol": "NQ", "side": "sell", "quantity": 4, "order_type": "stop", "stop_price": 15650.25}),
    ("I want a buy stop for 6 SPY @ 512",
     {"symbol": "SPY", "side": "buy", "quantity": 6, "order_type": "stop", "stop_price": 512}),
    ("стоп-ордер на покупку 3 NQ по 16 120,5",
     {"symbol": "NQ", "side": "buy", "quantity": 3, "order_type": "stop", "stop_price": 16120.5}),
    ("поставь стоп на продажу 7 SPY за 488",
     {"symbol": "SPY", "side": "sell", "quantity": 7, "order_type": "stop", "stop_price": 488}),
    ("orden stop de compra de 2 BTCUSD en 47.250",
     {"symbol": "BTCUSD", "side": "buy", "quantity": 2, "order_type": "stop", "stop_price": 47250}),
    ("pon un stop de venta para 5 GC a 2.310,4",
     {"symbol": "GC", "side": "sell", "quantity": 5, "order_type": "stop", "stop_price": 2310.4}),
    ("a limit sell of 8 SPY at 530.75",
     {"symbol": "SPY", "side": "sell", "quantity": 8, "order_type": "limit", "limit_price": 530.75}),
])
def test_the_type_word_takes_the_price_written_after_at(text, params):
    cmd = parse_trading_command(text, SYMS)
    assert cmd is not None and cmd.params == params and not cmd.missing


@pytest.mark.parametrize("text", [
    "stop-limit sell 2 NQ stop 15900 limit 15890",
    "стоп-лимит: продай 2 NQ, стоп 15900, лимит 15890",
    "orden stop-límite: vende 2 NQ, stop 15900, límite 15890",
])
def test_a_stop_limit_named_twice_keeps_both_prices(text):
    p = parse_trading_command(text, SYMS).params
    assert (p["order_type"], p["stop_price"], p["limit_price"], p["quantity"]) == ("stop_limit", 15900, 15890, 2)


@pytest.mark.parametrize("text,qty,price", [
    ("buy 1,500 SPY limit 499.5", 1500, 499.5),
    ("купи 2 500 SPY лимит 497,25", 2500, 497.25),
    ("compra 1.200 SPY con límite en 501,5", 1200, 501.5),
])
def test_grouped_quantities_and_decimal_prices(text, qty, price):
    p = parse_trading_command(text, SYMS).params
    assert (p["quantity"], p["order_type"], p["limit_price"]) == (qty, "limit", price)


@pytest.mark.parametrize("text,kind,price", [
    ("sell 6 SPY with a limit price of 531", "limit", 531),
    ("продай 6 SPY лимитной заявкой по цене 531", "limit", 531),
    ("vende 6 SPY con orden límite a precio de 531", "limit", 531),
    ("buy 2 GC stop order, 2,405.5", "stop", 2405.5),
    ("купи 2 GC стоп-заявкой: 2 405,5", "stop", 2405.5),
])
def test_price_words_between_the_type_and_its_price(text, kind, price):
    p = parse_trading_command(text, SYMS).params
    assert (p["order_type"], p[f"{kind}_price"]) == (kind, price)


@pytest.mark.parametrize("text,missing", [("sell 4 SPY limit", "limit_price"), ("купи 4 SPY лимиткой", "limit_price"),
                                          ("vende 4 SPY con stop", "stop_price")])
def test_a_type_without_its_price_asks_for_it_never_a_market_order(text, missing):
    cmd = parse_trading_command(text, SYMS)
    assert cmd.missing == [missing] and cmd.params["order_type"] != "market"
