"""The closed world: every word of the analyst's response is harmless or part of a verified statement.

A word passes when its lemma (agent/answer/lemmas.py) is
- in its pack's closed list of harmless words (answer.HARMLESS: articles, pronouns, prepositions,
  discourse connectives, the measure names) or among the words code itself writes (the answer
  templates, the offline templates, the messages, the claims' declared templates: what code writes
  is harmless by construction, and whatever in it is falsifiable is checked by its statement), or
- part of a typed statement a check binds and verifies (agent/answer/statements.py,
  word_checks.py, labels.py, relative_time.py): a direction, a metric word before its slot, a
  month or a date, a superlative, a quantifier, a negation, a name, a unit, a label, a relative
  time, a cause beside a fetched news item.
Every other word sends the draft back with the word and the reason. Advice and predictions
(answer.ADVICE) are named as such. Only the draft's words are read, never result rows.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from agent import lang as packs
from agent.answer import label_words, relative_time, series_words, wording
from agent.answer.direction_words import _direction_of
from agent.answer.lemmas import lemmas
from agent.answer.sentences import Sentence
from agent.answer.statements import _ABOVE, _BELOW, Answer, phrase
from agent.nlu.lang import month_number, normalize

# The pack lists whose words a statement check binds and verifies (or rejects with a reason).
STATEMENT_LISTS = ("SUPERLATIVES", "QUANTIFIERS", "NEGATIONS", "CAUSAL", "EVENTS", "NOT_AVAILABLE",
                   "PERCENT_WORDS", "CURRENCY_WORDS", "POINT_WORDS", "NUMBER_IDIOMS", "PERIOD_NOUNS",
                   "QUANTITY_IDIOMS", "DIRECTION_TERMS", "NEWS_LINKS", "TERMS", "INSTITUTIONS")
# Sections of a pack that hold the text code writes (templates and messages).
CODE_SECTIONS = (("offline_templates",), ("offline_texts",), ("messages", "MESSAGES"), ("counts",),
                 ("answer", "TEMPLATES"), ("answer", "DIR"), ("answer", "DIR_FORMS"), ("answer", "CMP"),
                 ("answer", "SHARE"), ("backtest", "answer"))
_WORD = re.compile(r"[^\W\d_]+", re.U)
_SLOT_OR_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_EXTRA_CODE_TEXTS: dict[str, list[str]] = {}


def register_code_texts(lang: str, texts: Iterable[str]) -> None:
    """Texts a feature package writes itself (tool answers): their words are harmless by
    construction, as the templates' are. Features call this at import (answer imports no feature)."""
    _EXTRA_CODE_TEXTS.setdefault(lang, []).extend(texts)
    harmless.cache_clear()
    surface.cache_clear()


def _strings(node: Any) -> Iterable[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _strings(v)
    elif isinstance(node, (list, tuple)):
        for v in node:
            yield from _strings(v)


def _code_texts(lang: str) -> Iterable[str]:
    from query_builder import declare

    for path in CODE_SECTIONS:
        try:
            yield from _strings(packs.get(lang, *path))
        except KeyError:
            continue
    for decl in declare.claims().values():
        text = decl.templates.get(lang)
        if text:
            yield text
    yield from _EXTRA_CODE_TEXTS.get(lang, [])


@lru_cache(maxsize=None)
def surface(lang: str) -> frozenset[str]:
    """The harmless words as written (code's own words, the pack's lemmas): checked first, so an
    answer in code's words never loads a lemmatiser (simplemma's tables take seconds to unpack)."""
    out: set[str] = set()
    for code in dict.fromkeys((lang, "en")):
        out |= {normalize(w) for w in packs.get(code, "answer", "HARMLESS")}
        for text in _code_texts(code):
            out |= {normalize(w) for w in _WORD.findall(_SLOT_OR_PLACEHOLDER.sub(" ", text))}
    return frozenset(out)


@lru_cache(maxsize=None)
def harmless(lang: str) -> frozenset[str]:
    """The lemmas that need no statement in `lang` (English too: models slip into it)."""
    out: set[str] = set()
    for code in dict.fromkeys((lang, "en")):
        out |= {normalize(w) for w in packs.get(code, "answer", "HARMLESS")}
        for text in _code_texts(code):
            for w in _WORD.findall(_SLOT_OR_PLACEHOLDER.sub(" ", text)):
                out |= set(lemmas(w, code))
    return frozenset(out)


def _phrase_mask(s: Sentence, lang: str) -> set[int]:
    """Token indices inside a phrase of a statement list (checked by its own statement)."""
    text, hit = s.words(), set()
    for key in STATEMENT_LISTS:
        for m in phrase(lang, key).finditer(text):
            hit |= {s.token_at(c) for c in range(m.start(), max(m.start() + 1, m.end()))}
    for pattern in (_ABOVE, _BELOW):      # comparisons: compare() verifies them
        for m in pattern.finditer(text):
            hit |= {s.token_at(c) for c in range(m.start(), m.end())}
    for name in _name_words(lang):
        for m in re.finditer(r"(?<![\w§])" + re.escape(name) + r"\w{0,4}(?![\w])", text):
            hit |= {s.token_at(c) for c in range(m.start(), m.end())}
    return hit


@lru_cache(maxsize=None)
def _name_words(lang: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for code in (lang, "en") for n, _ in packs.get(code, "answer", "NAMES")))


@lru_cache(maxsize=None)
def _metric_stems() -> tuple[str, ...]:
    return tuple(w for stems in wording.METRIC_STEMS.values() for w in stems)


def _statement_word(norm: str) -> bool:
    """A word one of the statement checks verifies wherever it stands: a direction, a metric
    word (checked against the slot it governs), a month (checked against the values' periods)."""
    return bool(_direction_of(norm) or month_number(norm)
                or wording.stem_hit(norm, _metric_stems(), set(wording._EXACT)))


@lru_cache(maxsize=None)
def _number_words() -> frozenset[str]:
    """Numbers in words: the number checks verify them ("the two months") or send them back."""
    return frozenset(w for ws in wording.NUMBER_WORDS.values() for w in ws) | set(wording._union("ONE"))


def _declared_words() -> frozenset[str]:
    """The words of the declared actions' and claims' names ("get close range"): code names a
    step or a claim by them where no pack has a label (declarations may be added at run time)."""
    from query_builder import declare

    names = (*declare.names("action"), *declare.names("claim"))
    return _words_of(names)


@lru_cache(maxsize=8)
def _words_of(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for n in names for w in n.lower().split("_"))


def _word_ok(word: str, lang: str) -> bool:
    norm = normalize(word)
    if norm in surface(lang) or norm in _number_words() or norm in _declared_words() or _statement_word(norm):
        return True
    known = harmless(lang)
    if any(lemma in known for lemma in lemmas(word, lang)):
        return True
    parts = [p for p in re.split(r"[-'&]", word) if p]
    return len(parts) > 1 and all(_word_ok(p, lang) for p in parts)


def advice(a: Answer) -> list[str]:
    """Advice and predictions are never stated as facts."""
    return [f"'{m.group(0)}' is advice or a prediction: AskBar states only what the data shows"
            for s in a.sentences for m in phrase(a.lang, "ADVICE").finditer(s.words())]


def ranks_and_streaks(a: Answer) -> list[str]:
    """Ranks ("the third-weakest month") and streaks ("a fourth straight gain"): code computes
    neither over a period's days, so they are never shown."""
    return [f"'{m.group(0)}' is a rank, a streak or a norm code did not compute: state the values"
            for s in a.sentences for m in phrase(a.lang, "RANKS_STREAKS").finditer(s.words())
            if not _after_rule_value(s, m.start())]


def _after_rule_value(s: Sentence, char: int) -> bool:
    """The phrase follows a slot of a backtest rule's own number ("{streak_days} lower closes in
    a row"): it states the rule as tested, not a streak in the data."""
    from query_builder.actions.backtest import RULE_KEYS

    i = s.token_at(char)
    before = [t.slot for t in s.tokens[max(0, i - 3):i] if t.slot]
    return any(name.rsplit(".", 1)[-1] in RULE_KEYS for name in before)


# The currency each instrument is quoted in (exchange specifications); any other symbol: US dollars.
QUOTE_CURRENCY: dict[str, str] = {}


def currencies(a: Answer) -> list[str]:
    """A currency named must be the quote currency of the instruments answered."""
    issues = []
    held = {QUOTE_CURRENCY.get(s, "USD") for s in a.fetched} or {"USD"}
    for s in a.sentences:
        text = s.words()
        for code in dict.fromkeys((a.lang, "en")):
            for words, iso in packs.get(code, "answer", "CURRENCIES"):
                for m in re.finditer(r"(?<![\w§])(?:" + words + r")(?![\w])", text):
                    if iso not in held:
                        issues.append(f"'{m.group(0)}': the prices are in {', '.join(sorted(held))}, not {iso}")
    return list(dict.fromkeys(issues))


def uncovered(a: Answer) -> list[str]:
    """One issue per word that is neither harmless nor part of a statement code verifies."""
    symbols = a.fetched | a.table.symbols()
    issues: list[str] = []
    for s in a.sentences:
        masked = _phrase_mask(s, a.lang) | _phrase_mask_of(s, a.lang, "ADVICE") \
            | _phrase_mask_of(s, a.lang, "RANKS_STREAKS") | _currency_mask(s, a.lang) \
            | label_words.mask(s, a.lang) | relative_time.mask(s, a.lang) | series_words.mask(s, a.lang, a.conj)
        for i, tok in enumerate(s.tokens):
            if tok.slot or i in masked or not _WORD.match(tok.text) \
                    or re.sub(r"'s$", "", tok.text).upper() in symbols \
                    or len(tok.text) > 1 and tok.text.isupper() \
                    or i > 0 and tok.text[:1].isupper():   # names: proper_names checks them
                continue
            if not _word_ok(tok.text, a.lang):
                issues.append(f"'{tok.text}' is neither a harmless word nor part of a statement code "
                              f"verifies: say it with a slot or leave it out")
    return list(dict.fromkeys(issues))


def _currency_mask(s: Sentence, lang: str) -> set[int]:
    text, hit = s.words(), set()
    for code in dict.fromkeys((lang, "en")):
        for words, _ in packs.get(code, "answer", "CURRENCIES"):
            for m in re.finditer(r"(?<![\w§])(?:" + words + r")(?![\w])", text):
                hit |= {s.token_at(c) for c in range(m.start(), m.end())}
    return hit


def _phrase_mask_of(s: Sentence, lang: str, key: str) -> set[int]:
    text = s.words()
    return {s.token_at(c) for m in phrase(lang, key).finditer(text) for c in range(m.start(), m.end())}
