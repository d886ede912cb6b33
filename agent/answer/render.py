"""Numbers as the user reads them: the answer renderer's names for the one formatter
(agent/answer/format.py, Babel/CLDR), kept so slots, trading answers and tests import one place.

    en "15,895.00"   ru "15 895,00"   es "15.895,00"
    en "+0.39%"      ru "+0,39 %"     es "+0,39 %"
    en "4.43 million" ru "4,43 млн"   es "4,43 millones"

Kinds (agent/answer/slots.py gives each slot one): price (the instrument's precision, at least 2
decimals, grouped), pct (signed unless a direction word already says it), pct_level (a percent that
is a level: volatility, win rate), volume (scaled above ten thousand), count (integer), number (2
decimals), date (ISO, as computed), text (as is).
"""
from __future__ import annotations

from agent.answer.format import Kind, number, percent, render, volume

__all__ = ["Kind", "number", "percent", "render", "volume"]
