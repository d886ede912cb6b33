"""The statistics-alert reader: the issue's examples and other phrasings per kind in EN/RU/ES
read as the typed condition; questions about the past, price alerts and plain questions are not
statistics alerts; every condition is stated in words in every language."""
from __future__ import annotations

import pytest

from agent.nlu.alert_conditions import AlertCondition, describe, parse_alert_condition

SYMBOLS = ["NQ", "SPY", "BTCUSD", "SPX", "QQQ"]

READ = [
    # the examples
    ("alert me when NQ's first-hour range is above 1.5x its 20-day average",
     dict(kind="window_range", symbol="NQ", op="above", ratio=1.5, days=20, window_start="09:30", window_end="10:30")),
    ("когда SPY закроется ниже три дня подряд", dict(kind="closes_in_row", symbol="SPY", op="below", count=3)),
    ("cuando BTCUSD se mueva 2 % en una hora",
     dict(kind="move_within", symbol="BTCUSD", pct=2.0, minutes=60, direction="any")),
    # window range, other words and orders
    ("notify me when the first 30 minutes range of SPY is below 0.5x its 10-day average",
     dict(kind="window_range", symbol="SPY", op="below", ratio=0.5, days=10, window_start="09:30", window_end="10:00")),
    ("сообщи, когда диапазон первого часа NQ будет выше среднего за 10 дней в 2 раза",
     dict(kind="window_range", symbol="NQ", op="above", ratio=2.0, days=10)),
    ("avísame cuando el rango de la primera hora de NQ supere 2 veces su promedio de 20 días",
     dict(kind="window_range", symbol="NQ", ratio=2.0, days=20, window_start="09:30")),
    # closes in a row
    ("alert me when SPY closes higher five days in a row", dict(kind="closes_in_row", op="above", count=5)),
    ("let me know when QQQ closes lower 4 sessions straight", dict(kind="closes_in_row", op="below", count=4)),
    ("уведоми, когда NQ закроется выше 2 дня подряд", dict(kind="closes_in_row", op="above", count=2)),
    ("avísame cuando SPY cierre más bajo cuatro días seguidos", dict(kind="closes_in_row", op="below", count=4)),
    # a move within a window
    ("let me know if BTCUSD drops 3% within 30 minutes", dict(kind="move_within", pct=3.0, minutes=30, direction="down")),
    ("alert me when NQ moves 1.2 percent in an hour", dict(kind="move_within", pct=1.2, minutes=60, direction="any")),
    ("когда BTCUSD вырастет на 1,5% за 15 минут", dict(kind="move_within", pct=1.5, minutes=15, direction="up")),
    ("avísame cuando SPY suba un 1 % en 2 horas", dict(kind="move_within", pct=1.0, minutes=120, direction="up")),
    # indicators crossing a level or the close crossing one
    ("alert me when SPY's RSI crosses above 70", dict(kind="indicator_cross", indicator="rsi", period=14, level=70.0,
                                                      op="above")),
    ("сообщи, когда RSI NQ опустится ниже 30", dict(kind="indicator_cross", indicator="rsi", level=30.0, op="below")),
    ("avísame cuando el RSI de SPY cruce por debajo de 30", dict(kind="indicator_cross", indicator="rsi", level=30.0,
                                                                  op="below")),
    ("notify me when SPY closes above its 50-day SMA", dict(kind="indicator_cross", indicator="sma", period=50,
                                                            level=None, op="above")),
    ("alert me when QQQ crosses below its EMA 20", dict(kind="indicator_cross", indicator="ema", period=20, op="below")),
]


@pytest.mark.parametrize("text,expected", READ)
def test_reads_the_condition(text, expected):
    c = parse_alert_condition(text, SYMBOLS)
    assert c is not None, text
    got = c.model_dump()
    assert {k: got[k] for k in expected} == expected


@pytest.mark.parametrize("text", [
    "when did SPY close lower three days in a row?",       # a question about the past
    "alert me when SPY above 520",                         # a price alert (agent/trading/commands.py)
    "NQ stats for March 2024", "what was the first hour range of NQ in November?",
    "сколько раз SPY закрывался ниже три дня подряд?", "¿cuántas veces se movió BTCUSD 2 % en una hora?",
    "alert me when XYZ moves 2% in an hour",               # an unknown symbol
])
def test_not_a_statistics_alert(text):
    assert parse_alert_condition(text, SYMBOLS) is None


@pytest.mark.parametrize("text,_", READ)
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_stated_in_words_in_every_language(text, _, lang):
    c = parse_alert_condition(text, SYMBOLS)
    words = describe(c, lang)
    assert c.symbol in words and "{" not in words


def test_an_incomplete_condition_is_refused():
    with pytest.raises(ValueError, match="needs"):
        AlertCondition(kind="move_within", symbol="SPY", pct=2.0)
