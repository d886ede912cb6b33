"""Closed sets (Literal parameters) accept any case: "rsi" is RSI, "Day_Trading" is day_trading.

A tool's parameters declare their allowed values as Literal types; a person or a model typing the
value rarely matches the declared case. Before validation each string (or list of strings) aimed at
a Literal field is replaced by the declared value it equals ignoring case; anything else is left
for pydantic to refuse with the allowed values listed.
"""
from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel


def literal_values(annotation: Any) -> tuple[str, ...]:
    """The string values of the Literal(s) inside an annotation (Optional, list and unions too)."""
    origin = get_origin(annotation)
    if origin is Literal:
        return tuple(v for v in get_args(annotation) if isinstance(v, str))
    if origin in (Union, types.UnionType, list, tuple, set, frozenset):
        return tuple(v for arg in get_args(annotation) for v in literal_values(arg))
    return ()


def _fold(value: Any, by_lower: dict[str, str]) -> Any:
    if isinstance(value, str):
        return by_lower.get(value.strip().lower(), value)
    if isinstance(value, list):
        return [_fold(v, by_lower) for v in value]
    return value


def fold_case(model: type[BaseModel], params: Any) -> Any:
    """`params` with closed-set values in their declared case (a new dict; the input is untouched)."""
    if not isinstance(params, dict):
        return params
    out = dict(params)
    for name, field in model.model_fields.items():
        key = name if name in out else field.alias if field.alias in out else None
        allowed = literal_values(field.annotation) if key is not None else ()
        if allowed:
            by_lower = {v.lower(): v for v in allowed}
            if len(by_lower) == len(allowed):     # never guess between values that differ by case only
                out[key] = _fold(out[key], by_lower)
    return out
