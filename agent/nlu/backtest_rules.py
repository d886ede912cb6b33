"""A trading rule asked as a question ("backtest: buy SPX at the close when it falls 3 %, sell 5
sessions later", "покупать NQ в понедельник на открытии и продавать в пятницу", "compro SPY cuando
cruza arriba de su SMA 50 y vendo cuando cruza abajo") -> an Intent with a typed BacktestRule.

`is_backtest` is the detector the route node asks before trading commands: a backtest cue
("backtest", "протестируй стратегию", "prueba la estrategia", "what if I had bought"), or a rule's
shape (a buy and a sell with an entry condition or a timed exit from the rule vocabulary), so a
rule is never read as an order. `read` binds the words: the text before the first sell word is
the entry, the text after it the exit. Every word is in the packs (agent/lang/_backtest/), each
list joined across languages; instruments and periods come from the question parser.
"""
from __future__ import annotations

import re
from datetime import time
from functools import lru_cache

from agent import lang as packs
from agent.llm.base import ProviderContext
from agent.nlu.lang import normalize
from agent.nlu.parse import parse_text
from agent.nlu.period_math import make_period
from agent.state import Intent, Period
from query_builder.backtest_rule import BacktestRule, Costs, Entry, Exit


@lru_cache(maxsize=None)
def _re(key: str) -> re.Pattern[str]:
    alts = [a for code in packs.codes() for a in packs.get(code, "backtest", "parser", key)]
    return re.compile(r"(?<![\w])(?:" + "|".join(alts) + r")(?![\w])")


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def _first_group(m: re.Match[str]) -> str:
    return next(g for g in m.groups() if g is not None)


def _rule_shape(t: str) -> bool:
    """A buy, a sell after it, and a condition or timed exit of the rule vocabulary."""
    buy = _re("BUY").search(t)
    sell = _re("SELL").search(t, buy.end()) if buy else None
    if buy is None or sell is None:
        return False
    keys = ("FALL", "RISE", "STREAK_DOWN", "STREAK_UP", "SMA", "EMA", "SESSIONS_LATER", "WEEKDAYS", "TIME",
            "STOP", "TARGET")
    return any(_re(k).search(t) for k in keys)


def is_backtest(question: str) -> bool:
    t = normalize(question)
    return bool(_re("CUES").search(t)) or _rule_shape(t)


# ---- the entry ---------------------------------------------------------------------------------

def _weekday(t: str) -> int | None:
    """The weekday named (0 Monday .. 4 Friday), by the position of its alternative in the packs."""
    for code in packs.codes():
        for i, alt in enumerate(packs.get(code, "backtest", "parser", "WEEKDAYS")):
            if re.search(r"(?<![\w])(?:" + alt + r")(?![\w])", t):
                return i
    return None


def _time(t: str) -> time | None:
    m = _re("TIME").search(t)
    if m is None:
        return None
    hh, mm = (int(g) for g in m.groups() if g is not None)
    return time(hh, mm) if hh < 24 and mm < 60 else None


def _cross(t: str) -> Entry | None:
    down = _re("CROSS_DOWN").search(t)
    up = _re("CROSS_UP").search(t)
    hit = down if down and (not up or down.start() <= up.start()) else up
    if hit is None:
        return None
    direction = "down" if hit is down else "up"
    for of in ("sma", "ema"):
        m = _re(of.upper()).search(t)
        if m:
            return Entry(kind="cross", direction=direction, of=of, window=int(_first_group(m)))
    level = re.search(r"(?<![\d.,])(\d+(?:[.,]\d+)?)(?![\d%]|[.,]\d|\s+%)", t[hit.end():hit.end() + 40])
    if level:
        return Entry(kind="cross", direction=direction, of="level", level=_num(level.group(1)))
    return None


def _entry(t: str) -> Entry | None:
    at, day = _time(t), _weekday(t)
    if at is not None:
        return Entry(kind="time_of_day", at=at, weekday=day)
    for key, kind, direction in (("FALL", "move", "down"), ("RISE", "move", "up"),
                                 ("STREAK_DOWN", "streak", "down"), ("STREAK_UP", "streak", "up")):
        m = _re(key).search(t)
        if m:
            value = _num(_first_group(m))
            if kind == "move":
                return Entry(kind="move", direction=direction, threshold=value)
            return Entry(kind="streak", direction=direction, count=int(value))
    cross = _cross(t)
    if cross is not None:
        return cross
    return Entry(kind="weekday", weekday=day) if day is not None else None


def _fill(entry: Entry, t: str) -> str:
    before_open = entry.kind in ("weekday", "time_of_day")
    if _re("AT_OPEN").search(t):     # a condition read on the close can only fill at the next open
        return "open" if before_open else "next_open"
    if _re("AT_CLOSE").search(t):
        return "close"
    return "open" if before_open else "close"


# ---- the exit, sizing and costs --------------------------------------------------------------------

def _exit(entry: Entry, t_exit: str, t: str) -> Exit:
    m = _re("SESSIONS_LATER").search(t_exit) or _re("SESSIONS_LATER").search(t)
    stop, target = _re("STOP").search(t), _re("TARGET").search(t)
    opposite = entry.kind in ("move", "streak", "cross") and bool(
        _re("OPPOSITE").search(t_exit) or entry.kind == "cross" and _re("CROSS_DOWN" if entry.direction == "up"
                                                                         else "CROSS_UP").search(t_exit))
    return Exit(sessions=int(_first_group(m)) if m else None, opposite=opposite,
                weekday=_weekday(t_exit) if entry.kind != "time_of_day" else None,
                at=_time(t_exit) if entry.kind == "time_of_day" else None,
                stop_pct=_num(_first_group(stop)) if stop else None,
                target_pct=_num(_first_group(target)) if target else None,
                fill="open" if _re("AT_OPEN").search(t_exit) else "close")


def _costs(t: str) -> Costs:
    if _re("NO_COSTS").search(t):
        return Costs(commission_pct=0.0, slippage_pct=0.0, stated=True)
    c, s = _re("COMMISSION").search(t), _re("SLIPPAGE").search(t)
    out = Costs()
    if c:
        out = out.model_copy(update={"commission_pct": _num(_first_group(c)), "stated": True})
    if s:
        out = out.model_copy(update={"slippage_pct": _num(_first_group(s)), "stated": True})
    return out


def _quantity(t: str) -> float | None:
    m = _re("QUANTITY").search(t)
    return _num(m.group(1)) if m else None


# ---- the reading -------------------------------------------------------------------------------

def _ask(lang: str, what: str, base: Intent) -> Intent:
    base.needs_clarification = True
    base.missing = ["symbol"] if what == "symbol" else ["condition"]   # short: the rule's side
    base.clarifying_questions = [packs.get(lang, "backtest", "parser", "ASK")[what]]
    base.confidence = 0.4
    return base


def _span(periods: list[Period]) -> Period | None:
    """One span over every period named ("2010 to 2019" may read as two years)."""
    if len(periods) <= 1:
        return periods[0] if periods else None
    return make_period(min(p.start for p in periods), max(p.end for p in periods))


def read(question: str, ctx: ProviderContext) -> Intent | None:
    """The backtest the question asks for (None when it asks none); a clarification when the
    instrument, the entry or the exit is missing."""
    if not is_backtest(question):
        return None
    t = normalize(question)
    p = parse_text(question, ctx, None)
    lang = p.lang if p.lang in packs.codes() else "en"
    symbols = list(dict.fromkeys(p.symbols))
    period = _span([f.period for f in p.periods if f.period is not None])
    base = Intent(type="data", lang=lang, symbol=symbols[0] if symbols else None, symbols=symbols[:1],
                  period=period, analysis="backtest")
    buy = _re("BUY").search(t)
    sell = _re("SELL").search(t, buy.end() if buy else 0)
    t_entry, t_exit = (t[:sell.start()], t[sell.start():]) if sell else (t, "")
    if _re("SHORT").search(t):        # long rules only: a short rule is never tested as a long one
        return _ask(lang, "short", base)
    entry = _entry(t_entry) or _entry(t)
    if entry is None:
        return _ask(lang, "entry", base)
    intraday = entry.kind == "time_of_day"
    try:
        rule = BacktestRule(entry=entry, exit=_exit(entry, t_exit, t), fill=_fill(entry, t_entry),
                            quantity=_quantity(t), costs=_costs(t), intraday=intraday)
    except ValueError:
        return _ask(lang, "exit", base)
    base.rule = rule
    if base.symbol is None:
        return _ask(lang, "symbol", base)
    base.notes = _not_applied(p.indicators, rule, lang)
    return base


def _not_applied(indicators: list[tuple[str, int | None, int]], rule: BacktestRule, lang: str) -> list[str]:
    """Indicators the question names that the rule does not use ("... and RSI below 30"): said
    with the answer, never dropped silently."""
    used = {rule.entry.of} if rule.entry.kind == "cross" else set()
    names = [str(i[0]) for i in indicators if str(i[0]) not in used]
    text = packs.get(lang, "backtest", "parser", "NOT_APPLIED")
    return [text.format(w=n.upper()) for n in dict.fromkeys(names)]
