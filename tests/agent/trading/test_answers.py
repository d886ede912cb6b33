"""Trading answers: every figure is a slot read back from the account's records and rendered by
code in the user's language; a tool result that disagrees with the records is never stated."""
from __future__ import annotations

import copy

import pytest

from agent.market.duckdb_store import DuckDBStore
from agent.market.ingest import load_file
from agent.answer.render import render
from agent.tools.catalog import trading as trading_tools
from agent.trading.answers import Mismatch, answer
from tests.agent.trading.helpers import ALICE, NQ, ctx, split_file

MARKET = {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}


@pytest.fixture(scope="module")
def filled(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("answers")
    store = DuckDBStore(tmp / "m.duckdb")
    split = split_file(NQ, "NQ", tmp)
    load_file(store, split.first, "NQ")
    data = trading_tools.create_paper_order(ctx(store, ALICE), MARKET)
    yield store, {"success": True, "data": data}, float(split.bars[split.bars["ts"] == split.cut].iloc[0].close)
    store.close()


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_fill_figures_come_from_the_records(filled, lang):
    store, result, close = filled
    text, slots = answer(store, ALICE, "create_paper_order", result, lang, 100_000)
    assert slots["fill.price"] == pytest.approx(close) and slots["order.quantity"] == 2
    assert render(close, "price", lang) in text and result["data"]["order"]["order_id"] in text
    assert "{" not in text                    # every slot filled


@pytest.mark.parametrize("field,value", [("fill", {"price": 1.0}), ("order", {"quantity": 3})])
def test_a_result_that_disagrees_with_the_records_is_refused(filled, field, value):
    store, result, _ = filled
    bad = copy.deepcopy(result)
    bad["data"][field].update(value)
    with pytest.raises(Mismatch):
        answer(store, ALICE, "create_paper_order", bad, "en", 100_000)


def test_portfolio_figures_are_checked_against_the_account(filled):
    from agent.tools.catalog import portfolio

    store, _, close = filled
    data = portfolio.get_portfolio(ctx(store, ALICE), {})
    text, slots = answer(store, ALICE, "get_portfolio", {"success": True, "data": data}, "en", 100_000)
    assert slots["p1.avg_price"] == pytest.approx(close) and slots["p1.quantity"] == 2
    with pytest.raises(Mismatch):
        answer(store, ALICE, "get_portfolio", {"success": True, "data": {**data, "equity": 1.0}}, "en",
               100_000)
