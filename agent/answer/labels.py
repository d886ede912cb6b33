"""Qualitative labels ("calm", "a sharp sell-off", "barely changed", "почти не изменился"): shown
only when the rule the pack declares (answer.LABELS: words, the value it reads, operator, bound)
holds over the computed value the label is bound to: the value of that metric in the label's
clause, else in its sentence, else the only such value of the answer (of the instrument named).
The label words themselves are label_words.py's (the statement checks mask them too).
"""
from __future__ import annotations

from agent.answer import series_words
from agent.answer.label_words import rules
from agent.answer.sentences import Sentence, clause_of
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer

_OPS = {"abs_lt": lambda x, b: abs(x) < b, "abs_ge": lambda x, b: abs(x) >= b,
        "lt": lambda x, b: x < b, "ge": lambda x, b: x >= b, "le": lambda x, b: x <= b,
        "gt": lambda x, b: x > b, "eq": lambda x, b: abs(x - b) < 1e-9}
_SAYS = {"abs_lt": "|{m}| < {b}", "abs_ge": "|{m}| >= {b}", "lt": "{m} < {b}", "ge": "{m} >= {b}",
         "le": "{m} <= {b}", "gt": "{m} > {b}", "eq": "{m} = {b}"}
_COUNTS = ("up_days", "down_days", "event_count", "matching_days")


def _share(a: Answer, s: Sentence) -> tuple[SlotValue, float] | None:
    """The share a count slot of the sentence is of its total ("{up_days} of {trading_days}")."""
    counts = [v for _, n in s.slots() if (v := a.value(n)) is not None and v.metric in _COUNTS]
    if len(counts) != 1:
        return None
    prefix = counts[0].name.rsplit(".", 1)[0]
    total = a.table.get(f"{prefix}.trading_days") or a.table.get(f"{prefix}.days_checked")
    if total is None or not isinstance(total.value, (int, float)) or not total.value:
        return None
    return counts[0], float(counts[0].value) / float(total.value)


def _bound(a: Answer, s: Sentence, k: int, metric: str) -> SlotValue | None:
    def of(lo: int, hi: int) -> list[SlotValue]:
        return [v for i, n in s.slots() if lo <= i < hi and (v := a.value(n)) is not None
                and v.metric == metric and not v.param and isinstance(v.value, (int, float))]
    lo, hi = clause_of(s, k, a.conj)
    local = of(lo, hi) or of(0, len(s.tokens))
    if local:
        return local[0]
    named = a.symbols_named(s)
    values = [v for v in a.table.values.values() if v.metric == metric and not v.param
              and isinstance(v.value, (int, float)) and (not named or v.symbol in named)]
    return values[0] if len({v.value for v in values}) == 1 else None


def labels(a: Answer) -> list[str]:
    issues = []
    for s in a.sentences:
        text = s.words()
        verified = series_words.mask(s, a.lang, a.conj)   # "tech-heavy index": a description
        for pattern, metric, op, bound in rules(a.lang):
            for m in pattern.finditer(text):
                if s.token_at(m.start()) in verified:
                    continue
                rule = _SAYS[op].format(m=metric, b=f"{bound:g}")
                if metric == "share":
                    got = _share(a, s)
                    if got is None:
                        issues.append(f"'{m.group(0)}': write the count and its total, {{share:up_days,trading_days}}")
                    elif not _OPS[op](got[1], bound):
                        issues.append(f"'{m.group(0)}' needs {rule}, but {{{got[0].name}}} is {got[1]:.0%} of the sessions")
                    continue
                v = _bound(a, s, s.token_at(m.start()), metric)
                if v is None:
                    issues.append(f"'{m.group(0)}' is a label code verifies only over a computed "
                                  f"{metric} ({rule}): none is bound to it; state the value")
                elif not _OPS[op](float(v.value), bound):
                    issues.append(f"'{m.group(0)}' needs {rule}, but {{{v.name}}} is {float(v.value):g}")
    return issues
