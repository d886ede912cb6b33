"""The declaration registry: one declaration per action, indicator, pattern and claim type.

A declaration says what a capability is (name, parameters, description), how it runs (builder,
post-processors) and what it needs (intraday bars) and produces (claim types). Everything that
lists capabilities reads it: the plan models' name sets (`Declared`), the builder and
post-processor tables, `capabilities.py`'s catalogue and degradation, the planner and understander
prompts and (through the plan models) the Gemini function schemas. The declarations themselves
are in query_builder/declarations.py; this module imports nothing from the builders, so the plan
models can depend on it without an import cycle. The package (query_builder/__init__.py) names the
module that declares them (`declared_in`); the lists load it on first use.
"""
from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import core_schema

Kind = Literal["action", "indicator", "pattern", "claim"]
Needs = Literal["intraday"]
ClaimKind = Literal["price", "pct", "pct_level", "volume", "count", "number"]  # agent/answer/render.py kinds
# The words that name a claim in an answer ("closed at", "the high", "volume"): a value after
# another family's words is sent back (agent/answer/validation.py).
Family = Literal["open", "close", "high", "low", "volume", "volatility"]
# The chart an answer of a kind draws (agent/server/charts/ builds each one; tests/server/test_charts_declared.py
# checks every action and pattern names one that has a builder).
Chart = Literal["candles", "extremes", "intraday", "volume_profile", "events", "after_events", "compare_periods",
                "gaps", "volume_spikes", "hourly_profile", "indicator", "by_pattern", "volume_rank",
                "backtest", "price_levels"]
Panel = Literal["price", "below"]   # an indicator drawn over the price (same scale) or under it


@dataclass(frozen=True)
class ActionDecl:
    """A plan action. `params`: the StepParams fields it reads ("x?" optional, in prompt order)."""
    name: str
    description: str               # the catalogue line (what it computes)
    params: tuple[str, ...]
    builder: Callable[..., Any]    # Context -> BuiltQuery
    post: dict[str, Callable[..., Any]] = field(default_factory=dict)  # post name -> processor
    needs: Needs | None = None
    alternative: str | None = None  # closest capability when `needs` is not met
    claims: tuple[str, ...] = ()    # claim types its results carry
    sample: dict[str, Any] = field(default_factory=dict)  # minimal extra params to build a step
    chart: Chart = "candles"        # the chart of its answer ("by_pattern": the pattern's own)


@dataclass(frozen=True)
class IndicatorDecl:
    name: str
    description: str
    window: int | None              # default window; None = fixed (MACD, VWAP, OBV)
    columns: tuple[str, ...]        # output columns; the first is the headline value
    compute: Callable[..., dict[str, Any]]  # (bars, n, start) -> {column: array}
    needs: Needs | None = None
    alternative: str | None = None
    panel: Panel = "below"          # where its chart draws it
    levels: tuple[float, ...] = ()  # reference lines of its panel (RSI 30/70, ADX 25)


@dataclass(frozen=True)
class PatternDecl:
    name: str
    description: str
    threshold: float | None         # default threshold
    builder: Callable[..., Any]     # (Context, threshold) -> (sql, params, granularity)
    post: Callable[..., Any]
    needs: Needs | None = None
    alternative: str | None = None
    chart: Chart = "candles"


@dataclass(frozen=True)
class ClaimDecl:
    """A claim type: the action whose result holds it and where ("summary.key" or "rows.key"), and
    how its value is rendered (agent/answer/render.py kinds: price, pct, pct_level, volume, count, number).
    `templates`: the offline answer's wording per language ({"en": "range of closes {v}", ...}),
    used when the language pack has none for the claim (offline_templates.METRIC overrides), so a
    new claim type needs no edit to every pack; tests/agent/test_lang_packs.py checks that every
    claim has one for every pack language.

    What the answer side reads of it (agent/answer/claim_types.py builds its tables from these, so a
    new claim type states them here): `kind` is its unit; `family` the words that name it;
    `difference` a difference of two prices (a range, close - open: never compared with a price or
    read as one); `dated` its result holds the date beside it as "<key>_date" (when the high was);
    `ranked` it is the result of a ranking (a max, the best hour: a superlative may stand beside it);
    `windowed` it is also computed over a time-of-day window (the window is its context); an
    `action` of get_period_stats means the period summary computes it (so compare_periods does)."""
    name: str
    action: str
    where: str
    description: str
    kind: ClaimKind = "number"
    templates: Mapping[str, str] = field(default_factory=dict)
    family: Family | None = None
    difference: bool = False
    dated: bool = False
    ranked: bool = False
    windowed: bool = False


Decl = ActionDecl | IndicatorDecl | PatternDecl | ClaimDecl
_REGISTRY: dict[str, dict[str, Any]] = {"action": {}, "indicator": {}, "pattern": {}, "claim": {}}
_KIND_OF = {ActionDecl: "action", IndicatorDecl: "indicator", PatternDecl: "pattern", ClaimDecl: "claim"}
_SOURCES: list[str] = []    # modules whose import registers declarations (declared_in)
_LOAD_LOCK = threading.RLock()
_STATE = {"version": 0}     # bumped on every change of the registry (views of it cache on it)


def register(*decls: Decl) -> None:
    """Add declarations (query_builder/declarations.py at first use; tests for a temporary one)."""
    for d in decls:
        _REGISTRY[_KIND_OF[type(d)]][d.name] = d
    _STATE["version"] += 1


def unregister(kind: Kind, name: str) -> None:
    _REGISTRY[kind].pop(name, None)
    _STATE["version"] += 1


def version() -> int:
    """A number that changes whenever a declaration is registered or unregistered."""
    _load()
    return _STATE["version"]


def declared_in(module: str) -> None:
    """Name a module whose import registers declarations: imported the first time a list is read."""
    _SOURCES.append(module)


def _load() -> None:
    # The lists are read at import time by the plan models' users, so declarations load lazily;
    # a source is taken off the list only once imported (an import that fails is retried).
    with _LOAD_LOCK:
        while _SOURCES:
            importlib.import_module(_SOURCES[0])
            _SOURCES.pop(0)


def actions() -> dict[str, ActionDecl]:
    _load()
    return dict(_REGISTRY["action"])


def indicators() -> dict[str, IndicatorDecl]:
    _load()
    return dict(_REGISTRY["indicator"])


def patterns() -> dict[str, PatternDecl]:
    _load()
    return dict(_REGISTRY["pattern"])


def claims() -> dict[str, ClaimDecl]:
    _load()
    return dict(_REGISTRY["claim"])


def names(kind: Kind) -> tuple[str, ...]:
    _load()
    return tuple(_REGISTRY[kind])


def post_processors() -> dict[str, Callable[..., Any]]:
    """Every named post-processor an action builder may return (BuiltQuery.post)."""
    return {name: fn for d in actions().values() for name, fn in d.post.items()}


def reads(action: ActionDecl, param: str) -> bool:
    """Whether the action reads a StepParams field (its declared params, "x?" optional)."""
    return any(p.rstrip("?").split("{")[0].split("[")[0] == param for p in action.params)


def needs_of(action: str, indicator: str | None = None, pattern: str | None = None) \
        -> list[ActionDecl | IndicatorDecl | PatternDecl]:
    """The declarations a step uses that need something (intraday bars), action first; the
    indicator and pattern count only for an action that reads them."""
    act = actions().get(action)
    if act is None:
        return []
    used: list[ActionDecl | IndicatorDecl | PatternDecl | None] = [
        act, indicators().get(indicator or "") if reads(act, "indicator") else None,
        patterns().get(pattern or "") if reads(act, "pattern") else None]
    return [d for d in used if d is not None and d.needs]


class Declared:
    """A pydantic string type whose values are the declared names of one kind.

    Checked when a value is validated and listed as an enum when a JSON schema is generated (the
    Gemini function schemas), both from the registry at that moment: one declaration adds a name
    everywhere, no Literal to edit. Use as Annotated[str, Declared("action")].
    """

    def __init__(self, kind: Kind):
        self.kind: Kind = kind

    def _check(self, value: str) -> str:
        if value not in names(self.kind):
            raise ValueError(f"unknown {self.kind} {value!r}; one of: {', '.join(names(self.kind))}")
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) \
            -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, core_schema.str_schema())

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema,
                                     handler: GetJsonSchemaHandler) -> dict[str, Any]:
        out = handler(schema)
        out["enum"] = list(names(self.kind))
        return out
