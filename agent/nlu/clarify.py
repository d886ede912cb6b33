"""Clarifying questions and concrete suggestions (built from the instruments and data ranges).

Every suggestion is a complete answer the parser understands when it is combined with the
original question (see understand.understand_with_answer).
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.nlu.period_math import add_months, make_period
from agent.nlu.texts import period_request
from agent.state import Intent, Period

QUESTIONS: dict[str, dict[str, str]] = packs.transposed("nlu_words", "clarify", "questions")


def _pair(key: str) -> dict[str, tuple[str, str]]:
    """{code: (rise, fall)} of the packs' suggested conditions under `key`."""
    return {c: (t["rise"], t["fall"]) for c, t in packs.by_lang("nlu_words", "clarify", key).items()}


_MOVE, _EVENT, _GAP = _pair("move"), _pair("event"), _pair("gap_event")
_LAST_MONTH: dict[str, str] = packs.by_lang("nlu_words", "clarify", "last_month")


def _symbols(ctx: ProviderContext, intent: Intent) -> list[str]:
    """The symbol asked, else loaded symbols with data (in the period first, real before demo)."""
    if intent.symbol:
        return [intent.symbol]
    from agent.nlu.resumes import symbols_with_data
    return symbols_with_data(ctx, intent)[:3]


def _last_month(ctx: ProviderContext, symbol: str | None) -> Period:
    """The latest calendar month with data for the symbol (else the month before today)."""
    rng = ctx.range_for(symbol)
    end = rng.last if rng else add_months(ctx.today.replace(day=1), -1)
    first = end.replace(day=1)
    if rng and (_month_end(first) - end).days > 3 and add_months(first, -1) >= rng.first.replace(day=1):
        first = add_months(first, -1)          # the month of the last bar is barely covered
    return make_period(first, _month_end(first))


def _month_end(first: date) -> date:
    nxt = add_months(first, 1)
    return date.fromordinal(nxt.toordinal() - 1)


def _sep(lang: str) -> str:
    return " "


def suggestions(intent: Intent, ctx: ProviderContext, missing: Sequence[str],
                size: tuple[str, float] | None = None) -> list[str]:
    """2-3 answers the user can pick."""
    lang = intent.lang
    syms = _symbols(ctx, intent)
    if "threshold" in missing or "condition" in missing:
        return _move_suggestions(intent, ctx, list(missing), size)
    out: list[str] = []
    if "symbol" in missing:
        for sym in syms:
            per = intent.period or _last_month(ctx, sym)
            out.append(sym + _sep(lang) + period_request(per, lang) if "period" in missing
                       or intent.period else sym)
        return out[:3]
    if "period" in missing:
        sym = intent.symbol or (syms or [""])[0]
        month = _last_month(ctx, sym)
        year = make_period(date(month.start.year, 1, 1), date(month.start.year, 12, 31))
        prefix = (sym + _sep(lang)) if sym else ""
        out = [prefix + period_request(month, lang), prefix + period_request(year, lang)]
        rng = ctx.range_for(sym)
        last = _last_month(ctx, None)
        if rng and rng.first <= last.end and rng.last >= last.start:   # only when it has data
            out.append(prefix + _LAST_MONTH[lang])
    return out[:3]


def _longest_history(ctx: ProviderContext) -> str | None:
    if not ctx.ranges:
        return ctx.instruments[0].symbol if ctx.instruments else None
    return max(ctx.ranges, key=lambda r: (r.last - r.first).days).symbol


def _move_suggestions(intent: Intent, ctx: ProviderContext, missing: list[str],
                      size: tuple[str, float] | None = None) -> list[str]:
    """Concrete conditions: both directions (at the size and of the kind asked: "gaps above 1%"
    offers a gap up or down of more than 1 %), or three sizes when the direction is known."""
    lang = intent.lang
    sym = intent.symbol or _longest_history(ctx) or ""
    prefix = f"{sym}: " if sym and not intent.symbol else ""
    table = _MOVE if intent.analysis == "after_events" else _EVENT
    metric = intent.condition.metric if intent.condition else size[0] if size else None
    if metric == "gap_pct":
        table = _GAP
    if intent.condition is not None or "condition" in missing:
        thr = abs(intent.condition.threshold) if intent.condition else size[1] if size else 3
        return [t.format(s=prefix, t=f"{thr:g}") for t in table[lang]]
    if intent.direction in ("up", "down"):
        tpl = table[lang][0 if intent.direction == "up" else 1]
        return [tpl.format(s=prefix, t=t) for t in (2, 3, 5)]
    return [t.format(s=prefix, t=3) for t in table[lang]]


def questions(lang: str, missing: Sequence[str]) -> list[str]:
    return [QUESTIONS[m][lang] for m in missing if m in QUESTIONS]


NOTHING_NEW: dict[str, str] = packs.by_lang("nlu_words", "clarify", "nothing_new")


def nothing_new(lang: str, ctx: ProviderContext) -> Intent:
    """A half-question after an answer ("so?", "ну и?", "¿y?"): it names nothing to change, so it is
    asked about, never answered by repeating the last answer as if it were new."""
    it = Intent(type="data", lang=lang, needs_clarification=True, confidence=0.2)
    it.clarifying_questions = [NOTHING_NEW.get(lang, NOTHING_NEW["en"])]
    it.suggestions = suggestions(it, ctx, ["symbol", "period"])
    return it
