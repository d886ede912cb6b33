"""How much an instrument moved over the period ("сколько процентов потерял биткоин", "how much has
SPY gained", "cuánto perdió", "¿cuántos puntos porcentuales cayó?"): the period's change, in points
when points are asked. The same question word also counts days ("сколько дней SPY рос", "how many
days did X close up", "cuántas veces cayó"), so a day noun between it and the move keeps the count;
without one the move's size is asked. Read as a count, a question about the size of the move was
answered with the number of up or down days. Words: the packs' nlu_words.magnitude."""
from __future__ import annotations

import re
from dataclasses import dataclass

from agent import lang as packs
from agent.nlu import conditions
from agent.state import ClaimType


def _words(key: str) -> str:
    return packs.alternation("nlu_words", "magnitude", key)


_NOUN = rf"(?:{_words('count_nouns')})(?!\w)"
_PCT = rf"%|(?:{_words('pct_units')})(?!\w)"
_POINTS = rf"(?:{_words('point_units')})(?!\w)"
_VERB = rf"(?:{_words('verbs')}|{conditions.UP}|{conditions.DOWN})(?!\w)"
# The question word, up to three words that are no day noun (the instrument, "did", "на"), then the
# unit or the move; a day noun right after it, or two words on ("how many up days", "сколько
# процентов дней", "растущих и падающих дней"), is a count or a share of days, not the move's size.
_ASK = re.compile(
    rf"(?<!\w)(?:{_words('lead')})(?!\w)\s*(?:(?!{_NOUN})[\w'’-]+\s+){{0,3}}?"
    rf"(?:(?P<pct>{_PCT})|(?P<pts>{_POINTS})|(?P<verb>{_VERB}))"
    rf"(?!(?:\s+[^\W\d]+){{0,2}}\s+{_NOUN})")


@dataclass
class Magnitude:
    metric: ClaimType
    spans: list[tuple[int, int]]        # the words read: the question, the move and its unit
    asked: tuple[int, int]              # the question word through the move or unit


def read(norm: str) -> Magnitude | None:
    """The change asked for when the text asks how much the instrument moved, else None. `norm` has
    the symbols and periods blanked (a period's "год"/"year" is no counted unit)."""
    m = _ASK.search(norm)
    if not m:
        return None
    # the words read: the question through the move ("насколько сильно упал", "cuánto se
    # desplomó"), or through the unit and the move after it ("сколько процентов составил рост")
    if not m.group("verb"):
        verb = _VERB_AFTER.match(norm, m.end())
        return Magnitude(metric="pct_change" if m.group("pct") else "change_points",
                         spans=[(m.start(), verb.end() if verb else m.end())], asked=m.span())
    # the unit said after the move ("сколько потерял SPY в пунктах", "in percentage points")
    after = _UNIT_AFTER.search(norm, m.end())
    points = bool(after and after.group("pts"))
    return Magnitude(metric="change_points" if points else "pct_change",
                     spans=[m.span()] + ([after.span()] if after else []), asked=m.span())


_VERB_AFTER = re.compile(rf"\s*(?:[\w'’-]+\s+){{0,2}}?(?P<verb>{_VERB})")
_UNIT_AFTER = re.compile(rf"(?<!\w)(?:(?P<pct>{_PCT})|(?P<pts>{_POINTS}))")
