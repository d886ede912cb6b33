"""Gemini function declarations generated from the pydantic contracts (one source of truth).

pydantic's JSON schema is rewritten into the subset Gemini's `Schema` accepts: `$ref`s inlined
from `$defs`, `Optional[X]` (anyOf X | null) as X, Literal enums as STRING enums, dates and times
as strings with the expected format in the description, and titles, defaults and
`additionalProperties` dropped.

Compact by construction (declarations were most of a simple question's input tokens),
without losing what the model needs to fill the arguments:
- a definition's own description (a model's docstring) is sent once per declaration, at its first
  use: the same text again at every other place it is inlined says nothing new (the API's Schema
  has no `$ref` to share a definition);
- an optional field is simply not `required` (no `nullable`: a missing optional argument and a
  null one validate alike); no `propertyOrdering` (the arguments are a set, validated as a whole);
- fields code derives from others after validation (`DERIVED`, e.g. the intent's `symbol`, the
  first of its `symbols`) are not offered at all.

The subset relied on (`ALLOWED_KEYS`, checked by `schema_problems` for every declaration, and by
the tests on what is actually sent) is a conservative part of the API's `Schema` object, "a select
subset of an OpenAPI 3.0 schema object" (https://ai.google.dev/api/caching#Schema, v1beta):
type (STRING NUMBER INTEGER BOOLEAN ARRAY OBJECT), description, nullable, enum (STRING only: the
reference defines enum as "possible values of the element of Type.STRING"), properties, required,
propertyOrdering, items, anyOf, minimum/maximum (numbers), minItems/maxItems (arrays),
minLength/maxLength (strings). Not used: $ref/$defs, title, default, format, additionalProperties,
pattern, examples. A declaration's `parameters` is always an OBJECT schema: a function without
arguments gets an empty OBJECT (omitted or non-object parameters are rejected with 400 "Request
contains an invalid argument" under mode ANY).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from agent.state import AnalystOutput, Intent, Plan

if TYPE_CHECKING:   # google-genai costs ~0.3 s to import: only a Gemini run builds these
    from google.genai import types

_TYPES = {"string": "STRING", "number": "NUMBER", "integer": "INTEGER", "boolean": "BOOLEAN",
          "array": "ARRAY", "object": "OBJECT"}
_FORMAT_HINTS = {"date": "YYYY-MM-DD", "date-time": "ISO 8601 date-time", "time": "HH:MM"}
# Fields a declaration does not offer (`DERIVED`, dotted paths for nested ones): code fills them from
# others after validation (`derive` below: the intent's `symbol` is the first of
# `symbols`, `indicator` and `indicator_window` the first of `indicators` / `indicator_windows`;
# `confidence` is the parser's), or nothing reads what the model would write there.
_COPY = {"minimum": "minimum", "maximum": "maximum", "minItems": "min_items", "maxItems": "max_items",
         "minLength": "min_length", "maxLength": "max_length"}
MAX_DEPTH = 12


class SchemaError(ValueError):
    """A JSON-schema construct Gemini's Schema cannot express."""


SCHEMA_TYPES = frozenset(_TYPES.values())
# snake_case as in google.genai.types.Schema; the REST body spells them in camelCase.
ALLOWED_KEYS: dict[str, frozenset[str]] = {
    "any": frozenset({"type", "description", "nullable", "any_of"}),
    "STRING": frozenset({"enum", "min_length", "max_length"}),
    "NUMBER": frozenset({"minimum", "maximum"}),
    "INTEGER": frozenset({"minimum", "maximum"}),
    "BOOLEAN": frozenset(),
    "ARRAY": frozenset({"items", "min_items", "max_items"}),
    "OBJECT": frozenset({"properties", "required", "property_ordering"}),
}


def _snake(key: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in key)


def schema_problems(node: Any, path: str = "parameters") -> list[str]:
    """Every place where `node` (a Schema as a dict, snake_case or REST camelCase) leaves the subset
    documented above; [] when it is valid."""
    if not isinstance(node, dict):
        return [f"{path}: not a schema object"]
    node = {_snake(k): v for k, v in node.items() if v is not None}
    problems: list[str] = []
    if "any_of" in node and "type" not in node:
        for i, branch in enumerate(node["any_of"] or []):
            problems += schema_problems(branch, f"{path}.anyOf[{i}]")
        extra = set(node) - {"any_of", "description", "nullable"}
        return problems + [f"{path}: {k} not allowed next to anyOf" for k in sorted(extra)]
    kind = str(node.get("type") or "").upper()
    if kind not in SCHEMA_TYPES:
        return [f"{path}: type {node.get('type')!r} is not one of {sorted(SCHEMA_TYPES)}"]
    allowed = ALLOWED_KEYS["any"] | ALLOWED_KEYS[kind]
    problems += [f"{path}: keyword {k!r} not allowed on {kind}" for k in sorted(set(node) - allowed)]
    if "enum" in node and not all(isinstance(v, str) for v in node["enum"]):
        problems.append(f"{path}: enum values must be strings")
    if kind == "ARRAY":
        problems += schema_problems(node.get("items"), f"{path}.items") if "items" in node \
            else [f"{path}: ARRAY without items"]
    if kind == "OBJECT":
        props = node.get("properties") or {}
        for name, sub in props.items():
            problems += schema_problems(sub, f"{path}.{name}")
        problems += [f"{path}: required {r!r} is not a property" for r in node.get("required") or []
                     if r not in props]
        problems += [f"{path}: propertyOrdering {r!r} is not a property"
                     for r in node.get("property_ordering") or [] if r not in props]
    return problems


def declaration_problems(decl: dict[str, Any]) -> list[str]:
    """A function declaration (dict) against the subset: OBJECT parameters, valid schema, name."""
    name = decl.get("name") or ""
    problems = [] if name.replace("_", "").isalnum() and len(name) <= 64 else [f"bad name {name!r}"]
    params = decl.get("parameters")
    if not isinstance(params, dict) or str(params.get("type", "")).upper() != "OBJECT":
        return [*problems, f"{name}: parameters must be an OBJECT schema"]
    return problems + [f"{name}: {p}" for p in schema_problems(params)]


def _describe(node: dict[str, Any], extra: str | None = None) -> str | None:
    base = (node.get("description") or "").strip()
    text = f"{base} ({extra})" if base and extra else base or extra or ""
    return text or None


class _Seen:
    """Definitions already sent in this declaration with their descriptions (sent once), and
    whether the node being converted is inside a repeat of one (descriptions left out)."""

    def __init__(self) -> None:
        self.described: set[str] = set()
        self.quiet = 0


def _resolve(node: dict[str, Any], defs: dict[str, Any], seen: tuple[str, ...]) -> tuple[dict, tuple]:
    ref = node.get("$ref")
    if not ref:
        return node, seen
    name = ref.rsplit("/", 1)[-1]
    if name in seen:
        raise SchemaError(f"recursive model {name} cannot be inlined")
    own = {k: v for k, v in node.items() if k != "$ref"}
    return {**defs[name], **own}, (*seen, name)


def _inline(node: dict[str, Any], defs: dict[str, Any], seen: tuple[str, ...], depth: int,
            docs: _Seen, omit: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A `$ref` inlined: with its descriptions the first time in this declaration, without them
    when the same definition comes again (the field's own description is kept)."""
    name = node["$ref"].rsplit("/", 1)[-1]
    repeat = name in docs.described
    docs.described.add(name)
    docs.quiet += repeat
    try:
        out = _convert(node, defs, seen, depth, docs, omit, ref_done=True)
    finally:
        docs.quiet -= repeat
    if repeat and node.get("description"):
        out["description"] = node["description"]
    return out


def _convert(node: dict[str, Any], defs: dict[str, Any], seen: tuple[str, ...] = (),
             depth: int = 0, docs: _Seen | None = None, omit: frozenset[str] = frozenset(),
             ref_done: bool = False) -> dict[str, Any]:
    if depth > MAX_DEPTH:
        raise SchemaError("schema nested too deeply")
    docs = docs if docs is not None else _Seen()
    if "$ref" in node and not ref_done:
        return _inline(node, defs, seen, depth, docs, omit)
    node, seen = _resolve(node, defs, seen)
    if "allOf" in node and len(node["allOf"]) == 1:
        return _convert({**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}},
                        defs, seen, depth + 1, docs, omit)
    if "anyOf" in node:
        return _convert_any_of(node, defs, seen, depth, docs, omit=omit)
    kind = node.get("type")
    if "enum" in node and kind is None:
        kind = "string"
    if kind not in _TYPES:
        raise SchemaError(f"unsupported schema type {kind!r}")
    fmt = node.get("format")
    out: dict[str, Any] = {"type": _TYPES[kind]}
    if not docs.quiet and (description := _describe(node, _FORMAT_HINTS.get(str(fmt)))):
        out["description"] = description
    if "enum" in node:
        if kind != "string" or not all(isinstance(v, str) for v in node["enum"]):
            raise SchemaError(f"enum on {kind}: the API accepts enums on strings only")
        out["enum"] = list(node["enum"])
    for src, dst in _COPY.items():
        if src in node:
            out[dst] = node[src]
    if kind == "array":
        item = node.get("items") or {"type": "string"}
        if "anyOf" in item:      # a null inside a list holds a place ("default window"): say it may
            out["items"] = _convert_any_of(item, defs, seen, depth + 1, docs, keep_null=True, omit=omit)
        else:
            out["items"] = _convert(item, defs, seen, depth + 1, docs, omit)
        if out.get("description") and "$ref" in item:   # the list's own text speaks for its items
            out["items"].pop("description", None)
    if kind == "object":
        props = {k: v for k, v in (node.get("properties") or {}).items() if k not in omit}
        out["properties"] = {k: _convert(v, defs, seen, depth + 1, docs, _below(omit, k))
                             for k, v in props.items()}
        if required := [r for r in node.get("required") or [] if r in props]:
            out["required"] = required
    return out


def _below(omit: frozenset[str], name: str) -> frozenset[str]:
    """The omitted paths under property `name` ("steps.params.bins" -> "params.bins")."""
    return frozenset(p[len(name) + 1:] for p in omit if p.startswith(name + "."))


def _convert_any_of(node: dict[str, Any], defs: dict[str, Any], seen: tuple[str, ...],
                    depth: int, docs: _Seen, keep_null: bool = False,
                    omit: frozenset[str] = frozenset()) -> dict[str, Any]:
    branches = [b for b in node["anyOf"] if b.get("type") != "null"]
    rest = {k: v for k, v in node.items() if k not in ("anyOf", "default", "title")}
    if len(branches) == 1:     # Optional[X]: X, not required (the parent's `required` says so)
        single = _convert({**branches[0], **rest}, defs, seen, depth + 1, docs, omit)
        if keep_null and len(branches) < len(node["anyOf"]):
            single["nullable"] = True
        return single
    out: dict[str, Any] = {"any_of": [_convert(b, defs, seen, depth + 1, docs) for b in branches]}
    if not docs.quiet and (description := _describe(node)):
        out["description"] = description
    if len(branches) < len(node["anyOf"]):
        out["nullable"] = True  # a union that may also be null: the API needs it said on anyOf
    return out


def gemini_schema(model: type[BaseModel], omit: frozenset[str] = frozenset()) -> types.Schema:
    """The model's JSON schema as a Gemini Schema (OBJECT with inlined definitions), without the
    fields in `omit` (dotted paths: "steps.params.bins")."""
    from google.genai import types

    raw = model.model_json_schema()
    return types.Schema.model_validate(_convert(raw, raw.get("$defs") or {}, omit=omit))


def declaration(name: str, description: str, model: type[BaseModel] | None,
                omit: frozenset[str] = frozenset()) -> types.FunctionDeclaration:
    """A FunctionDeclaration whose parameters are the model's fields but `omit` (dotted paths; an empty OBJECT
    when model is None), checked against the documented subset (SchemaError names every
    violation)."""
    from google.genai import types

    params = gemini_schema(model, omit) if model is not None else types.Schema(type="OBJECT", properties={})
    decl = types.FunctionDeclaration(name=name, description=description, parameters=params)
    problems = declaration_problems(decl.model_dump(mode="json", exclude_none=True))
    if problems:
        raise SchemaError("; ".join(problems))
    return decl


# The functions each agent may call (names are part of the prompts: keep them in sync).
PARSE_INTENT = "parse_intent"
SUBMIT_PLAN = "submit_plan"
SUBMIT_ANSWER = "submit_answer"


DERIVED: dict[str, frozenset[str]] = {
    # `declined` is code's: the parser's unread words and the reading checked against the plan
    PARSE_INTENT: frozenset({"symbol", "indicator", "indicator_window", "confidence", "declined"}),
    # the plan's summary is read by nothing; a volume profile's bins are never asked for (the
    # typed reading has no such field): the default applies
    SUBMIT_PLAN: frozenset({"summary", "steps.params.bins"})}


DESCRIPTIONS = {
    PARSE_INTENT: "Record the structured intent of the user's question about market data.",
    SUBMIT_PLAN: "Submit the plan: the data-fetching steps the query builder will run.",
    SUBMIT_ANSWER: "Submit the answer text for the user and every number it states as a claim."}


@lru_cache(maxsize=None)
def declarations() -> dict[str, types.FunctionDeclaration]:
    """The whole declarations (every action, every field); a request may be offered a part of
    them (agent/llm/request_decls.py)."""
    return {
        PARSE_INTENT: declaration(PARSE_INTENT, DESCRIPTIONS[PARSE_INTENT], Intent, DERIVED[PARSE_INTENT]),
        SUBMIT_PLAN: declaration(SUBMIT_PLAN, DESCRIPTIONS[SUBMIT_PLAN], Plan, DERIVED[SUBMIT_PLAN]),
        SUBMIT_ANSWER: declaration(SUBMIT_ANSWER, DESCRIPTIONS[SUBMIT_ANSWER], AnalystOutput),
    }


MODELS: dict[str, type[BaseModel]] = {PARSE_INTENT: Intent, SUBMIT_PLAN: Plan,
                                      SUBMIT_ANSWER: AnalystOutput}


def derive(intent: Intent) -> Intent:
    """The intent's fields its declaration does not offer (DERIVED), filled from the ones it does:
    the first symbol, indicator and window of the typed reading's lists."""
    intent.symbols = [s.strip().upper() for s in intent.symbols if s.strip()]
    intent.symbol = intent.symbol.strip().upper() if intent.symbol else None
    if not intent.symbol and intent.symbols:
        intent.symbol = intent.symbols[0]
    if intent.indicator is None and intent.indicators:
        intent.indicator = intent.indicators[0]
    if intent.indicator_window is None and intent.indicator_windows:
        intent.indicator_window = intent.indicator_windows[0]
    return intent
