"""Issue 24, generalisation: fresh probe phrasings (tests/agent/llm/probes_v2.py) read as their
typed reading, every word used or a function word (no "I did not use" note), and a question the
data cannot answer as asked (a price level, a move in points, nothing recognisable) is asked about,
never answered as another question. Plus the number and language fixes the probes found in order
and memory phrasings. No database: the offline parser with the helpers' instruments."""
from __future__ import annotations

import pytest

from agent.nlu import abbreviations
from agent.nlu.tool_intents import detect_tool_call
from agent.nlu.understand import understand
from agent.trading.commands import parse_trading_command
from tests.agent.llm.offline_helpers import UNUSED_NOTE, make_ctx, said
from tests.agent.llm.probes_v2 import PROBES



def read(q: str, prev: str | None):
    hist = [{"role": "user", "content": prev}, {"role": "assistant", "content": "ok"}] if prev else None
    return understand(q, hist, make_ctx())


def reading(it, keys) -> dict:
    """The slots of `it` named by `keys`, in the probes' notation."""
    if it.needs_clarification:
        return {"ask": True}
    got = {"sym": it.symbols, "an": it.analysis, "m": sorted(it.metrics or []),
           "per": it.period.label if it.period else None,
           "cmp": [p.label for p in it.compare_periods or []],
           "parts": [(p.symbols[0], p.period.label) for p in it.parts or []],
           "ind": list(zip(it.indicators or [it.indicator], it.indicator_windows or [it.indicator_window]))
           if it.indicator else [],
           "top": (it.top_n, it.direction) if it.top_n else None,
           "cond": (it.condition.op, it.condition.threshold) if it.condition else None}
    return {k: got[k] for k in keys}


@pytest.mark.parametrize("q,prev,want", PROBES, ids=[f"{i}" for i in range(len(PROBES))])
def test_probe_reads_as_meant(q, prev, want):
    it = read(q, prev)
    want = dict(want)
    told, unused = want.pop("said", None), want.pop("unused", False)
    keys = list(want) if not want.get("ask") else ["ask"]
    if not want.get("ask"):
        keys += [k for k in ("m", "ind", "top", "parts", "cmp") if k not in want]   # none read silently
    expect = {**{"m": [], "ind": [], "top": None, "parts": [], "cmp": []}, **want}
    assert reading(it, keys) == {k: expect[k] for k in keys}, q
    if it.needs_clarification:
        assert it.clarifying_questions and all(q_.strip() for q_ in it.clarifying_questions)
    else:      # a word not used is named (unused=True) or there is none; a measure declined is said
        assert bool([n for n in said(it) if any(w in n for w in UNUSED_NOTE)]) == unused, said(it)
        assert told is None or any(told in n for n in said(it)), said(it)


def test_probes_cover_the_classes_in_three_languages():
    assert len(PROBES) >= 150
    unknown = {"ES", "YM", "RTY", "CL", "GC", "6J", "QQQ", "IWM", "AAPL", "ETHUSD"}
    assert {s for _q, _p, w in PROBES for s in w.get("sym", [])} & unknown == unknown
    cyr = sum(1 for q, _p, _w in PROBES if any("а" <= c <= "я" for c in q.lower()))
    es = sum(1 for q, _p, _w in PROBES if any(c in q for c in "¿¡ñáéíóú") or " de " in q)
    assert cyr >= 40 and es >= 40


@pytest.mark.parametrize("q", ["How many days did SPX close above 3,000 in 2019?",
                               "Сколько дней SPX закрывался выше 3 000 в 2019?",
                               "¿Cuántos días cerró SPX por encima de 3.000 en 2019?"])
def test_days_against_a_price_level_are_counted(q):
    # days whose close is past the level: an event condition in the price (tests/agents/test_price_level_days.py)
    it = read(q, None)
    assert not it.needs_clarification and it.analysis == "events"
    assert it.condition is not None and (it.condition.metric, it.condition.op, it.condition.threshold) == \
        ("close_level", "gt", 3000.0)


@pytest.mark.parametrize("q", ["days SPX rose more than 100 points in 2020",
                               "сколько дней SPX вырос больше чем на 100 пунктов в 2020"])
def test_a_move_in_points_is_asked_about_and_named(q):
    it = read(q, None)
    assert it.needs_clarification
    assert "100" in it.clarifying_questions[0]


@pytest.mark.parametrize("q", ["Did SPY finish above 500 in March 2024?",
                               "SPY закрылся выше 500 в марте 2024?",
                               "¿Terminó SPY por encima de 500 en marzo de 2024?"])
def test_a_yes_no_about_the_periods_close_is_answered_not_asked(q):
    # no days are counted against the level: the period's figures (its close) answer it
    it = read(q, None)
    assert not it.needs_clarification and it.symbols == ["SPY"]
    assert (it.period.start.isoformat(), it.period.end.isoformat()) == ("2024-03-01", "2024-03-31")


@pytest.mark.parametrize("written,read_as", [("Mar 24", "Mar 2024"), ("SPX in 1987 oct", "SPX in oct 1987"),
                                             ("01-Apr-2024", "1 Apr 2024"), ("2024/04/01", "2024-04-01"),
                                             ("april2024", "april 2024"), ("1H19", "H1 2019"),
                                             ("Q3 '23", "Q3 2023"), ("3T 23", "Q3 2023"),
                                             ("SPY c 4 по 15", "SPY с 4 по 15"),
                                             ("avg daily vol", "avg daily volume"),
                                             ("on Mar 24", "on Mar 24"), ("2020 may have", "2020 may have")])
def test_more_shorthands(written, read_as):
    assert abbreviations.expand(written) == read_as


@pytest.mark.parametrize("q,symbols,qty,price", [
    ("buy 2 NQ at 16,000", ["NQ"], 2, 16000.0),
    ("sell 1,000 SPY at 500.5", ["SPY"], 1000, 500.5),
    ("vende 5 GC a 2.350,5", ["GC"], 5, 2350.5),
    ("compra 1.000 SPY a 500", ["SPY"], 1000, 500.0),
    ("купи 2 NQ по 16 000", ["NQ"], 2, 16000.0),
    ("купи 3 CL по 80,5", ["CL"], 3, 80.5),
    ("buy 10000 6E at 1.085", ["6E"], 10000, 1.085),
])
def test_order_numbers_with_thousands_separators(q, symbols, qty, price):
    cmd = parse_trading_command(q, symbols)
    assert cmd is not None and cmd.tool == "create_paper_order"
    assert (cmd.params["quantity"], cmd.params["limit_price"]) == (qty, price)


def test_a_capitalised_ticker_is_no_evidence_of_spanish():
    call = detect_tool_call("Remember that I mostly trade ES", make_ctx())
    assert call is not None and call.name == "remember" and call.params["symbol"] == "ES"
    assert call.lang == "en"
