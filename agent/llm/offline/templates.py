"""Answer templates per language. Numbers are filled in by analyze.py with texts.fmt_* only."""
from __future__ import annotations

from agent import lang as packs
from query_builder import declare

METRIC = packs.by_lang("offline_templates", "METRIC")
COVERAGE = packs.by_lang("offline_templates", "COVERAGE")
ALL_DATA = packs.by_lang("offline_templates", "ALL_DATA")
SINCE = packs.by_lang("offline_templates", "SINCE")
IN_PERIOD = packs.by_lang("offline_templates", "IN_PERIOD")

TOP = packs.by_lang("offline_templates", "TOP")
VOLUME_RANK = packs.by_lang("offline_templates", "VOLUME_RANK")
VOLUME_RANK_ITEM = packs.by_lang("offline_templates", "VOLUME_RANK_ITEM")
OPS = packs.by_lang("offline_templates", "OPS")
METRIC_NAME = packs.by_lang("offline_templates", "METRIC_NAME")
EVENTS = packs.by_lang("offline_templates", "EVENTS")
EVENT_LIST = packs.by_lang("offline_templates", "EVENT_LIST")
EVENT_MORE = packs.by_lang("offline_templates", "EVENT_MORE")
AFTER = packs.by_lang("offline_templates", "AFTER")
NO_EVENTS_AFTER = packs.by_lang("offline_templates", "NO_EVENTS_AFTER")
COMPARE_BEST = packs.by_lang("offline_templates", "COMPARE_BEST")
COMPARE_HIGHEST = packs.by_lang("offline_templates", "COMPARE_HIGHEST")
COMPARE_NONE = packs.by_lang("offline_templates", "COMPARE_NONE")
COMPARE_WORST = packs.by_lang("offline_templates", "COMPARE_WORST")
RSI = packs.by_lang("offline_templates", "RSI")
RSI_RANGE = packs.by_lang("offline_templates", "RSI_RANGE")
ZONES = packs.by_lang("offline_templates", "ZONES")
INDICATOR = packs.by_lang("offline_templates", "INDICATOR")
INDICATOR_NA = packs.by_lang("offline_templates", "INDICATOR_NA")
NO_DATA = packs.by_lang("offline_templates", "NO_DATA")
SYNTHETIC = packs.by_lang("offline_templates", "SYNTHETIC")
GENERIC = packs.by_lang("offline_templates", "GENERIC")
ACTIONS = packs.by_lang("offline_templates", "ACTIONS")

# Actions whose offline renderer states their claims with templates of its own (EVENTS, AFTER,
# RSI, the patterns and the volume profile in kinds.py): their claims need no METRIC entry. Every other claim is written with claim_template().
OWN_TEMPLATES = frozenset({"find_events", "get_periods_after", "get_indicator", "rank_volume_days",
                           "aggregate_patterns", "get_volume_profile"})


def claim_template(lang: str, claim: str) -> str | None:
    """The answer template of a claim type in `lang`: the pack's METRIC entry, else the one the
    claim's declaration carries inline (ClaimDecl.templates); None when neither has one."""
    text = METRIC.get(lang, {}).get(claim)
    if text is not None:
        return str(text)
    decl = declare.claims().get(claim)
    return decl.templates.get(lang) if decl is not None else None


def missing_claim_templates() -> list[tuple[str, str]]:
    """(claim, language) pairs with no template in the pack nor in the declaration."""
    return [(name, code) for name, d in declare.claims().items() if d.action not in OWN_TEMPLATES
            for code in packs.codes() if claim_template(code, name) is None]
