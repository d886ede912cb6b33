"""Answer templates per language. Numbers are filled in by analyze.py with texts.fmt_* only."""
from __future__ import annotations

from agent import lang as packs

METRIC = packs.by_lang("offline_templates", "METRIC")
COVERAGE = packs.by_lang("offline_templates", "COVERAGE")
ALL_DATA = packs.by_lang("offline_templates", "ALL_DATA")
SINCE = packs.by_lang("offline_templates", "SINCE")
IN_PERIOD = packs.by_lang("offline_templates", "IN_PERIOD")

TOP = packs.by_lang("offline_templates", "TOP")
OPS = packs.by_lang("offline_templates", "OPS")
METRIC_NAME = packs.by_lang("offline_templates", "METRIC_NAME")
EVENTS = packs.by_lang("offline_templates", "EVENTS")
EVENT_LIST = packs.by_lang("offline_templates", "EVENT_LIST")
EVENT_MORE = packs.by_lang("offline_templates", "EVENT_MORE")
AFTER = packs.by_lang("offline_templates", "AFTER")
NO_EVENTS_AFTER = packs.by_lang("offline_templates", "NO_EVENTS_AFTER")
COMPARE_BEST = packs.by_lang("offline_templates", "COMPARE_BEST")
RSI = packs.by_lang("offline_templates", "RSI")
RSI_RANGE = packs.by_lang("offline_templates", "RSI_RANGE")
ZONES = packs.by_lang("offline_templates", "ZONES")
INDICATOR = packs.by_lang("offline_templates", "INDICATOR")
INDICATOR_NA = packs.by_lang("offline_templates", "INDICATOR_NA")
NO_DATA = packs.by_lang("offline_templates", "NO_DATA")
SYNTHETIC = packs.by_lang("offline_templates", "SYNTHETIC")
GENERIC = packs.by_lang("offline_templates", "GENERIC")
ACTIONS = packs.by_lang("offline_templates", "ACTIONS")
