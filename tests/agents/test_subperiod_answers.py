"""A part at the edge of a named period ("the last 5 days of March 2024", "последние две недели
января 2022", "los primeros 10 días de abril de 2024") is read as that part, stated in the reading
with what its days are (trading sessions, or calendar days and weeks), and answered with the part's
own figures on both engines (values against pandas over the shared CSVs). Before, the period alone
was answered without a word, or "the last 2 weeks" was read as the two weeks up to today."""
from __future__ import annotations

from datetime import date

import numpy as np
import pandas as pd
import pytest

from agent.nlu.lang import normalize
from agent.nlu.periods import parse_periods
from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    # question, symbol, start, end (the part's dates), what the reading says of its days
    ("SPY in the last 5 days of March 2024", "SPY", "2024-03-22", "2024-03-28", "the last 5 trading days"),
    ("how did SPY do over the final 3 sessions of April 2024", "SPY", "2024-04-26", "2024-04-30",
     "the last 3 trading days"),
    ("SPY opening week of April 2024", "SPY", "2024-04-01", "2024-04-07", "the first calendar week"),
    ("SPY first 10 trading days of April 2024", "SPY", "2024-04-01", "2024-04-12", "the first 10 trading days"),
    ("BTC the last two weeks of January 2022", "BTCUSD", "2022-01-18", "2022-01-31", "the last 2 calendar weeks"),
    ("BTC last 5 days of January 2022", "BTCUSD", "2022-01-27", "2022-01-31", "the last 5 calendar days"),
    ("S&P 500 the final two weeks of 2008", "SPX", "2008-12-18", "2008-12-31", "the last 2 calendar weeks"),
    ("SPX last 3 months of 2008", "SPX", "2008-10-01", "2008-12-31", "the last 3 calendar months"),
    ("SPY первые три дня марта 2024", "SPY", "2024-03-01", "2024-03-05", "первые 3 торговых дня"),
    ("последние две недели января 2022 биткоин", "BTCUSD", "2022-01-18", "2022-01-31",
     "последние 2 календарные недели"),
    ("SPY последние 5 торговых дней марта 2024", "SPY", "2024-03-22", "2024-03-28", "последние 5 торговых дней"),
    ("SPX две последние недели 2008 года", "SPX", "2008-12-18", "2008-12-31", "последние 2 календарные недели"),
    ("SPY los primeros 10 días de abril de 2024", "SPY", "2024-04-01", "2024-04-12", "los primeros 10 días hábiles"),
    ("las últimas dos semanas de enero de 2022 bitcoin", "BTCUSD", "2022-01-18", "2022-01-31",
     "las últimas 2 semanas naturales"),
    ("SPY la última semana de marzo de 2024", "SPY", "2024-03-25", "2024-03-31", "la última semana natural"),
]


@pytest.mark.parametrize("q,symbol,start,end,said", CASES, ids=[c[0][:45] for c in CASES])
def test_a_part_of_a_period_is_read_stated_and_answered(session, q, symbol, start, end, said):
    r = conversation(session, "sub", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"] and r["response"].startswith(r["reading"]), r["reading"]
    exp = ref.period_stats(symbol, start, end)
    claims = {c["type"]: c for c in r["claims"]}
    assert claims["high"]["value"] == pytest.approx(exp["high"])
    assert claims["low"]["value"] == pytest.approx(exp["low"])
    assert claims["high"]["date"] == exp["high_date"] and claims["low"]["date"] == exp["low_date"]
    if "pct_change" in claims:
        assert claims["pct_change"]["value"] == pytest.approx(exp["pct_change"], abs=0.01)


def _atr(symbol: str, n: int = 14) -> pd.Series:
    d = ref.daily(symbol)
    prev = d["close"].shift(1)
    tr = pd.concat([d["high"] - d["low"], (d["high"] - prev).abs(), (d["low"] - prev).abs()],
                   axis=1).max(axis=1).to_numpy(copy=True)
    return pd.Series(ref.wilder_loop(tr, n), index=d.index)


ATR_CASES = [
    # the count of days is the period's, never the indicator's window: ATR(14) as of the part's last day
    ("SPY ATR over the last 5 days of March 2024", "SPY", "2024-03-28", "the last 5 trading days"),
    ("BTC average true range over the last 2 weeks of January 2022", "BTCUSD", "2022-01-31",
     "the last 2 calendar weeks"),
    ("ATR биткоина за первые три недели января 2022", "BTCUSD", "2022-01-21", "первые 3 календарные недели"),
    ("ATR de SPY en los últimos 5 días de abril de 2024", "SPY", "2024-04-30", "los últimos 5 días hábiles"),
]


@pytest.mark.parametrize("q,symbol,day,said", ATR_CASES, ids=[c[0][:45] for c in ATR_CASES])
def test_an_indicator_over_a_part_is_as_of_its_last_day(session, q, symbol, day, said):
    r = conversation(session, "sub-atr", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"] and "ATR 14" in r["reading"], r["reading"]
    atr = next(c for c in r["claims"] if c["type"] == "atr")
    assert atr["date"] == day
    assert atr["value"] == pytest.approx(float(_atr(symbol).loc[day]))
    assert not np.isnan(atr["value"])


PARSED = [
    # phrasings without data to answer: only the dates read (today 2024-06-01)
    ("the first 2 weeks of Q1 2024", date(2024, 1, 1), date(2024, 1, 14)),
    ("the last half of 2008", date(2008, 7, 1), date(2008, 12, 31)),
    ("the last trading day of March 2024", date(2024, 3, 28), date(2024, 3, 28)),
    ("первые 3 календарных дня марта 2024", date(2024, 3, 1), date(2024, 3, 3)),
    ("последний месяц 2008 года", date(2008, 12, 1), date(2008, 12, 31)),
    ("las dos últimas semanas del año 2008", date(2008, 12, 18), date(2008, 12, 31)),
    ("los primeros 5 días naturales de marzo de 2024", date(2024, 3, 1), date(2024, 3, 5)),
]


@pytest.mark.parametrize("q,a,b", PARSED, ids=[c[0][:40] for c in PARSED])
def test_the_part_is_the_period_read(q, a, b):
    found = parse_periods(normalize(q), date(2024, 6, 1))
    assert [(f.resolved.start, f.resolved.end) for f in found] == [(a, b)]


def test_the_first_half_and_a_plain_last_n_days_read_as_before():
    today = date(2024, 6, 1)
    half = parse_periods(normalize("the first half of April 2024"), today)
    assert [(f.resolved.start, f.resolved.end) for f in half] == [(date(2024, 4, 1), date(2024, 4, 15))]
    last = parse_periods(normalize("SPY last 5 days"), today)
    assert [(f.kind, f.sub, f.resolved.end) for f in last] == [("fixed", None, today)]


RELATIVE = [
    # the named period relative to today (2024-05-01): last month is April 2024
    ("SPY the last 5 days of last month", "2024-04-24", "2024-04-30", "the last 5 trading days"),
    ("SPY последние две недели прошлого месяца", "2024-04-17", "2024-04-30", "последние 2 календарные недели"),
    ("SPY la primera semana del mes pasado", "2024-04-01", "2024-04-07", "la primera semana natural"),
]


@pytest.mark.parametrize("q,start,end,said", RELATIVE, ids=[c[0][:45] for c in RELATIVE])
def test_a_part_of_a_relative_period(session, q, start, end, said):
    r = conversation(session, "sub-rel", "2024-05-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"], r["reading"]
    exp = ref.period_stats("SPY", start, end)
    claims = {c["type"]: c for c in r["claims"]}
    assert claims["high"]["value"] == pytest.approx(exp["high"])
    assert claims["low"]["value"] == pytest.approx(exp["low"])


def test_a_follow_up_that_changes_the_period_does_not_keep_the_cut(session):
    r = conversation(session, "sub-follow", "2024-06-01")("SPY in the last 5 days of March 2024", "and April 2024?")
    assert r["status"] == "answered", r["response"]
    assert "April 2024" in r["reading"] and "trading days" not in r["reading"], r["reading"]
    exp = ref.period_stats("SPY", "2024-04-01", "2024-04-30")
    assert {c["type"]: c["value"] for c in r["claims"]}["high"] == pytest.approx(exp["high"])


VAGUE = [
    # a part whose size is not said: the period answered, the words declined by name (never read as
    # the close, nor as a trailing window up to today)
    ("SPX in the closing days of 2008", "closing days"),
    ("SPX последние дни 2008 года", "последние дни"),
    ("SPX los últimos días de 2008", "últimos días"),
]


@pytest.mark.parametrize("q,words", VAGUE, ids=[c[0][:40] for c in VAGUE])
def test_a_part_of_unsaid_size_is_declined_by_name(session, q, words):
    r = conversation(session, "sub-vague", "2024-06-01")(q)
    assert r["status"] == "answered", r["response"]
    assert words in r["response"].split("\n")[1], r["response"]
    exp = ref.period_stats("SPX", "2008-01-01", "2008-12-31")
    claims = {c["type"]: c["value"] for c in r["claims"]}
    assert claims["high"] == pytest.approx(exp["high"]) and claims["low"] == pytest.approx(exp["low"])
