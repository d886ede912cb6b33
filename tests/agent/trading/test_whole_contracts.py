"""Futures and other whole-contract instruments trade in whole contracts (the probe filled 1e-300
and 1e-9 NQ with `success: true`): a fractional quantity is refused with one VALIDATION_ERROR line
by the paper-order tool's check and by place_order, in the chat path before any confirmation;
shares keep fractional quantities."""
from __future__ import annotations

import pytest

from agent.market.ingest import load_file
from agent.tools.spec import ToolError
from agent.trading import service
from agent.trading.params import CreateOrder
from tests.agent.trading.helpers import ALICE, NQ, SPY
from tests.agents.test_trading_graph import Chat, market, user  # noqa: F401
from tests.conftest import ENGINES

CASH = 100_000.0


def _order(symbol: str, qty: float, side: str = "buy") -> CreateOrder:
    return CreateOrder(symbol=symbol, side=side, quantity=qty, order_type="market")


@pytest.mark.parametrize("engine", ENGINES)
def test_fractional_contracts_are_refused_and_shares_are_not(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ, "NQ")
    load_file(store, SPY, "SPY")
    for qty in (1e-300, 1e-9, 0.5, 2.25):
        for side in ("buy", "sell"):
            with pytest.raises(ToolError, match="NQ trades in whole contracts") as exc:
                service.place_order(store, ALICE, _order("NQ", qty, side), CASH)
            assert exc.value.code == "VALIDATION_ERROR" and "\n" not in exc.value.message
    assert service.list_orders(store, ALICE) == []                # nothing stored
    service.place_order(store, ALICE, _order("NQ", 2.0), CASH)    # a whole number, as a float too
    out, _ = service.place_order(store, ALICE, _order("SPY", 0.5), CASH)
    assert out["order"]["quantity"] == 0.5 and out["order"]["status"] == "filled"


@pytest.mark.parametrize("question,says", [("buy 0.5 NQ at market", "NQ trades in whole contracts"),
                                           ("купи 0.5 NQ по рынку", "NQ торгуется целыми контрактами"),
                                           ("compra 0,5 NQ a mercado", "NQ se negocia en contratos enteros"),
                                           ("sell 0.000000001 NQ", "NQ trades in whole contracts")])
def test_a_fractional_contract_order_in_chat_is_refused_before_confirmation(market, question, says):  # noqa: F811
    store, _, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(question)
    assert r.interrupt is None, r.interrupt
    assert says in r.response, r.response
    assert me.orders() == []
