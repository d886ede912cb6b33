"""A tool's parameters as its declaration has them (the pydantic model's JSON schema, references
inlined): type, required or default, allowed values, bounds, description. `askbar tools show` prints
it (agent/cli/tool_show.py); GET /api/tools/{name} serves it, so the CLI beside a server reads it
without building the registry in its own process."""
from __future__ import annotations

from typing import Any

_BOUNDS = (("minimum", ">="), ("exclusiveMinimum", ">"), ("maximum", "<="), ("exclusiveMaximum", "<"),
           ("minLength", "min length"), ("maxLength", "max length"), ("minItems", "min items"),
           ("maxItems", "max items"))


def _type(prop: dict[str, Any]) -> str:
    if "anyOf" in prop:
        return " | ".join(_type(p) for p in prop["anyOf"])
    if prop.get("type") == "array":
        return f"list[{_type(prop.get('items') or {})}]"
    if "enum" in prop:
        return prop.get("type", "string")
    if "const" in prop:
        return prop.get("type", "string")
    return str(prop.get("type") or "any")


def _allowed(prop: dict[str, Any]) -> list[Any]:
    values = list(prop.get("enum") or [])
    if "const" in prop:
        values.append(prop["const"])
    for sub in (prop.get("anyOf") or []) + ([prop["items"]] if isinstance(prop.get("items"), dict) else []):
        values += [v for v in _allowed(sub) if v not in values]
    return values


def _bounds(prop: dict[str, Any]) -> list[str]:
    out = [f"{label} {prop[key]}" for key, label in _BOUNDS if key in prop]
    for sub in prop.get("anyOf") or []:
        out += _bounds(sub)
    return out


def describe(name: str, registry: Any = None) -> dict[str, Any] | None:
    """The declaration of tool `name` (or its id), or None when there is none."""
    from agent.tools.exports import inline_schema
    from agent.tools.registry import get_registry

    registry = registry or get_registry()
    spec = registry.get(name) or next((s for s in registry.all() if s.id == name), None)
    if spec is None:
        return None
    schema = inline_schema(spec.params)
    required = set(schema.get("required") or [])
    params = []
    for pname, prop in (schema.get("properties") or {}).items():
        row: dict[str, Any] = {"name": pname, "type": _type(prop), "required": pname in required,
                               "description": prop.get("description") or ""}
        if "default" in prop:
            row["default"] = prop["default"]
        if allowed := _allowed(prop):
            row["allowed"] = allowed
        if bounds := _bounds(prop):
            row["bounds"] = bounds
        params.append(row)
    rl = spec.rate_limit
    return {"name": spec.name, "id": spec.id, "category": spec.category, "description": spec.description,
            "required_plan": spec.required_plan, "mutates": spec.mutates,
            "rate_limit": {"per_minute": rl.per_minute, "per_hour": rl.per_hour, "per_day": rl.per_day},
            "parameters": params}
