"""A trading rule to backtest, as a typed value: what the parser (or the model) reads from "buy SPX
at the close when it falls 3 %, sell 5 sessions later" and what query_builder/backtest_engine.py runs.

Closed sets only (Literal): an entry condition, an exit, sizing, costs and fills. The fills say
which price the rule could have had: a condition read on a session's close fills at that close
(market-on-close) or at the next session's open; a weekday or a time of day is known before the
bar, so it may fill at that bar's open. Nothing fills at a price from before the information it
needs (no lookahead): the engine enforces it, the model cannot ask for it.
"""
from __future__ import annotations

from datetime import time
from typing import Literal

from pydantic import BaseModel, Field, model_validator

# Costs when the question names none, stated in every answer (percent of the traded value, per
# side): a liquid index product's commission and about one tick of slippage.
DEFAULT_COMMISSION_PCT = 0.01
DEFAULT_SLIPPAGE_PCT = 0.02
DEFAULT_CAPITAL = 100_000.0
SMALL_SAMPLE_TRADES = 10        # fewer closed trades than this: the answer says the sample is small

EntryKind = Literal["move", "streak", "cross", "weekday", "time_of_day"]
Direction = Literal["up", "down"]
CrossOf = Literal["sma", "ema", "level"]
Fill = Literal["close", "next_open", "open"]
ExitFill = Literal["close", "open"]


class Entry(BaseModel):
    """When a trade opens.
    move: the session's close-to-close change is at least `threshold` % up (direction up) or down;
    streak: `count` closes in a row above (up) / below (down) the close before;
    cross: the close crosses above (up) / below (down) the SMA/EMA of `window` closes or a `level`;
    weekday: every `weekday` (0 Monday .. 4 Friday);
    time_of_day: every session at `at` (local exchange time; 1-minute bars), only on `weekday`
    when one is given."""
    kind: EntryKind
    direction: Direction | None = None
    threshold: float | None = Field(None, gt=0, le=100, description="move: percent, e.g. 3 for 3 %")
    count: int | None = Field(None, ge=1, le=30, description="streak: closes in a row")
    of: CrossOf | None = Field(None, description="cross: what the close crosses")
    window: int | None = Field(None, ge=2, le=400, description="cross of sma/ema: the window")
    level: float | None = Field(None, gt=0, description="cross of a price level")
    weekday: int | None = Field(None, ge=0, le=4, description="weekday: 0 Monday .. 4 Friday")
    at: time | None = Field(None, description="time_of_day: local wall-clock time")

    @model_validator(mode="after")
    def _complete(self) -> "Entry":
        need = {"move": ("direction", "threshold"), "streak": ("direction", "count"),
                "cross": ("direction", "of"), "weekday": ("weekday",), "time_of_day": ("at",)}[self.kind]
        missing = [n for n in need if getattr(self, n) is None]
        if self.kind == "cross" and self.of in ("sma", "ema") and self.window is None:
            missing.append("window")
        if self.kind == "cross" and self.of == "level" and self.level is None:
            missing.append("level")
        if missing:
            raise ValueError(f"entry {self.kind} needs {', '.join(missing)}")
        return self


class Exit(BaseModel):
    """When a trade closes: the first of after `sessions`, the opposite crossing (`opposite`),
    the next `weekday`, the time `at` (intraday), a stop or a target (percent from the entry
    fill). A trade still open on the last session of the span closes at its close."""
    sessions: int | None = Field(None, ge=1, le=260, description="sessions after the entry session")
    opposite: bool = Field(False, description="close on the opposite condition (a cross the other way)")
    weekday: int | None = Field(None, ge=0, le=4, description="close on the next such weekday")
    at: time | None = Field(None, description="intraday: close at this local time")
    stop_pct: float | None = Field(None, gt=0, le=100, description="stop loss, percent below the entry")
    target_pct: float | None = Field(None, gt=0, le=1000, description="profit target, percent above")
    fill: ExitFill = Field("close", description="a timed exit at that session's close or open")


class Costs(BaseModel):
    """Percent of the traded value, per side (entry and exit each pay both)."""
    commission_pct: float = Field(DEFAULT_COMMISSION_PCT, ge=0, le=5)
    slippage_pct: float = Field(DEFAULT_SLIPPAGE_PCT, ge=0, le=5)
    stated: bool = Field(False, description="the question named the costs (or 'no costs')")


class BacktestRule(BaseModel):
    """A long-only rule: one position at a time; a signal while in a position is ignored."""
    entry: Entry
    exit: Exit = Field(default_factory=Exit)
    fill: Fill = Field("close", description="entry fill: the signal session's close, the next "
                                            "session's open, or (weekday, time) that session's open")
    quantity: float | None = Field(None, gt=0, description="units per trade; empty = all in")
    costs: Costs = Field(default_factory=Costs)
    intraday: bool = Field(False, description="runs on 1-minute bars (a time-of-day rule)")

    @model_validator(mode="after")
    def _consistent(self) -> "BacktestRule":
        known_before_open = self.entry.kind in ("weekday", "time_of_day")
        if self.fill == "open" and not known_before_open:
            # the condition needs the session's close: its open was before the signal existed
            raise ValueError("a condition read on the close cannot fill at that session's open: "
                             "use close or next_open")
        if self.entry.kind == "time_of_day" and not self.intraday:
            raise ValueError("a time-of-day entry runs on 1-minute bars (intraday)")
        ex = self.exit
        timed = ex.sessions or ex.opposite or ex.weekday is not None or ex.stop_pct or ex.target_pct
        if not self.intraday and not timed:     # intraday: the session's close when no time is given
            raise ValueError("the rule has no exit: after N sessions, the opposite condition, a "
                             "weekday, a stop or a target")
        if ex.opposite and self.entry.kind in ("weekday", "time_of_day"):
            raise ValueError("an opposite exit needs a move, streak or crossing entry")
        return self
