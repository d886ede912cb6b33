"""What the question asks for: metrics (claim types), indicators, patterns and analysis cues."""
from __future__ import annotations

import re

from agent import lang as packs
from agent.nlu.lang import MONTH_B
from agent.state import ClaimType
from query_builder import declare


def _words(table: str) -> list[tuple[str, str]]:
    """(name, one regular expression) per entry of a parser vocabulary table, in the English pack's
    order, joining every language pack's alternatives for it (English first)."""
    return [(name, "|".join(alt for code in packs.codes() for alt in packs.get(code, "offline_parser", table, name)))
            for name in packs.get("en", "offline_parser", table)]


def _cue(name: str) -> str:
    """A cue's regex alternatives of every pack (offline_parser.cues)."""
    return packs.alternation("offline_parser", "cues", name)


# Order matters: the more specific phrase first; each match is blanked so "average daily volume"
# does not also count as "volume". The words are the packs' (offline_parser.metrics; "a+b" names
# both claim types).
_METRICS: list[tuple[tuple[str, ...], str]] = [(tuple(name.split("+")), pat) for name, pat in _words("metrics")]
# Up and down adjectives joined by a connective share one day noun ("días alcistas vs bajistas",
# "up or down sessions", "растущих и падающих дней", "sesiones positivas o negativas"): both
# counts. Read word by word, only the one beside the noun was counted and the other dropped.
_UP, _DOWN, _JOIN = _cue("DAY_UP_WORDS"), _cue("DAY_DOWN_WORDS"), _cue("JOIN_WORDS")
_JOINED = rf"(?:(?:{_UP})\s*(?:{_JOIN})\s*(?:{_DOWN})|(?:{_DOWN})\s*(?:{_JOIN})\s*(?:{_UP}))"
_NOUN = _cue("DAY_NOUNS")
_METRICS.insert(0, (("up_days", "down_days"),
                    rf"(?<!\w)(?:(?:{_NOUN})\s+{_JOINED}|{_JOINED}\s+(?:{_NOUN}))(?!\w)"))
_METRIC_RES = [(types, re.compile(p)) for types, p in _METRICS]

# Words per indicator (specific before general: ema before sma), from the language packs; default
# windows from the declarations.
_INDICATOR_WORDS = _words("indicators")


def _glued(name: str) -> str:
    """The declared name glued to its window ("rsi14", "sma200"), in Latin or Cyrillic letters
    ("рси14"): the declaration names it, the language packs only add words."""
    return rf"(?<![\w]){name}(?=\d{{1,3}}(?!\d))"


INDICATORS: list[tuple[str, str, int | None]] = [
    (name, f"{pat}|{_glued(name)}", declare.indicators()[name].window) for name, pat in _INDICATOR_WORDS]
INDICATOR_NAMES = {name for name, _p, _w in INDICATORS}
_GLUED = re.compile("|".join(rf"(?:{pat})\d{{1,3}}(?!\d)" for _n, pat, _w in INDICATORS))


def glued_spans(norm: str) -> list[tuple[int, int]]:
    """Spans of an indicator glued to its window ("ema20", "sma50"): the number is the window, never
    a date's day, so the period grammar does not see it ("ema20 feb 2024" is February)."""
    return [(m.start(), m.end()) for m in _GLUED.finditer(norm)]
# The window of an indicator: "14-day", "(14)", "period of 14".
_WINDOW = re.compile(rf"(?<!\d)(\d{{1,3}})\s*[-‐]?\s*(?:{_cue('WINDOW_UNITS')})|\(\s*(\d{{1,3}})\s*\)"
                     rf"|(?:{_cue('WINDOW_WORDS')})\s+(?:(?:{_cue('WINDOW_OF')})\s+)?(\d{{1,3}})")

# A number written right after an indicator is its window unless it is a date's day ("ATR NQ 30
# November", "боллинджер 30 апреля") or a time.
_NOT_A_DATE = rf"(?!\s*(?:de\s+|of\s+|th\s+|st\s+|nd\s+|rd\s+)?{MONTH_B}|[:./]\d)"

# "50 SMA", "200-EMA": a bare number right before the name, not a date's part ("March 30 SMA",
# "2024-04-30 SMA", "30 марта").
_BARE_BEFORE = re.compile(r"(?<![\d/.:-])(\d{1,3})\s*-?\s*$")
_MONTH_END = re.compile(rf"{MONTH_B}\s*$")


def _bare_before(text: str) -> re.Match[str] | None:
    m = _BARE_BEFORE.search(text[-12:])
    if not m or _MONTH_END.search(text[:len(text) - 12 + m.start()]):
        return None
    return m


PATTERNS: list[tuple[str, str]] = _words("patterns")
VOLUME_PROFILE = re.compile(_cue("VOLUME_PROFILE"))
INTRADAY = re.compile(_cue("INTRADAY"))
COMPARE = re.compile(_cue("COMPARE"))
AFTER = re.compile(r"(?<!\w)(?:" + _cue("AFTER") + r")(?!\w)")
COUNT_Q = re.compile(_cue("COUNT_Q"))
VAGUE_MOVE = re.compile(_cue("VAGUE_MOVE"))

_UNSUPPORTED: list[tuple[str, str]] = _words("unsupported")

def named_analysis_spans(norm: str) -> list[tuple[int, int]]:
    """Spans of indicator, pattern and volume-profile names ("on-balance volume", "average true
    range", "volume profile"): their words are not metrics of their own."""
    pats = [p for _n, p, _w in INDICATORS] + [p for _n, p in PATTERNS] + [VOLUME_PROFILE.pattern]
    return [(m.start(), m.end()) for p in pats for m in re.finditer(p, norm)]


_REFERENCE = [rx for types, rx in _METRIC_RES if types == ("return_prev_close",)]


def reference_spans(norm: str) -> list[tuple[int, int]]:
    """Spans of a reference close ("vs the previous year's close", "relative to the 2018 close",
    "относительно закрытия прошлого года"): the year there names the reference, not a period."""
    return [(m.start(), m.end()) for rx in _REFERENCE for m in rx.finditer(norm)]


def parse_metrics(norm: str) -> list[ClaimType]:
    """Claim types named in the question, in the order of the table above (specific first)."""
    work = norm
    out: list[ClaimType] = []
    for types, rx in _METRIC_RES:
        for m in rx.finditer(work):
            for t in types:
                if t not in out:
                    out.append(t)
            work = work[:m.start()] + " " * (m.end() - m.start()) + work[m.end():]
    return out


def parse_indicator(norm: str) -> tuple[str, int | None] | None:
    """The indicator named and its window ('14-day RSI', 'RSI(14)', 'SMA 200', '50-дневная')."""
    for name, pat, default in INDICATORS:
        m = re.search(pat, norm)
        if not m:
            continue
        around = norm[max(0, m.start() - 25):m.end() + 25]
        w = re.match(r"(\d{1,3})(?!\d)", norm[m.end():]) or _WINDOW.search(around) \
            or re.search(rf"(?:{pat})\s*\(?\s*(\d{{1,3}})(?!\d|\s*%){_NOT_A_DATE}", around) \
            or _bare_before(norm[:m.start()])   # glued ("sma50 mar 2024") is always the window
        window = next((int(g) for g in (w.groups() if w else ()) if g), default)
        if window is not None and not 2 <= window <= 400:
            window = default
        return name, window
    return None


def parse_indicators(norm: str) -> list[tuple[str, int | None, int]]:
    """Every indicator named, in the order of the text: (name, window, position). "RSI, MACD, ATR
    and ADX" is four; each takes the window written next to it, else its declared default."""
    out: list[tuple[str, int | None, int]] = []
    for name, pat, default in INDICATORS:
        m = re.search(pat, norm)
        if not m:
            continue
        after = norm[m.end():m.end() + 30]
        w = re.match(r"(\d{1,3})(?!\d)", after) \
            or re.match(rf"\s*(?:de\s+|of\s+)?[-(]?\s*(\d{{1,3}})(?!\d|\s*%|\s*[-/.]\d){_NOT_A_DATE}", after)
        before = _WINDOW.search(norm[max(0, m.start() - 14):m.start()]) or _bare_before(norm[:m.start()])
        window = int(w.group(1)) if w else next((int(g) for g in (before.groups() if before else ()) if g),
                                                default)
        if window is not None and not 2 <= window <= 400:
            window = default
        out.append((name, window, m.start()))
        out += [(name, more, pos) for more, pos in _listed_windows(norm, m, after_name=bool(w))]
    return sorted(out, key=lambda x: x[2])


# Several windows of one indicator named once: "50-day and 200-day moving averages", "SMA 50 and
# 200", "EMA 9 и 21", "SMA de 50 y 200": each window a measure of its own.
_AND = rf"(?:,|{packs.alternation('windows', 'list_and')})"
_UNITS = rf"(?:\s*[-‐]?\s*(?:{_cue('WINDOW_UNITS')}))?"
_LISTED_BEFORE = re.compile(rf"(?<![\d.:/])(\d{{1,3}}){_UNITS}\s*{_AND}\s*$")
_NEXT_AFTER = re.compile(rf"\s*{_AND}\s*(\d{{1,3}})(?!\d|\s*%|\s*[-/.:]\d){_NOT_A_DATE}")
_ANY_INDICATOR = re.compile(rf"{_UNITS}\s*(?:{'|'.join(p for _n, p, _w in INDICATORS)})")
_AFTER_INDICATOR = re.compile(rf"(?:{'|'.join(p for _n, p, _w in INDICATORS)})\s*(?:de\s+|of\s+)?[-(]?\s*$")


def _listed_windows(norm: str, m: re.Match[str], after_name: bool) -> list[tuple[int, int]]:
    """(window, position) of the further windows listed beside the one read ("... and 200"), never
    a number that is the next indicator's ("SMA 50 and 200-day EMA")."""
    out: list[tuple[int, int]] = []
    if after_name:
        end = re.match(r"[^\d]{0,8}\d{1,3}", norm[m.end():])
        at = m.end() + (end.end() if end else 0)
        while (nxt := _NEXT_AFTER.match(norm, at)) and not _ANY_INDICATOR.match(norm, nxt.end()):
            out.append((int(nxt.group(1)), nxt.start(1)))
            at = nxt.end()
    else:
        own = re.search(rf"(?<![\d.:/])\d{{1,3}}{_UNITS}\s*$", norm[:m.start()])
        at = own.start() if own else -1
        while at > 0 and (prev := _LISTED_BEFORE.search(norm[:at])) \
                and not _AFTER_INDICATOR.search(norm[:prev.start(1)]):   # "SMA 50 and 200-day EMA"
            out.append((int(prev.group(1)), prev.start(1)))
            at = prev.start()
    return [(w, pos) for w, pos in out if 2 <= w <= 400]


def parse_pattern(norm: str) -> str | None:
    for name, pat in PATTERNS:
        if re.search(pat, norm):
            return name
    return None


def parse_unsupported(norm: str) -> str | None:
    for name, pat in _UNSUPPORTED:
        if re.search(pat, norm):
            return name
    return None
