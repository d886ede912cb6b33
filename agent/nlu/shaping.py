"""Shaping an Intent against the stored data after parsing: windows after a date, the last N
sessions, crypto calendar weeks, best/worst month (every part compared), parts of a question with no
data (declined by name) and analyses a daily-only symbol cannot give (the capability registry's
honest answer and the closest computed thing)."""
from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import capabilities
from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.nlu import cues, notes, windows
from agent.nlu import metrics as M
from agent.nlu.lang import normalize
from agent.nlu.per_unit import closes_per_unit, per_unit
from agent.nlu.period_math import (
    make_period,
    split_period,
    trading_days,
    window_period,
    window_unit,
)
from agent.state import Intent, Part, Period, TimeWindow

MAX_PARTS = 24
_QUARTER, _YEAR, _MONTH = (re.compile(packs.alternation("nlu_words", "shaping", k))
                           for k in ("quarter", "year", "month"))
_WORST = re.compile(r"(?<!\w)(?:" + packs.alternation("nlu_words", "conditions", "worst") + r")")


def _unit(m: re.Match[str]) -> str:
    u = m.group("u")
    if _QUARTER.match(u) or _YEAR.match(u):
        return "quarter" if _QUARTER.match(u) else "year"
    return "month" if _MONTH.match(u) else window_unit(u)


def best_period(it: Intent, p: Any, ctx: ProviderContext) -> None:
    """'The best month of SPY in 2024': every month (week, quarter, year) of the period side by
    side with its change, and the strongest and weakest named. 'Weekly returns of SPY in April
    2024' (offline/per_unit.py): every week with its own close-to-close return."""
    norm = normalize(p.text) if p.text else ""
    m = cues.BEST_PERIOD.search(norm) or cues.unit_move(norm)
    returns = None if m else per_unit(norm)
    closing = None if m or returns else closes_per_unit(norm)      # "weekly closes": each week's close
    each = returns or closing
    if (m is None and each is None) or it.analysis not in (None, "stats", "top_moves", "compare"):
        return
    span = it.period
    rng = ctx.range_for(it.symbol)
    if span is None and rng is not None:
        span = make_period(rng.first, rng.last)
    if span is None:
        return
    if rng is not None and not (span.end < rng.first or span.start > rng.last):
        span = make_period(max(span.start, rng.first), min(span.end, rng.last))   # where the data is
    inst = ctx.instrument(it.symbol)
    parts = split_period(span, _unit(m) if m else str(each), seven_days=bool(inst and inst.session == "24h"))
    if len(parts) < 2:
        return
    if len(parts) > MAX_PARTS:
        it.notes.append(notes.only_last(MAX_PARTS, parts[-MAX_PARTS].start, it.lang))
    it.analysis, it.compare_periods, it.period = "compare", parts[-MAX_PARTS:], span
    # "the worst week": the verdict names the weakest period, never the strongest
    it.top_n, it.condition = None, None
    it.direction = "down" if m is not None and (_WORST.search(m.group(0)) or (
        m.re in cues.UNIT_MOVES and cues.UNIT_MOVE_DOWN.search(m.group("mv")))) else None
    # each period's own return is close to close (vs the close before it), as return tables give it
    it.metrics = ["pct_change", "return_prev_close"] if m else ["close"] if closing else ["return_prev_close"]


def calendar_week(it: Intent, ctx: ProviderContext, p: Any = None) -> None:
    """A market open every day (crypto) trades all 7 days of a week: Monday to Sunday. A range of
    days written out ("March 2-6") stays as written."""
    if p is not None and any(f.kind == "range" for f in getattr(p, "periods", [])):
        return
    inst = ctx.instrument(it.symbol)
    per = it.period
    if inst and inst.session == "24h" and per and per.start.weekday() == 0 \
            and (per.end - per.start).days == 4:
        it.period = make_period(per.start, per.start + timedelta(days=6))


def window(it: Intent, p: Any, ctx: ProviderContext) -> None:
    """'The week after 1987-10-19': the first N trading dates after the date (N = 5 a week, or 7
    calendar days for a market open every day), with the return from the date's close."""
    win = next((f for f in p.periods if f.window and f.period), None)
    if win is None or it.analysis not in (None, "stats", "extremes", "volume"):
        return
    if win.window[1] == "last":          # the last N trading dates up to today
        it.last_trading_days = win.window[0]
        it.period = make_period(win.period.end - timedelta(days=win.window[0] * 7 // 5 + 10), win.period.end)
        return
    inst = ctx.instrument(it.symbol)
    n, unit = win.window
    days = trading_days(n, unit, calendar=bool(inst and inst.session == "24h"))
    it.period = window_period(win.period.start - timedelta(days=1), days,
                              calendar_days=bool(inst and inst.session == "24h"))
    it.horizon_days = days
    if it.analysis in (None, "stats") and not it.metrics:
        it.metrics = ["open", "close", "pct_change", "return_prev_close", "change_points", "high", "low"]


def window_measures(it: Intent) -> None:
    """Measures of a time-of-day window are the window's own: its range is its high and low (the
    window's bars, never the session's average daily range) and its volume the window's total.
    Asked as daily measures, the plan had no step for them and fell back to a generic one."""
    if it.time_window is not None and it.analysis == "indicator":
        named = it.indicators or ([it.indicator] if it.indicator else [])
        daily = [n for n in named if n != "vwap"]       # VWAP is computed over the window's minutes
        if daily:
            it.notes.append(notes.daily_indicator_window(daily, it.lang))
    if it.time_window is None or not it.metrics:
        return
    out: list[str] = []
    for m in it.metrics:
        for w in {"avg_daily_range": ["high", "low"], "avg_daily_volume": ["total_volume"]}.get(m, [m]):
            if w not in out:
                out.append(w)
    it.metrics = out


def has_data(ctx: ProviderContext, symbol: str, period: Period | None) -> bool:
    rng = ctx.range_for(symbol)
    return rng is not None and (period is None or not (period.end < rng.first or period.start > rng.last))


def without_data(it: Intent, ctx: ProviderContext) -> None:
    """Parts of a multi-part question with no stored data are declined by name, the rest answered
    (all parts without data: the no-data card with its suggestions instead)."""
    if not ctx.ranges:
        return
    if it.parts:                       # parts: each checked against its own period
        keep_parts = [pt for pt in it.parts if all(has_data(ctx, s, pt.period) for s in pt.symbols)]
        for pt in it.parts:
            if pt not in keep_parts and keep_parts:
                it.notes.append(notes.no_data_parts(pt.symbols, pt.period, ctx, it.lang))
        if keep_parts and len(keep_parts) < len(it.parts):
            it.parts = keep_parts
        if len(it.parts) == 1:
            only = it.parts[0]
            it.parts, it.symbols, it.symbol, it.period = [], only.symbols, only.symbols[0], only.period
        return
    if len(it.symbols) > 1:
        keep = [s for s in it.symbols if has_data(ctx, s, it.period)]
        drop = [s for s in it.symbols if s not in keep]
        if keep and drop:
            it.symbols, it.symbol = keep, keep[0]
            it.notes.append(notes.no_data_parts(drop, it.period, ctx, it.lang))
    if it.compare_periods and it.symbol:
        keep_p = [p for p in it.compare_periods if has_data(ctx, it.symbol, p)]
        drop_p = [p for p in it.compare_periods if p not in keep_p]
        if keep_p and drop_p:
            it.notes.append(notes.no_data_periods(it.symbol, drop_p, ctx, it.lang))
            it.compare_periods = keep_p
            if len(keep_p) == 1:
                it.period, it.compare_periods = keep_p[0], None
                it.analysis = "stats" if it.analysis == "compare" else it.analysis


def zoned_window(w: Any, it: Intent, ctx: ProviderContext) -> TimeWindow:
    """The window as the exchange's wall-clock: one written in another zone ("с 9 до 11 по UTC",
    "10:00-11:00 CET") is moved to the instrument's zone on the period's first day, its label
    keeping the zone it was written in ("09:00-11:00 UTC")."""
    inst = ctx.instrument(it.symbol)
    start, end, label = w.start, w.end, w.label
    if w.tz and inst is not None and w.tz != inst.timezone and start is not None and end is not None:
        day = it.period.start if it.period else ctx.today
        start, end = windows.to_zone(start, end, w.tz, inst.timezone, day)
        label = f"{w.label} {w.tz}"
    if w.anchor:    # the open or close named is the instrument's session's, whatever zone the clock was in
        start, end = windows.anchored(w, start, end, inst.session if inst else None)
        clock = w.end if w.anchor == "open" else w.start
        label = f"{clock:%H:%M} {w.tz}" if label != w.label else f"{start:%H:%M}-{end:%H:%M}"
    return TimeWindow(start=start, end=end, label=label, extended=w.extended or not (
        start is not None and windows.RTH_OPEN <= start <= windows.RTH_CLOSE))


def segment_parts(it: Intent, p: Any, ctx: ProviderContext) -> None:
    """"Overnight vs regular hours": each segment a part of its own (same instruments and period),
    so both halves are answered, each over its own window and stated with it."""
    if len(p.windows) < 2 or it.parts or not it.symbol:
        return
    symbols = list(it.symbols or [it.symbol])
    it.parts = [Part(symbols=symbols, period=it.period, time_window=zoned_window(w, it, ctx)) for w in p.windows]
    it.time_window = it.parts[0].time_window


def daily_only(ctx: ProviderContext, symbol: str | None) -> bool:
    inst = ctx.instrument(symbol)
    return bool(inst and inst.session == "daily")


def degrade(it: Intent, p: Any, ctx: ProviderContext) -> None:
    """An analysis the data cannot give: say so (capability registry) and run the closest one."""
    if it.unsupported:
        it.notes.append(capabilities.degrade(it.unsupported, it.lang))
    if not daily_only(ctx, it.symbol):
        return
    if _decline_intraday(it, ctx) and it.analysis == "intraday":
        it.analysis = "stats"             # the day's own bars answer, the window declined by name
    needs = (it.indicator if it.analysis == "indicator" and it.indicator == "vwap" else
             it.pattern if it.analysis == "pattern" and it.pattern == "hourly_profile" else
             "get_intraday_data" if it.analysis == "intraday" else None)
    if not needs:
        return
    it.notes.append(capabilities.degrade(needs, it.lang, symbol=it.symbol, bar_minutes=it.bar_minutes))
    alt = capabilities.alternative_for(needs, daily_only=True)
    if alt in M.INDICATOR_NAMES:
        it.indicator, it.indicator_window = alt, {n: w for n, _p, w in M.INDICATORS}.get(alt)
    else:
        it.analysis, it.indicator, it.pattern = "stats", None, None


def _decline_intraday(it: Intent, ctx: ProviderContext) -> bool:
    """A time-of-day window or an intraday bar size asked of a daily-only symbol: declined by name
    ("the 14:00–15:00 window: SPX has daily bars only") and the day's daily bars answer."""
    from agent.nlu import declines

    found = declines.daily_only_parts(it, ctx)
    if not found:
        return False
    it.declined = [*it.declined, *found]
    it.time_window, it.bar_minutes = None, None
    it.parts = [pt.model_copy(update={"time_window": None, "bar_minutes": None}) for pt in it.parts]
    return True


MAX_YEARS_BACK = 100


def latest_with_data(it: Intent, p: Any, ctx: ProviderContext) -> None:
    """A month (or day, quarter) written without a year is the latest one with data for the
    symbol ("how did it do in March?" after a no-data card: not March of this year, empty)."""
    one = p.periods[0] if len(getattr(p, "periods", []) or []) == 1 else None
    if one is None or one.explicit_year or one.kind != "point" or not it.symbol or it.period is None:
        return
    rng = ctx.range_for(it.symbol)
    if rng is None or has_data(ctx, it.symbol, it.period) or it.period.start < rng.first:
        return
    for back in range(1, MAX_YEARS_BACK):
        try:
            start, end = it.period.start.replace(year=it.period.start.year - back), \
                it.period.end.replace(year=it.period.end.year - back)
        except ValueError:             # 29 February
            continue
        if end < rng.first:
            return
        if start <= rng.last:
            it.period = make_period(start, end)
            return
