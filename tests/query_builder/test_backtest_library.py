"""A second reference: backtesting.py (kernc/backtesting.py, PyPI `backtesting`) runs the same rules
on the raw SPX file, where its conventions match ours:
- no costs (its commission model differs from ours: we also move the fill by the slippage);
- all in: its fractional size buys whole units, so the cash is large enough (1e12) that rounding to
  a unit is below 1e-9 of the equity;
- fills: `trade_on_close=True` fills an order placed on a bar's close at that close (our "close"),
  the default fills at the next bar's open (our "next_open");
- its open trades at the end are left out, so the spans end after the last exit.
Compared: every trade's dates and prices, the number of trades, the total return, the win rate
and the max drawdown (its equity is marked at each close, as ours). Its "Avg. Trade" is a geometric
mean (ours is the arithmetic mean of trade returns), so it is not compared."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from backtesting import Backtest, Strategy

from tests.query_builder import reference as raw
from tests.query_builder.util import run

NO_COSTS = {"commission_pct": 0, "slippage_pct": 0, "stated": True}


def _frame(start: str, end: str, warmup: int) -> pd.DataFrame:
    d = raw.daily("SPX")
    i = int(d.index.searchsorted(pd.Timestamp(start)))
    d = d.iloc[max(0, i - warmup):]
    d = d[d.index <= pd.Timestamp(end)]
    return d.rename(columns=str.capitalize)[["Open", "High", "Low", "Close"]]


class FallThenHold(Strategy):
    """Buy at the close of a session that fell 3 % or more, sell at the close 5 sessions later."""
    start = pd.Timestamp("2000-01-01")

    def init(self):
        close = pd.Series(self.data.Close)
        self.chg = self.I(lambda: (close.pct_change() * 100).to_numpy(), name="chg")

    def next(self):
        i = len(self.data) - 1
        if self.position:
            if i - self.trades[-1].entry_bar >= 5:
                self.position.close()
        elif self.data.index[-1] >= self.start and self.chg[-1] <= -3:
            self.buy(size=0.9999999999)


class SmaCross(Strategy):
    """Buy at the next open after the close crosses above the SMA 50, sell at the next open after
    it crosses below."""
    start = pd.Timestamp("2005-01-01")

    def init(self):
        close = pd.Series(self.data.Close)
        self.sma = self.I(lambda: close.rolling(50).mean().to_numpy(), name="sma")

    def next(self):
        if len(self.data) < 2 or np.isnan(self.sma[-2]):
            return
        c0, c1, s0, s1 = self.data.Close[-2], self.data.Close[-1], self.sma[-2], self.sma[-1]
        if not self.position and self.data.index[-1] >= self.start and c1 > s1 and c0 <= s0:
            self.buy(size=0.9999999999)
        elif self.position and c1 < s1 and c0 >= s0:
            self.position.close()


CASES = {
    "fall_3_hold_5_at_close": (FallThenHold, True, "2000-01-01", "2019-11-29", 1,
                               {"entry": {"kind": "move", "direction": "down", "threshold": 3},
                                "exit": {"sessions": 5}, "costs": NO_COSTS}),
    "sma_50_cross_next_open": (SmaCross, False, "2005-01-01", "2007-06-29", 60,
                               {"entry": {"kind": "cross", "direction": "up", "of": "sma", "window": 50},
                                "fill": "next_open", "exit": {"opposite": True}, "costs": NO_COSTS}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_backtesting_py_agrees(loaded_store, name):
    strategy, on_close, start, end, warmup, rule = CASES[name]
    bt = Backtest(_frame(start, end, warmup), strategy, cash=1e12, commission=0.0, trade_on_close=on_close,
                  exclusive_orders=False)
    stats = bt.run()
    theirs = stats._trades
    ours = run(loaded_store, "run_backtest", symbol="SPX", start_date=start, end_date=end, rule=rule)
    assert ours.rows and ours.rows[-1]["exit_reason"] != "end", "the span must end after the last exit"
    assert len(ours.rows) == len(theirs) >= 3
    for mine, (_, t) in zip(ours.rows, theirs.iterrows()):
        assert mine["entry_date"] == t["EntryTime"].date().isoformat()
        assert mine["exit_date"] == t["ExitTime"].date().isoformat()
        assert mine["entry_price"] == pytest.approx(t["EntryPrice"], rel=1e-12)
        assert mine["exit_price"] == pytest.approx(t["ExitPrice"], rel=1e-12)
    s = ours.summary
    assert s["backtest_total_return"] == pytest.approx(stats["Return [%]"], rel=1e-6, abs=1e-6)
    assert s["backtest_win_rate"] == pytest.approx(stats["Win Rate [%]"], rel=1e-9)
    assert s["backtest_max_drawdown"] == pytest.approx(stats["Max. Drawdown [%]"], rel=1e-6, abs=1e-6)
