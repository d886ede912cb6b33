"""Understanding of every question in shared/eval/public.jsonl (offline provider, no database).

Each case runs with ASKBAR_NOW from its `now` (a fixed default otherwise), its history, and its
resume answers; the expected slots below were written by hand from the questions.
"""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from agent.llm.offline import OfflineProvider
from agent.settings import Settings
from tests.agent.llm.offline_helpers import make_ctx

EVAL = Path(__file__).resolve().parents[3].parent / "shared" / "eval" / "public.jsonl"
DEFAULT_NOW = "2025-06-02"

# id -> expected slots (period label, analysis, condition (op, threshold), horizon, top_n, ...)
EXPECTED: dict[str, dict] = {
    "en-stats-nq-nov": dict(period="2023-11", analysis="stats"),
    "ru-stats-nq-nov": dict(period="2023-11", analysis="stats"),
    "es-stats-nq-nov": dict(period="2023-11", analysis="stats"),
    "en-stats-spy-mar": dict(period="2024-03", analysis="stats"),
    "ru-stats-spy-apr": dict(period="2024-04", analysis="stats"),
    "es-stats-spy-apr": dict(period="2024-04", analysis="stats"),
    "en-vol-spy-mar": dict(period="2024-03", metrics=["avg_daily_volume"]),
    "en-total-vol-nq": dict(period="2023-11-27..2023-12-01", metrics=["total_volume"]),
    "en-high-spy-apr": dict(period="2024-04", metrics=["high"]),
    "ru-low-btc-jan": dict(period="2022-01", metrics=["low"]),
    "es-high-btc-jan": dict(period="2022-01", metrics=["high"]),
    "en-btc-jan": dict(period="2022-01", analysis="stats", metrics=[]),
    "en-range-nq": dict(period="2023-11-20..2023-11-30", metrics=["avg_daily_range"]),
    "ru-range-spy": dict(period="2024-03", metrics=["avg_daily_range"]),
    "en-spx-1987": dict(period="1987", analysis="stats"),
    "es-spx-2008": dict(period="2008", analysis="stats"),
    "ru-spx-q1-2020": dict(period="2020-Q1", analysis="stats"),
    "en-spx-updays-2019": dict(period="2019", metrics=["up_days", "down_days"]),
    "en-vol-spx-2017": dict(period="2017", metrics=["volatility"]),
    "ru-followup-dec": dict(period="2023-12", analysis="stats"),
    "en-followup-spy-apr": dict(period="2024-04", analysis="stats"),
    "ru-resume-stats": dict(period="2023-11", analysis="stats"),
    "en-resume-stats": dict(period="2024-03", analysis="stats"),
    "en-relative-lastmonth": dict(period="2024-04", analysis="stats"),
    "ru-relative-lastmonth": dict(period="2024-03", analysis="stats"),
    "en-top-gains-spx": dict(period=None, analysis="top_moves", top_n=5, direction="up"),
    "ru-top-falls-spx-2008": dict(period="2008", analysis="top_moves", top_n=3, direction="down"),
    "es-top-gains-btc": dict(period="2022-01", analysis="top_moves", top_n=3, direction="up"),
    "en-events-spx-5pct": dict(start="1950-01-01", end="now", analysis="after_events",
                               condition=("gt", 5.0), horizon=5),
    "ru-events-spx-fall": dict(start="1990-01-01", end="now", analysis="after_events",
                               condition=("lt", -4.0), horizon=10),
    "es-events-count-2008": dict(period="2008", analysis="events", condition=("lt", -3.0)),
    "en-events-count-2020": dict(period="2020", analysis="events", condition=("gte", 4.0)),
    "en-events-btc": dict(period="2022-01", analysis="events", condition=("lt", -5.0)),
    "en-rsi-spx": dict(analysis="indicator", indicator="rsi", window=14, indicator_date="2019-12-31"),
    "ru-rsi-spx": dict(analysis="indicator", indicator="rsi", window=14, indicator_date="2020-03-31"),
    "en-compare-spy": dict(analysis="compare", compare=["2024-03", "2024-04"]),
    "es-compare-spx": dict(analysis="compare", compare=["2008", "2009"]),
    "ru-clarify-bare": dict(missing=["symbol", "period"]),
    "en-clarify-bare": dict(missing=["symbol", "period"]),
    "es-clarify-bare": dict(missing=["symbol", "period"]),
    "en-clarify-bigmove": dict(missing=["symbol", "threshold"]),
    "ru-clarify-growth": dict(missing=["symbol", "threshold"]),
    "ru-nodata-2010": dict(symbol="NQ", period="2010", analysis="stats"),
    "en-nodata-spy-2015": dict(symbol="SPY", period="2015-03", analysis="stats"),
    "es-nodata-btc-2019": dict(symbol="BTCUSD", period="2019", analysis="stats"),
    "en-concept-rsi": dict(concept="rsi"),
    "ru-concept-rsi": dict(concept="rsi"),
    "es-concept-macd": dict(concept="macd"),
    "en-concept-vwap": dict(concept="vwap"),
}


def _cases() -> list[dict]:
    return [json.loads(line) for line in EVAL.read_text(encoding="utf-8").splitlines() if line.strip()]


CASES = _cases()


def test_every_public_case_has_expectations():
    assert {c["id"] for c in CASES} == set(EXPECTED)


def _run(case: dict, monkeypatch) -> tuple:
    monkeypatch.setenv("ASKBAR_NOW", case.get("now") or DEFAULT_NOW)
    today = Settings().today()
    ctx = make_ctx(today)
    provider = OfflineProvider()
    intent = provider.understand(case["question"], case.get("history"), ctx)
    first = intent
    question = case["question"]
    for answer in case.get("resume") or []:
        if not intent.needs_clarification:
            break
        intent = provider.understand_with_answer(question, answer, case.get("history"), ctx)
        question = f"{question} {answer}"
    return first, intent, today


def _check_slots(intent, exp: dict, today: date) -> None:
    if "period" in exp:
        assert (intent.period.label if intent.period else None) == exp["period"]
    if "start" in exp:
        assert intent.period.start.isoformat() == exp["start"]
        assert intent.period.end == today
    if "analysis" in exp:
        assert intent.analysis == exp["analysis"]
    if "metrics" in exp:
        assert intent.metrics == exp["metrics"]
    if "condition" in exp:
        assert (intent.condition.op, intent.condition.threshold) == exp["condition"]
        assert intent.condition.metric == "daily_pct_change"
    if "horizon" in exp:
        assert intent.horizon_days == exp["horizon"]
    for key in ("top_n", "direction", "indicator"):
        if key in exp:
            assert getattr(intent, key) == exp[key]
    if "window" in exp:
        assert intent.indicator_window == exp["window"]
    if "indicator_date" in exp:
        assert intent.indicator_date.isoformat() == exp["indicator_date"]
    if "compare" in exp:
        assert [p.label for p in intent.compare_periods] == exp["compare"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_public_case_understood(case, monkeypatch):
    first, intent, today = _run(case, monkeypatch)
    exp, status = EXPECTED[case["id"]], case["expect"]["status"]
    assert intent.lang == case["lang"]
    if status == "clarification":
        assert intent.needs_clarification and intent.missing == exp["missing"]
        assert intent.clarifying_questions and 2 <= len(intent.suggestions) <= 3
        return
    assert not intent.needs_clarification, intent.clarifying_questions
    if case.get("resume"):
        assert first.needs_clarification        # it asked first, then the answer completed it
    want = case["expect"].get("intent") or {}
    if want.get("type") == "concept":
        assert intent.type == "concept" and intent.concept == exp["concept"]
        return
    assert intent.type in ("data", "complex")
    assert intent.symbol == (want.get("symbol") or exp["symbol"])
    _check_slots(intent, exp, today)
