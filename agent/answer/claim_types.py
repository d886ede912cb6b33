"""Which claim type a summary value is shown as, when its key is not a claim type's own name: an
indicator's lines (a Bollinger band, the MACD signal), a pattern's figures (spike ratios, the
hourly profile's bar count, filled gaps) and a volume profile's range. So every number an answer
of those kinds shows is a claim (query_builder/declarations.py declares the types), and its
`context` names the parameters the value was computed with ("window 20", "threshold 2.0").

And the answer side's tables of claim properties (unit, family, difference, dated, ranked,
windowed) as views of the declarations (`Declared`, `DeclaredMap`): a claim type states its
properties on its ClaimDecl only."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from functools import lru_cache
from typing import Any

from query_builder import declare
from query_builder.declare import ClaimDecl

# (indicator or pattern or "volume_profile", summary key) -> claim type
_CLAIM_AS = {("bollinger", "value"): "bb_middle", ("bollinger", "middle"): "bb_middle",
             ("bollinger", "upper"): "bb_upper", ("bollinger", "lower"): "bb_lower",
             ("macd", "value"): "macd", ("macd", "macd"): "macd", ("macd", "signal"): "macd_signal",
             ("macd", "histogram"): "macd_histogram", ("adx", "plus_di"): "adx_plus_di",
             ("adx", "minus_di"): "adx_minus_di",
             ("volume_spikes", "avg_ratio"): "spike_avg_ratio", ("volume_spikes", "max_ratio"): "spike_max_ratio",
             ("hourly_profile", "total_bars"): "hourly_bars", ("gaps", "filled_count"): "gap_filled_count",
             ("gaps", "fill_rate_pct"): "gap_fill_rate",
             ("volume_profile", "price_low"): "profile_low", ("volume_profile", "price_high"): "profile_high"}
# Keys that are claim types of their own name (inside their pattern's or profile's summary).
_OWN = {"volume_spikes": {"spike_count"},
        "hourly_profile": {"busiest_hour", "most_volatile_hour", "best_hour", "worst_hour"},
        "gaps": {"gap_count", "gap_up_count", "gap_down_count", "avg_gap_pct", "avg_abs_gap_pct", "days_checked"},
        "volume_profile": {"poc_price", "value_area_low", "value_area_high"}}


def source_of(data: dict[str, Any]) -> str:
    """The indicator, pattern or "volume_profile" a summary is of ("" for the others)."""
    if data.get("indicator"):
        return str(data["indicator"])
    if data.get("pattern"):
        return str(data["pattern"])
    return "volume_profile" if "poc_price" in data and "value_area_low" in data else ""


def claim_as(data: dict[str, Any], key: str) -> str | None:
    """The claim type of `key` in summary `data` when it differs from the key (None otherwise)."""
    source = source_of(data)
    if not source or source == "rsi":
        return None
    found = _CLAIM_AS.get((source, key)) or (source if key in ("value", source) and data.get("indicator") else None)
    if found is None and key in _OWN.get(source, ()):
        found = key
    return found if found in declare.names("claim") else None


# Keys of a summary that share a claim type's name but not its meaning ("up_days" of a spikes
# summary counts the spike days that closed up, not the period's up days).
_NOT_CLAIMS = {"volume_spikes": {"up_days", "down_days", "event_count"}}


def not_a_claim(data: dict[str, Any], key: str) -> bool:
    return key in _NOT_CLAIMS.get(source_of(data), ())


def context_of(data: dict[str, Any]) -> str | None:
    """The parameters a value of `data` was computed with, as the claim's context."""
    if data.get("indicator"):
        params = data.get("params")
        params = params if isinstance(params, dict) else {}
        named = [f"window {data['window']}"] if data.get("window") else []
        return ", ".join(named + [f"{k} {v}" for k, v in params.items()]) or None
    parts = []
    if data.get("threshold") is not None and data.get("pattern") in ("gaps", "volume_spikes"):
        parts.append(f"threshold {data['threshold']}")
    if data.get("lookback_days"):
        parts.append(f"lookback {data['lookback_days']}")
    if data.get("bins"):
        parts.append(f"bins {data['bins']}")
    return ", ".join(parts) or None


# --- the answer side's tables of claim properties: views of the declarations --------------------

@lru_cache(maxsize=128)
def _chosen(pick: Callable[[ClaimDecl], Any], version: int) -> dict[str, Any]:
    """{claim type: pick(its declaration)} where that is set; the registry's `version` keys the
    cache, so a declaration registered later is read."""
    return {name: v for name, d in declare.claims().items() if (v := pick(d)) not in (None, False)}


def _declared(pick: Callable[[ClaimDecl], Any]) -> dict[str, Any]:
    return _chosen(pick, declare.version())


class Declared(Set[str]):
    """The claim types whose declaration has a property, and the keys of the table that are no
    claim type (a summary's "max", a window's "range"): an answer module's table of names, read
    from the declarations at each use, so a new claim type states the property only there."""

    def __init__(self, has: Callable[[ClaimDecl], bool], extra: Iterable[str] = ()) -> None:
        self._has = has
        self.extra = frozenset(extra)

    def _names(self) -> frozenset[str]:
        return frozenset(_declared(self._has)) | self.extra

    def __contains__(self, key: object) -> bool:
        return key in self.extra or key in _declared(self._has)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __repr__(self) -> str:
        return f"Declared({sorted(self._names())})"


class DeclaredMap(Mapping[str, str]):
    """{claim type: a property's value} for the declarations that set it, and {key: value} for the
    keys of the table that are no claim type (as Declared)."""

    def __init__(self, value: Callable[[ClaimDecl], str | None], extra: Mapping[str, str]) -> None:
        self._value = value
        self.extra = dict(extra)

    def _table(self) -> dict[str, str]:
        return {**_declared(self._value), **self.extra}

    def __getitem__(self, key: str) -> str:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def of_kind(kind: str, extra: Iterable[str] = ()) -> Declared:
    """The claim types rendered as `kind` (their unit) and the table's other keys of that unit."""
    return Declared(lambda d: d.kind == kind, extra)
