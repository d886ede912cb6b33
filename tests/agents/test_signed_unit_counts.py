""""How many up weeks" ("сколько недель роста", "¿cuántas semanas alcistas?", "down months of
2008") is every week's (month's) own return, on both engines against pandas. Before, the weeks
were a stopword and the up days were counted: another question, without a word."""
from __future__ import annotations

import pandas as pd
import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

CASES = [
    ("how many up weeks did SPY have in April 2024", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
    ("сколько недель роста было у SPY в апреле 2024", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
    ("¿cuántas semanas alcistas tuvo SPY en abril de 2024?", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
    ("how many down months did SPX have in 2008", "SPX", "2008-01-01", "2008-12-31", "ME"),
]


def _returns(symbol: str, start: str, end: str, freq: str) -> list[float]:
    d = ref.daily(symbol)["close"]
    out = []
    for _key, closes in d.loc[start:end].groupby(pd.Grouper(freq=freq)):
        if len(closes):
            before = d.loc[:closes.index[0]].iloc[:-1]
            out.append((closes.iloc[-1] / before.iloc[-1] - 1) * 100)
    return out


@pytest.mark.parametrize("q,symbol,start,end,freq", CASES, ids=[c[0][:45] for c in CASES])
def test_up_or_down_units_are_each_units_return(session, q, symbol, start, end, freq):
    r = conversation(session, "signed-unit", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert r["intent"]["analysis"] == "compare"
    got = [c["value"] for c in r["claims"] if c["type"] == "return_prev_close"]
    assert got == pytest.approx(_returns(symbol, start, end, freq), abs=1e-6)


CLOSES = [
    ("SPY weekly closes in April 2024", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
    ("недельные закрытия SPY в апреле 2024", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
    ("cierres semanales de SPY en abril de 2024", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
    ("SPX monthly closing prices in 2008", "SPX", "2008-01-01", "2008-12-31", "ME"),
    ("цены закрытия S&P 500 по месяцам за 2008 год", "SPX", "2008-01-01", "2008-12-31", "ME"),
]


@pytest.mark.parametrize("q,symbol,start,end,freq", CLOSES, ids=[c[0][:45] for c in CLOSES])
def test_closes_per_unit_are_each_units_last_close(session, q, symbol, start, end, freq):
    """"Weekly closes" answered April's one close, reading "closes" as a typo of "closed"."""
    r = conversation(session, "unit-closes", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    d = ref.daily(symbol)["close"].loc[start:end]
    want = [float(c.iloc[-1]) for _k, c in d.groupby(pd.Grouper(freq=freq)) if len(c)]
    assert [c["value"] for c in r["claims"] if c["type"] == "close"] == pytest.approx(want)


WORST = [("SPY worst week of April 2024", "en", "SPY", "2024-04-01", "2024-04-30", "W-FRI"),
         ("худший месяц SPX в 2008 году", "ru", "SPX", "2008-01-01", "2008-12-31", "ME"),
         ("la peor semana de SPY en abril de 2024", "es", "SPY", "2024-04-01", "2024-04-30", "W-FRI")]


@pytest.mark.parametrize("q,lang,symbol,start,end,freq", WORST, ids=[c[0][:40] for c in WORST])
def test_the_worst_period_is_named_not_the_best(session, q, lang, symbol, start, end, freq):
    """"The worst week" ended with "Stronger period: <the best week>"."""
    from agent.llm.offline import templates as T

    r = conversation(session, "worst-unit", "2024-06-01")(q)
    assert r["status"] == "answered", r["response"]
    rets = [c for c in r["claims"] if c["type"] == "return_prev_close"]
    assert [c["value"] for c in rets] == pytest.approx(_returns(symbol, start, end, freq), abs=1e-6)
    last = r["response"].strip().splitlines()[-1]
    assert last.startswith(T.COMPARE_WORST[lang].split("{")[0]), r["response"]
    weakest = min(rets, key=lambda c: c["value"])["period"]
    assert weakest[-2:] in last or weakest[8:10].lstrip("0") in last, (weakest, last)


UNIT_MOVES = [("SPY biggest weekly drop in April 2024", "en", "down"),
              ("самое сильное месячное падение SPX в 2008 году", "ru", "down"),
              ("la mayor subida semanal de SPY en abril de 2024", "es", "up")]


@pytest.mark.parametrize("q,lang,way", UNIT_MOVES, ids=[c[0][:40] for c in UNIT_MOVES])
def test_the_biggest_weekly_move_compares_weeks(session, q, lang, way):
    """"The biggest weekly drop" was answered with the largest daily fall, the weeks unsaid."""
    from agent.llm.offline import templates as T

    r = conversation(session, "unit-move", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    rets = [c for c in r["claims"] if c["type"] == "return_prev_close"]
    assert len(rets) >= 4 and not any(c["type"] == "daily_pct_change" for c in r["claims"])
    verdict = T.COMPARE_WORST[lang] if way == "down" else T.COMPARE_BEST[lang]
    assert r["response"].strip().splitlines()[-1].startswith(verdict.split("{")[0]), r["response"]


@pytest.mark.parametrize("q,lang", [("which day of the week was best for SPY in April 2024", "en"),
                                    ("какой день недели был лучшим для SPY в апреле 2024", "ru"),
                                    ("¿qué día de la semana fue el mejor para SPY en abril de 2024?", "es")])
def test_a_weekday_breakdown_is_said_not_computed(session, q, lang):
    """A breakdown by weekday is not computed: said by name (it answered the month's figures alone)."""
    from agent.nlu.coverage import NOT_COMPUTED

    r = conversation(session, "weekday", "2024-06-01")(q)
    assert NOT_COMPUTED[lang].split("{")[0].strip() in r["response"], r["response"]


@pytest.mark.parametrize("q,symbol,start,end,way", [
    ("what percentage of days was SPY up in March 2024", "SPY", "2024-03-01", "2024-03-31", "up"),
    ("какой процент дней SPY рос в марте 2024", "SPY", "2024-03-01", "2024-03-31", "up"),
    ("¿qué porcentaje de días subió SPY en marzo de 2024?", "SPY", "2024-03-01", "2024-03-31", "up"),
    ("percentage of sessions SPX closed lower in 2008", "SPX", "2008-01-01", "2008-12-31", "down")])
def test_a_share_of_days_gives_the_days_counted(session, q, symbol, start, end, way):
    """"What percentage of days was SPY up" answered the period's % change: another question."""
    r = conversation(session, "share-days", "2024-06-01")(q)
    d = ref.period(symbol, start, end)
    claims = {c["type"]: c["value"] for c in r["claims"]}
    want = int((d["close"] > d["open"]).sum()) if way == "up" else int((d["close"] < d["open"]).sum())
    assert claims[f"{way}_days"] == want and claims["trading_days"] == len(d), r["response"]
    assert "pct_change" not in claims, r["response"]
