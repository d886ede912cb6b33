"""Shared helpers of the trading tests: the real SPY / NQ files split in two, users, contexts,
and an INDEPENDENT pandas model of the fill, trigger and P&L rules to compare the store against."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from agent.identity.models import User
from agent.settings import Settings
from agent.tools.spec import ToolContext
from tests.conftest import DATA

NQ = DATA / "nq_1min_firstrate/NQ_1min_sample.csv"
SPY = DATA / "spy_1min_2024/SPY_1min.csv"
ALICE = User(user_id="alice", tenant_id="acme", name="Alice", plan="pro")
BOB = User(user_id="bob", tenant_id="acme", name="Bob", plan="premium", language="ru")
FREE = User(user_id="fred", tenant_id="acme", name="Fred", plan="free")


@dataclass
class Split:
    symbol: str
    first: Path          # the first part of the real file
    rest: Path           # the rest
    bars: pd.DataFrame   # the whole file read independently: ts (naive UTC), OHLC
    cut: pd.Timestamp    # last bar of the first part


def utc_bars(path: Path) -> pd.DataFrame:
    """The vendor file read with pandas: SPY stamps carry offsets, NQ is naive New York time."""
    df = pd.read_csv(path)
    col = df.columns[0]
    if str(df[col].iloc[0])[-6] in "+-":
        ts = pd.to_datetime(df[col], utc=True).dt.tz_convert(None)
    else:
        ts = pd.to_datetime(df[col]).dt.tz_localize("America/New_York", ambiguous="infer") \
            .dt.tz_convert(None)
    return pd.DataFrame({"ts": ts, "open": df["open"], "high": df["high"], "low": df["low"],
                         "close": df["close"]}).sort_values("ts", ignore_index=True)


def split_file(path: Path, symbol: str, tmp: Path, fraction: float = 0.5) -> Split:
    raw = pd.read_csv(path)
    n = int(len(raw) * fraction)
    first, rest = tmp / f"{symbol}_part1.csv", tmp / f"{symbol}_part2.csv"
    raw.iloc[:n].to_csv(first, index=False)
    raw.iloc[n:].to_csv(rest, index=False)
    bars = utc_bars(path)
    cut = utc_bars(first)["ts"].max()
    return Split(symbol, first, rest, bars, cut)


def ctx(store, user: User, settings: Settings | None = None) -> ToolContext:
    return ToolContext(user=user, settings=settings or Settings(), store=store, appdb=None)


# ---- the independent model (pandas) ---------------------------------------------------------------

def _first(after: pd.DataFrame, mask: pd.Series):
    hit = after[mask.to_numpy()]
    return None if hit.empty else hit.iloc[0]


def expected_fill(bars: pd.DataFrame, since: pd.Timestamp, o: dict):
    """(bar ts, price) of an order placed when `since` was the last bar, or None."""
    b = bars[bars["ts"] > since]
    side, kind = o["side"], o["order_type"]
    buy = side == "buy"
    if kind == "limit":
        lim = o["limit_price"]
        r = _first(b, b["low"] <= lim if buy else b["high"] >= lim)
        return None if r is None else (r.ts, min(r.open, lim) if buy else max(r.open, lim))
    stop = o["stop_price"]
    r = _first(b, b["high"] >= stop if buy else b["low"] <= stop)
    if r is None:
        return None
    trig = max(r.open, stop) if buy else min(r.open, stop)
    if kind == "stop":
        return r.ts, trig
    lim = o["limit_price"]
    if (trig <= lim) if buy else (trig >= lim):
        return r.ts, trig
    b = b[b["ts"] > r.ts]
    r = _first(b, b["low"] <= lim if buy else b["high"] >= lim)
    return None if r is None else (r.ts, min(r.open, lim) if buy else max(r.open, lim))


def expected_alert(bars: pd.DataFrame, since: pd.Timestamp, a: dict):
    b = bars[bars["ts"] > since]
    p = a["price"]
    if a["condition"] == ">=":
        r = _first(b, b["high"] >= p)
        return None if r is None else (r.ts, max(r.open, p))
    if a["condition"] == "<=":
        r = _first(b, b["low"] <= p)
        return None if r is None else (r.ts, min(r.open, p))
    r = _first(b, (b["low"] <= p) & (b["high"] >= p))
    return None if r is None else (r.ts, p)


def expected_totals(fills: list[tuple[str, float, float]], mult: float, last: float,
                    start: float, margined: bool) -> dict:
    """Total P&L by cash flows (independent of the average-cost bookkeeping):
    P&L = -sum(signed qty * price * m) + final qty * last * m."""
    signed = np.array([q if s == "buy" else -q for s, q, _ in fills])
    prices = np.array([p for _, _, p in fills])
    flows = -(signed * prices * mult).sum()
    qty = signed.sum()
    total = flows + qty * last * mult
    out = {"quantity": qty, "total_pnl": total, "equity": start + total}
    if not margined:
        out["cash"] = start + flows
    return out
