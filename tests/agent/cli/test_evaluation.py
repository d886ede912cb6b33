"""The public evaluation runs in the test suite on both engines and must pass >= 95 %."""
from __future__ import annotations

from agent.cli.evaluation import check_case, load_cases, run_eval
from tests.agents.conftest import make_session
from tests.conftest import EVAL


def test_public_evaluation_pass_rate(loaded_store, tmp_path):
    cases = load_cases(EVAL / "public.jsonl")
    report = run_eval(make_session(loaded_store, tmp_path), cases)
    failures = "\n".join(f"{f['id']}: {f['problems']}" for f in report["failures"])
    assert report["pass_rate"] >= 95.0, f"{report['passed']}/{report['total']}\n{failures}"


def test_checker_can_fail():
    case = {"expect": {"status": "answered", "intent": {"symbol": "NQ"},
                       "claims": [{"type": "high", "value": 10.0, "tol": 0.01, "date": "2023-11-29"}]}}
    good = {"status": "answered", "intent": {"symbol": "NQ"},
            "claims": [{"type": "high", "value": 10.005, "date": "2023-11-29"}]}
    assert check_case(case, good) == []
    wrong_date = {**good, "claims": [{"type": "high", "value": 10.0, "date": "2023-11-28"}]}
    assert check_case(case, wrong_date)
    assert check_case(case, {**good, "status": "clarification"})
    assert check_case(case, {**good, "intent": {"symbol": "ES"}})
