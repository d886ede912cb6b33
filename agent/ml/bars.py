"""Daily bars of one symbol from the market store, for the ML features and the news sessions.

SQL per engine (DuckDB binds $name, psycopg %(name)s); values only as parameters.
"""
from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from agent.market.store import MarketStore

_DAILY = ("SELECT trading_date, open, high, low, close, volume FROM ohlcv_1d "
          "WHERE symbol = {symbol} AND trading_date >= {start} AND trading_date <= {end} "
          "ORDER BY trading_date")
DAILY_SQL = {
    "duckdb": _DAILY.format(symbol="$symbol", start="$start", end="$end"),
    "postgres": _DAILY.format(symbol="%(symbol)s", start="%(start)s", end="%(end)s"),
}


def daily_bars(store: MarketStore, symbol: str, start: date | None = None,
               end: date | None = None) -> pd.DataFrame:
    """trading_date (datetime64), open, high, low, close, volume; oldest first."""
    import pandas as pd

    rows = store.query(DAILY_SQL[store.engine], {
        "symbol": symbol.upper(), "start": start or date(1800, 1, 1), "end": end or date(9999, 1, 1)})
    frame = pd.DataFrame(rows, columns=["trading_date", "open", "high", "low", "close", "volume"])
    frame["trading_date"] = pd.to_datetime(frame["trading_date"])
    for c in ("open", "high", "low", "close", "volume"):
        frame[c] = frame[c].astype(float)
    return frame
