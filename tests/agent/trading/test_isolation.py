"""Two users' accounts, orders, alerts and notifications are isolated; another user's id is
"not found"; a free user is refused the pro tools; bad orders get one clear line and change nothing."""
from __future__ import annotations

import pytest

from agent.identity.models import plan_allows
from agent.market.ingest import load_file
from agent.tools.catalog import alerts as alert_tools
from agent.tools.catalog import portfolio as portfolio_tools
from agent.tools.catalog import trading as trading_tools
from agent.tools.spec import ToolError
from agent.trading import notify
from agent.market.tx import read
from tests.agent.trading.helpers import ALICE, BOB, FREE, NQ, SPY, ctx, split_file
from tests.conftest import ENGINES

ALL_TOOLS = trading_tools.TOOLS + portfolio_tools.TOOLS + alert_tools.TOOLS


def test_catalogue_declarations():
    names = {t.name for t in ALL_TOOLS}
    assert names == {"create_paper_order", "cancel_paper_order", "get_pending_orders",
                     "get_portfolio", "get_trade_history", "create_alert", "list_alerts",
                     "delete_alert", "create_condition_alert"}
    for t in ALL_TOOLS:
        # only the portfolio is cached (the seed's 10 s), keyed by the user's fills so an order shows at once
        assert t.id.split(".")[0] == t.category and t.cache_ttl_s == (10 if t.name == "get_portfolio" else None)
        assert t.required_plan == "pro"
        assert t.mutates == (t.name in {"create_paper_order", "cancel_paper_order", "create_alert",
                                        "delete_alert", "create_condition_alert"})
    order = next(t for t in ALL_TOOLS if t.name == "create_paper_order")
    assert order.validator is not None and order.post_processor is not None
    assert order.rate_limit.per_minute == 10


def test_free_user_is_refused_every_pro_tool():
    for t in ALL_TOOLS:
        assert not plan_allows(FREE.plan, t.required_plan), t.name
        assert plan_allows(ALICE.plan, t.required_plan) and plan_allows(BOB.plan, t.required_plan)


@pytest.mark.parametrize("engine", ENGINES)
def test_two_users_are_isolated(make_store, tmp_path, engine):
    store = make_store(engine)
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    load_file(store, SPY, "SPY")
    a, b = ctx(store, ALICE), ctx(store, BOB)
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    trading_tools.create_paper_order(a, {"symbol": "NQ", "side": "buy", "quantity": 1,
                                         "order_type": "market"})
    a_limit = trading_tools.create_paper_order(a, {"symbol": "NQ", "side": "sell", "quantity": 1,
                                                   "order_type": "limit", "limit_price": close + 40})
    b_order = trading_tools.create_paper_order(b, {"symbol": "SPY", "side": "buy", "quantity": 3,
                                                   "order_type": "market"})
    b_alert = alert_tools.create_alert(b, {"symbol": "NQ", "condition": ">=", "price": close + 20})
    a_alert = alert_tools.create_alert(a, {"symbol": "NQ", "condition": "<=", "price": close - 50})

    load_file(store, sp.rest, "NQ")

    pa, pb = portfolio_tools.get_portfolio(a, {}), portfolio_tools.get_portfolio(b, {})
    assert [p["symbol"] for p in pa["positions"]] == ["NQ"]
    assert [p["symbol"] for p in pb["positions"]] == ["SPY"]
    assert pb["positions"][0]["quantity"] == 3
    assert {t["order_id"] for t in portfolio_tools.get_trade_history(b, {})["trades"]} == \
        {b_order["order"]["order_id"]}
    assert [x["alert_id"] for x in alert_tools.list_alerts(a, {})["alerts"]] == \
        [a_alert["alert"]["alert_id"]]
    assert [x["alert_id"] for x in alert_tools.list_alerts(b, {})["alerts"]] == \
        [b_alert["alert"]["alert_id"]]
    assert trading_tools.get_pending_orders(b, {})["count"] == 0

    na = notify.since(read(store), ALICE.tenant_id, ALICE.user_id)
    nb = notify.since(read(store), BOB.tenant_id, BOB.user_id)
    assert {n.kind for n in na} == {"fill", "alert"} and len(na) == 3   # market, limit, alert
    assert [(n.kind, n.ref_id) for n in nb] == [("fill", b_order["order"]["order_id"]),
                                               ("alert", b_alert["alert"]["alert_id"])]
    assert not {n.id for n in na} & {n.id for n in nb}

    # another user's order / alert is "not found", and stays as it was
    with pytest.raises(ToolError, match="not found"):
        trading_tools.cancel_paper_order(b, {"order_id": a_limit["order"]["order_id"]})
    with pytest.raises(ToolError, match="not found"):
        alert_tools.delete_alert(b, {"alert_id": a_alert["alert"]["alert_id"]})
    assert len(alert_tools.list_alerts(a, {})["alerts"]) == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_bad_orders_are_refused_with_one_line_and_change_nothing(make_store, tmp_path, engine):
    store = make_store(engine)
    load_file(store, SPY, "SPY")
    c = ctx(store, ALICE)
    bad = [
        ({"symbol": "SPY", "side": "buy", "quantity": 1, "order_type": "limit"}, "needs limit_price"),
        ({"symbol": "SPY", "side": "buy", "quantity": 1, "order_type": "market", "stop_price": 1},
         "takes no stop_price"),
        ({"symbol": "SPY", "side": "buy", "quantity": 1, "order_type": "stop_limit",
          "stop_price": 500}, "needs limit_price"),
        ({"symbol": "ZZZ", "side": "buy", "quantity": 1, "order_type": "market"}, "no stored bars for ZZZ"),
        ({"symbol": "SPY", "side": "buy", "quantity": 10_000, "order_type": "market"}, "not enough cash"),
        ({"symbol": "SPY", "side": "buy", "quantity": -1, "order_type": "market"}, "quantity"),
        ({"symbol": "SPY", "side": "hold", "quantity": 1, "order_type": "market"}, "side"),
    ]
    for params, reason in bad:
        with pytest.raises(ToolError, match=reason) as exc:
            trading_tools.validate_order(c, params)
        assert exc.value.code == "VALIDATION_ERROR" and "\n" not in exc.value.message
        with pytest.raises(ToolError, match=reason):
            trading_tools.create_paper_order(c, params)
    assert trading_tools.get_pending_orders(c, {})["count"] == 0
    assert portfolio_tools.get_trade_history(c, {})["count"] == 0
    # pending buys reserve cash: a second limit buy beyond what is left is refused
    trading_tools.create_paper_order(c, {"symbol": "SPY", "side": "buy", "quantity": 150,
                                         "order_type": "limit", "limit_price": 500})
    with pytest.raises(ToolError, match="not enough cash"):
        trading_tools.create_paper_order(c, {"symbol": "SPY", "side": "buy", "quantity": 60,
                                             "order_type": "limit", "limit_price": 500})
