"""Which words of a question the parser used, and which content words it did not.

Every recogniser of the parser (symbols, periods, metrics, conditions, windows, top-N, indicators,
patterns, cues, glossary terms, numbers) is run for its match spans; a word none of them touched
and that is not a function word of EN/RU/ES is "unused". Unused words are corrected for typos
(fuzzy.py) or named in the answer ("I did not use: ..."), so a question is never silently narrowed.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from agent import lang as packs
from agent.llm import glossary
from agent.nlu import conditions as C
from agent.nlu import cues, per_unit, resumes
from agent.nlu import metrics as M

# Function words, question words, generic verbs and politeness: using them or not changes nothing.
STOPWORDS = {w for code in packs.codes() for w in packs.get(code, "nlu_words", "coverage", "stopwords").split()}
# ...and each language pack's own list (offline_parser.function_words): politeness, fillers, units.
STOPWORDS |= {w for code in packs.codes() for w in packs.get(code, "offline_parser").get("function_words", [])}

_WORD = re.compile("[" + "".join(packs.by_lang("nlu_words", "coverage", "letters").values()) + "'’]+")
# Words every daily-bar answer already honours (a day's move, a year's return, a change).
_IMPLIED = re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "coverage", "implied") + r")(?!\w)")
_NUMBER = re.compile(r"(?<!\w)[-+]?\d+(?:[.,]\d+)?(?:st|nd|rd|th|%|x)?(?!\w)")


def _vocabulary_patterns() -> list[re.Pattern[str]]:
    pats: list[re.Pattern[str]] = [rx for _t, rx in M._METRIC_RES]
    pats += [re.compile(p) for _n, p, _w in M.INDICATORS]
    pats += [re.compile(p) for _n, p in M.PATTERNS]
    pats += [re.compile(p) for _n, p in M._UNSUPPORTED]
    pats += [M.VOLUME_PROFILE, M.INTRADAY, M.COMPARE, M.AFTER, M.COUNT_Q, M.VAGUE_MOVE, M._WINDOW]
    pats += [C._UP_RE, C._DOWN_RE, C._MOVE_RE, C._PCT, C._GTE, C._GT, C._GAP, C._TOP, *C.HORIZON, C._RANGE, C.BOUND_OF_PERCENT]
    pats += [cues.CONCEPT, cues.EXPLAIN, cues.STATS, cues.FOLLOWUP, _NUMBER, _IMPLIED]
    pats += [resumes.YES, resumes.AVAILABLE, resumes.ANOTHER, cues.ALL_HISTORY, cues.BEST_PERIOD, *cues.UNIT_MOVES, cues.DAY_MOVE,
             _NOT_COMPUTED_RX,            # named in their own note
             *per_unit.PATTERNS]
    return pats


_PATTERNS: list[re.Pattern[str]] | None = None


def _patterns() -> list[re.Pattern[str]]:
    global _PATTERNS
    if _PATTERNS is None:
        _PATTERNS = _vocabulary_patterns() + [pat for _a, _k, pat in glossary._alias_index()]
    return _PATTERNS


def used_mask(norm: str, spans: Iterable[tuple[int, int]]) -> list[bool]:
    """Per character: True when some recogniser (or a given span) covers it."""
    mask = [False] * len(norm)
    for a, b in spans:
        for i in range(max(0, a), min(len(norm), b)):
            mask[i] = True
    for rx in _patterns():
        for m in rx.finditer(norm):
            for i in range(m.start(), m.end()):
                mask[i] = True
    return mask


def unused_words(norm: str, spans: Iterable[tuple[int, int]], extra_stop: set[str] | frozenset[str] = frozenset()) \
        -> list[tuple[int, int]]:
    """(start, end) of each content word no recogniser used, in text order."""
    mask = used_mask(norm, spans)
    out = []
    for m in _WORD.finditer(norm):
        w = m.group(0).strip("'’")
        if len(w) < 3 or w in STOPWORDS or w in extra_stop or any(mask[m.start():m.end()]):
            continue
        out.append((m.start(), m.end()))
    return out


NOTE: dict[str, str] = packs.by_lang("nlu_words", "coverage", "notes", "unused")
# Measures recognised but computed by nothing (a glossary indicator AskBar does not declare, "the
# highest close"): named, never dropped or answered as the nearest measure in silence.
NOT_COMPUTED: dict[str, str] = packs.by_lang("nlu_words", "coverage", "notes", "not_computed")
_NOT_COMPUTED_RX = re.compile(packs.alternation("offline_parser", "cues", "NOT_COMPUTED"))
UNDECLARED_CONCEPTS = ("stochastic", "fibonacci", "open_interest", "divergence")


def not_computed_note(text: str, concepts: list[str], lang: str) -> str | None:
    """The note naming measures of `text` nothing computes (phrases as written, concepts by name)."""
    norm = text.lower()
    words = [m.group(0) for m in _NOT_COMPUTED_RX.finditer(norm)]
    words += [packs.get(lang if lang in packs.codes() else "en", "glossary", "entries", k)["name"]
              for k in concepts if k in UNDECLARED_CONCEPTS]
    return NOT_COMPUTED.get(lang, NOT_COMPUTED["en"]).format(w=", ".join(dict.fromkeys(words))) if words else None
READ_AS: dict[str, str] = packs.by_lang("nlu_words", "coverage", "notes", "read_as")
_AS: dict[str, str] = packs.by_lang("nlu_words", "coverage", "notes", "read_pair")


def unread(words: list[str], used: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The unused words no part of the reading used (a symbol answered is never named), once each."""
    return list(dict.fromkeys(w for w in words if w.lower() not in used and w.upper() not in used))


def unused_note(words: list[str], lang: str, used: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The note naming unused words; a word the reading used (a symbol answered) is never named."""
    words = [w for w in words if w.lower() not in used and w.upper() not in used]
    return NOTE.get(lang, NOTE["en"]).format(w=", ".join(dict.fromkeys(words))) if words else None


def read_as_note(pairs: list[tuple[str, str]], lang: str) -> str | None:
    if not pairs:
        return None
    text = ", ".join(_AS.get(lang, _AS["en"]).format(a=a, b=b) for a, b in pairs)
    return READ_AS.get(lang, READ_AS["en"]).format(pairs=text)
