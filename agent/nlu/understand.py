"""understand(question, history, ctx) -> Intent: the offline multilingual parser's entry point.

The question is parsed into slots (parse.py), the slots become an Intent (to_intent.py, with the
analysis from analyses.py), and the conversation fills what the question leaves open (below)."""
from __future__ import annotations

import capabilities
from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.nlu import backtest_rules, clarify, coverage, declines, followup_days, resumes
from agent.nlu import metrics as M
from agent.nlu import notes as notes_mod
from agent.nlu.analyses import concept_term, is_concept
from agent.nlu.followups import merge
from agent.nlu.lang import language_evidence, normalize
from agent.nlu.parse import Parsed, parse_text
from agent.nlu.to_intent import finalize, intent_from
from agent.state import Intent
from query_builder.granularity import of_minutes

__all__ = ["Parsed", "parse_text", "intent_from", "finalize", "understand", "understand_with_answer",
           "context_from_history", "with_notes"]


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
        if is_concept(p, prev is not None):
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
    rule = backtest_rules.read(question, ctx)   # a rule to test reads as a whole, before any order word
    if rule is not None:
        return rule
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


NOT_READ: dict[str, str] = packs.by_lang("nlu_words", "understand", "not_read")


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
        gran, exact = of_minutes(it.bar_minutes) if it.bar_minutes and it.bar_minutes < 1440 else ("1min", True)
        if not exact:                    # a bar size bars are not built at: the one used, by name
            notes.append(notes_mod.bar_size(it.bar_minutes or 1, gran, it.lang))
        used = {s.lower() for s in [*it.symbols, *(s for pt in it.parts for s in pt.symbols)]}
        unread = coverage.unread(p.unused, used)
        if unread:                       # named only as a part declined, never as a bare word list
            it.declined = [*it.declined, declines.unread_words(unread, it.lang)]
        notes.append(coverage.not_computed_note(normalize(p.text), p.concepts, it.lang))
    it.notes = [*it.notes, *(n for n in notes if n and n not in it.notes)]
    return it


def _concept_of(question: str, p: Parsed, has_context: bool) -> str | None:
    """The glossary key (or, unknown to the glossary, the term asked about) of a concept question."""
    if is_concept(p, has_context):
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
