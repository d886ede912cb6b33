"""`askbar eval FILE.jsonl`: run cases the way DESIGN.md's "Evaluation" says and score them."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

INTERRUPTS = {"clarification", "no_data", "confirm_plan"}


def _eval_user():
    from agent.identity.models import LOCAL_USER

    # The local tenant's own evaluation user: what a run learns (frequent questions, style, orders)
    # lands here, never in the local user's memory panel; premium so every case's tools are allowed.
    return LOCAL_USER.model_copy(update={"user_id": "eval", "name": "eval"})


EVAL_USER = _eval_user()


class CaseOutcome(BaseModel):
    id: str
    passed: bool
    status: str
    problems: list[str] = Field(default_factory=list)
    response: str = ""


def _claim_matches(exp: dict, got: dict) -> bool:
    if got.get("type") != exp["type"]:
        return False
    if abs(float(got.get("value", float("nan"))) - float(exp["value"])) > float(exp.get("tol", 0)) + 1e-9:
        return False
    for key in ("date", "symbol", "period"):
        if exp.get(key) and str(got.get(key) or "")[:10] != str(exp[key])[:10] and key != "period":
            return False
        if key == "period" and exp.get("period") and str(got.get("period") or "") != str(exp["period"]):
            return False
    return True


def check_case(case: dict[str, Any], result: dict[str, Any]) -> list[str]:
    exp, problems = case["expect"], []
    if result["status"] != exp["status"]:
        problems.append(f"status {result['status']!r}, expected {exp['status']!r}")
    for key, value in (exp.get("intent") or {}).items():
        if (result.get("intent") or {}).get(key) != value:
            problems.append(f"intent.{key} = {(result.get('intent') or {}).get(key)!r}, expected {value!r}")
    for claim in exp.get("claims") or []:
        if not any(_claim_matches(claim, got) for got in result.get("claims") or []):
            problems.append(f"missing claim {claim}")
    return problems


def run_case(session, case: dict[str, Any]) -> CaseOutcome:
    import uuid

    thread, now = f"eval-{case['id']}-{uuid.uuid4().hex[:8]}", case.get("now")
    for turn in case.get("history") or []:
        if turn.get("role") == "user":
            session.ask(turn["content"], thread_id=thread, now=now)
    result = session.ask(case["question"], thread_id=thread, now=now)
    for answer in case.get("resume") or []:
        if result.status not in INTERRUPTS:
            break
        result = session.resume(thread, answer)
    data = result.model_dump()
    problems = check_case(case, data)
    return CaseOutcome(id=case["id"], passed=not problems, status=result.status, problems=problems,
                       response=result.response)


def load_cases(path: str | Path) -> list[dict[str, Any]]:
    cases = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                cases.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not valid JSON ({exc.msg})") from None
    return cases


def run_eval(session, cases: list[dict[str, Any]]) -> dict[str, Any]:
    outcomes = [run_case(session, c) for c in cases]
    passed = sum(o.passed for o in outcomes)
    return {"total": len(outcomes), "passed": passed,
            "pass_rate": round(100.0 * passed / len(outcomes), 2) if outcomes else 0.0,
            "failures": [o.model_dump() for o in outcomes if not o.passed]}


def print_report(report: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps(report, ensure_ascii=False, default=str))
        return 0
    print(f"passed {report['passed']}/{report['total']} ({report['pass_rate']} %)")
    for f in report["failures"]:
        print(f"FAIL {f['id']} [{f['status']}]: " + "; ".join(f["problems"]))
    return 0
