"""Per-agent generation settings for Gemini: thinking and temperature, chosen by model family.

- Gemini 3 and later take `thinking_level` (minimal | low | medium | high); Gemini 2.5 takes a
  token `thinking_budget` instead (sending both is a 400), so a level maps to a budget there.
  Other families (2.0, custom ids) get no thinking config: they would reject it.
  Source: https://ai.google.dev/gemini-api/docs/thinking and the Gemini 3 developer guide
  (https://ai.google.dev/gemini-api/docs/gemini-3).
- Temperature: the longest prefix of the model id in `settings.gemini_temperatures` (Google's
  Gemini 3 guidance: keep 1.0; lower values can make it loop or degrade), unless
  `settings.gemini_temperature` forces one value for every model; no match sends none.
"""
from __future__ import annotations

import re
from typing import Any

from google.genai import types

LEVELS = ("minimal", "low", "medium", "high")
# Levels each Gemini 3 family accepts, by model-id prefix (longest prefix wins; an id no prefix
# matches is assumed to take all four). A level the model does not take is a 400 on every call, so
# it is refused when the provider is built (server start-up), not found by the first user.
# Sources (read 2026-11-25): Google's "What's new in Gemini 3.7" (3.7 Flash: low, medium, high;
# minimal "not yet supported at launch"), llm-gemini 0.34 release notes (3.8 Flash: low, medium,
# high), the Gemini 3 developer guide (3 Pro: low, high; 3 Flash: all four), adk-gemini's
# ThinkingLevel docs (minimal is not supported on 3.1 Pro).
LEVELS_BY_MODEL: dict[str, tuple[str, ...]] = {
    "gemini-3.8-flash": ("low", "medium", "high"),
    "gemini-3.7-flash": ("low", "medium", "high"),
    "gemini-3.1-pro": ("low", "medium", "high"),
    "gemini-3-pro": ("low", "high"),
}


class ThinkingLevelError(Exception):
    """A thinking level the configured model does not take: a configuration error, said at start-up
    (not a ValueError: the provider choice falls back to offline only for a missing key)."""
    is_config_error = True


def levels_of(model: str) -> tuple[str, ...]:
    name = (model or "").removeprefix("models/")
    matches = [k for k in LEVELS_BY_MODEL if name.startswith(k)]
    return LEVELS_BY_MODEL[max(matches, key=len)] if matches else LEVELS
# Gemini 2.5 budgets per level (tokens). 2.5 Pro cannot switch thinking off: its floor is 128.
BUDGETS_25 = {"minimal": 0, "low": 512, "medium": 2048, "high": 8192}
PRO_25_MIN_BUDGET = 128
_VERSION = re.compile(r"^(?:models/)?gemini-(\d+)(?:\.(\d+))?")


def generation(model: str) -> tuple[int, int] | None:
    """(major, minor) of a Gemini model id, None for other ids."""
    m = _VERSION.match(model or "")
    return (int(m[1]), int(m[2] or 0)) if m else None


def thinking_config(model: str, level: str | None) -> types.ThinkingConfig | None:
    """The thinking config for `model` at `level` ('' or None: the model's default)."""
    level = (level or "").strip().lower()
    if not level:
        return None
    if level not in LEVELS:
        raise ThinkingLevelError(f"thinking level {level!r} is not one of {', '.join(LEVELS)}")
    gen = generation(model)
    if gen is None:
        return None
    if gen[0] >= 3:
        if level not in levels_of(model):
            raise ThinkingLevelError(f"{model} does not take thinking level {level!r} "
                                     f"(it takes {', '.join(levels_of(model))})")
        return types.ThinkingConfig(thinking_level=level.upper())
    if gen == (2, 5):
        budget = BUDGETS_25[level]
        if "-pro" in model:
            budget = max(budget, PRO_25_MIN_BUDGET)
        return types.ThinkingConfig(thinking_budget=budget)
    return None


def temperature(model: str, settings: Any) -> float | None:
    """The temperature to send for `model` (None: leave the API default)."""
    if settings.gemini_temperature is not None:
        return float(settings.gemini_temperature)
    name = (model or "").removeprefix("models/")
    table = settings.gemini_temperatures or {}
    matches = [k for k in table if name.startswith(k)]
    return float(table[max(matches, key=len)]) if matches else None


def agent_thinking(settings: Any, agent: str) -> str | None:
    return getattr(settings, f"gemini_thinking_{agent}", None)
