"""Fakes of the LLM only (data and store are real): lies, failures, slowness, long plans."""
from __future__ import annotations

import time

import pytest

from agent.llm.offline.provider import OfflineProvider
from agent.state import AnalystOutput, Claim, Plan

QUESTION = "NQ stats for November 2023"
TRUE_HIGH = 16208.5


class LyingAnalyst(OfflineProvider):
    """States a wrong high every time, in the text and in the claims."""

    def __init__(self):
        super().__init__()
        self.calls = 0

    def analyze(self, question, intent, results, lang, ctx=None, feedback=None):
        self.calls += 1
        return AnalystOutput(response="NQ reached a high of 17000.00 in November 2023.",
                             claims=[Claim(type="high", value=17000.0, symbol="NQ", date="2023-11-29")])


class LiesOnce(OfflineProvider):
    """Lies on the first draft, then follows the validator's feedback."""

    def __init__(self):
        super().__init__()
        self.feedback: list[str | None] = []

    def analyze(self, question, intent, results, lang, ctx=None, feedback=None):
        self.feedback.append(feedback)
        if len(self.feedback) == 1:
            return AnalystOutput(response="The high was 16500.00.",
                                 claims=[Claim(type="high", value=16500.0, symbol="NQ")])
        return super().analyze(question, intent, results, lang, ctx=ctx, feedback=feedback)


class Broken(OfflineProvider):
    def __init__(self, fail: str, sleep: float = 0.0):
        super().__init__()
        self.fail, self.sleep = fail, sleep

    def __getattribute__(self, name):
        if name == object.__getattribute__(self, "fail"):
            def boom(*a, **k):
                if self.sleep:
                    time.sleep(self.sleep)
                    return OfflineProvider.analyze(self, *a, **k)
                raise RuntimeError(f"{name} is down")
            return boom
        return object.__getattribute__(self, name)


class LongPlan(OfflineProvider):
    def plan(self, intent, ctx):
        base = super().plan(intent, ctx)
        return Plan(steps=base.steps * 4, summary="four times the same step")


def test_lying_analyst_never_reaches_the_user(session_with):
    liar = LyingAnalyst()
    r = session_with(liar).ask(QUESTION)
    assert r.status == "answered"
    assert liar.calls == 3                       # first draft + 2 rewrites
    assert "17000" not in r.response and "17 000" not in r.response
    assert all(c["value"] != 17000.0 for c in r.claims)
    highs = [c for c in r.claims if c["type"] == "high"]
    assert not highs or highs[0]["value"] == pytest.approx(TRUE_HIGH)


def test_rewrite_loop_fixes_a_wrong_number(session_with):
    fake = LiesOnce()
    r = session_with(fake).ask(QUESTION)
    assert r.status == "answered" and r.validation["status"] == "ok"
    assert fake.feedback[0] is None and "16500.00" in fake.feedback[1] and "{high}" in fake.feedback[1]
    assert any(c["type"] == "high" and c["value"] == pytest.approx(TRUE_HIGH) for c in r.claims)


def test_analyst_down_gives_code_summary_with_disclaimer(session_with):
    r = session_with(Broken("analyze")).ask(QUESTION)
    assert r.status == "answered"
    assert "Automatic summary" in r.response
    assert any(c["type"] == "high" and c["value"] == pytest.approx(TRUE_HIGH) for c in r.claims)


def test_planner_down_gives_simple_plan(session_with):
    r = session_with(Broken("plan")).ask(QUESTION)
    assert r.status == "answered" and r.plan["steps"]


def test_slow_analyst_hits_its_budget(session_with, monkeypatch):
    from agent import budget

    monkeypatch.setitem(budget.AGENT_BUDGETS_S, "analyst", 0.2)
    r = session_with(Broken("analyze", sleep=1.0)).ask(QUESTION)
    assert r.status == "answered" and "Automatic summary" in r.response


def test_total_budget_spent_gives_partial_answer(session_with, monkeypatch):
    from agent import budget

    monkeypatch.setattr(budget, "TOTAL_BUDGET_S", 5.5)
    monkeypatch.setitem(budget.AGENT_BUDGETS_S, "executor", 1.0)

    class SlowPlanner(OfflineProvider):
        def plan(self, intent, ctx):
            time.sleep(0.8)
            return super().plan(intent, ctx)

    r = session_with(SlowPlanner()).ask(QUESTION)
    assert r.status == "answered"
    assert "partial" in r.response.lower()


@pytest.mark.parametrize("answer,steps", [("execute", 4), ("simplify", 3)])
def test_confirm_plan_execute_or_simplify(session_with, answer, steps):
    s = session_with(LongPlan())
    r = s.ask(QUESTION)
    assert r.status == "confirm_plan" and len(r.interrupt["plan_summary"]) == 4
    r2 = s.resume(r.thread_id, answer)
    assert r2.status == "answered" and len(r2.plan["steps"]) == steps


def test_confirm_plan_cancel(session_with):
    s = session_with(LongPlan())
    r = s.ask(QUESTION)
    r2 = s.resume(r.thread_id, "cancel")
    assert r2.status == "answered" and r2.response.startswith("Cancel") and not r2.claims
