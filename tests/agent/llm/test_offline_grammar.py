"""The token grammar of the typed reading (agent/nlu/grammar.py): parts pair symbols and
periods by chunks and coordinators in any word order, EN/RU/ES; a shared period or a comparison is
never split into parts; the answers carry each part's own figures (pandas, both engines)."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.nlu import grammar
from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx
from tests.agent.llm.test_understanding_v2_answers import (  # noqa: F401
    ask,
    assert_nq_november_and_spy_april,
    claim,
)


def parts(q: str) -> list[tuple[list[str], str]]:
    got = understand(q, None, make_ctx())
    return [(p.symbols, p.period.label) for p in got.parts]


NQ_SPY = [(["NQ"], "2023-11"), (["SPY"], "2024-04")]


@pytest.mark.parametrize("q", [
    # the period before its symbol
    "November 2023 for NQ and April 2024 for SPY",
    "ноябрь 2023 для NQ и апрель 2024 для SPY",
    "noviembre de 2023 para NQ y abril de 2024 para SPY",
    # an introductory period, a comma between the parts
    "In November 2023 NQ, in April 2024 SPY: the stats",
    "В ноябре 2023 NQ, в апреле 2024 SPY, статистика",
    "En noviembre de 2023 NQ; en abril de 2024 SPY",
    # "respectively": the i-th symbol with the i-th period
    "NQ and SPY in November 2023 and April 2024 respectively",
    "NQ и SPY за ноябрь 2023 и апрель 2024 соответственно",
    "NQ y SPY en noviembre de 2023 y abril de 2024, respectivamente",
    # comparison words as coordinators
    "how did NQ do in November 2023 compared with SPY in April 2024",
    "NQ за ноябрь 2023 по сравнению с SPY за апрель 2024",
    "NQ en noviembre de 2023 comparado con SPY en abril de 2024",
])
def test_parts_in_any_word_order(q):
    got = understand(q, None, make_ctx())
    assert [(p.symbols, p.period.label) for p in got.parts] == NQ_SPY, q
    assert not got.notes, got.notes        # nothing declined, no word left unread ("respectively")


@pytest.mark.parametrize("q", [
    "SPY and Zeta Robotics in March 2024 and BTCUSD in January 2022",
    "SPY и Зета Роботикс за март 2024, BTCUSD за январь 2022",
    "SPY y Zeta Robotics en marzo de 2024 y BTCUSD en enero de 2022",
])
def test_a_part_may_hold_several_symbols(q):
    assert parts(q) == [(["SPY", "ZETA"], "2024-03"), (["BTCUSD"], "2022-01")]


@pytest.mark.parametrize("q", [
    "In March 2024, SPY and Zeta Robotics",          # one period before both: shared
    "SPY in March 2024 and Zeta Robotics",           # one period: shared
    "Сравни SPY за март и апрель 2024",               # one symbol, two periods: a comparison
    "SPY y Zeta Robotics en marzo y abril de 2024",  # no part holds one period each
])
def test_shared_periods_and_comparisons_are_not_parts(q):
    assert parts(q) == []


def test_coordinators_close_a_chunk_only_when_it_is_complete():
    norm = "nq and spy in march 2024 and btcusd in january 2022"
    items = grammar.constituents([(0, 2), (7, 10), (29, 35)], [(14, 24), (39, 51)])
    assert grammar.chunks(norm, items) == [grammar.Chunk((0, 1), (0,), 25), grammar.Chunk((2,), (1,))]
    assert grammar.read("spy in march and april", [(0, 3)], [(7, 12), (17, 22)]) is None


@pytest.mark.parametrize("question", [
    "April 2024 for SPY and November 2023 for NQ",
    "апрель 2024 для SPY и ноябрь 2023 для NQ",
    "SPY y NQ en abril de 2024 y noviembre de 2023, respectivamente",
])
def test_each_part_is_answered_with_its_own_figures(ask, question):  # noqa: F811
    assert_nq_november_and_spy_april(ask(question))


# ---- each part its own measures ---------------------------------------------------------------------

@pytest.mark.parametrize("q,own", [
    ("NQ high in November 2023 and SPY low in April 2024", [["high"], ["low"]]),
    ("максимум NQ за ноябрь 2023 и минимум SPY за апрель 2024", [["high"], ["low"]]),
    ("el máximo de NQ en noviembre de 2023 y el mínimo de SPY en abril de 2024", [["high"], ["low"]]),
    ("RSI of SPY in April 2024 and the volume of NQ in November 2023", [["rsi"], ["total_volume"]]),
    ("the high and low of NQ in November 2023 and SPY in April 2024", [["high", "low"], ["high", "low"]]),
])
def test_each_part_binds_its_own_measures(q, own):
    got = understand(q, None, make_ctx())
    assert [p.measures[:len(o)] for p, o in zip(got.parts, own)] == own
    assert all(len(p.measures) == len(o) or o == ["total_volume"] for p, o in zip(got.parts, own))


def spy_rth_low(month: str) -> float:
    from tests.agent.llm.test_understanding_v2_answers import spy_rth
    r = spy_rth()
    return float(r.loc[month, "low"].min())


def nq_session_high(first: str, last: str) -> float:
    """CME sessions whose trading dates run first..last: 18:00 ET the evening before to 17:00."""
    from tests.agent.llm.test_understanding_v2_answers import nq_minutes
    m = nq_minutes()
    start = pd.Timestamp(first) - pd.Timedelta(hours=6)
    end = pd.Timestamp(last) + pd.Timedelta(hours=17)
    return float(m.loc[(m.index >= start) & (m.index < end), "high"].max())


@pytest.mark.parametrize("question", [
    "NQ high in November 2023 and SPY low in April 2024",
    "максимум NQ за ноябрь 2023 и минимум SPY за апрель 2024",
    "el máximo de NQ en noviembre de 2023 y el mínimo de SPY en abril de 2024",
])
def test_each_part_answers_its_own_measure(ask, question):  # noqa: F811
    out = ask(question)
    assert out["status"] == "answered", out["response"]
    assert claim(out, "high", symbol="NQ")["value"] == pytest.approx(nq_session_high("2023-11-01", "2023-11-30"),
                                                                     abs=0.01)
    assert claim(out, "low", symbol="SPY")["value"] == pytest.approx(spy_rth_low("2024-04"), abs=0.01)
    assert not [c for c in out["claims"] if (c["type"], c.get("symbol")) in (("low", "NQ"), ("high", "SPY"))]


@pytest.mark.parametrize("question", [
    "RSI of SPY in April 2024 and the volume of NQ in November 2023",
    "RSI SPY за апрель 2024 и объём NQ за ноябрь 2023",
    "el RSI de SPY en abril de 2024 y el volumen de NQ en noviembre de 2023",
])
def test_an_indicator_part_and_a_volume_part(ask, question):  # noqa: F811
    from tests.agent.llm.test_understanding_v2_answers import nq_minutes
    out = ask(question)
    assert out["status"] == "answered", out["response"]
    m = nq_minutes()
    sessions = (m.index >= pd.Timestamp("2023-11-01") - pd.Timedelta(hours=6)) \
        & (m.index < pd.Timestamp("2023-11-30") + pd.Timedelta(hours=17))
    assert claim(out, "total_volume", symbol="NQ")["value"] == pytest.approx(float(m.loc[sessions, "volume"].sum()))
    types = {(c["type"], c.get("symbol")) for c in out["claims"]}
    assert any(t.startswith("rsi") or t == "indicator" for t, s in types if s == "SPY"), types
    assert not any(t.startswith("rsi") for t, s in types if s == "NQ"), types
