"""Per-unit returns: "weekly returns of SPY in April 2024", "доходность по неделям", "rendimientos
mensuales de 2020". The question asks for one figure per week (month, quarter, year) of its period;
read as one period it got a single monthly change and no word about the narrowing. The unit words
are the packs' (offline_parser.cues PER_WEEK, PER_MONTH, PER_QUARTER, PER_YEAR)."""
from __future__ import annotations

import re

from agent import lang as packs

UNITS = ("week", "month", "quarter", "year")
_RES = [(u, re.compile(packs.alternation("offline_parser", "cues", f"PER_{u.upper()}"))) for u in UNITS]
_CLOSES = [(u, re.compile(packs.alternation("offline_parser", "cues", f"CLOSES_{u.upper()}"))) for u in UNITS]
PATTERNS = [rx for _u, rx in _RES + _CLOSES]     # words the reading uses (offline/coverage.py)


def per_unit(norm: str) -> str | None:
    """The unit whose every period's return is asked ("week"), or None."""
    return next((u for u, rx in _RES if rx.search(norm)), None)


def closes_per_unit(norm: str) -> str | None:
    """The unit whose every period's close is asked ("weekly closes": "week"), or None."""
    return next((u for u, rx in _CLOSES if rx.search(norm)), None)
