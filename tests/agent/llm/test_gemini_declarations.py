"""Every function declaration stays inside the schema subset the real API accepts (see the
subset and its source in agent/llm/schemas.py): as built, as generated from any pydantic
contract, and as actually sent over the wire."""
from __future__ import annotations

import json
from typing import Literal

import pytest
from pydantic import BaseModel

from agent.llm.schemas import (ALLOWED_KEYS, MODELS, SchemaError, declaration, declaration_problems,
                               declarations, gemini_schema, schema_problems)
from tests.agent.llm.gemini_stub import call, ctx, provider_for, stub  # noqa: F401
from tests.agent.llm.test_gemini import INTENT, INTENT_ARGS, PLAN_ARGS, _result


def _walk(node, path="parameters"):
    """Every schema node (path, dict) under `node`, independent of schema_problems."""
    yield path, node
    for name, sub in (node.get("properties") or {}).items():
        yield from _walk(sub, f"{path}.{name}")
    if node.get("items"):
        yield from _walk(node["items"], f"{path}.items")
    for i, sub in enumerate(node.get("any_of") or node.get("anyOf") or []):
        yield from _walk(sub, f"{path}.anyOf[{i}]")


def test_every_declaration_is_an_object_schema_inside_the_subset():
    allowed_all = set().union(*ALLOWED_KEYS.values())
    assert declarations(), "no declarations"
    for name, decl in declarations().items():
        dumped = decl.model_dump(mode="json", exclude_none=True)
        assert declaration_problems(dumped) == [], name
        assert dumped["parameters"]["type"] == "OBJECT", name
        for path, node in _walk(dumped["parameters"]):
            assert set(node) <= allowed_all, (path, set(node) - allowed_all)
            if "enum" in node:
                assert node["type"] == "STRING" and all(isinstance(v, str) for v in node["enum"]), path
            assert "format" not in node and "title" not in node and "default" not in node, path


def test_every_pydantic_contract_converts_inside_the_subset():
    for name, model in MODELS.items():
        schema = gemini_schema(model).model_dump(mode="json", exclude_none=True)
        assert schema_problems(schema) == [], name


def test_a_function_without_arguments_gets_an_empty_object_schema():
    decl = declaration("ping", "no arguments", None).model_dump(mode="json", exclude_none=True)
    assert decl["parameters"]["type"] == "OBJECT" and not decl["parameters"].get("properties")
    assert declaration_problems({"name": "ping", "description": "x"}) == [
        "ping: parameters must be an OBJECT schema"]


@pytest.mark.parametrize("bad,fragment", [
    ({"type": "INTEGER", "enum": [1, 2]}, "enum"),
    ({"type": "STRING", "format": "date"}, "'format'"),
    ({"type": "OBJECT", "properties": {}, "additionalProperties": False}, "additional_properties"),
    ({"type": "STRING", "title": "x"}, "'title'"),
    ({"type": "ARRAY"}, "ARRAY without items"),
    ({"type": "OBJECT", "properties": {"a": {"type": "STRING"}}, "required": ["b"]}, "'b'"),
    ({"type": "NULL"}, "type"),
    ({"$ref": "#/$defs/X"}, "type"),
])
def test_the_checker_rejects_what_the_api_does_not_accept(bad, fragment):
    problems = schema_problems({"type": "OBJECT", "properties": {"x": bad}})
    assert problems and any(fragment in p for p in problems), problems


def test_a_non_string_enum_in_a_contract_is_refused_at_build_time():
    class Bad(BaseModel):
        level: Literal[1, 2, 3]

    with pytest.raises(SchemaError, match="strings only"):
        declaration("bad", "x", Bad)


def test_what_is_sent_over_the_wire_is_inside_the_subset(stub, provider_for, ctx):
    stub.add(call("parse_intent", INTENT_ARGS), call("submit_plan", PLAN_ARGS),
             call("submit_answer", {"response": "ok", "claims": []}))
    p = provider_for()
    p.understand("NQ", None, ctx)
    p.plan(INTENT, ctx)
    p.analyze("q", INTENT, [_result()], "en")
    sent = [d for r in stub.requests for t in r["body"]["tools"] for d in t["functionDeclarations"]]
    assert [d["name"] for d in sent] == ["parse_intent", "submit_plan", "submit_answer"]
    for decl in sent:  # camelCase REST form
        assert declaration_problems(decl) == [], (decl["name"], json.dumps(decl)[:300])
        assert decl["parameters"]["type"] == "OBJECT"


def _param(decl: dict, *path: str) -> dict:
    node = decl["parameters"]
    for name in path:
        node = node["items"] if name == "[]" else node["properties"][name]
    return node


def test_the_new_readings_are_declared_and_accepted(stub, provider_for, ctx):
    # issue 24: the volume ranking ("highest volume day") and bar sizes ("5-minute bars") reach the
    # model as declared choices, and its arguments for them come back as a typed intent and plan
    from datetime import time

    from query_builder.declare import actions
    from query_builder.granularity import BAR_MINUTES

    intent_args = {"type": "data", "lang": "en", "symbol": "NQ", "analysis": "intraday", "bar_minutes": 5,
                   "time_window": {"start": "09:30", "end": "10:30", "label": "09:30-10:30"},
                   "period": {"start": "2023-11-28", "end": "2023-11-28", "label": "2023-11-28"}}
    rank = {"type": "data", "lang": "en", "symbol": "SPY", "analysis": "volume_rank", "top_n": 3,
            "direction": "down", "period": {"start": "2024-03-01", "end": "2024-03-31", "label": "March 2024"}}
    steps = [{"action": "rank_volume_days", "params": {"symbol": "SPY", "start_date": "2024-03-01",
                                                      "end_date": "2024-03-31", "top_n": 3, "direction": "down"}},
             *[{"action": "get_intraday_data", "params": {"symbol": "NQ", "start_date": "2023-11-28",
                                                          "end_date": "2023-11-28", "granularity": g}}
               for g in BAR_MINUTES]]
    stub.add(call("parse_intent", intent_args), call("parse_intent", rank), call("submit_plan", {"steps": steps}))
    p = provider_for()
    bars, ranked = p.understand("q", None, ctx), p.understand("q", None, ctx)
    plan = p.plan(ranked, ctx)   # offered the ranking's action (agent/llm/request_decls.py)
    assert (bars.analysis, bars.bar_minutes, bars.time_window.start) == ("intraday", 5, time(9, 30))
    assert (ranked.analysis, ranked.top_n, ranked.direction) == ("volume_rank", 3, "down")
    assert [(s.action, s.params.granularity) for s in plan.steps[1:]] == [("get_intraday_data", g) for g in BAR_MINUTES]
    assert (plan.steps[0].params.top_n, plan.steps[0].params.direction) == (3, "down")
    sent = {d["name"]: d for r in stub.requests for t in r["body"]["tools"] for d in t["functionDeclarations"]}
    understander, planner = sent["parse_intent"], sent["submit_plan"]
    assert "volume_rank" in _param(understander, "analysis")["enum"]
    assert _param(understander, "bar_minutes")["type"] == "INTEGER"
    assert set(_param(understander, "time_window")["properties"]) >= {"start", "end"}
    assert "rank_volume_days" in _param(planner, "steps", "[]", "action")["enum"] and "rank_volume_days" in actions()
    assert set(BAR_MINUTES) <= set(_param(planner, "steps", "[]", "params", "granularity")["enum"])
    assert _param(planner, "steps", "[]", "params", "direction")["enum"] == ["up", "down"]
