"""The reading of a window with one end named as the session's open or close: the clock, the
anchored end, what stays a date, and the instrument's session setting the anchored end."""
from __future__ import annotations

from datetime import time

import pytest

from agent.nlu.lang import normalize
from agent.nlu.windows import anchored, parse_window

READ = [
    ("SPY from the open until 11:00", (time(9, 30), time(11)), "open"),
    ("open to noon", (time(9, 30), time(12)), "open"),
    ("from the opening bell through 10:30", (time(9, 30), time(10, 30)), "open"),
    ("from the open to 2", (time(9, 30), time(14)), "open"),
    ("from 3pm into the close", (time(15), time(16)), "close"),
    ("between 15:30 and the closing bell", (time(15, 30), time(16)), "close"),
    ("from 10 to the close", (time(10), time(16)), "close"),
    ("с самого открытия до 11 утра", (time(9, 30), time(11)), "open"),
    ("от открытия до полудня", (time(9, 30), time(12)), "open"),
    ("с 14:00 до закрытия торгов", (time(14), time(16)), "close"),
    ("entre la apertura y las 10:30", (time(9, 30), time(10, 30)), "open"),
    ("de las 14:00 al cierre", (time(14), time(16)), "close"),
    ("desde la apertura del mercado hasta el mediodia", (time(9, 30), time(12)), "open"),
    ("open-to-noon range", (time(9, 30), time(12)), "open"),
    ("after 2pm into the close", (time(14), time(16)), "close"),
    ("от открытия торгов до 11 часов", (time(9, 30), time(11)), "open"),
    ("с 15:00 и до самого закрытия", (time(15), time(16)), "close"),
    ("desde la campana de apertura hasta las 11 de la mañana", (time(9, 30), time(11)), "open"),
    ("entre las 15:00 y el cierre", (time(15), time(16)), "close"),
]


@pytest.mark.parametrize("q,ends,anchor", READ, ids=[r[0] for r in READ])
def test_one_end_at_the_open_or_close_is_read(q, ends, anchor):
    norm = normalize(q)
    w = parse_window(norm)
    assert w is not None and (w.start, w.end) == ends and w.anchor == anchor
    assert w.span[1] == len(norm.split(" range")[0])     # every word of the window is read


@pytest.mark.parametrize("q", ["SPY open to close", "с открытия до 11 ноября", "from the open to 11 of april",
                               "SPY close to 3%", "opening range high"])
def test_no_clock_or_a_date_is_no_anchored_window(q):
    w = parse_window(normalize(q))
    assert w is None or not w.anchor


def test_a_zone_after_the_clock_stays_with_the_window():
    w = parse_window(normalize("from the open to 15:00 UTC"))
    assert w is not None and w.anchor == "open" and w.tz == "UTC"


def test_crypto_opens_and_closes_at_midnight():
    w = parse_window(normalize("from the open to 11:00"))
    c = parse_window(normalize("from 14:00 to the close"))
    assert w is not None and c is not None
    assert anchored(w, w.start, w.end, "24h") == (time(0), time(11))
    assert anchored(c, c.start, c.end, "24h") == (time(14), time(0))
    assert anchored(c, c.start, c.end, "cme") == (time(14), time(16))
