"""A follow-up that compares ("and compared with November 30?", "а по сравнению с 30 ноября?",
"¿y comparado con el 30 de noviembre?") puts the new period beside the one answered, on both
engines (closes against pandas); before, the new day replaced the old one without a word. A
follow-up naming only a period ("and November 30?") still moves the question there."""
from __future__ import annotations

import pytest

from tests.agents.conftest import conversation
from tests.query_builder import reference as ref

FIRST = {"en": "NQ close on December 1, 2023", "ru": "цена закрытия NQ 1 декабря 2023",
         "es": "cierre de NQ el 1 de diciembre de 2023"}
COMPARED = [
    ("en", "and compared with November 30?"), ("en", "how about vs Nov 28?"),
    ("ru", "а по сравнению с 30 ноября?"), ("ru", "а если сравнить с 28 ноября?"),
    ("es", "¿y comparado con el 30 de noviembre?"), ("es", "¿y frente al 28 de noviembre?"),
]


def _close(day: str) -> float:
    return float(ref.period_stats("NQ", day, day)["close"])


@pytest.mark.parametrize("lang,q", COMPARED, ids=[c[1] for c in COMPARED])
def test_a_compared_follow_up_keeps_the_answered_period(session, lang, q):
    r = conversation(session, "cmp-follow", "2024-06-01")(FIRST[lang], q)
    assert r["status"] == "answered", r["response"]
    other = "2023-11-30" if "30" in q else "2023-11-28"
    closes = {c["date"] or c.get("period"): c["value"] for c in r["claims"] if c["type"] == "close"}
    assert closes == pytest.approx({"2023-12-01": _close("2023-12-01"), other: _close(other)}), r["claims"]
    assert r["intent"]["analysis"] == "compare"


def test_a_period_alone_still_moves_the_question(session):
    r = conversation(session, "cmp-follow", "2024-06-01")(FIRST["en"], "and November 30?")
    closes = [c for c in r["claims"] if c["type"] == "close"]
    assert len(closes) == 1 and closes[0]["value"] == pytest.approx(_close("2023-11-30"))


@pytest.mark.parametrize("q,lang", [
    ("how volatile was BTC in January 2022 compared to December 2021", "en"),
    ("волатильность биткоина в январе 2022 по сравнению с декабрем 2021", "ru"),
    ("volatilidad de BTC en enero de 2022 frente a diciembre de 2021", "es"),
])
def test_a_period_too_short_for_its_measure_says_so(session, q, lang):
    """December 2021 holds one BTCUSD session: no volatility. Its line was ": ." and the other period
    was named the most volatile of one value."""
    r = conversation(session, "cmp-none", "2024-06-01")(q)
    assert r["status"] == "answered", r["response"]
    d = ref.with_changes(ref.daily("BTCUSD"))
    jan = d.loc["2022-01", "pct_change"].std(ddof=1)
    vols = [c for c in r["claims"] if c["type"] == "volatility"]
    assert len(vols) == 1 and vols[0]["value"] == pytest.approx(jan, rel=1e-6)
    assert ": ." not in r["response"]
    from agent.llm.offline import templates as T
    assert T.COMPARE_NONE[lang] in r["response"]
    assert T.COMPARE_HIGHEST[lang].split("{")[0] not in r["response"], r["response"]
