"""Issue 9: a plan failing its check in code goes back to the planner ONCE with the problems; a
retry that fails too (LLM error, or a plan still wrong) gives the code plan; a one-line note in the
user's language only when that plan does not cover the question (issue 30: a fault line only when
the answer lacks something). Fake LLM only; data, store and graph are real."""
from __future__ import annotations

import pytest

from agent.llm.errors import LLMUnavailable
from agent.llm.offline.provider import OfflineProvider
from agent.answer.plan_check import PlanProblem
from agent.state import Plan
from tests.agents.test_fallbacks import TRUE_HIGH

QUESTIONS = {"en": "NQ stats for November 2023", "ru": "Статистика NQ за ноябрь 2023",
             "es": "Estadísticas de NQ de noviembre de 2023"}
# What the user reads (errors.USER_MESSAGES + errors.FALLBACKS), written out here on purpose.
DOWN_NOTES = {"en": "The service is unavailable. A simple built-in plan was used.",
              "ru": "Сервис недоступен. Использован простой встроенный план.",
              "es": "El servicio no está disponible. Se usó un plan simple integrado."}
UNUSABLE_NOTE = "The model's answer could not be used. A simple built-in plan was used."


class Replanner(OfflineProvider):
    """First plan: SPY for a question about NQ. Retry: `retry` decides (a fixed plan, the same
    wrong plan, or an LLM error). Records what every call received."""

    def __init__(self, retry: str):
        super().__init__()
        self.retry = retry
        self.feedback: list[list[PlanProblem] | None] = []

    def _wrong(self, intent, ctx) -> Plan:
        step = super().plan(intent, ctx).steps[0]
        return Plan(steps=[step.model_copy(update={"params": step.params.model_copy(update={"symbol": "SPY"})})])

    def plan(self, intent, ctx, feedback=None):
        self.feedback.append(feedback)
        if len(self.feedback) == 1 or self.retry == "same":
            return self._wrong(intent, ctx)
        if self.retry == "down":
            raise LLMUnavailable("HTTP 503 UNAVAILABLE", agent="planner")
        fixed = super().plan(intent, ctx)
        return fixed.model_copy(update={"summary": "fixed by the model"})


def _high(r) -> float | None:
    return next((c["value"] for c in r.claims if c["type"] == "high"), None)


def test_the_retry_receives_the_problems_and_its_plan_runs(session_with):
    fake = Replanner("fix")
    r = session_with(fake).ask(QUESTIONS["en"])
    assert r.status == "answered", r.response
    first, second = fake.feedback
    assert first is None
    assert second and all(isinstance(p, PlanProblem) for p in second)
    assert [(p.kind, p.step) for p in second] == [("symbol", 1)]
    assert "symbol SPY is not one the question names" in second[0].text
    assert r.plan["summary"] == "fixed by the model"          # the model's corrected plan ran
    assert [s["params"]["symbol"] for s in r.plan["steps"]] == ["NQ"]
    assert "built-in plan" not in r.response
    assert len(fake.feedback) == 2


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_failing_retry_gives_the_offline_plan_which_covers_the_question(session_with, lang):
    fake = Replanner("down")
    s = session_with(fake)
    r = s.ask(QUESTIONS[lang])
    assert r.status == "answered", r.response
    assert len(fake.feedback) == 2 and fake.feedback[1]
    code_plan = OfflineProvider().plan(_intent(r), s.deps.context(None))
    assert r.plan["steps"] == code_plan.model_dump(mode="json")["steps"]
    assert [s["params"]["symbol"] for s in r.plan["steps"]] == ["NQ"]
    assert DOWN_NOTES[lang] not in r.response    # the code plan passes the check: nothing lacks
    assert _high(r) == pytest.approx(TRUE_HIGH)


def test_a_retry_still_wrong_gives_the_offline_plan_which_covers_the_question(session_with):
    fake = Replanner("same")
    r = session_with(fake).ask(QUESTIONS["en"])
    assert r.status == "answered" and len(fake.feedback) == 2
    assert [s["params"]["symbol"] for s in r.plan["steps"]] == ["NQ"]
    assert UNUSABLE_NOTE not in r.response
    assert _high(r) == pytest.approx(TRUE_HIGH)


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_a_code_plan_that_misses_the_question_is_said_once(lang):
    # the line the user reads when the plan that ran (the code's) fails the plan check
    from agents.planner import _whole
    from agents.common import fallback_disclaimers

    intent = _intent_of("NQ")
    wrong = Plan(steps=[{"action": "get_period_stats", "params": {
        "symbol": "SPY", "start_date": "2023-11-01", "end_date": "2023-11-30"}}])
    assert not _whole(wrong, intent)
    out = fallback_disclaimers({"disclaimers": []}, "planner", [LLMUnavailable("503")], lang,
                               complete=_whole(wrong, intent))
    assert out["disclaimers"] == [DOWN_NOTES[lang]]
    right = Plan(steps=[{"action": "get_period_stats", "params": {
        "symbol": "NQ", "start_date": "2023-11-01", "end_date": "2023-11-30"}}])
    assert _whole(right, intent)


def _intent_of(symbol: str):
    from datetime import date

    from agent.state import Intent, Period

    return Intent(type="data", symbol=symbol, symbols=[symbol], analysis="stats", metrics=["high"],
                  period=Period(start=date(2023, 11, 1), end=date(2023, 11, 30), label="2023-11"))


def _intent(r):
    from agent.state import Intent

    return Intent.model_validate(r.intent)
