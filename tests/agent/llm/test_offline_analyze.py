"""Templated answers: written with slots only (the validator passes them), filled by code with the
right claims and each language's number format."""
from __future__ import annotations

import re
from datetime import date

import pytest

from agent.answer import slots
from agent.answer.numbers import scope_of
from agent.answer.slots import SLOT
from agent.answer.validation import validate
from agent.llm.offline import OfflineProvider
from agent.state import CLAIM_TYPES, Claim, Intent
from query_builder.models import StepResult
from tests.agent.answer.statement_corpus import day_words
from tests.agent.llm.offline_helpers import make_ctx

P = OfflineProvider()
LANGS = ["en", "ru", "es"]
# How code writes a few figures in each language (agent/answer/render.py).
HIGH = {"en": "16,208.50", "ru": "16\u00a0208,50", "es": "16.208,50"}
UP39 = {"en": "+0.39%", "ru": "+0,39\u00a0%", "es": "+0,39\u00a0%"}

NQ_NOV = {"first_date": "2023-11-20", "last_date": "2023-11-30", "open": 15895.0, "close": 15957.0,
          "high": 16208.5, "high_date": "2023-11-29", "low": 15837.25, "low_date": "2023-11-20",
          "pct_change": 0.39006, "total_volume": 4427746.0, "avg_daily_volume": 491971.78,
          "trading_days": 9, "avg_daily_range": 175.805556, "up_days": 4, "down_days": 5,
          "volatility": 0.4123}


def result(action: str, symbol: str, rows=None, summary=None, params=None) -> StepResult:
    rows = rows or []
    return StepResult(step=0, action=action, symbol=symbol, sql="--", params=params or {}, rows=rows,
                      summary=summary, row_count=len(rows))


class Shown:
    """The offline answer as the user sees it: slot text checked by the validator, then filled."""

    def __init__(self, draft: str, response: str, claims: list[Claim]):
        self.draft, self.response, self.claims = draft, response, claims


def analyze(question: str, intent: Intent, results: list[StepResult], lang: str, ctx=None) -> Shown:
    out = P.analyze(question, intent, results, lang, ctx=ctx)
    dumped = [r.model_dump(mode="json") for r in results]
    table = slots.build(dumped, intent.model_dump(mode="json"), question)
    shown_lang = lang if lang in LANGS else intent.lang
    v = validate(out.response, table, shown_lang, scope_of(intent.model_dump(mode="json"), dumped),
                 {r.symbol for r in results})
    assert v.status == "ok", (out.response, v.issues)
    assert not re.search(r"\d+\.\d", SLOT.sub("", out.response)), out.response  # no figure outside slots
    response, claims = slots.fill(out.response, table, shown_lang)
    return Shown(out.response, response, [Claim.model_validate(c) for c in claims])


def check_backed(out: Shown, extra: list[float] | None = None) -> None:
    for c in out.claims:
        assert c.type in CLAIM_TYPES and c.symbol


def _intent(question: str, today: str = "2024-05-20") -> Intent:
    return P.understand(question, None, make_ctx(today))


@pytest.mark.parametrize("lang", LANGS)
def test_full_stats(lang):
    intent = _intent("NQ stats for November 2023")
    out = analyze("q", intent, [result("get_period_stats", "NQ", [{"trading_date": "2023-11-20"}], NQ_NOV)], lang)
    got = {c.type: c for c in out.claims}
    for key in ("open", "close", "high", "low", "pct_change", "trading_days", "up_days", "down_days",
                "avg_daily_range", "volatility", "total_volume", "avg_daily_volume"):
        assert got[key].value == pytest.approx(NQ_NOV[key]) and got[key].symbol == "NQ"
        assert got[key].period == "2023-11"
    assert got["high"].date == "2023-11-29" and got["low"].date == "2023-11-20"
    assert HIGH[lang] in out.response and UP39[lang] in out.response
    assert day_words("2023-11-29", lang) in out.response          # dates in words (issue 32)
    assert {"en": "4.43 million", "ru": "4,43 млн", "es": "4,43 millones"}[lang] in out.response
    assert {"en": "November 2023", "ru": "ноябрь 2023", "es": "noviembre de 2023"}[lang] in out.response
    check_backed(out, [9])


@pytest.mark.parametrize("lang", LANGS)
def test_requested_metric_only(lang):
    intent = _intent("What was SPY's average daily volume in March 2024?")
    summ = {**NQ_NOV, "avg_daily_volume": 59866116.45, "trading_days": 20,
            "first_date": "2024-03-01", "last_date": "2024-03-28"}   # the data of the period named
    out = analyze("q", intent, [result("get_period_stats", "SPY", [{}], summ)], lang)
    assert [c.type for c in out.claims] == ["trading_days", "avg_daily_volume"]
    assert {"en": "59.87 million", "ru": "59,87 млн", "es": "59,87 millones"}[lang] in out.response
    assert HIGH[lang] not in out.response
    check_backed(out, [])


TOP_ROWS = [{"trading_date": "1933-03-15", "pct_change": 16.609589},
            {"trading_date": "1929-10-30", "pct_change": 12.530592},
            {"trading_date": "1931-10-06", "pct_change": 12.358277}]


@pytest.mark.parametrize("lang", LANGS)
def test_top_moves(lang):
    intent = _intent("What were the 3 largest daily percentage gains of SPX?")
    r = result("find_events", "SPX", TOP_ROWS, {"event_count": 3, "top_n": 3, "direction": "up"}, {"top_n": 3})
    out = analyze("q", intent, [r], lang)
    assert [(c.type, c.date, round(c.value, 4)) for c in out.claims if c.type != "event_count"] == [
        ("daily_pct_change", "1933-03-15", 16.6096), ("daily_pct_change", "1929-10-30", 12.5306),
        ("daily_pct_change", "1931-10-06", 12.3583)]
    assert {"en": "+16.61%", "ru": "+16,61\u00a0%", "es": "+16,61\u00a0%"}[lang] in out.response
    check_backed(out, [3])


@pytest.mark.parametrize("lang", LANGS)
def test_event_count_lists_the_first_days(lang):
    intent = _intent("¿Cuántos días cayó el SPX más de un 3% en 2008?")
    rows = [{"trading_date": f"2008-10-{d:02d}", "pct_change": -3.0 - d / 10} for d in range(1, 13)]
    cond = {"metric": "daily_pct_change", "op": "lt", "threshold": -3.0}
    out = analyze("q", intent, [result("find_events", "SPX", rows, {"event_count": 12, "condition": cond})], lang)
    assert out.claims[0].type == "event_count" and out.claims[0].value == 12
    assert sum(c.type == "daily_pct_change" for c in out.claims) == 10
    check_backed(out, [12, 3, 2008])


@pytest.mark.parametrize("lang", LANGS)
def test_after_events(lang):
    intent = _intent("After SPX rose more than 5% in a day since 1950, what happened over the next 5 trading days?")
    summ = {"event_count": 22, "events_with_window": 22, "horizon_days": 5, "avg_return_after": -1.729875,
            "median_return_after": -1.66, "win_rate_after": 40.909091,
            "condition": {"metric": "daily_pct_change", "op": "gt", "threshold": 5.0}}
    out = analyze("q", intent, [result("get_periods_after", "SPX", [{"return_pct": 1.0}] * 22, summ)], lang,
                    ctx=make_ctx())
    got = {c.type: c.value for c in out.claims}
    assert got == {"event_count": 22, "avg_return_after": -1.729875, "median_return_after": -1.66,
                   "win_rate_after": 40.909091}
    assert {"en": "-1.73%", "ru": "-1,73\u00a0%", "es": "-1,73\u00a0%"}[lang] in out.response
    assert {"en": "40.91%", "ru": "40,91\u00a0%", "es": "40,91\u00a0%"}[lang] in out.response
    assert day_words("1950-01-01", lang) in out.response
    check_backed(out, [22, 5, 1950])


@pytest.mark.parametrize("lang", LANGS)
def test_compare(lang):
    intent = _intent("Compare SPY in March and April 2024")
    rows = [{"label": "2024-03", "start_date": "2024-03-01", "end_date": "2024-03-31", "open": 508.98,
             "close": 523.12, "pct_change": 2.778105, "high": 524.61, "high_date": "2024-03-28",
             "low": 504.91, "low_date": "2024-03-05"},
            {"label": "2024-04", "start_date": "2024-04-01", "end_date": "2024-04-30", "open": 523.83,
             "close": 502.04, "pct_change": -4.159746, "high": 524.38, "high_date": "2024-04-01",
             "low": 493.86, "low_date": "2024-04-19"}]
    out = analyze("q", intent, [result("compare_periods", "SPY", rows, {})], lang)
    pct = {c.period: c.value for c in out.claims if c.type == "pct_change"}
    assert pct == {"2024-03": 2.778105, "2024-04": -4.159746}
    assert {"en": "+2.78%", "ru": "+2,78\u00a0%", "es": "+2,78\u00a0%"}[lang] in out.response
    assert {"en": "-4.16%", "ru": "-4,16\u00a0%", "es": "-4,16\u00a0%"}[lang] in out.response
    check_backed(out, [])


@pytest.mark.parametrize("lang", LANGS)
def test_rsi_on_a_date(lang):
    intent = _intent("What was the 14-day RSI of SPX on 2019-12-31?")
    rows = [{"trading_date": "2019-12-27", "close": 3240.0, "rsi": 71.2},
            {"trading_date": "2019-12-30", "close": 3221.0, "rsi": 68.1},
            {"trading_date": "2019-12-31", "close": 3230.0, "rsi": 70.74366}]
    summ = {"indicator": "rsi", "window": 14, "date": "2019-12-31", "value": 70.74366}
    out = analyze("q", intent, [result("get_indicator", "SPX", rows, summ, {"window": 14})], lang)
    assert [(c.type, c.date, c.value) for c in out.claims] == [("rsi", "2019-12-31", 70.74366)]
    assert {"en": "70.74", "ru": "70,74", "es": "70,74"}[lang] in out.response and "RSI(14)" in out.response
    check_backed(out, [14])


def test_indicator_claim_and_no_data_and_synthetic():
    intent = _intent("SMA 50 for SPX")
    summ = {"indicator": "sma", "window": 50, "date": "2020-11-30", "value": 3400.5}
    out = analyze("q", intent, [result("get_indicator", "SPX", [{"trading_date": "2020-11-30", "sma": 3400.5}],
                                         summ)], "en")
    assert "SMA(50)" in out.response and "3,400.50" in out.response    # every value shown is a claim
    assert [(c.type, c.date, c.value, c.context) for c in out.claims] == [("sma", "2020-11-30", 3400.5, "window 50")]
    empty = analyze("q", _intent("NQ stats for 2010"), [result("get_period_stats", "NQ", [], None)], "ru")
    assert empty.claims == [] and "NQ" in empty.response and "2010" in empty.response
    synth = analyze("q", _intent("GLDX stats for 2023"),
                      [result("get_period_stats", "GLDX", [{}], {**NQ_NOV, "synthetic": True})], "es")
    assert "sintéticos" in synth.response


def test_language_falls_back_to_the_intent():
    intent = _intent("Статистика NQ за ноябрь 2023")
    out = analyze("q", intent, [result("get_period_stats", "NQ", [{}], NQ_NOV)], "de")
    assert "ноябрь 2023" in out.response
    assert date(2023, 11, 1) == intent.period.start
