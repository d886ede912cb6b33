"""What a paper account can carry (issue 25 M2): a market buy of 1e308 NQ was filled and the
account's equity became -inf (get_portfolio a 500 from then on). Futures are margined at
FUTURES_MARGIN_RATE of their notional, a short sale of shares at its full notional; orders that
reduce a position are never refused. Limits come from the real NQ and SPY closes (pandas)."""
from __future__ import annotations

import math

import pandas as pd
import pytest

from agent.market.ingest import load_file
from agent.tools.catalog import portfolio as portfolio_tools
from agent.tools.spec import ToolError
from agent.trading import service
from agent.trading.params import CreateOrder
from agent.trading.service import FUTURES_MARGIN_RATE
from tests.agent.trading.helpers import ALICE, NQ, SPY, ctx
from tests.conftest import ENGINES

CASH = 100_000.0


def _order(symbol: str, side: str, qty: float) -> CreateOrder:
    return CreateOrder(symbol=symbol, side=side, quantity=qty, order_type="market")


@pytest.mark.parametrize("engine", ENGINES)
def test_futures_orders_are_refused_past_the_margin_equity_carries(make_store, engine):
    store = make_store(engine)
    load_file(store, NQ, "NQ")
    last = float(pd.read_csv(NQ)["close"].iloc[-1])
    per_contract = last * 20 * FUTURES_MARGIN_RATE
    most = math.floor(CASH / per_contract)
    for qty in (1e308, 1e9, most + 1):
        with pytest.raises(ToolError, match="cannot carry") as exc:
            service.place_order(store, ALICE, _order("NQ", "buy", min(qty, 1e9)), CASH)
        assert exc.value.code == "VALIDATION_ERROR"
    with pytest.raises(ValueError):                       # past the model's bound already
        _order("NQ", "buy", 1e308)
    service.place_order(store, ALICE, _order("NQ", "buy", most), CASH)
    with pytest.raises(ToolError, match="cannot carry"):   # one more is past the margin
        service.place_order(store, ALICE, _order("NQ", "buy", 1), CASH)
    service.place_order(store, ALICE, _order("NQ", "sell", most), CASH)   # closing: never refused
    acct = portfolio_tools.get_portfolio(ctx(store, ALICE), {})
    assert math.isfinite(acct["equity"]) and math.isfinite(acct["cash"]), acct


@pytest.mark.parametrize("engine", ENGINES)
def test_short_sales_of_shares_need_their_notional(make_store, engine):
    store = make_store(engine)
    load_file(store, SPY, "SPY")
    last = float(pd.read_csv(SPY)["close"].iloc[-1])
    most = math.floor(CASH / last)
    with pytest.raises(ToolError, match="cannot carry"):
        service.place_order(store, ALICE, _order("SPY", "sell", most + 1), CASH)
    service.place_order(store, ALICE, _order("SPY", "sell", most), CASH)
    with pytest.raises(ToolError, match="not enough cash"):     # buys: the cash rule, as before
        service.place_order(store, ALICE, _order("SPY", "buy", 1e9), CASH)
