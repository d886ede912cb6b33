"""Run a BacktestRule over bars: signals vectorised with numpy/pandas, trades walked signal to
signal (one position at a time, so a trade's exit decides which signal opens the next), the
equity curve and the figures computed on arrays.

Conventions (stated here once; the answer states the costs):
- A signal is read on a session's close (move, streak, cross) and fills at that close or at the
  next session's open; a weekday or a time of day fills at that bar's open. Never earlier.
- Exit after N sessions: session entry + N (at its close, or its open). Opposite condition: the
  session it fires (same fill style as the entry). Weekday: the next such session after the
  entry. Stop / target: checked on each bar's low / high from the first bar after the fill
  (the entry bar too when the fill was its open), levels from the entry fill before costs; a gap
  through the level fills at the bar's open; a bar touching both is read as the stop (the worse
  case). A trade open on the span's last session closes at its close ("end").
- One position at a time: a signal counts when it comes after the last exit (a signal on the
  close of a session whose open or range closed the trade does; one on the exit's own close not).
- Costs: slippage moves each fill against the trade, commission is paid on each side:
  entry = price * (1 + slip) * (1 + comm), exit = price * (1 - slip) * (1 - comm).
- All in: each trade compounds the equity; a quantity: P&L = quantity * (exit - entry), return
  on the cash the first trade needed. Buy and hold: the span's first close (intraday: first
  open) to its last close, no costs. Max drawdown: the equity marked at every bar's close.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from query_builder.backtest_rule import SMALL_SAMPLE_TRADES, BacktestRule


@dataclass
class Bars:
    """Bars in time order. `day`: datetime64[D] trading dates; `minute`: local minute of the day
    (intraday only); `first`: index of the first bar inside the tested span (earlier ones warm up)."""
    day: np.ndarray
    open: np.ndarray
    high: np.ndarray
    low: np.ndarray
    close: np.ndarray
    first: int = 0
    minute: np.ndarray | None = None


@dataclass
class Result:
    trades: list[dict[str, Any]]
    summary: dict[str, Any]
    equity: np.ndarray          # per bar of the span (index first..), in currency
    buy_hold: np.ndarray
    index: np.ndarray = field(default_factory=lambda: np.array([], dtype=int))


# ---- signals ---------------------------------------------------------------------------------

def _ma(close: np.ndarray, kind: str, window: int) -> np.ndarray:
    s = pd.Series(close)
    if kind == "ema":
        return np.asarray(s.ewm(span=window, adjust=False).mean().to_numpy())
    return np.asarray(s.rolling(window).mean().to_numpy())


def _crossing(close: np.ndarray, ref: np.ndarray, up: bool) -> np.ndarray:
    """Closes that cross `ref`: above it after a close at or below it (up), or the mirror (down)."""
    prev_ok = np.r_[False, ~np.isnan(ref[:-1])] & ~np.isnan(ref)
    if up:
        return np.asarray(prev_ok & (close > ref) & np.r_[False, (close <= ref)[:-1]])
    return np.asarray(prev_ok & (close < ref) & np.r_[False, (close >= ref)[:-1]])


def _streak(close: np.ndarray, up: bool, count: int) -> np.ndarray:
    prev = np.r_[np.nan, close[:-1]]
    step = close > prev if up else close < prev
    run = pd.Series(step.astype(int))
    length = run.groupby((run == 0).cumsum()).cumsum().to_numpy()
    return np.asarray(length >= count)


def signals(b: Bars, rule: BacktestRule, opposite: bool = False) -> np.ndarray:
    """Sessions whose close (or, for a weekday, whose open) gives the entry signal; `opposite`:
    the exit's opposite condition."""
    e = rule.entry
    up = (e.direction == "up") != opposite
    if e.kind == "move":
        prev = np.r_[np.nan, b.close[:-1]]
        with np.errstate(divide="ignore", invalid="ignore"):
            chg = (b.close / prev - 1) * 100
        return np.asarray(chg >= float(e.threshold or 0) if up else chg <= -float(e.threshold or 0))
    if e.kind == "streak":
        return _streak(b.close, up, int(e.count or 1))
    if e.kind == "cross":
        ref = np.full(len(b.close), float(e.level or 0)) if e.of == "level" else _ma(b.close, str(e.of), int(e.window or 2))
        return _crossing(b.close, ref, up)
    return np.asarray(weekday_of(b.day) == e.weekday)


def weekday_of(days: np.ndarray) -> np.ndarray:
    return (days.astype("datetime64[D]").astype("int64") + 3) % 7   # 1970-01-01 was a Thursday


# ---- costs -----------------------------------------------------------------------------------

def entry_cost(rule: BacktestRule) -> float:
    c = rule.costs
    return (1 + c.slippage_pct / 100) * (1 + c.commission_pct / 100)


def exit_cost(rule: BacktestRule) -> float:
    c = rule.costs
    return (1 - c.slippage_pct / 100) * (1 - c.commission_pct / 100)


# ---- the daily walk ----------------------------------------------------------------------------

def _stop_target(b: Bars, rule: BacktestRule, entry_px: float, lo: int, hi: int) -> tuple[int, float, str] | None:
    """The first bar in lo..hi whose low reaches the stop or high the target: (bar, fill, reason)."""
    ex = rule.exit
    if hi < lo or not (ex.stop_pct or ex.target_pct):
        return None
    stop = entry_px * (1 - ex.stop_pct / 100) if ex.stop_pct else -np.inf
    target = entry_px * (1 + ex.target_pct / 100) if ex.target_pct else np.inf
    hit = (b.low[lo:hi + 1] <= stop) | (b.high[lo:hi + 1] >= target)
    if not hit.any():
        return None
    k = lo + int(np.argmax(hit))
    if b.low[k] <= stop:
        return k, float(min(b.open[k], stop)), "stop"
    return k, float(max(b.open[k], target)), "target"


def _next(idx: np.ndarray, after: int) -> int | None:
    """The first index in the sorted array `idx` greater than `after`."""
    k = int(np.searchsorted(idx, after, side="right"))
    return int(idx[k]) if k < len(idx) else None


def _timed_exit(rule: BacktestRule, sig: int, e: int, last: int, opp: np.ndarray | None,
                wd: np.ndarray | None) -> tuple[int, str, str]:
    """(bar, 'close' | 'open', reason) of the first timed exit, else the span's last close.
    `opp`, `wd`: the bars of the opposite condition and of the exit weekday, sorted."""
    ex = rule.exit
    found: list[tuple[int, int, str, str]] = []      # (bar, 0 open / 1 close, fill, reason)
    if ex.sessions:
        found.append((e + ex.sessions, 0 if ex.fill == "open" else 1, ex.fill, "sessions"))
    j = _next(opp, sig) if opp is not None else None
    if j is not None:
        found.append((j + 1, 0, "open", "opposite") if rule.fill == "next_open" else (j, 1, "close", "opposite"))
    # the entry session's own close (or open) is not "the next" weekday after an entry at its close
    own = ex.fill == "open" or rule.fill == "close"
    k = _next(wd, e if own else e - 1) if wd is not None else None
    if k is not None:
        found.append((k, 0 if ex.fill == "open" else 1, ex.fill, "weekday"))
    found = [f for f in found if f[0] <= last]
    if not found:
        return last, "close", "end"
    bar, _, fill, reason = min(found)
    return bar, fill, reason


def run_daily(b: Bars, rule: BacktestRule) -> Result:
    n, first = len(b.close), b.first
    last = n - 1
    sig = signals(b, rule)
    sig[:first] = False
    opp = np.flatnonzero(signals(b, rule, opposite=True)) if rule.exit.opposite else None
    wd = np.flatnonzero(weekday_of(b.day) == rule.exit.weekday) if rule.exit.weekday is not None else None
    buy, sell = entry_cost(rule), exit_cost(rule)
    trades: list[dict[str, Any]] = []
    known_at_open = rule.fill == "open"         # a weekday: the signal exists at the session's open
    free = -1.0                                  # the time the last trade closed (bar*2, +0.5 inside, +1 close)
    for s in (int(i) for i in np.flatnonzero(sig)):
        if s * 2 + (0 if known_at_open else 1) <= free:
            continue
        e = s + 1 if rule.fill == "next_open" else s
        if e > last:
            break
        at_open = rule.fill in ("next_open", "open")
        px = float(b.open[e] if at_open else b.close[e])
        x, fill, reason = _timed_exit(rule, s, e, last, opp, wd)
        out = float(b.open[x] if fill == "open" else b.close[x])
        scan_to = x - 1 if fill == "open" else x
        hit = _stop_target(b, rule, px, e if at_open else e + 1, scan_to)
        if hit is not None:
            x, out, reason = hit
            fill = reason
        trades.append(_trade(b, s, e, x, px, out, buy, sell, reason, at_open, fill))
        free = x * 2 + {"open": 0.0, "stop": 0.5, "target": 0.5}.get(fill, 1.0)
    return _finish(b, rule, trades)


def _trade(b: Bars, s: int, e: int, x: int, px: float, out: float, buy: float, sell: float,
           reason: str, at_open: bool, fill: str) -> dict[str, Any]:
    entry, exit_ = px * buy, out * sell
    return {"signal_bar": int(s), "entry_bar": int(e), "exit_bar": int(x),
            "entry_date": str(b.day[e]), "exit_date": str(b.day[x]),
            "entry_fill": "open" if at_open else "close", "exit_fill": fill,
            "entry_price": px, "exit_price": out, "entry_cost_price": entry, "exit_cost_price": exit_,
            "return_pct": (exit_ / entry - 1) * 100, "sessions": int(x - e), "exit_reason": reason}


# ---- equity and figures --------------------------------------------------------------------------

def _equity(b: Bars, rule: BacktestRule, trades: list[dict[str, Any]]) -> tuple[np.ndarray, float]:
    """Equity marked at every bar close of the span, and the capital it starts from."""
    n, first = len(b.close), b.first
    qty = rule.quantity
    capital = qty * trades[0]["entry_cost_price"] if qty and trades else 100_000.0
    eq = np.full(n, np.nan)
    cash, pnl = capital, 0.0
    cursor = first
    for t in trades:
        e, x = t["entry_bar"], t["exit_bar"]
        eq[cursor:e] = cash if not qty else capital + pnl      # flat before the entry bar
        seg = b.close[e:x]
        if qty:
            eq[e:x] = capital + pnl + qty * (seg - t["entry_cost_price"])
            pnl += qty * (t["exit_cost_price"] - t["entry_cost_price"])
            eq[x] = capital + pnl
        else:
            eq[e:x] = cash * seg / t["entry_cost_price"]
            cash *= t["exit_cost_price"] / t["entry_cost_price"]
            eq[x] = cash
        cursor = x + 1
    eq[cursor:] = cash if not qty else capital + pnl
    return eq[first:], capital


def _max_drawdown(eq: np.ndarray, capital: float) -> float:
    curve = np.r_[capital, eq]
    peak = np.maximum.accumulate(curve)
    return float(np.min(curve / peak - 1) * 100)


def _finish(b: Bars, rule: BacktestRule, trades: list[dict[str, Any]], hold_from_open: bool = False) -> Result:
    first = b.first
    eq, capital = _equity(b, rule, trades)
    base = b.open[first] if hold_from_open else b.close[first]
    hold = b.close[first:] / base
    returns = np.array([t["return_pct"] for t in trades], dtype=float)
    c = rule.costs
    summary: dict[str, Any] = {
        "first_date": str(b.day[first]), "last_date": str(b.day[-1]),
        "sessions_tested": int(len(np.unique(b.day[first:]))),
        "backtest_trades": len(trades),
        "backtest_total_return": float((eq[-1] / capital - 1) * 100) if trades else 0.0,
        "backtest_win_rate": float((returns > 0).mean() * 100) if trades else None,
        "backtest_avg_trade": float(returns.mean()) if trades else None,
        "backtest_max_drawdown": _max_drawdown(eq, capital),
        "buy_hold_return": float((hold[-1] - 1) * 100),
        "commission_rate": c.commission_pct, "slippage_rate": c.slippage_pct,
        "small_sample_trades": SMALL_SAMPLE_TRADES,
    }
    summary["beats_buy_hold"] = summary["backtest_total_return"] > summary["buy_hold_return"]
    summary["small_sample"] = len(trades) < SMALL_SAMPLE_TRADES
    return Result(trades, summary, eq, hold * capital, np.arange(first, len(b.close)))


# ---- intraday: one trade per session, on 1-minute bars -------------------------------------------

def _clock(t: Any) -> int:
    return int(t.hour) * 60 + int(t.minute)


def run_intraday(b: Bars, rule: BacktestRule) -> Result:
    """Every session (of `entry.weekday` when given): buy at the open of the first bar at or after
    `entry.at`, sell at the open of the first bar at or after `exit.at` (else the session's last
    close), or earlier at the stop or target; minute bars, local wall clock."""
    assert b.minute is not None
    e_rule, ex = rule.entry, rule.exit
    buy, sell = entry_cost(rule), exit_cost(rule)
    starts = np.r_[b.first, np.flatnonzero(b.day[b.first + 1:] != b.day[b.first:-1]) + b.first + 1]
    ends = np.r_[starts[1:] - 1, len(b.close) - 1]
    t_in = _clock(e_rule.at)
    t_out = _clock(ex.at) if ex.at else None
    trades: list[dict[str, Any]] = []
    for lo, hi in zip(starts, ends):
        if e_rule.weekday is not None and weekday_of(b.day[lo:lo + 1])[0] != e_rule.weekday:
            continue
        mins = b.minute[lo:hi + 1]
        i = np.flatnonzero(mins >= t_in)
        if not i.size:
            continue
        e = lo + int(i[0])
        x, fill, reason = hi, "close", "session_close"
        if t_out is not None:
            j = np.flatnonzero(mins >= t_out)
            j = j[lo + j > e]
            if j.size:
                x, fill, reason = lo + int(j[0]), "open", "time"
        px = float(b.open[e])
        out = float(b.open[x] if fill == "open" else b.close[x])
        hit = _stop_target(b, rule, px, e, x - 1 if fill == "open" else x)
        if hit is not None:
            x, out, reason = hit
            fill = reason
        trades.append(_trade(b, e, e, x, px, out, buy, sell, reason, True, fill))
        trades[-1].update(entry_minute=int(b.minute[e]), exit_minute=int(b.minute[x]), sessions=0)
    return _finish(b, rule, trades, hold_from_open=True)
