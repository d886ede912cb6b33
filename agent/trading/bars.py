"""A symbol's new bars as numpy columns, searched per order or alert (see evaluate.py)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

import numpy as np

from agent.trading import rules


class Bars:
    """The symbol's bars after the oldest watermark, as numpy columns, fetched ONCE per load: each
    order or alert is then a vectorised search (SPY, 24,860 new bars, 500 orders + 500 alerts:
    one SQL query per order/alert cost 12-19 ms each; see benchmarks/RESULTS.md)."""

    def __init__(self, cols: dict[str, np.ndarray]):
        self.ts = np.asarray(cols["ts"], dtype="datetime64[us]")
        self.o, self.h, self.l, self.c = (np.asarray(cols[k], dtype=np.float64)
                                          for k in ("open", "high", "low", "close"))
        self._extremes: dict[tuple[str, str], float] = {}

    def _column(self, col: str) -> np.ndarray:
        return {"open": self.o, "high": self.h, "low": self.l, "close": self.c}[col]

    def _reachable(self, col: str, op: str, price: float) -> bool:
        """Whether any bar at all has `col op price` (the column's min or max, computed once): a
        live bar is checked against every active alert, and most of them are nowhere near it."""
        key = (col, op)
        if key not in self._extremes:
            values = self._column(col)
            self._extremes[key] = float("nan") if not len(values) else \
                float(values.min() if op == "<=" else values.max())
        extreme = self._extremes[key]
        return extreme <= price if op == "<=" else extreme >= price

    def bar(self, i: int) -> rules.Bar:
        ts = self.ts[i].astype(datetime)
        return rules.Bar(ts, float(self.o[i]), float(self.h[i]), float(self.l[i]), float(self.c[i]))

    def first(self, after: Any, preds: tuple[tuple[str, str], ...], price: float) -> rules.Bar | None:
        """The first bar after `after` where every `column op price` holds."""
        if not all(self._reachable(col, op, price) for col, op in preds):
            return None                   # no bar of all of them (those after `after` are fewer)
        start = int(np.searchsorted(self.ts, np.datetime64(after, "us"), side="right"))
        if start >= len(self.ts):
            return None
        hit = np.ones(len(self.ts) - start, dtype=bool)
        for col, op in preds:
            values = self._column(col)[start:]
            hit &= values <= price if op == "<=" else values >= price
        i = int(np.argmax(hit))
        return self.bar(start + i) if hit[i] else None
