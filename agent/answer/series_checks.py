"""Streaks, ranks and the final sessions, verified against what code computed (never shown free):
- a streak ("a fourth straight loss", "три дня подряд", "la cuarta subida seguida"): the run of
  close-to-close changes of one sign ending on the day of the value it is bound to (else the series'
  last day), from the symbol's daily series in scope; an ordinal is the run's exact length, a
  cardinal its least length. A run reaching the series' first day (its change unknown) is exact
  only when it is longer than said;
- a rank ("the third-weakest month", "второй по силе месяц", "el tercer peor mes"): the ranking of
  the compared periods (by the value bound in the sentence, else % change) or of a ranked list code
  computed (top N days); "of the year" needs periods covering that year's twelve months;
- "both final sessions closed higher": each of the last N sessions of the series in that direction.
"""
from __future__ import annotations

import re

from agent.answer import series_words as W
from agent.answer.direction_words import _direction_of
from agent.answer.sentences import Sentence, clause_of
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer


def _series(a: Answer, s: Sentence) -> tuple[str, list[tuple[str, float | None]]] | None:
    named = a.symbols_named(s) & set(a.table.series)
    if len(named) == 1:
        sym = next(iter(named))
        return sym, a.table.series[sym]
    if len(a.table.series) == 1 and not named:
        return next(iter(a.table.series.items()))
    return None


def _way(s: Sentence, lo: int, hi: int, lang: str) -> str | None:
    text = " ".join(t.norm for t in s.tokens[lo:hi] if not t.slot)
    if W.pattern(lang, "STREAK_DOWN").search(text):
        return "down"
    if W.pattern(lang, "STREAK_UP").search(text):
        return "up"
    ways = {w for t in s.tokens[lo:hi] if not t.slot and (w := _direction_of(t.norm))}
    return next(iter(ways)) if len(ways) == 1 else None


def _day(a: Answer, s: Sentence, k: int, sym: str) -> str | None:
    """The day a streak is said of: the date of the value of its clause, else None (the last day)."""
    lo, hi = clause_of(s, k, a.conj)
    for i, name in s.slots():
        v = a.value(name)
        if lo <= i < hi and v is not None and not v.param and (v.symbol in (None, sym)):
            if v.date:
                return str(v.date)[:10]
            if v.span:
                return v.span[1]
    return None


def run_at(series: list[tuple[str, float | None]], day: str | None, way: str) -> tuple[int, bool]:
    """(length of the run of `way` changes ending on `day` or before it, whether it may be longer:
    it reached a change code does not know)."""
    idx = len(series) - 1
    if day is not None:
        idx = max((i for i, (d, _) in enumerate(series) if d <= day), default=-1)
    n = 0
    while idx >= 0:
        change = series[idx][1]
        if change is None:
            return n, True
        if not (change > 0 if way == "up" else change < 0):
            return n, False
        n, idx = n + 1, idx - 1
    return n, True


def streaks(a: Answer) -> list[str]:
    from agent.answer.vocabulary import _after_rule_value

    issues = []
    for s in a.sentences:
        for lo, hi, k in W.streaks(s, a.lang, a.conj):
            said = " ".join(t.text for t in s.tokens[lo:hi])
            if _after_rule_value(s, W.char_of(s, k)):
                continue
            issues += _streak_issue(a, s, lo, hi, k, said)
    return issues


def _streak_issue(a: Answer, s: Sentence, lo: int, hi: int, k: int, said: str) -> list[str]:
    words = " ".join(t.norm for t in s.tokens[lo:hi] if not t.slot)
    if W.pattern(a.lang, "STREAK_UNITS").search(words):
        return [f"'{said}': code computes streaks of sessions only; state the values"]
    counts = [c for t in s.tokens[lo:hi] if not t.slot and (c := W.count_of(a.lang, t.norm))]
    n, exact = counts[0] if counts else (2, False)
    c_lo, c_hi = clause_of(s, k, a.conj)
    way, found = _way(s, lo, hi, a.lang) or _way(s, c_lo, c_hi, a.lang), _series(a, s)
    if way is None or found is None:
        return [f"'{said}': a streak code cannot bind to one direction and one daily series; state the values"]
    sym, series = found
    run, open_ended = run_at(series, _day(a, s, k, sym), way)
    ok = (run == n and not open_ended) if exact else run >= n
    if ok:
        return []
    length = f"at least {run}" if open_ended else str(run)
    return [f"'{said}': {sym}'s run of {way} sessions there is {length}, not {'exactly ' if exact else 'at least '}{n}"]


def final_sessions(a: Answer) -> list[str]:
    """"both final sessions closed higher": the last N sessions of the series, each that way."""
    issues = []
    for s in a.sentences:
        for lo, hi, (n,) in W.spans(s, a.lang, "FINAL_SESSIONS"):
            said = " ".join(t.text for t in s.tokens[lo:hi])
            _, end = clause_of(s, max(0, hi - 1), a.conj)
            way, found = _way(s, hi, end, a.lang), _series(a, s)
            if way is None or found is None:
                issues.append(f"'{said}': say which way with one direction word about one daily series")
                continue
            sym, series = found
            last = [c for _, c in series[-int(n):]]
            if len(last) < int(n) or not all(c is not None and (c > 0 if way == "up" else c < 0) for c in last):
                issues.append(f"'{said}': not each of {sym}'s last {n} sessions closed {way}")
    return issues


# --- ranks ------------------------------------------------------------------------------------

def _periods(a: Answer, step: str) -> dict[str, SlotValue]:
    """The compared periods of a step: prefix ("s1.p3") -> its period slot."""
    return {v.name.rsplit(".", 1)[0]: v for v in a.table.values.values()
            if v.metric == "period" and re.match(re.escape(step) + r"\.p\d+\.period$", v.name)}


def _ranked_prefix(a: Answer, s: Sentence) -> tuple[str, str] | None:
    """(prefix of the period or listed row the sentence's rank is about, the metric ranked)."""
    for _, name in s.slots():
        v = a.value(name)
        if v is None or v.param:
            continue
        m = re.match(r"(s\d+\.(?:p|e)\d+)\.", v.name)
        if m:
            metric = v.metric if v.kind not in ("period", "date", "text") else "pct_change"
            return m.group(1), "daily_pct_change" if ".e" in m.group(1) and metric == "pct_change" else metric
    return None


def _position(a: Answer, prefix: str, metric: str, side: str) -> int | None:
    step = prefix.split(".")[0]
    values = {v.name.rsplit(".", 1)[0]: float(v.value) for v in a.table.values.values()
              if v.name.startswith(step + ".") and v.metric == metric and isinstance(v.value, (int, float))
              and re.match(re.escape(step) + r"\.(?:p|e)\d+$", v.name.rsplit(".", 1)[0])}
    if prefix not in values:
        return None
    order = sorted(values, key=lambda k: values[k], reverse=(side == "max"))
    return order.index(prefix) + 1


def _covers_year(a: Answer, prefix: str) -> bool:
    months = set()
    for v in _periods(a, prefix.split(".")[0]).values():
        if v.span:
            y0, m0, y1, m1 = int(v.span[0][:4]), int(v.span[0][5:7]), int(v.span[1][:4]), int(v.span[1][5:7])
            months |= {(y0 * 12 + m0 - 1 + k) % 12 for k in range((y1 - y0) * 12 + m1 - m0 + 1)}
    return len(months) == 12


def ranks(a: Answer) -> list[str]:
    issues = []
    for s in a.sentences:
        text = s.words()
        scoped = bool(W.pattern(a.lang, "YEAR_SCOPE").search(text))
        for lo, hi, n, side in W.ranks(s, a.lang):
            said = " ".join(t.text for t in s.tokens[lo:hi])
            bound = _ranked_prefix(a, s)
            pos = _position(a, *bound, side) if bound else None
            if pos is None or bound is None:
                issues.append(f"'{said}': a rank code did not compute over the values in scope; state the values")
            elif pos != n:
                issues.append(f"'{said}': {{{bound[0]}}} ranks {pos} by {bound[1].replace('_', ' ')}, not {n}")
            elif scoped and ".p" in bound[0] and not _covers_year(a, bound[0]):
                issues.append(f"'{said}': the periods compared do not cover the whole year")
        if scoped and not W.ranks(s, a.lang) and W.pattern(a.lang, "RANK_MAX").search(text) \
                or scoped and not W.ranks(s, a.lang) and W.pattern(a.lang, "RANK_MIN").search(text):
            bound = _ranked_prefix(a, s)
            if bound and ".p" in bound[0] and not _covers_year(a, bound[0]):
                issues.append("a superlative 'of the year': the periods compared do not cover the whole year")
    return issues
