"""Cue words that decide the kind of question (concept, stats, comparison, count, follow-up).

The words are the language packs' (offline_parser.cues, one list of regex alternatives per language).
"""
from __future__ import annotations

import re

from agent import lang as packs


def _cue(name: str) -> str:
    return packs.alternation("offline_parser", "cues", name)


CONCEPT = re.compile(_cue("CONCEPT"))
EXPLAIN = re.compile(_cue("EXPLAIN"))
STATS = re.compile(_cue("STATS"))
FOLLOWUP = re.compile(r"^\s*(?:" + _cue("FOLLOWUP") + r")(?!\w)")
ALL_HISTORY = re.compile(_cue("ALL_HISTORY"))
BEST_PERIOD = re.compile(r"(?:" + _cue("BEST_WORDS") + r")\s+(?:\w+\s+)?(?P<u>" + _cue("PERIOD_UNITS") + r")(?!\w)")
DAY_MOVE = re.compile(_cue("DAY_MOVE"))          # "the move on March 16": a day's change
# "the biggest weekly drop": the weakest week (down words) or the strongest, every week compared
UNIT_MOVES = [re.compile(r"(?<!\w)(?:" + p + r")(?!\w)")     # one per pattern: each names its groups
              for code in packs.codes() for p in packs.get(code, "offline_parser", "cues").get("UNIT_MOVE", [])]
UNIT_MOVE_DOWN = re.compile(_cue("UNIT_MOVE_DOWN"))


def unit_move(norm: str) -> re.Match[str] | None:
    return next((m for rx in UNIT_MOVES if (m := rx.search(norm))), None)
