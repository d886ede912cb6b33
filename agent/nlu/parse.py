"""One text's slots (Parsed): every recogniser run over the question, the token grammar's parts, and
the words no recogniser used; a misspelt vocabulary word is read as meant, once."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from agent import lang as packs
from agent.llm import glossary
from agent.llm.base import ProviderContext
from agent.nlu import abbreviations, coverage, cues, fuzzy, grammar, magnitude, price_levels, year_words
from agent.nlu import metrics as M
from agent.nlu.conditions import (
    ConditionParse,
    TopMoves,
    opposite_conditions,
    parse_condition,
    parse_horizon,
    parse_top,
)
from agent.nlu.lang import language_evidence, normalize, tokenize_months
from agent.nlu.periods import Found, parse_periods
from agent.nlu.range_rank import RangeRank, parse_range_rank
from agent.nlu.subperiods import vague_spans
from agent.nlu.symbols import symbol_spans, symbols_in
from agent.nlu.volume_rank import VolumeRank, parse_volume_rank
from agent.nlu.windows import BarSize, Window, parse_bar_size, parse_segments, parse_window
from agent.state import ClaimType, Period
from query_builder.models import EventCondition


@dataclass
class Parsed:
    """Every slot one text fills (None / empty when the text does not say)."""
    lang: str
    lang_strong: bool
    symbols: list[str] = field(default_factory=list)
    periods: list[Found] = field(default_factory=list)
    metrics: list[ClaimType] = field(default_factory=list)
    cond: ConditionParse = field(default_factory=ConditionParse)
    horizon: int | None = None
    top: TopMoves | None = None
    indicator: tuple[str, int | None] | None = None
    pattern: str | None = None
    concepts: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    unsupported: str | None = None
    unused: list[str] = field(default_factory=list)              # content words no recogniser used
    unused_spans: list[tuple[int, int]] = field(default_factory=list)
    text: str = ""
    fixes: list[tuple[str, str]] = field(default_factory=list)   # (written, read as) typo fixes
    # typed reading: positions pair symbols with periods; windows and bar sizes
    symbol_pos: list[int] = field(default_factory=list)
    window: Window | None = None
    windows: list[Window] = field(default_factory=list)   # two segments side by side, each a part
    bar: BarSize | None = None
    indicators: list[tuple[str, int | None, int]] = field(default_factory=list)
    volume_rank: VolumeRank | None = None
    range_rank: RangeRank | None = None  # "the day with the widest range": days ranked by range
    price_level: str | None = None      # "above 3,000": counted against a price (not available)
    conditions: list[EventCondition] = field(default_factory=list)   # a rise and a fall threshold
    grammar: grammar.Reading | None = None   # parts read by the token grammar (grammar.py)
    measure_text: str = ""              # the text measures are read from (each part's stretch too)


def _blank(norm: str, spans: Iterable[tuple[int, int]]) -> str:
    """Symbol names blanked, so "S&P 500" or "Russell 2000" is not read as a count or a year."""
    for a, b in spans:
        norm = norm[:a] + " " * (b - a) + norm[b:]
    return norm


def _aliases_of(ctx: ProviderContext) -> tuple[str, ...]:
    return tuple(sorted({a for i in ctx.instruments for a in (i.aliases or []) if len(a) >= 5}))


def parse_text(text: str, ctx: ProviderContext, ref: Period | None = None) -> Parsed:
    text = year_words.replace_years(text)       # "twenty twenty" -> 2020
    text = abbreviations.expand(text, ctx.today)  # "qtr", "1Q20", "Mar-20", "March 2 to 6"
    p = _parse_once(text, ctx, ref)
    if p.unused:   # a misspelt vocabulary word among the unused ones: read it as meant, once
        fixed, fixes = fuzzy.correct(text, p.unused_spans, _aliases_of(ctx))
        if fixes:
            p = _parse_once(fixed, ctx, ref)
            p.fixes = [(f.written, f.read_as) for f in fixes]
    return p


def _from_reference(found: list[Found], norm: str, refs: list[tuple[int, int]]) -> list[Found]:
    """"from the close of 2023 to April 30 2024": the period runs from the day after the reference
    year's close to the date written after it (the reference itself is blanked as a measure)."""
    if len(refs) != 1 or len(found) != 1 or found[0].pos < refs[0][1]:
        return found
    year = re.search(r"(?<!\d)(?:1[89]|20)\d\d(?!\d)", norm[refs[0][0]:refs[0][1]])
    between = norm[refs[0][1]:found[0].pos]
    if not year or not re.search(_RANGE_TO, between):
        return found
    from agent.nlu.period_math import make_period
    start, end = date(int(year.group(0)) + 1, 1, 1), found[0].resolved.end
    if end < start:
        return found
    found[0].period = make_period(start, end)
    return found


def _parse_once(text: str, ctx: ProviderContext, ref: Period | None) -> Parsed:
    norm = normalize(text)
    lang, strong = language_evidence(text)
    p = Parsed(lang=lang, lang_strong=strong, text=text)
    p.concepts = glossary.find_concepts(text)
    hits = symbols_in(text, ctx.instruments)
    p.symbols = [h.symbol for h in hits]
    p.symbol_pos = [h.start for h in hits]
    spans = symbol_spans(text, ctx.instruments, hits)   # every mention, repeats included
    masked = _blank(norm, spans)
    p.windows, joins = parse_segments(masked)
    p.window, p.bar = p.windows[0] if p.windows else parse_window(masked), parse_bar_size(masked)
    read = [x.span for x in (*p.windows, p.window, p.bar) if x is not None] + joins
    spans += read
    masked = _blank(masked, read)
    refs = M.reference_spans(masked)       # "vs the 2018 close": a measure's reference, not a period
    spans += refs
    found = parse_periods(_blank(masked, refs + M.glued_spans(masked)), ctx.today, ref, us_dates=lang == "en",
                          split_between=bool(M.COMPARE.search(masked)) and len(hits) < 2)
    found = _from_reference(found, masked, refs)
    seen: set[tuple[date, date]] = set()
    p.periods = [f for f in found if not ((f.resolved.start, f.resolved.end) in seen
                                          or seen.add((f.resolved.start, f.resolved.end)))]  # type: ignore[func-returns-value]
    p.grammar = grammar.read(norm, [(h.start, h.end) for h in hits], [(f.pos, f.end) for f in p.periods])
    spans += list(p.grammar.used) if p.grammar else []
    # "the opening week of", "the closing days of": the part's words, never the open or the close
    vague = vague_spans(tokenize_months(masked))
    sub_spans = [(f.pos, f.end) for f in found if f.sub is not None] + vague
    p.measure_text = _blank(masked, M.named_analysis_spans(masked) + sub_spans)
    p.metrics = M.parse_metrics(p.measure_text)
    dated = _blank(masked, [(f.pos, f.end) for f in found])
    p.cond = parse_condition(dated)   # "dec 1 2023 % chg": no 2023 %
    p.conditions = opposite_conditions(dated)
    _price_level(p, masked, spans)
    # "the week after Thanksgiving": the period's own window, never an event study's horizon
    p.horizon = parse_horizon(_blank(masked, [(f.pos, f.end) for f in found if f.kind == "after"]))
    _rankings(p, masked, spans)
    spans += _magnitude(p, dated)
    # "ATR over the last 5 days of March": the 5 days are the period's, never the indicator's window
    ind_text = _blank(masked, sub_spans)
    p.indicator = M.parse_indicator(ind_text)
    p.indicators = M.parse_indicators(ind_text)
    p.pattern = M.parse_pattern(masked)
    p.unsupported = M.parse_unsupported(norm)
    unused = coverage.unused_words(masked, spans + [(f.pos, f.end) for f in found])   # repeats are used too
    # "the closing days of 2008": how many is not said; declined by name even where its words are stopwords
    unused = sorted([u for u in unused if not any(a <= u[0] < b for a, b in vague)] + vague)
    p.unused_spans = unused
    p.unused = [text[a:b] for a, b in unused]
    # "the week after Thanksgiving": the period's window, not "what came after" an event
    _add_flags(p, norm, _blank(norm, [(f.pos, f.end) for f in found if f.kind == "after"]))
    return p


def _rankings(p: Parsed, masked: str, spans: list[tuple[int, int]]) -> None:
    """The largest moves, or days ranked by volume or by range (each in place of the others)."""
    p.top = parse_top(masked)
    p.volume_rank = parse_volume_rank(masked)
    if p.volume_rank:                  # "highest volume day": days ranked by volume, not a price move
        spans.append(p.volume_rank.span)
        p.top = None
        p.flags.add("volume_rank")
        p.metrics = [m for m in p.metrics if m not in ("high", "low", "total_volume", "avg_daily_volume")]
    p.range_rank = parse_range_rank(masked) if p.volume_rank is None else None
    if p.range_rank:                   # "the day with the widest range": the days' ranges ranked, not their average
        spans.append(p.range_rank.span)
        p.top = TopMoves(n=p.range_rank.n, direction="up")
        p.metrics = [m for m in p.metrics if m not in ("high", "low", "avg_daily_range")]


def _price_level(p: Parsed, masked: str, spans: list[tuple[int, int]]) -> None:
    """"How many days did SPY close above 520": days whose close (high, low) is past the level, an
    event condition; a move in points is asked about (to_intent)."""
    level = None if p.cond.has_threshold else price_levels.find(masked)
    if level is None:
        return
    counted = price_levels.level_condition(masked, level)
    if counted is not None:
        spans.append(counted.span)
        p.cond = ConditionParse(condition=counted.condition, has_threshold=True)
        p.metrics = [m for m in p.metrics if m not in ("open", "close", "high", "low")]
        return
    spans.append(level[:2])
    p.price_level = level[2]


def _magnitude(p: Parsed, dated: str) -> list[tuple[int, int]]:
    """"How much did it lose", "сколько процентов потерял": the period's change, never a count of
    up or down days (magnitude.py); the spans of the unit words it read. A threshold or a ranking
    of moves is a question about days, answered as such."""
    if p.cond.has_threshold or p.top is not None or p.volume_rank is not None:
        return []
    found = magnitude.read(dated)
    if found is None:
        return []
    if not {"pct_change", "change_points"} & set(p.metrics):   # "in points" read already says which
        p.metrics.insert(0, found.metric)
    elif found.metric == "change_points" and "pct_change" in p.metrics \
            and "pct_change" not in M.parse_metrics(_blank(p.measure_text, [found.asked])):
        p.metrics.remove("pct_change")     # "how much did it lose in points": the points alone
    return found.spans


def _add_flags(p: Parsed, norm: str, windowless: str) -> None:
    """The cues of the text: words that ask for an analysis or say how the question relates
    (an event study's "after" only outside a period's own window words: `windowless`)."""
    if _asks_concept_then_data(norm):
        p.flags.add("explain")
    for name, rx in (("concept", cues.CONCEPT), ("explain", cues.EXPLAIN), ("stats", cues.STATS),
                     ("compare", M.COMPARE), ("after", M.AFTER), ("count", M.COUNT_Q),
                     ("vague", M.VAGUE_MOVE), ("followup", cues.FOLLOWUP),
                     ("volume_profile", M.VOLUME_PROFILE), ("intraday", M.INTRADAY),
                     ("all_history", cues.ALL_HISTORY), ("day_move", cues.DAY_MOVE)):
        if rx.search(windowless if name == "after" else norm):
            p.flags.add(name)


def _words(key: str) -> str:
    """The packs' parse.<key> regex alternatives, every language, as one alternation."""
    return packs.alternation("words", "parse", key)


# A word ending a period at a date ("to April 30", "по 30 апреля")
_RANGE_TO = rf"(?<!\w)(?:{_words('RANGE_TO')})(?!\w)"
_WHAT_AND = re.compile(rf"(?:{_words('WHAT_IS')})\s+"
                       r"(?:the\s+|a\s+|an\s+|el\s+|la\s+|los\s+|las\s+)?(?P<t>[^,?.!]{2,40}?)\s*,?\s+"
                       rf"(?:{_words('AND')})\s+(?:{_words('THEN')})?(?:{_words('ASK')})(?!\w)")


def _asks_concept_then_data(norm: str) -> bool:
    """'What is RSI and what was it for SPX...': a definition plus data (mixed)."""
    m = _WHAT_AND.search(norm)
    return bool(m and glossary.lookup(m.group("t")) and glossary.lookup(m.group("t")) ==
                next(iter(glossary.find_concepts(m.group("t"))), None)
                and normalize(m.group("t")).strip() in _aliases())


def _aliases() -> set[str]:
    return {alias for alias, _key, _pat in glossary._alias_index()}


