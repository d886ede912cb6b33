"""Portfolio, pending orders and alerts asked in the chat (EN/RU/ES, DuckDB and Postgres): every
number the answer shows is one of its claims, typed `<tool>.<field>`, and the claims equal the
account as set up (an independent reading of the real SPY file for the fill) and as stored."""
from __future__ import annotations

import re

import pytest

from agent.trading import service
from tests.agent.trading.helpers import SPY, utc_bars
from tests.agents.test_trading_graph import Chat, market, user  # noqa: F401 - the fixture

START_CASH = 100_000.0
QUESTIONS = {
    "get_portfolio": {"en": "show my portfolio", "ru": "мой портфель", "es": "¿cuáles son mis posiciones y mi P&L?"},
    "get_pending_orders": {"en": "show my pending orders", "ru": "мои ордера", "es": "mis órdenes pendientes"},
    "list_alerts": {"en": "list my alerts", "ru": "мои алерты", "es": "mis alertas"},
}
NUMBER = {"en": r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?",
          "ru": r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?|\d+(?:,\d+)?",
          "es": r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?"}
NOT_FIGURES = re.compile(r"\b(?:ord|alr|cnd)_[0-9a-f]+\b|\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC")


def shown_numbers(text: str, lang: str) -> list[float]:
    """The figures of an answer (ids and the as-of time left out), parsed in the language's format."""
    out = []
    for m in re.finditer(NUMBER[lang], NOT_FIGURES.sub(" ", text)):
        s = re.sub(r"[ \u00a0\u202f]", "", m.group(0))
        s = s.replace(",", "") if lang == "en" else s.replace(".", "").replace(",", ".")
        out.append(float(s))
    return sorted(out)


@pytest.fixture
def account(market):  # noqa: F811
    """One user with a filled market buy, two pending orders and a price alert."""
    store, _, tmp = market
    me = Chat(store, tmp, user())
    for q in ("buy 10 SPY at market", "limit buy 5 SPY at 500", "stop sell 3 SPY at 480.5",
              "alert me when SPY above 600"):
        assert me.ask(q).status == "confirm_action", q
        assert me.answer("yes").status == "answered", q
    return me


def expected(tool: str) -> dict[str, list[float]]:
    close = float(utc_bars(SPY).iloc[-1].close)          # the market buy fills at the last bar's close
    if tool == "get_portfolio":
        return {"cash": [START_CASH - 10 * close], "equity": [START_CASH], "realized_pnl": [0.0],
                "unrealized_pnl": [0.0], "positions.quantity": [10.0], "positions.avg_price": [close],
                "positions.last_price": [close], "positions.unrealized_pnl": [0.0]}
    if tool == "get_pending_orders":
        return {"count": [2.0], "orders.quantity": [5.0, 3.0], "orders.limit_price": [500.0],
                "orders.stop_price": [480.5]}
    return {"count": [1.0], "alerts.price": [600.0]}


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_every_figure_is_a_claim_of_the_records(account, lang):
    me = account
    for tool, asked in QUESTIONS.items():
        r = me.ask(asked[lang])
        assert r.status == "answered" and r.plan["steps"][0]["tool"] == tool, (asked[lang], r.response)
        got: dict[str, list[float]] = {}
        for c in r.claims:
            assert c["type"].startswith(tool + "."), c
            got.setdefault(c["type"][len(tool) + 1:], []).append(c["value"])
        want = expected(tool)
        assert set(got) == set(want), (tool, got)
        for field, values in want.items():
            assert sorted(got[field]) == pytest.approx(sorted(values)), (tool, field)
        # every figure shown is a claim: the numbers in the text are the claims' values (rounded
        # as shown), one for one
        claimed = sorted(round(c["value"], 2) for c in r.claims)
        assert shown_numbers(r.response, lang) == pytest.approx(claimed, abs=0.006), (tool, r.response)
    # the claims are the stored records
    orders = service.list_orders(me.store, me.user, "pending")
    assert sorted((o.quantity, o.limit_price, o.stop_price) for o in orders) == \
        sorted([(5, 500, None), (3, None, 480.5)])
    (alert,) = service.list_alerts(me.store, me.user)
    assert (alert.symbol, alert.condition, alert.price) == ("SPY", ">=", 600)
