"""remember / recall / forget as ToolSpecs: the caller's own memory only."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from agent.tools.catalog.memory import TOOLS
from agent.tools.spec import ToolContext
from tests.agent.memory.conftest import ALICE, BOB

SPECS = {t.name: t for t in TOOLS}


def run(name, user, mem, **params):
    spec = SPECS[name]
    ctx = ToolContext(user=user, settings=mem.settings, store=None, appdb=None,  # type: ignore[arg-type]
                      memory=lambda: mem)
    return spec.handler(ctx, spec.params(**params))


def test_declarations():
    assert set(SPECS) == {"remember", "recall", "forget"}
    assert {t.id for t in TOOLS} == {"memory.remember", "memory.recall", "memory.forget"}
    assert SPECS["forget"].mutates and not SPECS["recall"].mutates
    assert all(t.category == "memory" and t.required_plan == "free" for t in TOOLS)


def test_remember_recall_forget_round_trip(mem):
    out = run("remember", ALICE, mem, note="I trade mostly NQ, swing style", symbol="nq")
    assert out["usual_symbol"] == "NQ" and out["trading_style"] == "swing"
    got = run("recall", ALICE, mem)["memory"]
    assert got["notes"] == ["I trade mostly NQ, swing style"] and got["preferences"]["usual_symbol"] == "NQ"
    assert run("recall", ALICE, mem, kind="notes") == {"memory": {"notes": got["notes"]}}
    assert run("recall", BOB, mem)["memory"]["notes"] == []          # isolated
    run("forget", BOB, mem, kind="all")
    assert run("recall", ALICE, mem, kind="notes")["memory"]["notes"]
    run("forget", ALICE, mem, kind="notes")
    after = run("recall", ALICE, mem)["memory"]
    assert after["notes"] == [] and after["preferences"]["usual_symbol"] == "NQ"
    run("forget", ALICE, mem, kind="all")
    assert mem.ltm.profile(ALICE).is_empty()


def test_bad_parameters_are_refused():
    with pytest.raises(ValidationError):
        SPECS["remember"].params(note="")
    with pytest.raises(ValidationError):
        SPECS["remember"].params(note="x", symbol="NQ; DROP TABLE")
    with pytest.raises(ValidationError):
        SPECS["forget"].params(kind="everything")
