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
        raise ValueError(f"thinking level {level!r} is not one of {', '.join(LEVELS)}")
    gen = generation(model)
    if gen is None:
        return None
    if gen[0] >= 3:
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
