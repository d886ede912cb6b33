"""Rules asked in plain EN/RU/ES read as backtests with their typed rule (agent/nlu/backtest_rules.py),
never as orders: the route node sends them to the understander, and trade commands stay trades."""
from __future__ import annotations

from datetime import time

import pytest

from agent.nlu.backtest_rules import is_backtest, read
from tests.agent.llm.offline_helpers import make_ctx

CTX = make_ctx()

# The three misreadings the issue reports (an order card, a year read as a limit price, a refusal)
MISREADINGS = [
    ("en", "backtest: buy SPX at the close when it falls 3%, sell 5 sessions later"),
    ("ru", "бэктест: покупать SPX на закрытии, когда он падает на 3%, продавать через 5 сессий, 2000-2019"),
    ("es", "prueba la estrategia: compra SPX al cierre cuando cae un 3% y vende 5 sesiones después, de 2000 a 2019"),
]


@pytest.mark.parametrize("lang,question", MISREADINGS)
def test_the_reported_misreadings_are_backtests(lang, question):
    from agent.trading.commands import parse_trading_command

    assert parse_trading_command(question, ["SPX", "SPY", "NQ"]) is not None   # what misread them before
    it = read(question, CTX)
    assert it is not None and not it.needs_clarification, it
    assert (it.lang, it.symbol, it.analysis) == (lang, "SPX", "backtest")
    r = it.rule
    assert (r.entry.kind, r.entry.direction, r.entry.threshold) == ("move", "down", 3.0)
    assert r.exit.sessions == 5 and r.fill == "close" and r.quantity is None
    if lang != "en":
        assert (it.period.start.isoformat(), it.period.end.isoformat()) == ("2000-01-01", "2019-12-31")


# (question, expected fields of the rule) per rule kind, in each language, in our own words
KINDS = [
    ("what if I had bought SPY when it rose 2% in a day and sold 3 days later", "SPY",
     {"entry.kind": "move", "entry.direction": "up", "entry.threshold": 2.0, "exit.sessions": 3}),
    ("купить NQ, если за день он вырос на 1,5%, и продать через 2 дня", "NQ",
     {"entry.kind": "move", "entry.direction": "up", "entry.threshold": 1.5, "exit.sessions": 2}),
    ("¿qué pasaría si compro SPY cuando sube un 2% y vendo tras 4 sesiones?", "SPY",
     {"entry.kind": "move", "entry.direction": "up", "entry.threshold": 2.0, "exit.sessions": 4}),
    ("backtest SPX: buy after 3 down days in a row, stop loss 5%, take profit 3%", "SPX",
     {"entry.kind": "streak", "entry.direction": "down", "entry.count": 3, "exit.stop_pct": 5.0,
      "exit.target_pct": 3.0}),
    ("протестируй стратегию: покупать SPX после 4 падающих дней, продавать через 5 дней, стоп 2%", "SPX",
     {"entry.kind": "streak", "entry.direction": "down", "entry.count": 4, "exit.sessions": 5, "exit.stop_pct": 2.0}),
    ("prueba la estrategia: compro SPX tras 3 cierres consecutivos a la baja y vendo 5 sesiones después", "SPX",
     {"entry.kind": "streak", "entry.direction": "down", "entry.count": 3, "exit.sessions": 5}),
    ("backtest: buy SPX when it crosses above its 200-day moving average and sell when it crosses back below", "SPX",
     {"entry.kind": "cross", "entry.of": "sma", "entry.window": 200, "entry.direction": "up", "exit.opposite": True}),
    ("покупать SPX, когда цена пересекает EMA 20 снизу вверх, продавать при обратном пересечении, без комиссий",
     "SPX", {"entry.kind": "cross", "entry.of": "ema", "entry.window": 20, "exit.opposite": True,
             "costs.commission_pct": 0.0, "costs.slippage_pct": 0.0}),
    ("compro SPY cuando cruza arriba de su SMA 50 y vendo cuando cruza abajo", "SPY",
     {"entry.kind": "cross", "entry.of": "sma", "entry.window": 50, "entry.direction": "up", "exit.opposite": True}),
    ("backtest SPX: buy 10 shares when it crosses above 3000, sell 20 sessions later, commission 0.1%", "SPX",
     {"entry.kind": "cross", "entry.of": "level", "entry.level": 3000.0, "quantity": 10.0, "exit.sessions": 20,
      "costs.commission_pct": 0.1}),
    ("покупать NQ в понедельник на открытии и продавать в пятницу", "NQ",
     {"entry.kind": "weekday", "entry.weekday": 0, "fill": "open", "exit.weekday": 4}),
    ("backtest buying SPX every Friday at the close and selling on Monday at the open, no costs", "SPX",
     {"entry.kind": "weekday", "entry.weekday": 4, "fill": "close", "exit.weekday": 0, "exit.fill": "open",
      "costs.commission_pct": 0.0}),
    ("prueba la estrategia: compro SPY los lunes en la apertura y vendo el viernes al cierre, sin comisiones", "SPY",
     {"entry.kind": "weekday", "entry.weekday": 0, "fill": "open", "exit.weekday": 4}),
    ("what if I bought SPY at 10:00 every day and sold at 15:30, stop 0.5%", "SPY",
     {"entry.kind": "time_of_day", "entry.at": time(10, 0), "exit.at": time(15, 30), "intraday": True,
      "exit.stop_pct": 0.5}),
    ("бэктест: покупать SPY в 10:30 и продавать в 15:00", "SPY",
     {"entry.kind": "time_of_day", "entry.at": time(10, 30), "exit.at": time(15, 0), "intraday": True}),
    ("backtest de SPY: comprar a las 9:45 y vender a las 12:00, objetivo 0,4%", "SPY",
     {"entry.kind": "time_of_day", "entry.at": time(9, 45), "exit.at": time(12, 0), "exit.target_pct": 0.4}),
    ("test the strategy on SPX: buy at the next open after a 2% drop, hold 10 days", "SPX",
     {"entry.kind": "move", "entry.direction": "down", "fill": "next_open", "exit.sessions": 10}),
]


def _field(rule, path: str):
    value = rule
    for part in path.split("."):
        value = getattr(value, part)
    return value


@pytest.mark.parametrize("question,symbol,expected", KINDS)
def test_each_rule_kind_reads_in_every_language(question, symbol, expected):
    it = read(question, CTX)
    assert it is not None and not it.needs_clarification, (question, it)
    assert it.symbol == symbol and it.analysis == "backtest"
    got = {k: _field(it.rule, k) for k in expected}
    assert got == expected


@pytest.mark.parametrize("question", [
    "buy 2 NQ at market", "put a limit order to buy 10 SPY at 500", "купи 3 SPY по 500", "продай 2 NQ",
    "compra 10 SPY a mercado", "sell 5 SPX at market", "what was SPY's high in April 2024?",
    "сколько раз SPX падал на 3% за 2008 год?", "¿qué pasó con SPY después de caer un 2%?",
])
def test_orders_and_plain_questions_are_not_backtests(question):
    assert not is_backtest(question)


def test_a_rule_without_an_instrument_asks_for_it():
    it = read("backtest: buy at the close after a 3% down day, sell 5 sessions later", CTX)
    assert it.needs_clarification and it.missing == ["symbol"] and it.rule is not None


def test_a_rule_without_an_exit_asks_for_it_in_the_users_language():
    it = read("протестируй стратегию: покупать SPX после падения на 3%", CTX)
    assert it.needs_clarification and it.lang == "ru" and "продаёт" in it.clarifying_questions[0]


def test_route_sends_rules_to_the_understander_and_orders_to_trading():
    from agents.route import decide

    class Deps:
        def context(self, now=None):
            return CTX

    for _, q in MISREADINGS:
        assert decide({"question": q}, Deps()) == "understander"


@pytest.mark.parametrize("question", [
    "backtest: sell short SPX when it rises 3%, cover 5 sessions later",
    "бэктест: шортить SPX после роста на 3%, закрывать через 5 дней",
    "prueba la estrategia: vendo en corto SPX cuando sube un 3% y recompro 5 sesiones después",
])
def test_a_short_rule_is_never_tested_as_a_long_one(question):
    it = read(question, CTX)
    assert it.needs_clarification and it.rule is None


def test_a_condition_the_rule_cannot_apply_is_named():
    it = read("backtest: buy SPX when it falls 3% and RSI is below 30, sell 5 days later", CTX)
    assert it.rule.entry.kind == "move" and it.notes == ["Not applied: the RSI condition (the answer states the rule tested)."]
    assert read("compro SPY cuando cruza arriba de su SMA 50 y vendo cuando cruza abajo", CTX).notes == []
