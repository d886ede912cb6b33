"""Small helpers for the query builder tests (running steps, comparing numbers)."""
from __future__ import annotations

import json
import math

import pytest

from query_builder import run_step
from query_builder.models import Step, StepResult


def run(store, action: str, **params) -> StepResult:
    res = run_step(store, Step(action=action, params=params))
    json.dumps(res.model_dump(mode="json"))  # every result must be JSON-able
    return res


def close(a, b, rel: float = 1e-9, abs_: float = 1e-9) -> bool:
    if isinstance(b, float) and math.isnan(b):
        return a is None or (isinstance(a, float) and math.isnan(a))
    if a is None or b is None:
        return a is None and b is None
    if isinstance(b, str) or isinstance(a, str):
        return a == b
    return a == pytest.approx(b, rel=rel, abs=abs_)


def assert_summary(summary: dict, expected: dict, rel: float = 1e-9) -> None:
    bad = {k: (summary.get(k), v) for k, v in expected.items() if not close(summary.get(k), v, rel)}
    assert not bad, f"summary mismatches (got, expected): {bad}"
