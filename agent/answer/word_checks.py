"""The other falsifiable words of an answer, each bound to slots and verified or sent
back: superlatives (only beside a ranking code computed), quantifiers ("most sessions"), negations
("never", "not one down day"), instrument names (must
own the values beside them), "not available" (for data that was computed), unit words after a
slot (a range is not "per cent"), months and dates beside a value (its own period or date), and
number words (an idiom of the pack, or "the two months" = the periods compared).
"""
from __future__ import annotations

import re
from datetime import date

from agent import lang as packs
from agent.answer import series_words
from agent.answer.numbers import DATE_PATTERNS, YEAR_AFTER, Span, month_end, span_of
from agent.answer.sentences import Sentence, clause_of
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer, phrase, words
from agent.answer.wording import LETTERS
from agent.nlu.lang import month_number, normalize

_EVER = re.compile(r"(?<![\w§])(?:" + packs.alternation("answer", "ALL_TIME") + r")(?![\w])")
_STRONG = re.compile(packs.alternation("answer", "STRONG"))
_WEAK = re.compile(packs.alternation("answer", "WEAK"))


def superlatives(a: Answer) -> list[str]:
    """A superlative or ranking only beside a value code ranked (top N rows, a max, the best
    hour); "strongest/weakest" beside a compared period only when it is."""
    issues = []
    for s in a.sentences:
        text = s.words()
        verified = series_words.mask(s, a.lang, a.conj)   # ranks and descriptions: their own checks
        for m in phrase(a.lang, "SUPERLATIVES").finditer(text):
            said = m.group(0)
            if s.token_at(m.start()) in verified:
                continue
            if _EVER.search(said):
                issues.append(f"'{said}': no ranking over all history was computed")
                continue
            values = [a.value(n) for _, n in s.slots()]
            if _VOLUME_WORD.search(said):   # "highest volume day": only a ranking of days by volume
                if not any(v is not None and v.name.split(".")[0] in _volume_ranked(a) for v in values):
                    issues.append(f"'{said}': no ranking of days by volume was computed; state the values")
                continue
            if any(v is not None and (v.ranked or v.name.split(".")[0] in a.table.ranked_steps)
                   for v in values):
                continue
            periods = [v for v in values if v is not None and v.metric in ("period", "label")]
            if periods and _best_period(a, periods[0], said) is None:
                continue
            if periods:
                issues.append(f"'{said}': {{{periods[0].name}}} is not {_best_period(a, periods[0], said)}")
                continue
            issues.append(f"'{said}': a superlative or ranking code did not compute; state the values")
    return issues


_VOLUME_WORD = re.compile(packs.alternation("answer", "VOLUME_WORD"))


def _volume_ranked(a: Answer) -> set[str]:
    """The steps that ranked days by volume (their listed volumes are ranked values)."""
    return {v.name.split(".")[0] for v in a.table.values.values() if v.ranked and v.metric == "total_volume"}


def _best_period(a: Answer, period: SlotValue, said: str) -> str | None:
    """None when `period` is the strongest (weakest) compared period by change, as `said` claims."""
    prefix = period.name.rsplit(".", 1)[0]
    step = prefix.split(".")[0]
    changes = {v.name.rsplit(".", 1)[0]: v.value for v in a.table.values.values()
               if v.name.startswith(step + ".p") and v.metric == "pct_change"}
    if prefix not in changes:
        return None
    if _STRONG.search(said):
        return None if changes[prefix] == max(changes.values()) else "the strongest"
    if _WEAK.search(said):
        return None if changes[prefix] == min(changes.values()) else "the weakest"
    return None


# Quantifiers the templates write ("each event", "all data"): whole words and prefixes.
_TEMPLATE_WORDS = {w for c in packs.codes() for w in packs.get(c, "answer", "TEMPLATE_QUANTIFIERS")}
_TEMPLATE_PREFIXES = tuple(w for c in packs.codes() for w in packs.get(c, "answer", "TEMPLATE_QUANTIFIER_PREFIXES"))


def quantifiers(a: Answer) -> list[str]:
    """"most sessions closed higher ({up_days})": more than half of the sessions."""
    issues = []
    for s in a.sentences:
        for m in phrase(a.lang, "QUANTIFIERS").finditer(s.words()):
            if m.group(0) in _TEMPLATE_WORDS or m.group(0).startswith(_TEMPLATE_PREFIXES):
                continue           # "each event", "all data": words of the templates, not counts
            counts = [v for _, n in s.slots() if (v := a.value(n)) is not None
                      and v.metric in ("up_days", "down_days", "event_count", "matching_days")]
            total = _total(a, counts[0]) if len(counts) == 1 else None
            if total is None:
                issues.append(f"'{m.group(0)}': a share code cannot bind: write {{share:up_days,trading_days}}")
            elif not float(counts[0].value) * 2 > total:
                issues.append(f"'{m.group(0)}': {{{counts[0].name}}} is not more than half of the sessions")
    return issues


def _total(a: Answer, count: SlotValue) -> float | None:
    prefix = count.name.rsplit(".", 1)[0]
    total = a.table.get(f"{prefix}.trading_days") or a.table.get(f"{prefix}.days_checked")
    return float(total.value) if total is not None and isinstance(total.value, (int, float)) else None


def negations(a: Answer) -> list[str]:
    """"never below {param.n1}" = the low stayed at or above it; "not one down day" = zero."""
    issues = []
    for s in a.sentences:
        text = s.words()
        for m in phrase(a.lang, "NEGATIONS").finditer(text):
            why = _negation_issue(a, s, text[m.end():])
            if why:
                issues.append(f"'{m.group(0)}': {why}")
    return issues


_DOWN_DAY = re.compile(packs.alternation("answer", "DOWN_DAY"))
_UP_DAY = re.compile(packs.alternation("answer", "UP_DAY"))
_NEVER_BELOW = re.compile(packs.alternation("answer", "NEVER_BELOW"))
_NEVER_ABOVE = re.compile(packs.alternation("answer", "NEVER_ABOVE"))


def _negation_issue(a: Answer, s: Sentence, rest: str) -> str | None:
    params = [v for _, n in s.slots() if (v := a.value(n)) is not None and v.param]
    if params and isinstance(params[0].value, (int, float)):
        low, high = a.table.get("low"), a.table.get("high")
        x = float(params[0].value)
        if _NEVER_BELOW.search(rest) and low is not None:
            return None if float(low.value) >= x else f"the low {{{low.name}}} is below {{{params[0].name}}}"
        if _NEVER_ABOVE.search(rest) and high is not None:
            return None if float(high.value) <= x else f"the high {{{high.name}}} is above {{{params[0].name}}}"
    for pattern, metric in ((_DOWN_DAY, "down_days"), (_UP_DAY, "up_days")):
        if pattern.search(rest[:40]):
            v = a.table.get(metric)
            if v is None:
                break
            return None if v.value == 0 else f"{{{v.name}}} is not zero"
    return "a negation code cannot bind and verify; state the values"


def names(a: Answer) -> list[str]:
    """An instrument named must be fetched and own the values beside it."""
    issues = []
    for s in a.sentences:
        named = a.symbols_named(s)
        for n in named - a.fetched:
            issues.append(f"'{n}' was not fetched: say only what the data of {', '.join(sorted(a.fetched))} shows")
        issues += _owner_issues(a, s)
    return issues


def _owner_mentions(a: Answer, s: Sentence) -> dict[int, tuple[set[str], str]]:
    """Token index -> (owners, words) of each instrument named in the sentence: a fetched symbol,
    a name of the pack ("Dow", "насдак") or a description ("the tech-heavy index")."""
    from agent.answer.parts import mentions
    from agent.answer.statements import _name_re, _names

    out = {i: ({t.text.upper()}, t.text) for i, t in enumerate(s.tokens)
           if not t.slot and t.text.upper() in a.fetched}
    text = s.words()
    for name, owners in _names(a.lang).items():
        held = owners & a.fetched
        for m in _name_re(name).finditer(text) if held else ():
            out.setdefault(s.token_at(m.start()), (held, m.group(0)))
    for i, held, said in mentions(a, s):
        if held:
            out[i] = (held, said)
    return out


def _owner_issues(a: Answer, s: Sentence) -> list[str]:
    """A value must belong to the last instrument named (or described) before it in the sentence."""
    out: list[str] = []
    current: tuple[set[str], str] | None = None
    named = _owner_mentions(a, s)
    for i, t in enumerate(s.tokens):
        if i in named:
            current = named[i]
            continue
        v = a.value(t.slot) if t.slot else None
        if v is not None and current and v.symbol and not v.param and v.symbol.upper() not in current[0] \
                and v.metric not in ("symbol",):
            out.append(f"{{{v.name}}} is {v.symbol}'s value, but the sentence names {current[1]}")
    return out


def not_available(a: Answer) -> list[str]:
    """"volume is not available" when a volume was computed."""
    issues = []
    computed = {v.symbol for v in a.table.values.values()
                if v.symbol and not v.param and v.kind in ("price", "volume", "pct")}
    for s in a.sentences:
        for m in phrase(a.lang, "NOT_AVAILABLE").finditer(s.words()):
            named = a.symbols_named(s) or computed
            if named & computed:
                issues.append(f"'{m.group(0)}': the data of {', '.join(sorted(named & computed))} was "
                              f"fetched and computed")
    return issues


def units(a: Answer) -> list[str]:
    """The unit word after a slot must fit its kind (no "per cent" after a range or a volume)."""
    issues = []
    rules = (("PERCENT_WORDS", ("pct", "pct_level"), "a percent"),
             ("CURRENCY_WORDS", ("price", "number"), "money"),
             ("POINT_WORDS", ("price", "number"), "points"))
    for s in a.sentences:
        for i, name in s.slots():
            v = a.value(name)
            if v is None or v.param or i + 1 >= len(s.tokens):
                continue
            nxt = " ".join(t.norm for t in s.tokens[i + 1:i + 3])
            for key, kinds, what in rules:
                m = phrase(a.lang, key).match(nxt)
                if m and v.kind not in kinds:
                    issues.append(f"{{{name}}} is {_kind_name(v)}, not {what} ('{m.group(0)}')")
    return issues


def _kind_name(v: SlotValue) -> str:
    return {"pct": "a percent", "pct_level": "a percent", "volume": "a volume (contracts or shares)",
            "count": "a count", "price": "a price (points)"}.get(v.kind, "a number")


def dates_beside_values(a: Answer) -> list[str]:
    """A month, quarter or date written beside a value must be that value's period or date: the
    value it is bound to by the sentence's structure (the values of its clause; in a clause of
    its own, as "(29 ноября)", the value it follows), never any value of the sentence."""
    issues = []
    for s in a.sentences:
        dated = [(i, v) for i, n in s.slots() if (v := a.value(n)) is not None and not v.param
                 and v.kind not in ("date", "time", "text", "period") and (v.span or v.date)]
        if not dated:
            continue
        for said, span, at in _date_mentions(s.text, [v for _, v in dated]) + _date_slots(a, s):
            values = _bound_values(a, s, at, dated)
            if not any(_fits(span, v) or v.context == span[0].isoformat() for v in values):
                issues.append(f"'{said}' is not the date or period of {{{values[0].name}}}")
    return issues


def _date_slots(a: Answer, s: Sentence) -> list[tuple[str, Span, int]]:
    """Date slots ("{high.date}") as mentions: beside another value they must be its date too
    ("{low} on {high.date}" is the lie "{low} on March 4" written with a slot)."""
    out = []
    for i, name in s.slots():
        v = a.value(name)
        if v is not None and v.kind == "date" and v.metric == "date" and isinstance(v.value, str):
            try:
                d = date.fromisoformat(v.value[:10])
            except ValueError:
                continue
            out.append(("{" + name + "}", (d, d), s.tokens[i].start - s.start))
    return out


def _bound_values(a: Answer, s: Sentence, at: int, dated: list[tuple[int, SlotValue]]) -> list[SlotValue]:
    """The values a date mention at character `at` of the sentence qualifies: the dated values of
    its clause (a point value's date first: "the low {low} came on March 4" is about the low's
    day, not the month's close); in a clause without a value ("(29 ноября)", "al de marzo,
    {p1.close}") the values of the neighbouring clauses, the one before and the one after."""
    k = next((i for i, t in enumerate(s.tokens) if t.start - s.start >= at), len(s.tokens) - 1)
    lo, hi = clause_of(s, k, a.conj)
    local = [v for i, v in dated if lo <= i < hi]
    if not local:
        before, after = [v for i, v in dated if i < k], [v for i, v in dated if i >= hi]
        if after and hi < len(s.tokens) and s.tokens[hi].norm == ":":
            # "higher in April than in March: {p2.close} vs {p1.close}": the list after the colon
            lo2, hi2 = clause_of(s, hi + 1, a.conj) if hi + 1 < len(s.tokens) else (hi, hi)
            listed = [v for i, v in dated if lo2 <= i < hi2]
            return before[-1:] + (listed or after[:1])
        return before[-1:] + after[:1]
    points = [v for v in local if v.date]
    return points or local


_LETTER_RUN = re.compile(f"[{LETTERS}]+")
_BARE_Q = re.compile(r"(?<![\w])(?:q([1-4])|([1-4])(?:st|nd|rd|th)? quarter)(?![\w])")


def _date_mentions(text: str, values: list[SlotValue]) -> list[tuple[str, Span, int]]:
    norm = normalize(re.sub(r"\{[^{}]*\}", lambda m: " " * len(m.group(0)), text))
    years = sorted({int(v.date[:4]) for v in values if v.date} |
                   {int(day[:4]) for v in values if v.span for day in v.span})
    out: list[tuple[str, Span, int]] = []
    taken = [False] * len(norm)
    for pattern in DATE_PATTERNS[:5]:
        for m in pattern.finditer(norm):
            if any(taken[m.start():m.end()]):
                continue
            spans = span_of(m, years)
            if spans:
                out.append((text[m.start():m.end()].strip(), spans, m.start()))
                taken[m.start():m.end()] = [True] * (m.end() - m.start())
    for m in _LETTER_RUN.finditer(norm):
        if any(taken[m.start():m.end()]):
            continue
        num = month_number(m.group(0))
        if num and len(m.group(0)) > 3:
            out.append((m.group(0), _any_year(num, years), m.start()))
    for m in _BARE_Q.finditer(norm):
        if not any(taken[m.start():m.end()]):
            q = int(m.group(1) or m.group(2))
            out.append((m.group(0), _any_year_q(q, years), m.start()))
    return _ranges(text, norm, sorted(out, key=lambda x: x[2]))


_JOINER = re.compile(r"(?:\s*" + YEAR_AFTER + r"\.?)?\s*(?:[-–—]|(?:" + "|".join(
    w for c in packs.codes() for w in packs.get(c, "answer", "RANGE_JOINERS")) + r")(?!\w))\s*")


def _ranges(text: str, norm: str, found: list[tuple[str, Span, int]]) -> list[tuple[str, Span, int]]:
    """Two dates joined by a dash or a range word ("March 1, 2024 – March 15, 2024", "с 1 по 15
    марта") are one period from the first's start to the second's end, not two days."""
    out: list[tuple[str, Span, int]] = []
    for said, span, at in found:
        if out:
            p_said, p_span, p_at = out[-1]
            end = p_at + len(p_said)
            if _JOINER.fullmatch(norm[end:at]) and p_span[0] <= span[1]:
                out[-1] = (text[p_at:at + len(said)], (p_span[0], span[1]), p_at)
                continue
        out.append((said, span, at))
    return out


def _any_year(month: int, years: list[int]) -> Span:
    lo, hi = years[0], years[-1]
    return date(lo, month, 1), month_end(hi, month)


def _any_year_q(q: int, years: list[int]) -> Span:
    return date(years[0], 3 * q - 2, 1), month_end(years[-1], 3 * q)


def _fits(span: Span, v: SlotValue) -> bool:
    lo, hi = span
    if v.date:
        d = date.fromisoformat(v.date[:10])
        if (hi - lo).days < 400 or lo.month == hi.month:
            return _in_months(d, lo, hi)
    if v.span:
        a, b = date.fromisoformat(v.span[0]), date.fromisoformat(v.span[1])
        return lo <= b and a <= hi and _overlaps_months(a, b, lo, hi)
    return True


def _in_months(d: date, lo: date, hi: date) -> bool:
    if lo.year == hi.year or (hi - lo).days < 400:
        return lo <= d <= hi
    return lo.month <= d.month <= hi.month if lo.month <= hi.month else True


def _overlaps_months(a: date, b: date, lo: date, hi: date) -> bool:
    if (hi - lo).days < 400:
        return True
    # a month named without a year (spanning the years in scope): the value's months must include it
    months = {((a.year * 12 + a.month - 1 + k) % 12) + 1 for k in range((b.year - a.year) * 12 + b.month - a.month + 1)}
    return lo.month in months or hi.month in months


def number_words(a: Answer) -> tuple[str, list[str]]:
    """(the text with verified number words and idioms blanked, issues): "the two months" holds
    when two periods were compared."""
    periods = len([v for v in a.table.values.values() if v.metric == "period"
                   and re.search(r"\.p\d+\.period$", v.name)]) or \
        len({v.span for v in a.table.values.values() if v.span})
    small = {w: n for code in dict.fromkeys((a.lang, "en")) for w, n in _SMALL[code].items()}
    text = "\n".join(_blank_verified(a, s) for s in a.sentences)
    norm = normalize(text)
    issues: list[str] = []
    norm = phrase(a.lang, "NUMBER_IDIOMS").sub(lambda m: " " * len(m.group(0)), norm)
    nouns = "|".join(words(a.lang, "PERIOD_NOUNS"))
    for m in re.finditer(r"(?<![\w])(" + "|".join(small) + r")\s+(?:\w+\s+)?(?:" + nouns + r")(?![\w])", norm):
        if small[m.group(1)] == periods:
            norm = norm[:m.start()] + " " * (m.end() - m.start()) + norm[m.end():]
        else:
            issues.append(f"'{m.group(0)}': {periods} period(s) are in the answer")
            norm = norm[:m.start()] + " " * (m.end() - m.start()) + norm[m.end():]
    return norm, issues


def _blank_verified(a: Answer, s: Sentence) -> str:
    """The sentence with the words of its verified series statements blanked ("three days in a row",
    "both final sessions": counted by their own checks)."""
    text = s.text
    for i in sorted(series_words.mask(s, a.lang, a.conj)):
        t = s.tokens[i]
        at = t.start - s.start
        text = text[:at] + " " * len(t.text) + text[at + len(t.text):]
    return text


_SMALL = {c: dict(packs.get(c, "answer", "SMALL_NUMBERS")) for c in packs.codes()}
