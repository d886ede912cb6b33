"""Interrupts live in nodes that only ask: the plan the user confirms is the plan that runs, every
LLM call is counted once, an unreadable answer asks again, a bad plan is checked in code."""
from __future__ import annotations

import time
from datetime import date

from agent.llm.offline.provider import OfflineProvider
from agent.llm.usage import UsageMeter
from agent.answer.plan_check import plan_problems
from agent.state import Intent, Period, Plan
from query_builder.models import EventCondition, Step, StepParams

QUESTION = "NQ stats for November 2023"


class Counting(OfflineProvider):
    """The offline provider, each LLM method recording one usage record like a real provider."""

    def __init__(self):
        super().__init__()
        self.meter = UsageMeter({})
        self.calls: dict[str, int] = {}

    def _count(self, agent: str) -> None:
        self.calls[agent] = self.calls.get(agent, 0) + 1
        self.meter.add(agent, "fake-model", None, time.perf_counter())

    def understand(self, *a, **k):
        self._count("understander")
        return super().understand(*a, **k)

    def understand_with_answer(self, *a, **k):
        self._count("understander")
        return super().understand_with_answer(*a, **k)

    def analyze(self, *a, **k):
        self._count("analyst")
        return super().analyze(*a, **k)


class ShiftingPlanner(Counting):
    """A planner whose plan is different on every call (4 steps: needs confirmation)."""

    def plan(self, intent, ctx):
        self._count("planner")
        n = self.calls["planner"]
        base = super().plan(intent, ctx).steps[0]
        return Plan(steps=[base.model_copy(update={"description": f"call {n} step {k}"}) for k in range(4)])


def _descriptions(plan: dict) -> list[str]:
    return [s["description"] for s in plan["steps"]]


def test_the_confirmed_plan_is_the_executed_plan_and_every_call_is_counted(session_with):
    fake = ShiftingPlanner()
    s = session_with(fake)
    r = s.ask(QUESTION)
    assert r.status == "confirm_plan"
    shown = [line.split(". ", 1)[1].split(" (")[0] for line in r.interrupt["plan_summary"]]
    r2 = s.resume(r.thread_id, "execute")
    assert r2.status == "answered" and r2.validation["status"] == "ok"
    assert _descriptions(r2.plan) == shown == [f"call 1 step {k}" for k in range(4)]
    assert fake.calls == {"understander": 1, "planner": 1, "analyst": 1}
    by_agent = r2.usage["by_agent"]
    assert r2.usage["llm_calls"] == 3
    assert {a: v["calls"] for a, v in by_agent.items()} == {"understander": 1, "planner": 1, "analyst": 1}


def test_an_unreadable_confirm_answer_asks_again(session_with):
    fake = ShiftingPlanner()
    s = session_with(fake)
    r = s.ask(QUESTION)
    again = s.resume(r.thread_id, "hmm, maybe?")
    assert again.status == "confirm_plan" and "execute, simplify or cancel" in again.response
    assert not again.claims
    done = s.resume(r.thread_id, "simplify")
    assert done.status == "answered" and _descriptions(done.plan) == [f"call 1 step {k}" for k in range(3)]
    assert fake.calls["planner"] == 1


def test_clarification_parses_the_answer_once(session_with):
    fake = Counting()
    s = session_with(fake)
    r = s.ask("Покажи статистику")
    assert r.status == "clarification"
    r2 = s.resume(r.thread_id, "NQ за ноябрь 2023")
    assert r2.status == "answered" and r2.intent["symbol"] == "NQ"
    assert fake.calls["understander"] == 2          # the question, then question + answer
    assert r2.usage["by_agent"]["understander"]["calls"] == 2


def test_no_data_asks_in_its_own_node_and_the_answer_is_a_new_question(session_with):
    fake = Counting()
    s = session_with(fake)
    r = s.ask("NQ stats for March 2015")
    assert r.status == "no_data" and r.interrupt["available"]["symbol"] == "NQ"
    r2 = s.resume(r.thread_id, "NQ stats for November 2023")
    assert r2.status == "answered" and r2.intent["period"]["label"] == "2023-11"


class WrongSymbolPlanner(Counting):
    """Plans SPY for a question about NQ (a plan the intent does not support)."""

    def plan(self, intent, ctx, feedback=None):
        self._count("planner")
        step = super().plan(intent, ctx).steps[0]
        return Plan(steps=[step.model_copy(update={"params": step.params.model_copy(update={"symbol": "SPY"})})])


def test_a_plan_failing_its_check_is_retried_once_then_the_code_plan_runs(session_with):
    fake = WrongSymbolPlanner()
    r = session_with(fake).ask(QUESTION)
    assert r.status == "answered" and fake.calls["planner"] == 2
    assert [s["params"]["symbol"] for s in r.plan["steps"]] == ["NQ"]
    assert r.usage["by_agent"]["planner"]["calls"] == 2


def _intent(**kw) -> Intent:
    return Intent(type="data", symbol="NQ", symbols=["NQ"], metrics=kw.pop("metrics", ["close"]),
                  period=Period(start=date(2023, 11, 1), end=date(2023, 11, 30), label="2023-11"), **kw)


def _step(action="get_period_stats", symbol="NQ", start=date(2023, 11, 1), end=date(2023, 11, 30), **p) -> Step:
    return Step(action=action, params=StepParams(symbol=symbol, start_date=start, end_date=end, **p))


def test_plan_check_names_each_problem():
    assert plan_problems(Plan(steps=[_step()]), _intent()) == []
    assert plan_problems(Plan(steps=[_step(action="get_indicator", start=date(2023, 6, 1), indicator="rsi")]),
                         _intent(metrics=["rsi"])) == []                     # warm-up before the period
    problems = plan_problems(Plan(steps=[_step(symbol="ES", end=date(2024, 1, 31))] * 13
                                  + [_step(action="find_events", condition=EventCondition(
                                      op="gt", threshold=float("inf")))]),
                             _intent(metrics=["close", "rsi"]))
    text = "\n".join(problems)
    assert "14 steps, at most 12" in text and "symbol ES" in text and "outside the period" in text
    assert "not a finite number" in text and "no step computes rsi" in text
