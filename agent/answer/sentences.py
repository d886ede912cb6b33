"""An answer's sentences as tokens: words (normalised) and slots, so the statement checks bind a
word to the slot it qualifies by the sentence's structure (what stands between them), never by
"the nearest word" (agent/answer/statements.py).

A sentence ends at . ! ? ; or a new line; a clause also at , : ( ) and the pack's conjunctions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent.nlu.lang import normalize

_TOKEN = re.compile(r"\{[^{}]+\}|[^\W\d_]+(?:[-'&][^\W\d_]+)*|[$€£¥₽]|[,:;()–—]|\d[\d:-]*")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
CLAUSE_MARKS = {",", ":", ";", "(", ")", "–", "—"}


@dataclass
class Token:
    text: str          # as written
    norm: str          # lower case, accents folded; a slot keeps its braces
    start: int         # offset in the whole answer

    @property
    def slot(self) -> str | None:
        return self.text[1:-1] if self.text.startswith("{") else None


@dataclass
class Sentence:
    start: int
    text: str
    tokens: list[Token] = field(default_factory=list)
    _words: str | None = None
    masks: dict[tuple[str, str], set[int]] = field(default_factory=dict)    # what a check computed once over the tokens

    def words(self) -> str:
        """The sentence as normalised words, a slot as §k (k = its index among tokens)."""
        if self._words is None:
            self._words = " ".join(f"§{i}" if t.slot else t.norm for i, t in enumerate(self.tokens))
        return self._words

    def slots(self) -> list[tuple[int, str]]:
        return [(i, t.slot) for i, t in enumerate(self.tokens) if t.slot]

    def token_at(self, char: int) -> int:
        """Index of the token at a character offset of words()."""
        pos = 0
        for i, t in enumerate(self.tokens):
            width = len(f"§{i}") if t.slot else len(t.norm)
            if char < pos + width + 1:
                return i
            pos += width + 1
        return len(self.tokens) - 1


def _ends(text: str) -> list[re.Match[str]]:
    """Sentence ends, except a period of an abbreviation: one followed by a lower-case word, a
    number or a dash goes on ("1 марта 2024 г. – 15 марта 2024 г.", "с 1 января 2024 г. по ...")."""
    def goes_on(m: re.Match[str]) -> bool:
        nxt = text[m.end():m.end() + 1]
        return "\n" not in m.group(0) and text[m.start() - 1] == "." and \
            (nxt.islower() or nxt.isdigit() or nxt in "–—-")
    return [m for m in _SENTENCE_END.finditer(text) if not goes_on(m)]


def split(text: str) -> list[Sentence]:
    out, last = [], 0
    for m in [*_ends(text), None]:
        end = m.start() if m else len(text)
        chunk = text[last:end]
        if chunk.strip():
            s = Sentence(last, chunk)
            for t in _TOKEN.finditer(chunk):
                raw = t.group(0)
                s.tokens.append(Token(raw, raw if raw.startswith("{") else normalize(raw), last + t.start()))
            out.append(s)
        last = m.end() if m else len(text)
    return out


def clause_of(s: Sentence, i: int, conjunctions: set[str]) -> tuple[int, int]:
    """[lo, hi) token bounds of the clause around token i."""
    lo = i
    while lo > 0 and s.tokens[lo - 1].norm not in CLAUSE_MARKS and s.tokens[lo - 1].norm not in conjunctions:
        lo -= 1
    hi = i + 1
    while hi < len(s.tokens) and s.tokens[hi].norm not in CLAUSE_MARKS and s.tokens[hi].norm not in conjunctions:
        hi += 1
    return lo, hi
