"""The catalogue as function-calling declarations: OpenAI tools and Gemini function declarations.

Both come from the ToolSpec's pydantic parameters model (one declaration, several exports).

OpenAI: seed 000 `getOpenAIToolDefinitions(plan)`: `{"type": "function", "function": {"name",
"description", "parameters"}}` with parameters a JSON-schema object; `$ref`s are inlined so a client
that does not resolve references still reads every field.

Gemini: `FunctionDeclaration.parameters` is "a select subset of an OpenAPI 3.0 schema object"
(Gemini API reference, Schema: https://ai.google.dev/api/caching#Schema; Vertex AI
FunctionDeclaration: https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration).
We emit only the keywords every version of that endpoint accepts: type (upper case: OBJECT, STRING,
NUMBER, INTEGER, BOOLEAN, ARRAY), description, enum (strings only), properties, required, items,
nullable, format, minimum, maximum. `$ref`/`$defs` are inlined; `anyOf` with null becomes
`nullable`; `title`, `default`, `additionalProperties`, `examples` and anything else are dropped
(a default is said in the description instead). The top level is always an OBJECT.
"""
from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from agent.identity.models import Plan
from agent.tools.registry import ToolRegistry
from agent.tools.spec import ToolSpec

GEMINI_KEYWORDS = frozenset({"type", "description", "enum", "properties", "required", "items",
                             "nullable", "format", "minimum", "maximum"})
_GEMINI_TYPES = {"string": "STRING", "number": "NUMBER", "integer": "INTEGER",
                 "boolean": "BOOLEAN", "array": "ARRAY", "object": "OBJECT"}
# Formats the OpenAPI subset documents for function parameters; others go to the description.
_GEMINI_FORMATS = {"STRING": {"enum", "date-time"}, "NUMBER": {"float", "double"},
                   "INTEGER": {"int32", "int64"}}
_MAX_DEPTH = 12


class ExportError(ValueError):
    """A parameters model that cannot be expressed in the target's schema subset."""


# ---- JSON schema with references inlined ------------------------------------------------------
def inline_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema with every `$ref` replaced by its definition and `$defs` removed."""
    raw = model.model_json_schema()
    defs = raw.pop("$defs", {})

    def walk(node: Any, seen: tuple[str, ...], depth: int) -> Any:
        if depth > _MAX_DEPTH:
            raise ExportError(f"{model.__name__}: schema nested too deeply")
        if isinstance(node, list):
            return [walk(n, seen, depth + 1) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name in seen:
                raise ExportError(f"{model.__name__}: recursive model {name} cannot be inlined")
            merged = {**copy.deepcopy(defs[name]), **{k: v for k, v in node.items() if k != "$ref"}}
            return walk(merged, (*seen, name), depth + 1)
        return {k: walk(v, seen, depth + 1) for k, v in node.items()}

    out = walk(raw, (), 0)
    out.setdefault("type", "object")
    out.setdefault("properties", {})
    return out


def openai_tool(spec: ToolSpec) -> dict[str, Any]:
    params = inline_schema(spec.params)
    params.pop("title", None)
    return {"type": "function",
            "function": {"name": spec.name, "description": spec.description, "parameters": params}}


def openai_tools(registry: ToolRegistry, plan: Plan) -> list[dict[str, Any]]:
    """Seed getOpenAIToolDefinitions(plan): the tools the plan allows, in OpenAI's shape."""
    return [openai_tool(s) for s in registry.available_for(plan)]


# ---- Gemini subset ----------------------------------------------------------------------------
def _note(description: str | None, extra: str) -> str:
    base = (description or "").strip()
    if base and not base.endswith((".", "!", "?", ")")):
        base += "."
    return f"{base} {extra}".strip()


def _gemini_any_of(node: dict[str, Any], depth: int) -> dict[str, Any]:
    branches = [b for b in node["anyOf"] if b.get("type") != "null"]
    rest = {k: v for k, v in node.items() if k != "anyOf"}
    if len(branches) != 1:
        raise ExportError("a union of several types has no Gemini equivalent; "
                          "declare one type per parameter")
    out = gemini_schema_node({**branches[0], **rest}, depth + 1)
    if len(branches) < len(node["anyOf"]):
        out["nullable"] = True
    return out


def gemini_schema_node(node: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """One (already inlined) JSON-schema node as a Gemini Schema dict with only GEMINI_KEYWORDS."""
    if depth > _MAX_DEPTH:
        raise ExportError("schema nested too deeply")
    if "anyOf" in node or "oneOf" in node:
        return _gemini_any_of({**node, "anyOf": node.get("anyOf") or node["oneOf"]}, depth)
    if "allOf" in node and len(node["allOf"]) == 1:
        merged = {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}
        return gemini_schema_node(merged, depth + 1)
    kind = node.get("type") or ("string" if "enum" in node or "const" in node else None)
    if kind not in _GEMINI_TYPES:
        raise ExportError(f"unsupported schema type {kind!r}")
    gtype = _GEMINI_TYPES[kind]
    out: dict[str, Any] = {"type": gtype}
    description = node.get("description")
    if "default" in node:
        description = _note(description, f"Default: {node['default']}.")
    for key, sign in (("exclusiveMinimum", ">"), ("exclusiveMaximum", "<")):
        if key in node:
            description = _note(description, f"Must be {sign} {node[key]}.")
    fmt = node.get("format")
    if fmt and fmt not in _GEMINI_FORMATS.get(gtype, set()):
        description = _note(description, f"Format: {fmt}.")
        fmt = None
    if description:
        out["description"] = description
    if fmt:
        out["format"] = fmt
    enum = node.get("enum") or ([node["const"]] if "const" in node else None)
    if enum is not None:
        out["type"], out["enum"] = "STRING", [str(v) for v in enum]
    for key in ("minimum", "maximum"):
        if key in node and gtype in ("NUMBER", "INTEGER"):
            out[key] = node[key]
    if gtype == "ARRAY":
        out["items"] = gemini_schema_node(node.get("items") or {"type": "string"}, depth + 1)
    if gtype == "OBJECT":
        props = node.get("properties") or {}
        out["properties"] = {k: gemini_schema_node(v, depth + 1) for k, v in props.items()}
        required = [r for r in node.get("required") or [] if r in props]
        if required:
            out["required"] = required
    return out


def gemini_declaration(spec: ToolSpec) -> dict[str, Any]:
    """A Gemini FunctionDeclaration (REST JSON) for the tool."""
    params = gemini_schema_node(inline_schema(spec.params))
    if params["type"] != "OBJECT":
        raise ExportError(f"{spec.name}: parameters must be an OBJECT")
    decl: dict[str, Any] = {"name": spec.name, "description": spec.description}
    if params.get("properties"):
        decl["parameters"] = params
    return decl


def gemini_declarations(registry: ToolRegistry, plan: Plan) -> list[dict[str, Any]]:
    return [gemini_declaration(s) for s in registry.available_for(plan)]


def catalogue_entry(spec: ToolSpec, plan: Plan | None = None) -> dict[str, Any]:
    """The `askbar tools list` / `GET /api/tools` row of a tool."""
    from agent.identity.models import plan_allows

    rl = spec.rate_limit
    return {"id": spec.id, "name": spec.name, "category": spec.category,
            "description": spec.description, "required_plan": spec.required_plan,
            "rate_limit": {"per_minute": rl.per_minute, "per_hour": rl.per_hour,
                           "per_day": rl.per_day},
            "mutates": spec.mutates,
            "available": plan_allows(plan, spec.required_plan) if plan else True}


# ---- MCP -------------------------------------------------------------------------------------
def mcp_annotations(spec: ToolSpec) -> dict[str, Any]:
    """MCP tool annotations (spec 2025-06-18 ToolAnnotations) from the declaration: every tool says
    whether it only reads, and a tool that writes says whether it may destroy or replace something
    and whether repeating it changes more. None of them reaches outside AskBar (openWorldHint)."""
    writes = spec.mutates if spec.writes is None else spec.writes
    out: dict[str, Any] = {"title": spec.name.replace("_", " "), "readOnlyHint": not writes,
                           "openWorldHint": False}
    if writes:
        out["destructiveHint"] = spec.destructive
        out["idempotentHint"] = spec.idempotent
    else:
        out["idempotentHint"] = True
    return out


def mcp_tool(spec: ToolSpec) -> dict[str, Any]:
    """The MCP `Tool` object (tools/list) of a tool."""
    schema = inline_schema(spec.params)
    schema.pop("title", None)
    return {"name": spec.name, "description": spec.description, "inputSchema": schema,
            "annotations": mcp_annotations(spec)}


EXPORT_FORMATS = ("openai", "gemini", "mcp")


def export_tools(registry: ToolRegistry, plan: Plan, fmt: str) -> list[dict[str, Any]]:
    """The tools `plan` allows in one client format: OpenAI tools, Gemini function declarations
    or MCP tools (`askbar tools export`, `GET /api/tools?format=...`)."""
    specs = registry.available_for(plan)
    if fmt == "openai":
        return [openai_tool(s) for s in specs]
    if fmt == "gemini":
        return [gemini_declaration(s) for s in specs]
    if fmt == "mcp":
        return [mcp_tool(s) for s in specs]
    raise ValueError(f"unknown format {fmt!r}: use one of {', '.join(EXPORT_FORMATS)}")
