"""Backtests through the graph (offline provider, both engines, EN/RU/ES): the question is a
backtest (never an order card), the answer passes the validator as written, its claims equal an
independent bar-by-bar computation over the raw CSVs, it says when the rule did worse than
buy-and-hold and when the sample is small, states the costs, and its chart draws the equity
beside buy-and-hold with every trade marked and listed."""
from __future__ import annotations

import uuid

import pytest

from agent.server.chart import chart_payload
from tests.agents.conftest import make_session
from tests.query_builder import backtest_reference as ref
from tests.query_builder import reference as raw

NOW = "2025-06-02"
FIGURES = ("backtest_trades", "backtest_total_return", "backtest_win_rate", "backtest_avg_trade",
           "backtest_max_drawdown", "buy_hold_return")
WORSE = {"en": "is below buy and hold", "ru": "ниже, чем у стратегии «купить и держать»",
         "es": "está por debajo de comprar y mantener"}
BETTER = {"en": "is above buy and hold", "ru": "выше, чем у стратегии «купить и держать»",
          "es": "está por encima de comprar y mantener"}
SMALL = {"en": "the sample is small", "ru": "сделок мало", "es": "la muestra es pequeña"}
COSTS = {"en": "commission 0.01%, slippage 0.02%", "ru": "комиссия 0,01\u00a0%, проскальзывание 0,02\u00a0%",
         "es": "comisión 0,01\u00a0%, deslizamiento 0,02\u00a0%"}
NO_COSTS = {"en": "No costs applied", "ru": "Издержки не учтены", "es": "Sin costes"}


def _daily(start, end, spec):
    return lambda: ref.run(raw.daily("SPX"), start, end, spec)


CASES = [
    # the three misreadings of the issue, each in its language
    ("en", "backtest: buy SPX at the close when it falls 3%, sell 5 sessions later, from 2000 to 2019",
     _daily("2000-01-01", "2019-12-31", ref.Spec("move", "down", threshold=3, sessions=5))),
    ("ru", "бэктест: покупать SPX на закрытии, когда он падает на 3%, продавать через 5 сессий, 2000-2019",
     _daily("2000-01-01", "2019-12-31", ref.Spec("move", "down", threshold=3, sessions=5))),
    ("es", "prueba la estrategia: compra SPX al cierre cuando cae un 3% y vende 5 sesiones después, de 2000 a 2019",
     _daily("2000-01-01", "2019-12-31", ref.Spec("move", "down", threshold=3, sessions=5))),
    # other kinds, other words
    ("es", "compro SPX cuando cruza arriba de su SMA 50 y vendo cuando cruza abajo, sin comisiones, en 2019",
     _daily("2019-01-01", "2019-12-31", ref.Spec("cross", "up", of="sma", window=50, opposite=True,
                                                 commission=0, slippage=0))),
    ("ru", "покупать SPX в понедельник на открытии и продавать в пятницу, 2018-2019",
     _daily("2018-01-01", "2019-12-31", ref.Spec("weekday", weekday=0, fill="open", exit_weekday=4))),
    ("en", "what if I had bought SPX after 3 down days in a row, with a 5% stop and a 3% target, 2010 to 2019",
     _daily("2010-01-01", "2019-12-31", ref.Spec("streak", "down", count=3, stop=5, target=3))),
    ("en", "what if I bought SPY at 10:00 every day and sold at 15:30 in April 2024",
     lambda: ref.run_intraday(raw.minutes("SPY"), "2024-04-01", "2024-04-30",
                              ref.Spec("time_of_day", at=600, exit_at=930))),
]


@pytest.fixture(scope="module")
def ask(loaded_store, tmp_path_factory):
    session = make_session(loaded_store, tmp_path_factory.mktemp("backtest"))

    def run(question: str) -> tuple[dict, dict]:
        r = session.ask(question, thread_id=f"bt-{uuid.uuid4().hex[:8]}", now=NOW)
        values = session.graph.get_state(session._config(r.thread_id)).values
        return r.model_dump(), chart_payload(values, loaded_store)
    return run


@pytest.mark.parametrize("lang,question,expected", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_rule_is_backtested_and_every_figure_is_verified(ask, lang, question, expected):
    out, chart = ask(question)
    want = expected()
    assert out["status"] == "answered", out
    assert out["validation"]["status"] == "ok" and out["validation"].get("source") != "code_summary", out["validation"]
    assert out["plan"]["steps"][0]["action"].startswith("run_backtest")
    claims = {c["type"]: c["value"] for c in out["claims"]}
    for k in FIGURES:
        if want[k] is None:
            assert k not in claims
            continue
        assert claims[k] == pytest.approx(want[k], rel=1e-9, abs=1e-9), k
    text = out["response"]
    verdict = WORSE if want["backtest_total_return"] < want["buy_hold_return"] else BETTER
    assert verdict[lang] in text
    assert (SMALL[lang] in text) == (want["backtest_trades"] < 10)
    assert (NO_COSTS if "sin comisiones" in question else COSTS)[lang] in text
    assert chart["kind"] == "backtest"
    labels = [s["label"] for s in chart["series"]]
    assert labels == ["equity", "buy_hold", "buy", "sell"]
    assert len(chart["series"][2]["x"]) == len(chart["table"]) == want["backtest_trades"]
    assert [t["entry_date"] for t in chart["table"]] == [t["entry_date"] for t in want["trades"]]
    final_equity = chart["series"][0]["y"][-1]           # all in, from the engine's 100,000
    assert final_equity == pytest.approx(100_000 * (1 + want["backtest_total_return"] / 100), rel=1e-9)

def test_an_order_is_still_an_order(ask):
    out, _ = ask("buy 2 SPY at market")
    assert out["status"] == "confirm_action"


def test_a_rule_without_an_exit_asks_and_the_answer_completes_it(loaded_store, tmp_path):
    session = make_session(loaded_store, tmp_path)
    first = session.ask("бэктест SPX: покупать после падения на 3% за день, 2000-2019", thread_id="bt-ask", now=NOW)
    assert first.status == "clarification" and "продаёт" in first.response
    out = session.resume("bt-ask", "продавать через 5 сессий").model_dump()
    want = ref.run(raw.daily("SPX"), "2000-01-01", "2019-12-31", ref.Spec("move", "down", threshold=3, sessions=5))
    assert out["status"] == "answered" and out["intent"]["lang"] == "ru"
    claims = {c["type"]: c["value"] for c in out["claims"]}
    assert claims["backtest_trades"] == want["backtest_trades"]
    assert claims["backtest_total_return"] == pytest.approx(want["backtest_total_return"], rel=1e-9)
