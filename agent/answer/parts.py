"""Parts of a multi-part answer named by a description, bound and verified like a symbol:
- an instrument's description ("the tech-heavy index", "индекс голубых фишек", "el índice
  tecnológico"; the packs' answer.DESCRIPTIONS, owners per description): the values after it in its
  sentence must be its owner's (word_checks' owner check reads these mentions too);
- a period named by its place among the compared ones ("the earlier of the two weeks", "la semana
  anterior"; answer.PART_ORDER): the values of its clause (else its sentence) must be that period's.
"""
from __future__ import annotations

import re

from agent.answer import series_words as W
from agent.answer.sentences import Sentence, clause_of
from agent.answer.statements import Answer


def mentions(a: Answer, s: Sentence) -> list[tuple[int, set[str], str]]:
    """(token index, owners among the fetched, the words) of each description in the sentence."""
    out = []
    for lo, hi, (owners,) in W.spans(s, a.lang, "DESCRIPTIONS"):
        out.append((lo, set(owners) & a.fetched, " ".join(t.text for t in s.tokens[lo:hi])))
    return out


def descriptions(a: Answer) -> list[str]:
    issues = []
    for s in a.sentences:
        for _, owners, said in mentions(a, s):
            if not owners:
                issues.append(f"'{said}' describes none of {', '.join(sorted(a.fetched))}: name the symbol")
    return issues


def _compared(a: Answer) -> list[tuple[str, str]]:
    """(prefix "s1.p2", start date) of the compared periods, in date order."""
    out = [(v.name.rsplit(".", 1)[0], v.span[0]) for v in a.table.values.values()
           if v.metric == "period" and v.span and re.search(r"\.p\d+\.period$", v.name)]
    return sorted(out, key=lambda x: x[1])


def part_order(a: Answer) -> list[str]:
    issues = []
    periods = _compared(a)
    for s in a.sentences:
        for lo, hi, (place,) in W.spans(s, a.lang, "PART_ORDER"):
            said = " ".join(t.text for t in s.tokens[lo:hi])
            if len(periods) < 2:
                issues.append(f"'{said}': no two periods were compared; name the period with its slot")
                continue
            want = periods[0][0] if place == "first" else periods[-1][0]
            c_lo, c_hi = clause_of(s, lo, a.conj)
            names = [n for i, n in s.slots() if c_lo <= i < c_hi] or [n for _, n in s.slots()]
            values = [v for n in names if (v := a.value(n)) is not None and not v.param]
            wrong = [v for v in values if not v.name.startswith(want + ".")]
            if not values or wrong:
                name = "{" + wrong[0].name + "}" if wrong else "no value"
                issues.append(f"'{said}' is {{{want}.period}}, but {name} is not its value")
    return issues


def part_order_masks_relative(a: Answer, s: Sentence) -> set[int]:
    """Tokens of a place among compared periods ("la semana anterior"): not relative time when
    two periods were compared."""
    if len(_compared(a)) < 2:
        return set()
    return {i for lo, hi, _ in W.spans(s, a.lang, "PART_ORDER") for i in range(lo, hi)}
