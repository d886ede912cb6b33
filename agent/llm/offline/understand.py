"""understand(question, history, ctx) -> Intent: the offline multilingual parser's entry point."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

import capabilities
from agent.llm import glossary
from agent.llm.base import ProviderContext
from agent.llm.offline import (
    abbreviations,
    clarify,
    condition_parts,
    coverage,
    cues,
    followup_days,
    fuzzy,
    grammar,
    price_levels,
    reading,
    resumes,
    shaping,
    year_words,
)
from agent.llm.offline import metrics as M
from agent.llm.offline import notes as notes_mod
from agent.llm.offline.conditions import (
    ConditionParse,
    TopMoves,
    opposite_conditions,
    parse_condition,
    parse_horizon,
    parse_top,
)
from agent.llm.offline.followups import merge
from agent.llm.offline.lang import language_evidence, normalize
from agent.llm.offline.periods import Found, parse_periods
from agent.llm.offline.symbols import symbol_spans, symbols_in
from agent.llm.offline.volume_rank import VolumeRank, parse_volume_rank
from agent.llm.offline.windows import BarSize, Window, parse_bar_size, parse_window
from agent.state import ClaimType, Intent, Period, TimeWindow
from query_builder.granularity import of_minutes
from query_builder.models import EventCondition

PERIOD_REQUIRED = {"stats", "extremes", "volume", "compare", "pattern", "intraday", "volume_profile"}
DEFAULT_HORIZON = 5


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
    # typed reading (issue 24): positions pair symbols with periods; windows and bar sizes
    symbol_pos: list[int] = field(default_factory=list)
    window: Window | None = None
    bar: BarSize | None = None
    indicators: list[tuple[str, int | None, int]] = field(default_factory=list)
    volume_rank: VolumeRank | None = None
    price_level: str | None = None      # "above 3,000": counted against a price (not available)
    conditions: list[EventCondition] = field(default_factory=list)   # a rise and a fall threshold
    grammar: grammar.Reading | None = None   # parts read by the token grammar (grammar.py)
    measure_text: str = ""              # the text measures are read from (each part's stretch too)


def _blank(norm: str, spans) -> str:
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
    if not year or not re.search(r"(?<!\w)(?:to|until|through|till|по|до|hasta|al|a)(?!\w)", between):
        return found
    from agent.llm.offline.periods import make_period
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
    p.window, p.bar = parse_window(masked), parse_bar_size(masked)
    spans += [x.span for x in (p.window, p.bar) if x is not None]
    masked = _blank(masked, [x.span for x in (p.window, p.bar) if x is not None])
    refs = M.reference_spans(masked)       # "vs the 2018 close": a measure's reference, not a period
    spans += refs
    found = parse_periods(_blank(masked, refs + M.glued_spans(masked)), ctx.today, ref, us_dates=lang == "en",
                          split_between=bool(M.COMPARE.search(masked)) and len(hits) < 2)
    found = _from_reference(found, masked, refs)
    seen: set[tuple] = set()
    p.periods = [f for f in found if not ((f.resolved.start, f.resolved.end) in seen
                                          or seen.add((f.resolved.start, f.resolved.end)))]  # type: ignore[func-returns-value]
    p.grammar = grammar.read(norm, [(h.start, h.end) for h in hits], [(f.pos, f.end) for f in p.periods])
    spans += list(p.grammar.used) if p.grammar else []
    p.measure_text = _blank(masked, M.named_analysis_spans(masked))
    p.metrics = M.parse_metrics(p.measure_text)
    p.cond = parse_condition(_blank(masked, [(f.pos, f.end) for f in found]))   # "dec 1 2023 % chg": no 2023 %
    p.conditions = opposite_conditions(_blank(masked, [(f.pos, f.end) for f in found]))
    level = price_levels.find(masked) if not p.cond.has_threshold else None
    if level:                          # "closed above 3,000": a price level, asked about (below)
        spans.append(level[:2])
        p.price_level = level[2]
    p.horizon = parse_horizon(masked)
    p.top = parse_top(masked)
    p.volume_rank = parse_volume_rank(masked)
    if p.volume_rank:                  # "highest volume day": days ranked by volume, not a price move
        spans.append(p.volume_rank.span)
        p.top = None
        p.flags.add("volume_rank")
        p.metrics = [m for m in p.metrics if m not in ("high", "low", "total_volume", "avg_daily_volume")]
    p.indicator = M.parse_indicator(masked)
    p.indicators = M.parse_indicators(masked)
    p.pattern = M.parse_pattern(masked)
    p.unsupported = M.parse_unsupported(norm)
    unused = coverage.unused_words(masked, spans + [(f.pos, f.end) for f in found])   # repeats are used too
    p.unused_spans = unused
    p.unused = [text[a:b] for a, b in unused]
    if _asks_concept_then_data(norm):
        p.flags.add("explain")
    for name, rx in (("concept", cues.CONCEPT), ("explain", cues.EXPLAIN), ("stats", cues.STATS),
                     ("compare", M.COMPARE), ("after", M.AFTER), ("count", M.COUNT_Q),
                     ("vague", M.VAGUE_MOVE), ("followup", cues.FOLLOWUP),
                     ("volume_profile", M.VOLUME_PROFILE), ("intraday", M.INTRADAY),
                     ("all_history", cues.ALL_HISTORY), ("day_move", cues.DAY_MOVE)):
        if rx.search(norm):
            p.flags.add(name)
    return p


_WHAT_AND = re.compile(r"(?:what\s+is|what's|what\s+are|что\s+такое|que\s+es|que\s+son)\s+"
                       r"(?:the\s+|a\s+|an\s+|el\s+|la\s+|los\s+|las\s+)?(?P<t>[^,?.!]{2,40}?)\s*,?\s+"
                       r"(?:and|и|а|y)\s+(?:then\s+|also\s+|тогда\s+)?(?:what|how|show|give|tell|cual|cuanto|como"
                       r"|muestra\w*|dame|dime|какой|какая|какое|каким|сколько|покажи|как|что|чему)(?!\w)")


def _asks_concept_then_data(norm: str) -> bool:
    """'What is RSI and what was it for SPX...': a definition plus data (mixed)."""
    m = _WHAT_AND.search(norm)
    return bool(m and glossary.lookup(m.group("t")) and glossary.lookup(m.group("t")) ==
                next(iter(glossary.find_concepts(m.group("t"))), None)
                and normalize(m.group("t")).strip() in _aliases())


def _aliases() -> set[str]:
    return {alias for alias, _key, _pat in glossary._alias_index()}


def _analysis(p: Parsed, single_period: bool = False) -> str | None:
    """The analysis the text itself asks for; None when it gives no cue (a follow-up)."""
    if p.volume_rank is not None:
        return "volume_rank"           # "highest volume day": never the best and worst price moves
    if p.top is not None and not (p.top.n and not p.top.explicit and "after" in p.flags):
        return "top_moves"             # "big drops" with "after": what followed them (below)
    if p.cond.has_threshold or "vague" in p.flags:
        return "after_events" if (p.horizon or "after" in p.flags) else "events"
    if "after" in p.flags and p.cond.direction and not p.metrics:
        return "after_events"                      # "что было после роста?" (vague)
    if p.horizon and p.cond.direction:
        return "after_events"
    if "count" in p.flags and p.cond.direction and not p.metrics and not p.indicator:
        return "events"                            # "how many days did SPX rise in 2020?"
    if len(p.periods) >= 2 and not p.indicator and not single_period:
        return "compare"               # several periods: each one's figures side by side
    if p.indicator:
        return "indicator"
    if "volume_profile" in p.flags:
        return "volume_profile"
    if p.pattern:
        return "pattern"
    if "intraday" in p.flags or p.bar is not None:
        return "intraday"
    if p.metrics:
        if set(p.metrics) <= {"high", "low"}:
            return "extremes"
        if set(p.metrics) <= {"total_volume", "avg_daily_volume"}:
            return "volume"
        return "stats"
    return "stats" if "stats" in p.flags else None


def _also_analyses(p: Parsed, primary: str | None) -> list[str]:
    """Further analyses the same question asks for ("compare Q1 and Q2, and show the volume
    profile", "RSI and the high of SPY"): each becomes its own plan steps."""
    found = []
    if p.top is not None and p.top.explicit:
        found.append("top_moves")
    if p.indicator:
        found.append("indicator")
    if "volume_profile" in p.flags:
        found.append("volume_profile")
    if p.pattern:
        found.append("pattern")
    if (p.metrics or "stats" in p.flags and not (primary in ("events", "after_events") and _HOW_DID.search(p.text))) \
            and primary not in (None, "stats", "extremes", "volume", "compare"):
        found.append("stats")   # "how did SPX do after it fell 5%": the event question itself, not stats too
    return [a for a in dict.fromkeys(found) if a != primary]


_HOW_DID = re.compile(r"(?i)\b(?:how\s+(?:did|was|has)|what\s+did)\b|как\s+(?:себя\s+)?(?:вел|показал|прош)"
                      r"|c[oó]mo\s+(?:le\s+fue|se\s+comport)")


def _vague(p: Parsed) -> bool:
    return "vague" in p.flags or "after" in p.flags


_CONCEPT_TERM = re.compile(
    r"(?:what\s+is|what's|what\s+are|define|explain|meaning\s+of|что\s+такое|что\s+значит|что\s+означает"
    r"|объясни(?:те)?|que\s+es|que\s+son|que\s+significa|explica(?:me)?|define)\s+(?:a\s+|an\s+|the\s+|el\s+|la\s+"
    r"|los\s+|las\s+|un\s+|una\s+)?(?P<t>[^?.!¿¡]{2,60})")


def concept_term(question: str) -> str | None:
    """The term after 'what is' / 'что такое' / 'qué es' when the glossary does not know it."""
    m = _CONCEPT_TERM.search(normalize(question))
    return question[m.start("t"):m.end("t")].strip() if m else None


def _is_concept(p: Parsed, has_context: bool) -> bool:
    if not p.concepts or p.symbols:
        return False
    if "concept" in p.flags or "explain" in p.flags:
        return True
    if p.metrics:              # "What was the total volume?" asks for a number, not a definition
        return False
    return not p.periods and not has_context and not (p.cond.has_threshold or p.top)


# ---- from parsed slots to an Intent ----------------------------------------------------------

def _cover(periods: list[Period]) -> Period:
    from agent.llm.offline.periods import make_period
    return make_period(min(p.start for p in periods), max(p.end for p in periods))


def _day_move(p: Parsed, analysis: str | None) -> bool:
    """One named day and a move word or a direction only ("SPX's move on March 16", "how much did SPX
    fall on 3/16/2020", "Насколько упал SPX 16 марта"): that day's close-to-close change, never a
    count of days in a one-day period."""
    return (len(p.periods) == 1 and p.periods[0].single_day and not p.metrics and not p.indicator
            and p.top is None and not p.cond.has_threshold and analysis in (None, "stats", "events")
            and ("day_move" in p.flags or bool(p.cond.direction)))


def intent_from(p: Parsed, ctx: ProviderContext) -> Intent:
    """Slots of one text as an Intent; analysis None when the text gives no cue of its own."""
    parts = reading.parts(p)
    analysis = _analysis(p, single_period=bool(parts))
    day_move = _day_move(p, analysis)
    if day_move:
        analysis = "stats"
    it = Intent(type="data", lang=p.lang)
    it.symbols = list(p.symbols)
    it.symbol = p.symbols[0] if p.symbols else None
    periods = [f.resolved for f in p.periods]
    if parts:                          # each symbol with its own period
        it.parts, it.period = parts, parts[0].period
    elif analysis == "compare":
        it.compare_periods = periods
        it.period = _cover(periods)
    elif periods:
        it.period = periods[0] if len(periods) == 1 else _cover(periods)
    it.analysis = analysis  # type: ignore[assignment]
    it.also = _also_analyses(p, analysis)  # type: ignore[assignment]
    it.metrics = list(p.metrics)
    if day_move:
        it.metrics = ["pct_change"]
    if len(p.periods) == 1 and p.periods[0].single_day and "pct_change" in it.metrics \
            and "return_prev_close" not in it.metrics:   # one day's move: close to close, as tables give it
        it.metrics = ["return_prev_close" if m == "pct_change" else m for m in it.metrics]
    if "return_prev_close" in it.metrics and "pct_change" in it.metrics:
        it.metrics.remove("pct_change")   # "the return vs the 2018 close": one return, the one named
    it.condition = None if day_move else p.cond.condition
    it.direction = p.cond.direction  # type: ignore[assignment]
    if analysis == "events" and it.condition is None and it.direction and not _vague(p):
        it.condition = EventCondition(op="gt" if it.direction == "up" else "lt", threshold=0.0)
    it.horizon_days = p.horizon
    if p.volume_rank is not None and analysis == "volume_rank":
        it.top_n, it.direction = p.volume_rank.n, p.volume_rank.direction
        it.condition = None
    if p.top is not None and analysis == "top_moves":
        it.top_n, it.direction = p.top.n, p.top.direction
        it.condition = None
    if p.indicator:
        it.indicator, it.indicator_window = p.indicator
        if len(p.periods) == 1 and p.periods[0].single_day:
            it.indicator_date = p.periods[0].resolved.end
    if len(p.indicators) > 1:          # "RSI, MACD, ATR and ADX": every one, in order
        it.indicator, it.indicator_window = p.indicators[0][0], p.indicators[0][1]
        it.indicators = [name for name, _w, _pos in p.indicators]
        it.indicator_windows = [w for _n, w, _pos in p.indicators]
    if p.window is not None:
        it.time_window = TimeWindow(start=p.window.start, end=p.window.end, label=p.window.label,
                                    extended=p.window.extended)
    if p.bar is not None:
        it.bar_minutes = p.bar.minutes
    it.pattern = p.pattern
    it.unsupported = p.unsupported
    if p.concepts:
        it.concept = p.concepts[0]
    shaping.window(it, p, ctx)
    shaping.window_measures(it)
    shaping.calendar_week(it, ctx, p)
    shaping.best_period(it, p, ctx)
    if it.parts:
        it.parts = reading.with_common(it.parts, p, it)
    condition_parts.split(it, p.conditions)
    return it



def _missing(it: Intent, p: Parsed, ctx: ProviderContext) -> list[str]:
    missing: list[str] = []
    if not it.symbol:
        missing.append("symbol")
    if it.analysis in PERIOD_REQUIRED and it.period is None and not it.compare_periods \
            and "all_history" not in p.flags:
        missing.append("period")
    if it.analysis in ("events", "after_events") and it.condition is None:
        missing.append("condition" if p.cond.ambiguous_direction else "threshold")
    return missing



def finalize(it: Intent, p: Parsed, ctx: ProviderContext, concept: str | None = None) -> Intent:
    """Defaults, intent type, and the clarification when something essential is missing."""
    if concept:
        return Intent(type="concept", lang=it.lang, concept=concept, unsupported=it.unsupported)
    if it.unsupported in ("forecast", "advice") or (it.unsupported and _analysis(p) is None):
        return Intent(type="concept", lang=it.lang, unsupported=it.unsupported, symbol=it.symbol,
                      symbols=it.symbols, concept=p.concepts[0] if p.concepts else None)
    if it.analysis is None:
        it.analysis = "stats"
    if not it.symbol and len(ctx.instruments) == 1:
        it.symbol = ctx.instruments[0].symbol
        it.symbols = [it.symbol]
    shaping.degrade(it, p, ctx)
    shaping.latest_with_data(it, p, ctx)
    if it.analysis == "after_events" and not it.horizon_days:
        it.horizon_days = DEFAULT_HORIZON
    if it.analysis == "indicator" and not it.indicator_window:
        it.indicator_window = {n: w for n, _p, w in M.INDICATORS}.get(it.indicator or "")
    it.type = "complex" if it.analysis in ("after_events", "compare", "pattern") or it.also else "data"
    shaping.without_data(it, ctx)
    if p.concepts and "explain" in p.flags and p.symbols:
        it.type, it.concept = "mixed", p.concepts[0]
    elif it.type != "mixed":
        it.concept = None
    missing = _missing(it, p, ctx)
    if p.price_level and not missing:  # days against a price level: asked, never answered as stats
        it.needs_clarification, it.confidence = True, 0.4
        it.clarifying_questions = [price_levels.question(p.price_level, it.lang)]
        return it
    if missing:
        it.needs_clarification, it.missing = True, missing  # type: ignore[assignment]
        it.clarifying_questions = clarify.questions(it.lang, missing)
        it.suggestions = clarify.suggestions(it, ctx, missing)
        it.confidence = 0.4
    return it


# ---- history -----------------------------------------------------------------------------------

MAX_HISTORY_TURNS = 8
INDICATOR_KEYS = {name: window for name, _pat, window in M.INDICATORS}


def context_from_history(history: list[dict[str, str]] | None, ctx: ProviderContext) -> Intent | None:
    """The running intent of the conversation's user turns (each filling gaps from the one before)."""
    prev: Intent | None = None
    turns = resumes.answered_user_turns(history)
    for text in turns[-MAX_HISTORY_TURNS:]:
        kind = resumes.reply_kind(text)
        if kind and prev is not None:     # an earlier "yes" to an offer: the offer as answered
            prev = resumes.resume_intent(kind, prev, ctx)
            continue
        p = parse_text(text, ctx, prev.period if prev else None)
        cur = intent_from(p, ctx)
        if _is_concept(p, prev is not None):
            key = p.concepts[0]
            if key in INDICATOR_KEYS:     # "Что такое RSI?" then "А для SPX?" -> RSI of SPX
                prev = merge(Intent(type="data", lang=p.lang, analysis="indicator", indicator=key,
                                    indicator_window=INDICATOR_KEYS[key]), prev, p)
            elif cur.metrics:             # "Что такое просадка?" then "а какой она была у SPX?"
                prev = merge(Intent(type="data", lang=p.lang, analysis=cur.analysis, metrics=cur.metrics), prev, p)
            continue
        prev = merge(cur, prev, p)
    return prev


def understand(question: str, history: list[dict[str, str]] | None, ctx: ProviderContext) -> Intent:
    """The intent of `question`, using the conversation for what it leaves open."""
    prev = context_from_history(history, ctx)
    p = parse_text(question, ctx, prev.period if prev else None)
    kind = resumes.reply_kind(question) if prev is not None and not p.symbols else None
    if kind and prev is not None:
        return _resume(kind, prev, p, ctx)
    days = prev is not None and followup_days.changes(question, prev.period, prev.analysis)   # "а 28-го?"
    if p.unused and not _recognised(p) and not days:   # "asdf qwerty zzz": nothing read, even with a context
        return _not_understood(p, prev, ctx)
    if prev is not None and not p.unused and not _recognised(p, _EMPTY_CUES[prev.analysis in _EVENTS]) and not days:
        return clarify.nothing_new(p.lang if p.lang_strong else prev.lang, ctx)   # "so?", "ну и?"
    cur = intent_from(p, ctx)
    concept = _concept_of(question, p, prev is not None)
    if not concept:
        cur = merge(cur, prev, p)
    return with_notes(finalize(cur, p, ctx, concept), p)


# Cues that change nothing alone after an answer ("and then?"): "then/after" only after events.
_EVENTS = ("events", "after_events")
_EMPTY_CUES = {False: frozenset({"followup", "after"}), True: frozenset({"followup"})}


def _recognised(p: Parsed, ignore: frozenset[str] | set[str] = frozenset()) -> bool:
    """Something of the question was read: a slot, a cue (those in `ignore` aside), a concept or a
    typo fix."""
    return bool(p.symbols or p.periods or p.metrics or p.cond.has_threshold or p.cond.direction
                or p.horizon or p.top or p.indicator or p.pattern or p.concepts or p.flags - ignore
                or p.unsupported or p.window or p.bar or p.fixes or p.volume_rank or p.price_level)


NOT_READ = {"en": "I did not understand: {w}. Which instrument and period, and what about them?",
            "ru": "Я не понял: {w}. Какой инструмент и период, и что о них узнать?",
            "es": "No entendí: {w}. ¿Qué instrumento y período, y qué quieres saber?"}


def _not_understood(p: Parsed, prev: Intent | None, ctx: ProviderContext) -> Intent:
    """A clarification naming the words read as nothing; never an answer to an earlier question."""
    lang = p.lang if p.lang_strong or prev is None else prev.lang
    it = Intent(type="data", lang=lang, needs_clarification=True, confidence=0.2)
    it.clarifying_questions = [NOT_READ.get(lang, NOT_READ["en"]).format(w=", ".join(p.unused))]
    it.suggestions = clarify.suggestions(it, ctx, ["symbol", "period"])
    return it


def _resume(kind: str, prev: Intent, p: Parsed, ctx: ProviderContext) -> Intent:
    """'Yes' / 'show the available data' / 'another instrument' after an offer."""
    it = resumes.resume_intent(kind, prev, ctx)
    if p.lang_strong:
        it.lang = p.lang  # type: ignore[assignment]
    it = finalize(it, Parsed(lang=it.lang, lang_strong=True), ctx)
    if kind == "another":
        it.suggestions = resumes.symbols_with_data(ctx, it, exclude=prev.symbol)[:4]
    return it


def with_notes(it: Intent, p: Parsed) -> Intent:
    """Tell the user how typos were read and which words were not used (data answers only: a
    concept question's other words are the concept's context)."""
    notes = [coverage.read_as_note(p.fixes, it.lang)]
    if it.type != "concept" and not it.needs_clarification:
        missing = capabilities.find_missing(" ".join(p.unused).lower()) if p.unused else None
        if missing and missing not in ("realtime", "intraday_for_daily_only") and not it.unsupported:
            notes.append(capabilities.degrade(missing, it.lang))   # an analysis AskBar lacks, by name
        gran, exact = of_minutes(it.bar_minutes) if it.bar_minutes else ("1min", True)
        if not exact:                    # a bar size bars are not built at: the one used, by name
            notes.append(notes_mod.bar_size(it.bar_minutes or 1, gran, it.lang))
        used = {s.lower() for s in [*it.symbols, *(s for pt in it.parts for s in pt.symbols)]}
        notes.append(coverage.unused_note(p.unused, it.lang, used))
        notes.append(coverage.not_computed_note(normalize(p.text), p.concepts, it.lang))
    it.notes = [*it.notes, *(n for n in notes if n and n not in it.notes)]
    return it


def _concept_of(question: str, p: Parsed, has_context: bool) -> str | None:
    """The glossary key (or, unknown to the glossary, the term asked about) of a concept question."""
    if _is_concept(p, has_context):
        return p.concepts[0]
    bare = not (p.symbols or p.periods or p.metrics or p.cond.has_threshold or p.top or p.indicator)
    if "concept" in p.flags and bare and not p.concepts and not has_context:
        return concept_term(question)
    return None


def understand_with_answer(original: str | Intent, answer: str, history: list[dict[str, str]] | None,
                           ctx: ProviderContext) -> Intent:
    """After a clarification: the original question completed by the user's answer.

    With the original question's text (what the graph passes) the two are read as one question
    ("Покажи статистику" + "NQ за ноябрь 2023"), in the original's language. With an Intent, the
    answer is read as a follow-up whose slots override the original's.
    """
    if isinstance(original, Intent):
        prev = context_from_history(history, ctx)
        base = merge(original.model_copy(deep=True), prev)
        base.needs_clarification, base.missing = False, []
        p = parse_text(answer, ctx, base.period)
        cur = merge(intent_from(p, ctx), base, p)
        if original.analysis and cur.analysis in (None, "stats") and not p.metrics:
            cur.analysis = original.analysis
        return finalize(cur, p, ctx)
    it = understand(f"{original.rstrip()} {answer.strip()}", history, ctx)
    lang, strong = language_evidence(original)
    if strong:
        it.lang = lang  # type: ignore[assignment]
    return it
