"""Positions, cash and P&L from the fills (pure; average-cost method).

Cash model: shares, ETFs and crypto pay the notional (cash -= quantity * price * multiplier on a
buy); futures are margined, so only realised P&L settles to cash and the open position counts
with its unrealised P&L. Either way equity = starting cash + realised + unrealised P&L.
Shorts are allowed (paper account, no borrow or margin model); no fees or slippage.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from agent.trading.models import Account, Position

_EPS = 1e-9


class _Book:
    def __init__(self, symbol: str):
        self.symbol, self.qty, self.avg, self.realized, self.mult = symbol, 0.0, 0.0, 0.0, 1.0

    def apply(self, signed: float, price: float, mult: float) -> float:
        """Apply one fill; returns the P&L it realised."""
        self.mult, realized = mult, 0.0
        if abs(self.qty) < _EPS or (self.qty > 0) == (signed > 0):
            total = abs(self.qty) + abs(signed)
            self.avg = (self.avg * abs(self.qty) + price * abs(signed)) / total
            self.qty += signed
            return 0.0
        closed = min(abs(signed), abs(self.qty))
        realized = (price - self.avg) * closed * (1 if self.qty > 0 else -1) * mult
        self.realized += realized
        new_qty = self.qty + signed
        if abs(new_qty) < _EPS:
            self.qty, self.avg = 0.0, 0.0
        elif (new_qty > 0) != (self.qty > 0):      # flipped: the rest opens at this price
            self.qty, self.avg = new_qty, price
        else:
            self.qty = new_qty
        return realized


def build_account(starting_cash: float, fills: Iterable[dict[str, Any]],
                  marks: dict[str, tuple[float, datetime]], margined: set[str]) -> Account:
    """The account after `fills` (in ledger order), marked at `marks[symbol] = (price, bar ts)`.
    `margined`: symbols whose notional does not move cash (futures)."""
    books: dict[str, _Book] = {}
    cash = float(starting_cash)
    for f in fills:
        sym = f["symbol"]
        signed = float(f["quantity"]) * (1 if f["side"] == "buy" else -1)
        book = books.setdefault(sym, _Book(sym))
        realized = book.apply(signed, float(f["price"]), float(f["multiplier"]))
        cash += realized if sym in margined else -signed * float(f["price"]) * float(f["multiplier"])
    positions, equity, unreal_total, as_of = [], cash, 0.0, None
    for sym, b in sorted(books.items()):
        mark = marks.get(sym)
        pos = Position(symbol=sym, quantity=b.qty, avg_price=b.avg, multiplier=b.mult,
                       realized_pnl=b.realized)
        if mark is not None and abs(b.qty) >= _EPS:
            price, ts = mark
            pos.last_price, pos.last_bar_ts = price, ts
            pos.market_value = b.qty * price * b.mult
            pos.unrealized_pnl = (price - b.avg) * b.qty * b.mult
            unreal_total += pos.unrealized_pnl
            equity += pos.unrealized_pnl if sym in margined else pos.market_value
            as_of = ts if as_of is None or ts > as_of else as_of
        elif abs(b.qty) < _EPS:
            pos.unrealized_pnl = 0.0
        positions.append(pos)
    return Account(starting_cash=float(starting_cash), cash=cash, equity=equity,
                   realized_pnl=sum(b.realized for b in books.values()),
                   unrealized_pnl=unreal_total, positions=positions, as_of=as_of)
