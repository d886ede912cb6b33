"""Trading requests in EN / RU / ES -> tool calls (own phrasings per class of request)."""
from __future__ import annotations

import pytest

from agent.trading.commands import parse_trading_command

SYMS = ["NQ", "SPY", "ES", "6E", "BTCUSD"]


@pytest.mark.parametrize("text,params", [
    ("buy 2 NQ at market", {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}),
    ("Sell 3 ES market", {"symbol": "ES", "side": "sell", "quantity": 3, "order_type": "market"}),
    ("put a limit order to buy 10 SPY at 500",
     {"symbol": "SPY", "side": "buy", "quantity": 10, "order_type": "limit", "limit_price": 500}),
    ("short 1 NQ with a stop at 16100.25",
     {"symbol": "NQ", "side": "sell", "quantity": 1, "order_type": "stop", "stop_price": 16100.25}),
    ("buy 1 NQ stop 16050 limit 16060",
     {"symbol": "NQ", "side": "buy", "quantity": 1, "order_type": "stop_limit", "stop_price": 16050,
      "limit_price": 16060}),
    ("купи 2 NQ по рынку", {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}),
    ("выставь лимитный ордер на покупку 10 SPY по 500",
     {"symbol": "SPY", "side": "buy", "quantity": 10, "order_type": "limit", "limit_price": 500}),
    ("продай 5 SPY лимит 525,5",
     {"symbol": "SPY", "side": "sell", "quantity": 5, "order_type": "limit", "limit_price": 525.5}),
    ("compra 2 NQ a mercado", {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}),
    ("pon una orden límite para comprar 10 SPY a 500",
     {"symbol": "SPY", "side": "buy", "quantity": 10, "order_type": "limit", "limit_price": 500}),
    ("vende 1 6E con stop en 1.0850",
     {"symbol": "6E", "side": "sell", "quantity": 1, "order_type": "stop", "stop_price": 1.085}),
])
def test_orders(text, params):
    cmd = parse_trading_command(text, SYMS)
    assert cmd is not None and cmd.tool == "create_paper_order" and cmd.mutates
    assert cmd.params == params and cmd.missing == []


def test_order_without_quantity_says_what_is_missing():
    cmd = parse_trading_command("buy NQ at market", SYMS)
    assert cmd.tool == "create_paper_order" and cmd.missing == ["quantity"]


@pytest.mark.parametrize("text,cond,price,sym", [
    ("alert me when SPY is above 520", ">=", 520, "SPY"),
    ("notify me if NQ drops to 15800", "<=", 15800, "NQ"),
    ("set an alert when BTCUSD hits 45000", "==", 45000, "BTCUSD"),
    ("уведоми, когда SPY будет выше 520", ">=", 520, "SPY"),
    ("поставь алерт на NQ ниже 15800,5", "<=", 15800.5, "NQ"),
    ("avísame cuando SPY esté por encima de 520", ">=", 520, "SPY"),
    ("crea una alerta si NQ baja de 15800", "<=", 15800, "NQ"),
])
def test_alerts(text, cond, price, sym):
    cmd = parse_trading_command(text, SYMS)
    assert cmd.tool == "create_alert" and cmd.mutates and cmd.missing == []
    assert cmd.params == {"symbol": sym, "condition": cond, "price": price}


@pytest.mark.parametrize("text,tool,params,missing", [
    ("cancel my alert", "delete_alert", {}, ["alert_id"]),
    ("delete alert alr_0123456789abcdef", "delete_alert", {"alert_id": "alr_0123456789abcdef"}, []),
    ("отмени алерт", "delete_alert", {}, ["alert_id"]),
    ("elimina la alerta alr_00aa11bb22cc33dd", "delete_alert", {"alert_id": "alr_00aa11bb22cc33dd"}, []),
    ("cancel order ord_0123456789abcdef", "cancel_paper_order", {"order_id": "ord_0123456789abcdef"}, []),
    ("отмени ордер ord_aaaaaaaaaaaaaaaa", "cancel_paper_order", {"order_id": "ord_aaaaaaaaaaaaaaaa"}, []),
    ("cancela mi orden", "cancel_paper_order", {}, ["order_id"]),
])
def test_cancel_and_delete(text, tool, params, missing):
    cmd = parse_trading_command(text, SYMS)
    assert (cmd.tool, cmd.params, cmd.missing, cmd.mutates) == (tool, params, missing, True)


@pytest.mark.parametrize("text,tool", [
    ("what are my positions and P&L?", "get_portfolio"), ("show my portfolio", "get_portfolio"),
    ("какие у меня позиции и прибыль?", "get_portfolio"), ("¿cuáles son mis posiciones?", "get_portfolio"),
    ("show my pending orders", "get_pending_orders"), ("мои отложенные ордера", "get_pending_orders"),
    ("órdenes pendientes", "get_pending_orders"),
    ("my trade history", "get_trade_history"), ("история сделок", "get_trade_history"),
    ("historial de operaciones", "get_trade_history"),
    ("list my alerts", "list_alerts"), ("мои алерты", "list_alerts"), ("mis alertas", "list_alerts"),
])
def test_reads(text, tool):
    cmd = parse_trading_command(text, SYMS)
    assert cmd.tool == tool and not cmd.mutates


@pytest.mark.parametrize("text", ["NQ stats for March 2024", "что было с SPY в апреле?",
                                  "¿cuál fue el máximo de SPY en abril?", "What is RSI?"])
def test_market_questions_are_not_trading(text):
    assert parse_trading_command(text, SYMS) is None


@pytest.mark.parametrize("text,tool,cond", [
    ("alert when NQ crosses 16000", "create_alert", "=="), ("покажи ордера", "get_pending_orders", None),
    ("mis órdenes", "get_pending_orders", None)])
def test_more_phrasings(text, tool, cond):
    cmd = parse_trading_command(text, SYMS)
    assert cmd.tool == tool and cmd.params.get("condition") == cond


@pytest.mark.parametrize("text", [
    "position size for 50k, entry 16000, stop 15900, risking 1 %",
    "размер позиции на 50к, вход 16000, стоп 15900, риск 1%",
    "tamaño de posición para 50k, entrada 16000, stop 15900, arriesgando 1 %",
    "the vendor file for NQ, sorted in order", "compressor strategies, in order",
    "SELECT ts FROM ohlcv_1min WHERE symbol = 'NQ' ORDER BY ts",
    "Quarterly profit rose to EUR 12 mn", "send me notifications"])
def test_words_inside_other_requests_are_not_trading(text):
    """Stems and bare words that also start other words ("vendor", "compressor", "ORDER BY",
    "position size", "profit") never make a trading command."""
    assert parse_trading_command(text, SYMS) is None


@pytest.mark.parametrize("text,tool", [
    ("quiero comprar 2 NQ a mercado", "create_paper_order"), ("véndeme 1 NQ a mercado", "create_paper_order"),
    ("what's my profit so far?", "get_portfolio"), ("моя прибыль и позиции", "get_portfolio"),
    ("mis ganancias", "get_portfolio"), ("my open orders", "get_pending_orders")])
def test_spanish_verb_forms_and_possessives(text, tool):
    assert parse_trading_command(text, SYMS).tool == tool


@pytest.mark.parametrize("text,side,sym,qty,price", [
    ("sell 4 CL at 78.5", "sell", "CL", 4.0, 78.5),
    ("buy 12 shares of AAPL at 180", "buy", "AAPL", 12.0, 180.0),
    ("купи 3 контракта ZN по 110", "buy", "ZN", 3.0, 110.0),
    ("продай 1 YM по 39000", "sell", "YM", 1.0, 39000.0),
    ("vende 5 IWM a 200", "sell", "IWM", 5.0, 200.0),
    ("compra 2 contratos de RTY a 2050", "buy", "RTY", 2.0, 2050.0),
])
def test_order_on_a_symbol_not_loaded_is_still_an_order(text, side, sym, qty, price):
    """A capitalised ticker right after the quantity is the order's symbol even when it has no data
    (the graph then says so in the user's language), never a data question asking for a period."""
    cmd = parse_trading_command(text, SYMS)
    assert cmd is not None and cmd.tool == "create_paper_order", text
    p = cmd.params
    assert (p["side"], p["symbol"], p["quantity"], p.get("limit_price")) == (side, sym, qty, price)


@pytest.mark.parametrize("text", ["buy 3 of them at 20", "is NQ above its long 200 SMA", "long 50 EMA on NQ?"])
def test_no_capitalised_ticker_or_an_indicator_is_not_a_new_symbol(text):
    cmd = parse_trading_command(text, SYMS)
    assert cmd is None or cmd.params.get("symbol") in (None, "NQ"), cmd


@pytest.mark.parametrize("text", ["the 5 biggest NQ sell-offs in 2023", "3 NQ selloffs after FOMC",
                                  "long-term trend of 2 NQ contracts", "short-term 3 NQ swings"])
def test_sell_offs_and_terms_are_not_order_sides(text):
    assert parse_trading_command(text, SYMS) is None
