"""Qualitative labels ("calm", "a sharp sell-off", "barely changed", "почти не изменился"): shown
only when the rule the pack declares (answer.LABELS: words, the value it reads, operator, bound)
holds over the computed value the label is bound to: the value of that metric in the label's
clause, else in its sentence, else the only such value of the answer (of the instrument named).
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent import lang as packs
from agent.answer.sentences import Sentence, clause_of
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer

_OPS = {"abs_lt": lambda x, b: abs(x) < b, "abs_ge": lambda x, b: abs(x) >= b,
        "lt": lambda x, b: x < b, "ge": lambda x, b: x >= b, "le": lambda x, b: x <= b}
_SAYS = {"abs_lt": "|{m}| < {b}", "abs_ge": "|{m}| >= {b}", "lt": "{m} < {b}", "ge": "{m} >= {b}",
         "le": "{m} <= {b}"}


@lru_cache(maxsize=None)
def rules(lang: str) -> tuple[tuple[re.Pattern[str], str, str, float], ...]:
    out = []
    for code in dict.fromkeys((lang, "en")):
        for words, metric, op, bound in packs.get(code, "answer", "LABELS"):
            out.append((re.compile(r"(?<![\w§])(?:" + words + r")(?![\w])"), metric, op, float(bound)))
    return tuple(out)


def mask(s: Sentence, lang: str) -> set[int]:
    """Token indices of the label words of a sentence (the label check verifies them)."""
    text = s.words()
    return {s.token_at(c) for p, *_ in rules(lang) for m in p.finditer(text)
            for c in range(m.start(), m.end())}


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
        for pattern, metric, op, bound in rules(a.lang):
            for m in pattern.finditer(text):
                v = _bound(a, s, s.token_at(m.start()), metric)
                rule = _SAYS[op].format(m=metric, b=f"{bound:g}")
                if v is None:
                    issues.append(f"'{m.group(0)}' is a label code verifies only over a computed "
                                  f"{metric} ({rule}): none is bound to it; state the value")
                elif not _OPS[op](float(v.value), bound):
                    issues.append(f"'{m.group(0)}' needs {rule}, but {{{v.name}}} is {float(v.value):g}")
    return issues
