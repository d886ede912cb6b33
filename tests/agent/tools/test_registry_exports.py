"""Registry discovery and lookups; OpenAI and Gemini exports validate."""
from __future__ import annotations

import jsonschema
import pytest
from google.genai import types
from pydantic import BaseModel, Field

from agent.tools.exports import (
    GEMINI_KEYWORDS,
    gemini_declaration,
    gemini_declarations,
    openai_tools,
)
from agent.tools.registry import RegistryError, ToolRegistry, discover
from agent.tools.spec import ToolSpec

OWN_TOOLS = {"get_price", "get_ohlcv", "get_indicators", "get_fundamentals",
             "calculate_position_size", "calculate_risk_reward", "get_watchlist",
             "add_to_watchlist", "remove_from_watchlist", "explain_concept"}


class Inner(BaseModel):
    level: float = Field(description="a level")


class Nested(BaseModel):
    """Exercises $defs, Optional, defaults and titles, which Gemini must never see."""
    inner: Inner
    maybe: int | None = Field(None, ge=1, le=5, description="optional int")
    kind: str = Field("a", description="with a default")
    day: str = Field(json_schema_extra={"format": "date"})
    tags: list[Inner] = []


def _h(ctx, p):
    return {}


def spec(i: str, name: str | None = None, plan="free", params=Nested) -> ToolSpec:
    return ToolSpec(id=f"test.{i}", name=name or i, description=i, category="ml", params=params,
                    handler=_h, required_plan=plan)


def test_discovery_and_lookups():
    reg = discover()
    names = {s.name for s in reg.all()}
    assert OWN_TOOLS <= names
    assert reg.get("market.get_price") is reg.get("get_price") is reg.by_name("get_price")
    assert reg.by_id("get_price") is None
    assert {s.name for s in reg.by_category("calculate")} >= {"calculate_position_size",
                                                               "calculate_risk_reward"}
    assert all(s.id.startswith(s.category + ".") or s.category == "watchlist" for s in reg.all())


def test_duplicates_are_rejected():
    with pytest.raises(RegistryError, match="id 'test.a' is already registered"):
        ToolRegistry([spec("a"), spec("a", name="other")])
    with pytest.raises(RegistryError, match="name 'a' is already registered"):
        ToolRegistry([spec("a"), spec("b", name="a")])


def test_plan_filter():
    reg = ToolRegistry([spec("f"), spec("p", plan="pro"), spec("x", plan="premium")])
    assert [s.name for s in reg.available_for("free")] == ["f"]
    assert [s.name for s in reg.available_for("pro")] == ["f", "p"]
    assert len(reg.available_for("premium")) == 3


def test_openai_shape_is_valid_json_schema():
    tools = openai_tools(discover(), "premium") + openai_tools(ToolRegistry([spec("n")]), "free")
    for t in tools:
        assert set(t) == {"type", "function"} and t["type"] == "function"
        fn = t["function"]
        assert set(fn) == {"name", "description", "parameters"}
        params = fn["parameters"]
        assert params["type"] == "object" and "$defs" not in params and "$ref" not in str(params)
        jsonschema.Draft202012Validator.check_schema(params)
    nested = tools[-1]["function"]["parameters"]
    jsonschema.validate({"inner": {"level": 1.5}, "day": "2024-01-02"}, nested)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"inner": {"level": "x"}, "day": "d"}, nested)


def _walk(node):
    yield node
    for v in (node.get("properties") or {}).values():
        yield from _walk(v)
    if "items" in node:
        yield from _walk(node["items"])


def test_gemini_subset_and_the_sdk_accepts_it():
    decls = gemini_declarations(discover(), "premium") + [gemini_declaration(spec("n"))]
    for d in decls:
        types.FunctionDeclaration.model_validate(d)     # the SDK's models forbid unknown fields
        if "parameters" not in d:
            continue
        assert d["parameters"]["type"] == "OBJECT"
        for node in _walk(d["parameters"]):
            assert set(node) <= GEMINI_KEYWORDS, set(node) - GEMINI_KEYWORDS
            assert node["type"] in {"OBJECT", "STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY"}
            assert all(isinstance(e, str) for e in node.get("enum", []))
    nested = decls[-1]["parameters"]
    assert nested["properties"]["inner"]["properties"]["level"]["type"] == "NUMBER"
    assert nested["properties"]["maybe"] == {"type": "INTEGER", "description": "optional int. Default: None.",
                                             "nullable": True, "minimum": 1, "maximum": 5}
    assert nested["properties"]["day"]["description"] == "Format: date."
    assert nested["properties"]["tags"]["items"]["type"] == "OBJECT"
    assert nested["required"] == ["inner", "day"]
    ohlcv = next(d for d in decls if d["name"] == "get_ohlcv")["parameters"]["properties"]
    assert ohlcv["timeframe"]["enum"] == ["1m", "5m", "15m", "1h", "4h", "1d", "1w"]
    assert ohlcv["limit"]["maximum"] == 500


def test_mcp_annotations_on_every_tool():
    """Issue 29: read-only, destructive and idempotent hints on every tool; create_paper_order is
    destructive; every tool that changes something is not read-only."""
    from agent.tools.exports import mcp_annotations

    reg = discover()
    for spec in reg.all():
        a = mcp_annotations(spec)
        assert {"readOnlyHint", "idempotentHint", "openWorldHint"} <= set(a), spec.name
        assert a["readOnlyHint"] is (not (spec.mutates or spec.writes)), spec.name
        if not a["readOnlyHint"]:
            assert isinstance(a["destructiveHint"], bool), spec.name
    order = mcp_annotations(reg.get("create_paper_order"))
    assert order["readOnlyHint"] is False and order["destructiveHint"] is True
    assert order["idempotentHint"] is False
    assert mcp_annotations(reg.get("remember"))["readOnlyHint"] is False
    assert mcp_annotations(reg.get("add_to_watchlist"))["destructiveHint"] is False
    assert mcp_annotations(reg.get("get_price")) == {"title": "get price", "readOnlyHint": True,
                                                     "openWorldHint": False, "idempotentHint": True}


@pytest.mark.parametrize("plan", ["free", "pro", "premium"])
@pytest.mark.parametrize("fmt", ["openai", "gemini", "mcp"])
def test_exports_follow_the_plan_in_each_format(plan, fmt):
    import mcp_types

    from agent.tools.exports import export_tools

    reg = discover()
    out = export_tools(reg, plan, fmt)
    names = [t["function"]["name"] if fmt == "openai" else t["name"] for t in out]
    assert names == [s.name for s in reg.available_for(plan)]
    if fmt == "mcp":                       # the SDK's own model accepts each one
        for t in out:
            mcp_types.Tool.model_validate(t)
    with pytest.raises(ValueError):
        export_tools(reg, plan, "yaml")
