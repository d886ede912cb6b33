"""Alerts on statistics in plain language (EN, RU, ES) read as a typed condition.

    parse_alert_condition(text, symbols) -> AlertCondition | None
    describe(condition, lang, tz) -> the condition in words (the confirm_action card, the alert list)

Four kinds, each over what the query builder computes from the stored bars:
- window_range: a time-of-day window's range (max high - min low of its 1-minute bars, exchange
  wall clock, the windows of agent/nlu/windows.py: "first hour" = 09:30-10:30) against `ratio`
  times its average over the `days` previous trading dates: "alert me when NQ's first-hour range
  is above 1.5x its 20-day average";
- closes_in_row: `count` daily closes in a row each lower (higher) than the one before: "когда SPY
  закроется ниже три дня подряд";
- move_within: a close `pct` % or more away from the close `minutes` earlier (up, down or either
  way): "cuando BTCUSD se mueva 2 % en una hora";
- indicator_cross: a daily indicator (RSI, SMA, EMA) crossing a level, or the daily close crossing
  the indicator: "alert me when SPY's RSI crosses above 70", "when SPY closes above its 50-day SMA".
The words are each language pack's `alert_conditions`; numbers come from the text only, symbols only
from the known list. Anything that does not read as one of these whole returns None (the caller
then tries the price alert and the other readings).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agent.lang import alternation, get, plural
from agent.nlu.numbers import word_number

ConditionKind = Literal["window_range", "closes_in_row", "move_within", "indicator_cross"]


class AlertCondition(BaseModel):
    """A condition over computed statistics; which fields apply depends on `kind`."""
    model_config = ConfigDict(extra="forbid")

    kind: ConditionKind
    symbol: str = Field(min_length=1, max_length=32)
    op: Literal["above", "below"] = "above"
    window_start: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$", description="window_range, HH:MM")
    window_end: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$")
    ratio: float | None = Field(default=None, gt=0, le=100)
    days: int | None = Field(default=None, ge=2, le=250)
    count: int | None = Field(default=None, ge=2, le=30)
    pct: float | None = Field(default=None, gt=0, le=100)
    minutes: int | None = Field(default=None, ge=1, le=1440)
    direction: Literal["up", "down", "any"] = "any"
    indicator: Literal["rsi", "sma", "ema"] | None = None
    period: int | None = Field(default=None, ge=2, le=400)
    level: float | None = Field(default=None, description="indicator_cross: the level; None: the close crosses the indicator")

    @model_validator(mode="after")
    def _complete(self) -> "AlertCondition":
        need = {"window_range": ("window_start", "window_end", "ratio", "days"), "closes_in_row": ("count",),
                "move_within": ("pct", "minutes"), "indicator_cross": ("indicator", "period")}[self.kind]
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"{self.kind} needs {', '.join(missing)}")
        if self.kind == "indicator_cross" and self.indicator == "rsi" and self.level is None:
            raise ValueError("an RSI alert needs a level")
        return self


def _rx(key: str, capture: bool = False) -> re.Pattern[str]:
    body = alternation("alert_conditions", key)
    return re.compile(r"(?<![\w%])(?:" + body + r")(?![\w])" if not capture else body, re.IGNORECASE)


_NUM = r"(\d+(?:[.,]\d+)?)"
_WORD = {k: _rx(k) for k in ("alert", "range", "average", "close", "in_row", "lower", "higher", "move", "rise",
                             "fall", "percent", "hour", "cross", "rsi", "sma", "ema")}
_WHEN = re.compile(r"^\W*(?:" + alternation("alert_conditions", "when") + r")(?![\w])", re.IGNORECASE)
_RATIO = re.compile(_NUM + r"\s*(?:" + alternation("alert_conditions", "times") + r")(?![\w])", re.IGNORECASE)
_DAYS = re.compile(r"(\d+)\s*-?\s*(?:" + alternation("alert_conditions", "day") + r")", re.IGNORECASE)
_PCT = re.compile(_NUM + r"\s*(?:" + alternation("alert_conditions", "percent") + r")", re.IGNORECASE)
_MINUTES = re.compile(r"(\d+)\s*(?:" + alternation("alert_conditions", "minutes") + r")(?![\w])", re.IGNORECASE)
_HOURS = re.compile(r"(\d+)\s*(?:" + alternation("nlu_words", "alert_conditions", "hours") + r")(?![\w])",
                    re.IGNORECASE)
_COUNT = re.compile(r"(?<![\w.,])(\d+|[^\W\d_]+)(?![\w])")


def _f(s: str) -> float:
    return float(s.replace(",", "."))


def _symbol(text: str, symbols: Iterable[str]) -> str | None:
    for sym in sorted({s.upper() for s in symbols}, key=len, reverse=True):
        if re.search(r"(?<![\w])" + re.escape(sym) + r"(?![\w])", text, re.IGNORECASE):
            return sym
    return None


def _is_alert(text: str) -> bool:
    return bool(_WORD["alert"].search(text)) or (bool(_WHEN.search(text)) and not text.rstrip().endswith("?"))


def _op(text: str) -> Literal["above", "below"]:
    lo, hi = _WORD["lower"].search(text), _WORD["higher"].search(text)
    if lo and (not hi or lo.start() < hi.start()):
        return "below"
    return "above"


def parse_alert_condition(text: str, symbols: Iterable[str]) -> AlertCondition | None:
    """The statistics alert `text` asks for, or None (not one, or not readable whole)."""
    if not _is_alert(text):
        return None
    symbol = _symbol(text, symbols)
    if symbol is None:
        return None
    rest = re.sub(r"(?<![\w])" + re.escape(symbol) + r"(?![\w])", " ", text, flags=re.IGNORECASE)
    for reader in (_window_range, _closes_in_row, _move_within, _indicator_cross):
        cond = reader(rest, symbol)
        if cond is not None:
            return cond
    return None


def _window_range(t: str, symbol: str) -> AlertCondition | None:
    if not (_WORD["range"].search(t) and _WORD["average"].search(t)):
        return None
    from agent.nlu.windows import parse_window

    w = parse_window(re.sub(r"(?<=\w)-(?=\w)", " ", t.lower()))   # "first-hour" reads as "first hour"
    if w is None:
        return None
    ratio = _RATIO.search(t)
    days = _DAYS.search(t)
    return AlertCondition(kind="window_range", symbol=symbol, op=_op(t), window_start=f"{w.start:%H:%M}",
                          window_end=f"{w.end:%H:%M}", ratio=_f(ratio.group(1)) if ratio else 1.0,
                          days=int(days.group(1)) if days else 20)


def _closes_in_row(t: str, symbol: str) -> AlertCondition | None:
    row = _WORD["in_row"].search(t)
    if not (row and _WORD["close"].search(t)):
        return None
    counts = [n for m in _COUNT.finditer(t) if (n := word_number(m.group(1))) is not None and 2 <= n <= 30]
    if not counts:
        return None
    return AlertCondition(kind="closes_in_row", symbol=symbol, op=_op(t), count=counts[0])


def _move_within(t: str, symbol: str) -> AlertCondition | None:
    pct = _PCT.search(t)
    moved = _WORD["move"].search(t) or _WORD["rise"].search(t) or _WORD["fall"].search(t)
    if not (pct and moved):
        return None
    mins, hours = _MINUTES.search(t), _HOURS.search(t)
    minutes = int(mins.group(1)) if mins else int(hours.group(1)) * 60 if hours else 60 if _WORD["hour"].search(t) else None
    if minutes is None:
        return None
    up, down = _WORD["rise"].search(t), _WORD["fall"].search(t)
    direction = "up" if up and not down else "down" if down and not up else "any"
    return AlertCondition(kind="move_within", symbol=symbol, pct=_f(pct.group(1)), minutes=minutes,
                          direction=direction)


def _indicator_cross(t: str, symbol: str) -> AlertCondition | None:
    ind = next((k for k in ("rsi", "ema", "sma") if _WORD[k].search(t)), None)
    if ind is None:
        return None
    m = _WORD[ind].search(t)
    assert m is not None
    near = re.search(r"(\d+)\s*-?\s*(?:\w+\s*-?\s*)?$", t[:m.start()]) or re.match(r"\s*\(?\s*(\d+)", t[m.end():])
    period = int(near.group(1)) if near else 14 if ind == "rsi" else None
    numbers = [_f(x) for x in re.findall(_NUM, t)]
    level = next((v for v in reversed(numbers) if not (near and v == period)), None)
    if ind != "rsi":
        level = None if _WORD["close"].search(t) or level is None else level
    if period is None or (ind == "rsi" and level is None) or not (_WORD["cross"].search(t) or _WORD["higher"].search(t)
                                                                 or _WORD["lower"].search(t)):
        return None
    return AlertCondition(kind="indicator_cross", symbol=symbol, op=_op(t), indicator=ind, period=period,
                          level=level)


def num(value: float | None, lang: str) -> str:
    """A number as typed (no padding zeros), in the language's format."""
    from agent.answer.format import number

    v = float(value or 0)
    decimals = 0 if v.is_integer() else min(4, len(repr(v).split(".")[1]))
    return number(v, lang, decimals)


def describe(c: AlertCondition, lang: str = "en", tz: str = "America/New_York") -> str:
    """The condition in words, in `lang` (a pack's alert_conditions texts)."""
    words: Callable[..., Any] = lambda *p: get(lang, "alert_conditions", *p)   # noqa: E731
    texts: dict[str, str] = words("texts")
    op = words("op")[c.op]
    if c.kind == "window_range":
        window = words("window").format(start=c.window_start, end=c.window_end)
        return texts["window_range"].format(symbol=c.symbol, window=window, tz=tz, op=op, ratio=num(c.ratio, lang),
                                            days=plural(lang, words("sessions"), c.days or 0))
    if c.kind == "closes_in_row":
        return texts["closes_in_row"].format(symbol=c.symbol, dir=words("dir")[c.op], count=plural(lang, words("sessions"), c.count or 0))
    if c.kind == "move_within":
        span = plural(lang, words("span"), c.minutes or 60)
        return texts["move_within"].format(symbol=c.symbol, dir=words("move_dir")[c.direction],
                                           pct=num(c.pct, lang), span=span)
    ind = f"{(c.indicator or '').upper()} {c.period}"
    if c.level is not None:
        return texts["indicator_level"].format(symbol=c.symbol, ind=ind, op=op, level=num(c.level, lang))
    return texts["indicator_price"].format(symbol=c.symbol, ind=ind, op=op)
