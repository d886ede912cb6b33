"""Every lie of issue 9 (EN, RU, ES) is rejected by the validator and never shown: with a scripted
fake provider and with the scripted Gemini stub, through the graph, SSE (`text_delta`, `done`) and
`askbar ask --json`. Realistic prose written with slots is accepted and shown with code's figures."""
from __future__ import annotations

from datetime import date

import pytest

from agent.answer import slots
from agent.llm.offline.provider import OfflineProvider
from agent.answer.numbers import scope_of
from agent.state import AnalystOutput
from agent.answer.validation import validate
from query_builder import run_step
from query_builder.models import Step, StepParams
from tests.agents.conftest import session_with  # noqa: F401 (fixture)
from tests.agent.answer.lies import (CASES, LIES, QUESTIONS, TRUE_PROSE, assert_truthful, fmt, nq_november,
                              true_prose_shown)

INTENT = {"type": "data", "lang": "en", "symbol": "NQ", "symbols": ["NQ"],
          "period": {"start": "2023-11-01", "end": "2023-11-30", "label": "2023-11"}}


class ScriptedAnalyst(OfflineProvider):
    """The offline parser and planner; an analyst that says what the test scripts, in order
    (the last script line repeats)."""

    def __init__(self, *answers: str):
        super().__init__()
        self.answers, self.calls = list(answers), 0

    def analyze(self, question, intent, results, lang, ctx=None, feedback=None):
        self.calls += 1
        return AnalystOutput(response=self.answers[min(self.calls, len(self.answers)) - 1])


@pytest.fixture(scope="module")
def nq_result(loaded_store):
    step = Step(action="get_period_stats", params=StepParams(
        symbol="NQ", start_date=date(2023, 11, 1), end_date=date(2023, 11, 30)))
    return run_step(loaded_store, step).model_dump(mode="json")


def _check(text: str, result: dict, lang: str, question: str | None = None):
    intent = {**INTENT, "lang": lang}
    table = slots.build([result], intent, question or QUESTIONS[lang])
    return validate(text, table, lang, scope_of(intent, [result]), {"NQ"}, question or QUESTIONS[lang]), table


@pytest.mark.parametrize("kind,lang", CASES)
def test_validator_rejects_every_lie(nq_result, kind, lang):
    text, _ = LIES[kind][lang]
    v, _ = _check(text, nq_result, lang)
    assert v.status == "rewrite" and v.issues and v.feedback, (text, v)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_realistic_prose_is_accepted_and_rendered_by_code(nq_result, lang):
    v, table = _check(TRUE_PROSE[lang], nq_result, lang)
    assert v.status == "ok", v.issues
    shown, claims = slots.fill(TRUE_PROSE[lang], table, lang)
    assert shown == true_prose_shown(lang)
    assert [c["type"] for c in claims] == ["close", "pct_change", "total_volume"]
    assert claims[0]["value"] == pytest.approx(nq_november()["close"])


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_prose_in_another_language_is_a_rewrite(nq_result, lang):
    other = {"en": "ru", "ru": "es", "es": "en"}[lang]
    v, _ = _check(TRUE_PROSE[other], nq_result, lang)
    assert v.status == "rewrite" and any("language" in i for i in v.issues), v.issues


def test_user_number_may_be_quoted_but_a_false_comparison_is_caught(nq_result):
    ok, _ = _check("No: NQ closed November 2023 at {close}, below {param.n1}.", nq_result, "en")
    assert ok.status == "ok", ok.issues
    false, _ = _check("Yes: NQ closed November 2023 above {param.n1}.", nq_result, "en")
    assert false.status == "rewrite" and "not above" in false.issues[0]


def test_slot_naming_nothing_and_dates_outside_the_period(nq_result):
    v, _ = _check("NQ closed at {closing_price} on 2021-01-04.", nq_result, "en")
    assert v.status == "rewrite"
    assert any("{closing_price}" in i for i in v.issues) and any("2021-01-04" in i for i in v.issues)


@pytest.mark.parametrize("kind,lang", CASES)
def test_fake_provider_lie_never_reaches_the_answer(session_with, kind, lang):
    text, never = LIES[kind][lang]
    liar = ScriptedAnalyst(text)
    r = session_with(liar).ask(QUESTIONS[lang])
    assert r.status == "answered" and liar.calls == 3          # first draft + 2 rewrites
    assert_truthful(r.response, r.claims, lang, never)         # then the code summary


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_fake_provider_lie_then_truth_shows_the_true_prose(session_with, lang):
    text, never = LIES["wrong_direction"][lang]
    fake = ScriptedAnalyst(text, TRUE_PROSE[lang])
    r = session_with(fake).ask(QUESTIONS[lang])
    assert r.status == "answered" and r.validation["status"] == "ok" and fake.calls == 2
    assert r.reading and r.response.split("\n\n", 1)[1].startswith(true_prose_shown(lang))
    assert [c["type"] for c in r.claims] == ["close", "pct_change", "total_volume"]
    assert r.claims[0]["value"] == pytest.approx(nq_november()["close"])


def test_the_shown_close_matches_pandas_in_each_format():
    assert fmt(15957.0, "en") == "15,957.00" and fmt(15957.0, "ru") == "15\u00a0957,00"
    assert fmt(15895.0, "es") == "15.895,00"
