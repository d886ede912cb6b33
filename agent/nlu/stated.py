"""The reading, stated: the first line of every answer says what it answered, built by code from
the intent and the plan that runs (offline and model paths alike), in the user's language.

"Answered: NQ, November 30, 2023, 14:00–15:00 America/New_York, 1-minute bars." names the
instruments, the period and the stored data it covers (when the data covers less), the time-of-day
window with its time zone, the bar size, the session segment, the measures with their parameters,
the condition and the horizon. The line is rendered from typed values only (never from a model's
text), so the answer validator need not check it: it is added to the response after validation.
"""
from __future__ import annotations

from datetime import time, timedelta
from typing import Any

from agent import lang as packs
from agent.answer import format as fmt
from agent.nlu import subperiods
from agent.nlu.texts import period_text
from agent.nlu.windows import COARSE, DAY_MINUTES
from agent.state import Intent, Part, Period, Plan, TimeWindow
from query_builder.granularity import BAR_MINUTES, daily_only
from query_builder.models import EventCondition, Step

INTRADAY_ACTIONS = ("get_intraday_data",)


def words(lang: str, key: str) -> Any:
    return packs.get(lang if lang in packs.codes() else "en", "reading", key)


def bars_text(granularity: str, lang: str) -> str:
    b: dict[str, str] = words(lang, "bars")
    if granularity in ("weekly", "monthly"):
        return b[granularity]
    n = 1440 if granularity == "daily" else BAR_MINUTES.get(granularity, 1)
    if str(n) in b:
        return b[str(n)]
    return b["h"].format(n=n // 60) if n % 60 == 0 else b["n"].format(n=n)


def window_text(start: time, end: time, tz: str, lang: str) -> str:
    return str(words(lang, "window").format(a=f"{start:%H:%M}", b=f"{end:%H:%M}", tz=tz))


def _clock_span(p: Any, tz: str, session: str, lang: str) -> str:
    """The window as the step applies it; one across midnight on a market whose trading date is its
    calendar date runs into the next day (query_builder.actions.intraday.crosses_midnight), said
    with both dates when the period is one day."""
    if not (p.start_time > p.end_time and session != "cme"):
        return window_text(p.start_time, p.end_time, tz, lang)
    a, b, texts = f"{p.start_time:%H:%M}", f"{p.end_time:%H:%M}", words(lang, "across_midnight")
    if p.start_date is None or p.start_date != p.end_date:
        return str(texts["each"].format(a=a, b=b, tz=tz))
    return str(texts["one"].format(a=a, b=b, tz=tz, d1=fmt.day(p.start_date, lang),
                                   d2=fmt.day(p.start_date + timedelta(days=1), lang)))


def condition_text(c: EventCondition, lang: str) -> str:
    signed = c.metric in ("daily_pct_change", "gap_pct")    # a gap, like a change, has a sign
    if c.metric.endswith("_level"):                         # a price: "days with a close above 520.00"
        t = fmt.number(c.threshold, lang, 2)
    else:
        t = fmt.percent(c.threshold if signed else abs(c.threshold), lang, signed=signed)
    return str(words(lang, "condition")[c.metric].format(op=words(lang, "ops")[c.op], t=t))


def _covered(period: Period, symbol: str, ctx: Any, lang: str) -> str | None:
    """The stored data the period covers, said when it covers less than the period."""
    rng = ctx.range_for(symbol) if ctx is not None else None
    if rng is None:
        return None
    a, b = max(period.start, rng.first), min(period.end, rng.last)
    if a > b:
        return str(words(lang, "no_data"))
    if (a, b) == (period.start, period.end):
        return None
    return str(words(lang, "data").format(a=fmt.day(a, lang), b=fmt.day(b, lang)))


def _period_bit(symbols: list[str], period: Period | None, ctx: Any, lang: str) -> list[str]:
    if period is None:
        return []
    covered = [c for s in symbols if (c := _covered(period, s, ctx, lang))]
    text = period_text(period, lang)
    return [f"{text} ({'; '.join(dict.fromkeys(covered))})" if covered else text]


def _intraday_bits(steps: list[Step], intent: Intent, ctx: Any, lang: str,
                   window: TimeWindow | None = None) -> list[str]:
    """Window with its time zone, session segment and bar size as the steps apply them; a daily-only
    symbol is answered from daily bars whatever was asked (said when a window or size was asked)."""
    daily = [s for s in steps if ctx is not None and daily_only(ctx.instrument(s.params.symbol))]
    window = window or intent.time_window
    asked_daily = intent.bar_minutes == DAY_MINUTES and any(s.params.start_time is None for s in steps)
    intraday_size = (intent.bar_minutes or 0) not in (0, *COARSE)
    out = [bars_text("daily", lang)] if (daily and (window or intraday_size)) or asked_daily else []
    coarse = COARSE.get(intent.bar_minutes or 0)
    if coarse and any(s.params.granularity == coarse for s in steps):
        out.append(bars_text(coarse, lang))
    steps = [s for s in steps if s not in daily]
    for s in steps:
        p = s.params
        if p.start_time and p.end_time:
            inst = ctx.instrument(p.symbol) if ctx is not None else None
            out.append(_clock_span(p, inst.timezone if inst else "UTC", inst.session if inst else "24h", lang))
    out = list(dict.fromkeys(out))
    label = window.label if window else ""
    zoned = " " in label and label.split(" ")[-1].count("/") + (label.split(" ")[-1] == "UTC") > 0
    if zoned and any(s.params.start_time for s in steps):   # written in another zone: said as written
        out[-1:] = [f"{out[-1]} ({label})"] if out else []
    seg = window.label if window else None
    if seg in words(lang, "segments") and any(s.params.start_time for s in steps):
        out.append(words(lang, "segments")[seg])
    grans = [s.params.granularity for s in steps if s.params.granularity]
    if not grans and any(s.action in INTRADAY_ACTIONS or s.params.start_time for s in steps):
        grans = ["1min"]
    return out + [bars_text(g, lang) for g in dict.fromkeys(grans)]


def _step_bits(steps: list[Step], intent: Intent, ctx: Any, lang: str,
               window: TimeWindow | None = None) -> list[str]:
    """Window, segment, bar size, measures, condition and horizon as the plan's steps apply them."""
    out = _intraday_bits(steps, intent, ctx, lang, window)
    out += [f"{s.params.indicator.upper()} {s.params.window}" if s.params.window else s.params.indicator.upper()
            for s in steps if s.params.indicator]
    ranked = [s.params for s in steps if s.params.condition and s.params.condition.metric == "range_pct"
              and s.params.top_n]
    out += [words(lang, "range_rank").format(n=p.top_n) for p in ranked[:1]]   # every day qualifies: no bound said
    conds = [s.params.condition for s in steps if s.params.condition and s.params not in ranked]
    out += [condition_text(c, lang) for c in conds[:1]]
    horizons = [s.params.horizon_days for s in steps if s.params.horizon_days]
    out += [words(lang, "horizon").format(n=h) for h in horizons[:1]]
    last = [s.params.last_trading_days for s in steps if s.params.last_trading_days]
    out += [words(lang, "last_days").format(n=n) for n in last[:1]]
    return list(dict.fromkeys(out))


def _part(part: Part, steps: list[Step], intent: Intent, ctx: Any, lang: str) -> str:
    w = part.time_window
    own = [s for s in steps if s.params.symbol in part.symbols and (
        w is None or s.params.start_time is None or (s.params.start_time, s.params.end_time) == (w.start, w.end))]
    return ", ".join([", ".join(part.symbols), *_period_bit(part.symbols, part.period, ctx, lang),
                      *_step_bits(own, intent, ctx, lang, w)])


def _step_period(step: Step) -> Period | None:
    p = step.params
    if p.start_date is None or p.end_date is None:
        return None
    label = p.start_date.isoformat() if p.start_date == p.end_date else f"{p.start_date}..{p.end_date}"
    return Period(start=p.start_date, end=p.end_date, label=label)


def _periods(intent: Intent) -> list[Period]:
    """The periods answered: compared ones each (their cover is no period that was asked), or,
    for more than the reading names (every week of April), the period they split."""
    if intent.compare_periods and (len(intent.compare_periods) <= MAX_NAMED or intent.period is None):
        return list(intent.compare_periods)
    return [intent.period] if intent.period else []


MAX_NAMED = 4       # periods the reading names one by one


def reading_line(intent: Intent, plan: Plan, ctx: Any) -> str | None:
    """"Answered: ..." for a data question with a plan, else None (a concept, a tool call)."""
    steps = [s for s in plan.steps if s.params.symbol]
    if intent.type == "concept" or not steps:
        return None
    lang = intent.lang
    if intent.parts:
        bits = [_part(pt, steps, intent, ctx, lang) for pt in intent.parts]
    else:
        symbols = list(dict.fromkeys(s.params.symbol for s in steps))
        periods = _periods(intent) or [p for p in (_step_period(steps[0]),) if p]
        head = [", ".join(symbols)]
        for period in periods[:MAX_NAMED]:
            head += _period_bit(symbols, period, ctx, lang)
            cut = subperiods.text(intent.period_cut, period, lang) if period is intent.period else None
            head += [cut] if cut else []           # which days: trading sessions or calendar days
        bits = [", ".join([*head, *_step_bits(steps, intent, ctx, lang)])]
    what = "; ".join(b for b in bits if b)
    line = str(words(lang, "prefix").format(what=what))
    # a period ending in an abbreviation ("4 апреля 2024 г.") already ends the sentence
    return line[:-1] if what.endswith(".") and line.endswith(what + ".") else line

