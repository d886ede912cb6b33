"""An independent backtest for the tests: a bar-by-bar event loop over pandas frames read from the
raw CSVs (tests/query_builder/reference.py), written from the rule's stated conventions without
the product's code (its signals are recomputed with pandas: pct_change, rolling, ewm, dayofweek).

At each bar, in time order: the open (a pending entry fills; a timed exit at the open), the bar's
range (stop, then target, for a position held at the open), the close (timed exits at the close,
the opposite condition, then a new entry on the signal). A trade closed at a bar's close opens no
new one on that close; one closed at its open or inside its range may.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd


@dataclass
class Spec:
    """The rule as plain values (the test's own copy, not the product's model)."""
    kind: str                   # move | streak | cross | weekday | time_of_day
    direction: str = "up"
    threshold: float = 0.0
    count: int = 0
    of: str = ""                # sma | ema | level
    window: int = 0
    level: float = 0.0
    weekday: int | None = None
    at: int | None = None       # minute of the day
    fill: str = "close"         # close | next_open | open
    sessions: int | None = None
    opposite: bool = False
    exit_weekday: int | None = None
    exit_at: int | None = None
    exit_fill: str = "close"
    stop: float | None = None
    target: float | None = None
    quantity: float | None = None
    commission: float = 0.01
    slippage: float = 0.02


def _signal(df: pd.DataFrame, spec: Spec, up: bool) -> pd.Series:
    c = df["close"]
    if spec.kind == "move":
        chg = c.pct_change() * 100
        return chg >= spec.threshold if up else chg <= -spec.threshold
    if spec.kind == "streak":
        step = (c > c.shift()) if up else (c < c.shift())
        return step.rolling(spec.count).sum() == spec.count
    if spec.kind == "cross":
        if spec.of == "sma":
            ref = c.rolling(spec.window).mean()
        elif spec.of == "ema":
            ref = c.ewm(span=spec.window, adjust=False).mean()
        else:
            ref = pd.Series(spec.level, index=c.index)
        valid = ref.notna() & ref.shift().notna()
        if up:
            return valid & (c > ref) & (c.shift() <= ref.shift())
        return valid & (c < ref) & (c.shift() >= ref.shift())
    return pd.Series(df.index.day_of_week == spec.weekday, index=df.index)


def run(df: pd.DataFrame, start: str, end: str, spec: Spec) -> dict:
    """df: daily bars indexed by trading date, the whole stored history (indicators warm up on it)."""
    df = df[df.index <= pd.Timestamp(end)]
    sig = _signal(df, spec, spec.direction == "up").to_numpy()
    opp = _signal(df, spec, spec.direction != "up").to_numpy() if spec.opposite else np.zeros(len(df), bool)
    o, h, lo, c = (df[k].to_numpy() for k in ("open", "high", "low", "close"))
    days = df.index
    first = int(np.searchsorted(days, pd.Timestamp(start)))
    buy = (1 + spec.slippage / 100) * (1 + spec.commission / 100)
    sell = (1 - spec.slippage / 100) * (1 - spec.commission / 100)
    trades: list[dict] = []
    pos: dict | None = None
    pending_entry = pending_exit = None
    last = len(df) - 1

    def close_trade(i: int, price: float, reason: str) -> None:
        nonlocal pos
        assert pos is not None
        trades.append({"entry_date": days[pos["e"]].date().isoformat(), "exit_date": days[i].date().isoformat(),
                       "entry_price": pos["px"], "exit_price": price, "exit_reason": reason,
                       "return_pct": (price * sell / (pos["px"] * buy) - 1) * 100, "e": pos["e"], "x": i})
        pos = None

    for i in range(first, last + 1):
        closed = False          # closed at this bar's close
        # the open
        if pending_entry == i:
            pos, pending_entry = {"e": i, "px": o[i], "open": True}, None
        elif pos is None and spec.fill == "open" and sig[i]:
            pos = {"e": i, "px": o[i], "open": True}
        if pos is not None and i > pos["e"] and spec.exit_fill == "open":
            if spec.sessions and i == pos["e"] + spec.sessions or \
                    spec.exit_weekday is not None and days[i].day_of_week == spec.exit_weekday:
                close_trade(i, o[i], "timed")
        if pos is not None and pending_exit == i:
            close_trade(i, o[i], "opposite")
            pending_exit = None
        # the bar's range
        if pos is not None and (i > pos["e"] or pos["open"]):
            stop = pos["px"] * (1 - spec.stop / 100) if spec.stop else None
            target = pos["px"] * (1 + spec.target / 100) if spec.target else None
            if stop is not None and lo[i] <= stop:
                close_trade(i, min(o[i], stop) if i > pos["e"] else stop, "stop")
            elif target is not None and h[i] >= target:
                close_trade(i, max(o[i], target) if i > pos["e"] else target, "target")
        # the close
        if pos is not None and spec.exit_fill == "close":
            own_day = i > pos["e"] or pos["open"]
            if spec.sessions and i == pos["e"] + spec.sessions or \
                    spec.exit_weekday is not None and days[i].day_of_week == spec.exit_weekday and own_day:
                close_trade(i, c[i], "timed")
                closed = True
        if pos is not None and spec.opposite and opp[i] and i >= pos["e"] and not (i == pos["e"] and not pos["open"]):
            if spec.fill == "next_open":
                pending_exit = i + 1
            else:
                close_trade(i, c[i], "opposite")
                closed = True
        if pos is None and not closed and pending_entry is None and sig[i] and spec.fill != "open":
            if spec.fill == "close":
                pos = {"e": i, "px": c[i], "open": False}
            else:
                pending_entry = i + 1
    if pos is not None:
        close_trade(last, c[last], "end")
    return _figures(trades, c[first:], days[first:], c[first], spec, first)


def _figures(trades: list[dict], closes: np.ndarray, days, base: float, spec: Spec, first: int) -> dict:
    """Total return, drawdown (equity marked at each close), win rate, average, buy and hold."""
    buy = (1 + spec.slippage / 100) * (1 + spec.commission / 100)
    sell = (1 - spec.slippage / 100) * (1 - spec.commission / 100)
    capital = spec.quantity * trades[0]["entry_price"] * buy if spec.quantity and trades else 100_000.0
    eq = np.empty(len(closes))
    cash, pnl, k = capital, 0.0, 0
    for j in range(len(closes)):
        i = first + j
        t = trades[k] if k < len(trades) else None
        if t is not None and t["e"] <= i < t["x"]:
            cost = t["entry_price"] * buy
            eq[j] = capital + pnl + spec.quantity * (closes[j] - cost) if spec.quantity else cash * closes[j] / cost
        elif t is not None and i == t["x"]:
            if spec.quantity:
                pnl += spec.quantity * (t["exit_price"] * sell - t["entry_price"] * buy)
                eq[j] = capital + pnl
            else:
                cash *= t["exit_price"] * sell / (t["entry_price"] * buy)
                eq[j] = cash
            k += 1
        else:
            eq[j] = capital + pnl if spec.quantity else cash
    curve = pd.Series(np.r_[capital, eq])
    returns = pd.Series([t["return_pct"] for t in trades], dtype=float)
    return {"trades": trades, "backtest_trades": len(trades),
            "backtest_total_return": (eq[-1] / capital - 1) * 100,
            "backtest_win_rate": (returns > 0).mean() * 100 if len(trades) else None,
            "backtest_avg_trade": returns.mean() if len(trades) else None,
            "backtest_max_drawdown": (curve / curve.cummax() - 1).min() * 100,
            "buy_hold_return": (closes[-1] / base - 1) * 100}


def run_intraday(minutes: pd.DataFrame, start: str, end: str, spec: Spec) -> dict:
    """minutes: reference.minutes(symbol) (in_session bars only are used); one trade per session."""
    m = minutes[minutes["in_session"] & (minutes["trading_date"] >= pd.Timestamp(start))
                & (minutes["trading_date"] <= pd.Timestamp(end))].reset_index(drop=True)
    m["minute"] = m["local"].dt.hour * 60 + m["local"].dt.minute
    buy = (1 + spec.slippage / 100) * (1 + spec.commission / 100)
    sell = (1 - spec.slippage / 100) * (1 - spec.commission / 100)
    trades: list[dict] = []
    for day, g in m.groupby("trading_date", sort=True):
        if spec.weekday is not None and day.day_of_week != spec.weekday:
            continue
        after = g[g["minute"] >= spec.at]
        if after.empty:
            continue
        e = after.index[0]
        px = m.at[e, "open"]
        exit_at = g[(g["minute"] >= spec.exit_at) & (g.index > e)] if spec.exit_at is not None else g.iloc[:0]
        x, price, reason = (exit_at.index[0], m.at[exit_at.index[0], "open"], "time") if len(exit_at) \
            else (g.index[-1], m.at[g.index[-1], "close"], "session_close")
        last_scan = x - 1 if reason == "time" else x
        for k in range(e, last_scan + 1):
            if spec.stop and m.at[k, "low"] <= px * (1 - spec.stop / 100):
                x, price, reason = k, min(m.at[k, "open"], px * (1 - spec.stop / 100)) if k > e \
                    else px * (1 - spec.stop / 100), "stop"
                break
            if spec.target and m.at[k, "high"] >= px * (1 + spec.target / 100):
                x, price, reason = k, max(m.at[k, "open"], px * (1 + spec.target / 100)) if k > e \
                    else px * (1 + spec.target / 100), "target"
                break
        trades.append({"entry_date": day.date().isoformat(), "exit_date": day.date().isoformat(),
                       "entry_price": px, "exit_price": price, "exit_reason": reason,
                       "return_pct": (price * sell / (px * buy) - 1) * 100, "e": e, "x": x})
    closes = m["close"].to_numpy()
    return _figures(trades, closes, m["trading_date"], m["open"].iloc[0], spec, 0)
