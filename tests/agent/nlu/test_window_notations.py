"""Window notations read by rule (agent/nlu/windows.py) and the numbers that only look like them."""
from __future__ import annotations

import pytest

from agent.nlu.lang import normalize
from agent.nlu.metrics import parse_indicators
from agent.nlu.windows import parse_bar_size, parse_segments, parse_window


@pytest.mark.parametrize("q,label", [
    ("NQ 2:30-3pm ET", "14:30-15:00"), ("SPY 11:30 to 1pm", "11:30-13:00"), ("SPY 12 to 1pm", "12:00-13:00"),
    ("SPY from noon to 1 p.m.", "12:00-13:00"), ("BTC from 11pm to midnight", "23:00-00:00"),
    ("SPY between 9.30 and 10.00", "09:30-10:00"), ("SPY from 9.30 to 10.30.", "09:30-10:30"),
    ("NQ с 10 до 11 утра", "10:00-11:00"), ("NQ с 2 до 3 дня", "14:00-15:00"), ("SPY с полудня до 13:00", "12:00-13:00"),
    ("NQ de 10 a 11 de la mañana", "10:00-11:00"), ("NQ de 4 a 5 de la tarde", "16:00-17:00"),
    ("NQ desde el mediodía hasta las 13:30", "12:00-13:30"), ("SPY 10 to 11 in the morning", "10:00-11:00"),
    ("NQ hourly candle 13:00", "13:00-14:00"), ("SPY hourly candles 10:00-12:00", "10:00-12:00"),
])
def test_clock_notations(q, label):
    w = parse_window(normalize(q))
    assert (w.label if w else None) == label


@pytest.mark.parametrize("q", ["SPY с 1.03 по 15.03 2024", "SPX days up from 2.00 to 3.00%", "SPX с 1.10 по 5.10 2008"])
def test_numbers_that_are_not_clocks(q):
    assert parse_window(normalize(q)) is None


@pytest.mark.parametrize("q,names", [
    ("NQ overnight vs regular hours", ["overnight", "rth"]),
    ("SPY pre-market vs the regular session", ["premarket", "rth"]),
    ("SPY after hours vs the session", ["after_hours", "rth"]),
    ("ночная сессия против основной NQ", ["overnight", "rth"]),
    ("премаркет и основная сессия SPY", ["premarket", "rth"]),
    ("NQ sesión nocturna frente a la regular", ["overnight", "rth"]),
    ("SPY after hours frente a la sesión regular", ["after_hours", "rth"]),
    ("SPY pre-market high", []), ("NQ regular hours range", []),
])
def test_segments_side_by_side(q, names):
    found, _joins = parse_segments(normalize(q))
    assert [w.label for w in found] == names


@pytest.mark.parametrize("q,minutes", [("дневные свечи SPX", 1440), ("SPY daily candles", 1440),
                                       ("velas diarias de NQ", 1440), ("SPY 15m bars", 15)])
def test_bar_sizes(q, minutes):
    assert parse_bar_size(normalize(q)).minutes == minutes


@pytest.mark.parametrize("q,found", [
    ("50-day and 200-day moving averages of SPX", [("sma", 50), ("sma", 200)]),
    ("SMA 50 and 200 of SPX", [("sma", 50), ("sma", 200)]),
    ("EMA 9 и 21 по SPX", [("ema", 9), ("ema", 21)]),
    ("SMA de 50 y 200 de SPX", [("sma", 50), ("sma", 200)]),
    ("SPX 20, 50 and 200 day SMA", [("sma", 20), ("sma", 50), ("sma", 200)]),
    ("SMA 50 and 200-day EMA", [("sma", 50), ("ema", 200)]),
    ("SPX SMA 100 and EMA 10", [("sma", 100), ("ema", 10)]),
])
def test_several_windows_of_one_indicator(q, found):
    assert [(n, w) for n, w, _pos in parse_indicators(normalize(q))] == found
