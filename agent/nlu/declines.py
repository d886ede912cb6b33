"""The reading checked against the plan before anything runs: every part of the question (window,
session segment, bar size, measure parameters, condition, horizon) reaches a step of the plan, or
is declined by name with its reason ("Not applied: the 14:00–15:00 window (SPX has daily bars
only)."). Works on any plan (the offline planner's or a model's); the parser's unread words come in
as declines of their own (Intent.declined), never as a bare word list.
"""
from __future__ import annotations

from typing import Any

from agent.nlu.stated import bars_text, condition_text, window_text, words
from agent.nlu.windows import COARSE, DAY_MINUTES
from agent.state import Declined, Intent, Plan, TimeWindow
from query_builder.granularity import daily_only, of_minutes
from query_builder.models import Step


def _decline(lang: str, kind: str, what: str, reason: str, **kw: Any) -> Declined:
    return Declined(part=words(lang, "parts")[kind].format(w=what),
                    reason=words(lang, "reasons")[reason].format(**kw))


def _daily_only(symbols: list[str], ctx: Any) -> str | None:
    for s in symbols:
        if ctx is not None and daily_only(ctx.instrument(s)):
            return s
    return None


def _window(w: TimeWindow, steps: list[Step], symbols: list[str], ctx: Any, lang: str) -> Declined | None:
    if w.start is None or w.end is None:
        return None
    daily = _daily_only(symbols, ctx)
    if not daily and any(s.params.start_time == w.start and s.params.end_time == w.end for s in steps):
        return None
    segments = words(lang, "segments")
    inst = ctx.instrument(symbols[0]) if ctx is not None and symbols else None
    kind, what = (("segment", segments[w.label]) if w.label in segments
                  else ("window", window_text(w.start, w.end, inst.timezone if inst else "UTC", lang)))
    return _decline(lang, kind, what, "daily_only", s=daily) if daily else _decline(lang, kind, what, "not_planned")


def _bars(minutes: int, steps: list[Step], symbols: list[str], ctx: Any, lang: str) -> Declined | None:
    if minutes in COARSE:               # weekly / monthly: a step must aggregate at that size
        if any(s.params.granularity == COARSE[minutes] for s in steps):
            return None
        return _decline(lang, "bars", bars_text(COARSE[minutes], lang), "not_planned")
    if minutes >= DAY_MINUTES:          # daily bars: what every step without a clock or size reads
        if any(s.params.start_time is None and s.params.granularity in (None, "daily") for s in steps):
            return None
        return _decline(lang, "bars", bars_text("daily", lang), "not_planned")
    gran, _exact = of_minutes(minutes)
    daily = _daily_only(symbols, ctx)
    if not daily and any(s.params.granularity == gran for s in steps):
        return None
    what = bars_text(gran, lang)
    return _decline(lang, "bars", what, "daily_only", s=daily) if daily else _decline(lang, "bars", what, "not_planned")


def _indicators(intent: Intent, steps: list[Step], lang: str) -> list[Declined]:
    names = intent.indicators or ([intent.indicator] if intent.indicator else [])
    windows = intent.indicator_windows if len(intent.indicator_windows) == len(names) else [intent.indicator_window]
    out = []
    for name, window in zip(names, windows):
        if window is None:
            continue
        used = [s.params.window for s in steps if s.params.indicator == name]
        if window in used:
            continue
        what = f"{name.upper()} {window}"
        out.append(_decline(lang, "measure", what, "window_used", n=used[0]) if used and used[0]
                   else _decline(lang, "measure", what, "not_planned"))
    return out


def check(intent: Intent, plan: Plan, ctx: Any) -> list[Declined]:
    """Every part of the intent the plan does not apply, by name (empty: all applied)."""
    steps = [s for s in plan.steps if s.params.symbol]
    if intent.type == "concept" or not steps or intent.needs_clarification:
        return list(intent.declined)
    lang = intent.lang
    symbols = list(dict.fromkeys(s.params.symbol for s in steps))
    out: list[Declined | None] = []
    windows = [intent.time_window, *(pt.time_window for pt in intent.parts)]
    for w in dict.fromkeys(w.model_dump_json() for w in windows if w):
        out.append(_window(TimeWindow.model_validate_json(w), steps, symbols, ctx, lang))
    if intent.bar_minutes:
        out.append(_bars(intent.bar_minutes, steps, symbols, ctx, lang))
    out += _indicators(intent, steps, lang)
    if intent.condition and not any(s.params.condition for s in steps):
        out.append(_decline(lang, "condition", condition_text(intent.condition, lang), "not_planned"))
    if intent.horizon_days and not any(intent.horizon_days in (s.params.horizon_days, s.params.max_trading_days)
                                       for s in steps):   # "the week after a date": the period's own N days
        out.append(_decline(lang, "horizon", words(lang, "horizon").format(n=intent.horizon_days), "not_planned"))
    found = [d for d in [*intent.declined, *out] if d]
    return list({(d.part, d.reason): d for d in found}.values())


def sentences(declined: list[Declined], lang: str) -> list[str]:
    return [words(lang, "decline").format(part=d.part, reason=d.reason) for d in declined]


def unread_words(unused: list[str], lang: str) -> Declined:
    """Words of the question no part of the reading used, declined as one part."""
    return _decline(lang, "words", ", ".join(unused), "unread")


def daily_only_parts(intent: Intent, ctx: Any) -> list[Declined]:
    """The window and intraday bar size of a question about a daily-only symbol, declined."""
    symbols = [s for s in [intent.symbol, *intent.symbols] if s]
    out = []
    if intent.time_window is not None:
        out.append(_window(intent.time_window, [], symbols, ctx, intent.lang))
    if intent.bar_minutes and intent.bar_minutes < 1440:
        out.append(_bars(intent.bar_minutes, [], symbols, ctx, intent.lang))
    return [d for d in out if d]


def week_span(condition: Any, lang: str) -> Declined:
    """"15 % in a week": the move over a week is not computed; the day-to-day move is answered."""
    return _decline(lang, "condition", condition_text(condition, lang) + words(lang, "over_week"), "daily_moves")
