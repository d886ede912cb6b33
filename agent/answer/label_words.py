"""The pack's label words (answer.LABELS) as patterns, and where they stand in a sentence: the
statement checks leave those words to the label check (labels.py), which verifies them."""
from __future__ import annotations

import re
from functools import lru_cache

from agent import lang as packs
from agent.answer.sentences import Sentence


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
