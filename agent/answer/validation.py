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

from agent.answer import wording
from agent.answer.numbers import Span, stray_numbers
from agent.answer.slots import SLOT, SlotTable, SlotValue
from agent.state import Validation

PRICE_FAMILIES = ("open", "close", "high", "low")
_FAMILY = {"close": "close", "day_close": "close", "open": "open", "high": "high", "low": "low",
           "max": "high", "rsi_max": "high", "min": "low", "rsi_min": "low",
           "total_volume": "volume", "avg_daily_volume": "volume", "volume": "volume",
           "volatility": "volatility"}
_GLUED = re.compile(r"[^\W\d_]|%|\d")
MAX_LISTED_SLOTS = 60


def _family(slot: SlotValue) -> str | None:
    return _FAMILY.get(slot.metric)


def _type_issue(text: str, pos: int, name: str, slot: SlotValue, table: SlotTable) -> str | None:
    word = wording.metric_before(text, pos)
    if slot.param:
        return _param_issue(text, pos, name, slot, word, table)
    if word is None or slot.kind in ("date", "text", "count", "pct", "pct_level"):
        return None
    family = _family(slot)
    if family == word or (family is None and slot.kind != "price" and slot.kind != "volume"):
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


def _direction_issue(text: str, pos: int, name: str, slot: SlotValue) -> str | None:
    if not slot.signed or slot.param or not isinstance(slot.value, (int, float)):
        return None
    word = wording.direction_before(text, pos)
    if word == "up" and slot.value <= 0 or word == "down" and slot.value >= 0:
        sign = "negative" if slot.value < 0 else "positive" if slot.value > 0 else "zero"
        return f"{{{name}}} is {sign}, but the word before it says '{word}'"
    return None


def _slot_issues(text: str, table: SlotTable, fetched: set[str]) -> tuple[list[str], list[str]]:
    """(issues, symbols named in slots but never fetched)."""
    issues, missing = [], []
    for m in SLOT.finditer(text):
        name = m.group(1)
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
        for check in (_type_issue(text, m.start(), name, slot, table),
                      _direction_issue(text, m.start(), name, slot)):
            if check:
                issues.append(check)
    return issues, missing


def validate(draft: str, table: SlotTable, lang: str, scope: list[Span],
             fetched: set[str] | None = None) -> Validation:
    """ok, rewrite (with one issue per problem and the slots that exist), or need_more_data when
    a slot names a symbol the plan never fetched."""
    if not draft.strip():
        return Validation(status="rewrite", issues=["the answer is empty"],
                          feedback="Write the answer, with slots for every value.")
    issues, missing = _slot_issues(draft, table, {s.upper() for s in fetched or set()})
    if missing:
        return Validation(status="need_more_data", issues=issues,
                          feedback="Fetch data for: " + ", ".join(sorted(set(missing))))
    bare = SLOT.sub(" ", draft)
    numbers, dates = stray_numbers(bare, scope)
    issues += [f"'{n}' is a number written outside a slot: use a slot" for n in numbers]
    issues += [f"'{d}' is a date outside the period in scope" for d in dates]
    issues += [f"'{w}' is a number in words: use a slot" for w in wording.number_words(bare, lang)]
    other = wording.wrong_language(draft, lang)
    if other:
        issues.append(f"the answer is in '{other}', the user's language is '{lang}'")
    if issues:
        names = ", ".join("{" + n + "}" for n in table.names()[:MAX_LISTED_SLOTS])
        return Validation(status="rewrite", issues=issues,
                          feedback="Fix: " + "; ".join(issues) + ". Slots you may use: " + names)
    return Validation(status="ok")
