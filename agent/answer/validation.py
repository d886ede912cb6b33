"""The validator's logic (code, not an LLM): the analyst's slot text checked before code fills it.

The analyst writes no figure; it names computed values by slot (agent/answer/slots.py). Rejected, with
one issue each (the feedback of the rewrite):
- a digit or a number in words outside a slot (dates inside the period in scope excepted);
- a slot that names nothing computed (or names it ambiguously), a unit glued to a slot;
- a slot under a metric word that contradicts it ("closed at {high}", "максимум {close}");
- a direction word that contradicts the sign ("fell {pct_change}" on a positive change);
- a number the user typed stated as a fact ("closed at {param.n1}") or a false comparison with it
  ("closed above {param.n1}" when the close is below);
- text not in the user's language.
Nothing here scans result rows: the slot table is built once from summaries and listed rows.
"""
from __future__ import annotations

import re
from datetime import date

from agent import lang as packs
from agent.answer import (
    claim_types,
    labels,
    news_checks,
    parts,
    proper_names,
    relative_time,
    series_checks,
    statements,
    time_of_day,
    vocabulary,
    word_checks,
    wording,
)
from agent.answer.numbers import Span, stray_numbers
from agent.answer.relations import relation_values
from agent.answer.slots import DIFFERENCES, SLOT, SlotTable, SlotValue
from agent.state import Validation

PRICE_FAMILIES = ("open", "close", "high", "low")
# The family of words that names a value: the declared `family` of claim types, and the keys of
# results that are no claim type.
_FAMILY = claim_types.DeclaredMap(lambda d: d.family, {
    "day_close": "close", "day_high": "high", "day_low": "low", "previous_close": "close", "max": "high", "rsi_max": "high", "min": "low",
    "rsi_min": "low", "volume": "volume"})
# DIFFERENCES of two prices (slots.py) are described by the words of what they differ ("the range
# between high and low", "closed {change_points} above the open"), never mistaken for those prices.
_GLUED = re.compile(r"[^\W\d_]|%|\d")
MAX_LISTED_SLOTS = 60


def _family(slot: SlotValue) -> str | None:
    return _FAMILY.get(slot.metric)


def _type_issue(text: str, pos: int, name: str, slot: SlotValue, table: SlotTable) -> str | None:
    word = wording.metric_before(text, pos)
    if slot.param:
        return _param_issue(text, pos, name, slot, word, table)
    if word is None or slot.kind in ("date", "time", "text", "count", "pct", "pct_level", "period") \
            or slot.metric in DIFFERENCES:
        return None
    family = _family(slot)
    if family == word or family is None and (slot.kind not in ("price", "volume")
                                             or not wording.metric_governs(text, pos)):
        return None
    return f"{{{name}}} is the {slot.metric.replace('_', ' ')}, but the words before it say '{word}'"


def _param_issue(text: str, pos: int, name: str, slot: SlotValue, word: str | None,
                 table: SlotTable) -> str | None:
    if word not in PRICE_FAMILIES:
        return None
    relation = wording.comparison_before(text, pos)
    if relation is None:
        return (f"{{{name}}} is a number from the question, not the {word}: state the {word} "
                f"with its own slot and compare")
    fact = table.get(word)
    if relation in ("above", "below") and fact is not None and not fact.param \
            and isinstance(fact.value, (int, float)) and isinstance(slot.value, (int, float)):
        holds = fact.value > slot.value if relation == "above" else fact.value < slot.value
        if not holds:
            return f"the {word} ({{{fact.name}}}) is not {relation} {{{name}}}"
    return None


def _slot_issues(text: str, table: SlotTable, fetched: set[str]) -> tuple[list[str], list[str]]:
    """(issues, symbols named in slots but never fetched)."""
    issues, missing = [], []
    for m in SLOT.finditer(text):
        name = m.group(1)
        if ":" in name:
            if relation_values(name, table) is None:
                issues.append(f"relation slot {{{name}}} must relate computed values: {{dir:pct_change}}, "
                              f"{{cmp:p2.close,p1.close}}, {{share:up_days,trading_days}}")
            continue
        slot = table.get(name)
        if slot is None:
            head = name.split(".", 1)[0]
            if "." in name and head.isupper() and head not in fetched:
                missing.append(head)
            why = "is ambiguous: qualify it (s1., the symbol, p1.)" if table.ambiguous(name) \
                else "names nothing computed"
            issues.append(f"slot {{{name}}} {why}")
            continue
        after = text[m.end():m.end() + 1]
        if after and _GLUED.match(after):
            issues.append(f"'{{{name}}}{after}': write no unit or digit after a slot, code adds it")
        check = _type_issue(text, m.start(), name, slot, table)
        if check:
            issues.append(check)
    return issues, missing


def statement_issues(draft: str, table: SlotTable, lang: str, fetched: set[str],
                     question: str = "", now: date | None = None) -> tuple[list[str], str]:
    """(issues of the falsifiable words, the slot-free text with verified number words blanked).
    Causes and events: only beside fetched news items (news_checks); proper names: listed or the
    user's own (proper_names)."""
    answer = statements.Answer(draft, table, lang, fetched, now)
    issues, _ = statements.directions(answer)
    issues += statements.compare(answer)
    for check in (word_checks.superlatives, word_checks.quantifiers, word_checks.negations,
                  word_checks.names, word_checks.not_available, word_checks.units,
                  word_checks.dates_beside_values, news_checks.causes, labels.labels,
                  relative_time.relative_time, vocabulary.advice, vocabulary.ranks_and_streaks,
                  vocabulary.currencies, series_checks.streaks, series_checks.ranks,
                  series_checks.final_sessions, time_of_day.times_of_day, parts.descriptions,
                  parts.part_order, vocabulary.uncovered):
        issues += check(answer)
    issues += proper_names.unknown_names(answer, question)
    counted, more = word_checks.number_words(answer)
    return issues + more, counted


# An answer without slots may still say why there is no value ("cannot be computed", "недостаточно
# данных", "no hay datos"): those are not content-free.
_NO_VALUE = re.compile(r"(?<![^\W\d_])(?:" + packs.alternation("answer", "NO_VALUE") + r")(?![^\W\d_])",
                       re.I)


def _content_free(draft: str, table: SlotTable) -> bool:
    """No slot at all while code computed values: the answer says nothing the data shows."""
    return not SLOT.search(draft) and not _NO_VALUE.search(draft) and any(not v.param and v.kind not in ("text", "date", "time", "period")
                                          for v in table.values.values())


def validate(draft: str, table: SlotTable, lang: str, scope: list[Span],
             fetched: set[str] | None = None, question: str = "", now: date | None = None) -> Validation:
    """ok, rewrite (with one issue per problem and the slots that exist), or need_more_data when
    a slot names a symbol the plan never fetched."""
    if not draft.strip():
        return Validation(status="rewrite", issues=["the answer is empty"],
                          feedback="Write the answer, with slots for every value.")
    symbols = {s.upper() for s in fetched or set()}
    issues, missing = _slot_issues(draft, table, symbols)
    if missing:
        return Validation(status="need_more_data", issues=issues,
                          feedback="Fetch data for: " + ", ".join(sorted(set(missing))))
    for m in re.finditer(r"\{[^{}]*\}?", SLOT.sub(" ", draft)):
        issues.append(f"'{m.group(0)}' is not a slot: write {{name}} from the slot list")
    if _content_free(draft, table):
        issues.append("the answer states no computed value: name the values with slots")
    said, counted = statement_issues(draft, table, lang, symbols, question, now)
    issues += said
    bare = SLOT.sub(" ", draft)
    numbers, dates = stray_numbers(bare, scope, symbols | table.symbols())
    issues += [f"'{n}' is a number written outside a slot: use a slot" for n in numbers]
    issues += [f"'{d}' is a date outside the period in scope" for d in dates]
    issues += [f"'{w}' is a number in words: use a slot" for w in wording.number_words(SLOT.sub(" ", counted), lang)]
    other = wording.wrong_language(draft, lang)
    if other:
        issues.append(f"the answer is in '{other}', the user's language is '{lang}'")
    if issues:
        names = ", ".join("{" + n + "}" for n in table.names()[:MAX_LISTED_SLOTS])
        return Validation(status="rewrite", issues=issues,
                          feedback="Fix: " + "; ".join(issues) + ". Slots you may use: " + names)
    return Validation(status="ok")
