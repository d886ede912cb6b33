"""SQL of the live ingest (agent/live/append.py), written once with psycopg named placeholders
(`%(name)s`; agent.market.tx.Tx turns them into `$name` on DuckDB). Values are always bound; the
VALUES lists are built by Tx.values from the column constants below. The rollup rebuilds are the
stores' own statements (agent/market/duckdb_store.py, agent/market/pg_sql.py)."""
from __future__ import annotations

# The stored bars in the batch's time range: a live batch is a few minutes, so this is a handful
# of rows read by (symbol, ts).
STORED_IN_RANGE = """
SELECT ts, trading_date, in_session, open, high, low, close, volume FROM ohlcv_1min
WHERE symbol = %(symbol)s AND ts BETWEEN %(first)s AND %(last)s
"""
BAR_COLS = (("symbol", "TEXT"), ("ts", "TIMESTAMP"), ("trading_date", "DATE"),
            ("in_session", "BOOLEAN"), ("open", "DOUBLE PRECISION"), ("high", "DOUBLE PRECISION"),
            ("low", "DOUBLE PRECISION"), ("close", "DOUBLE PRECISION"), ("volume", "DOUBLE PRECISION"))
INSERT_BARS = """
INSERT INTO ohlcv_1min (symbol, ts, trading_date, in_session, open, high, low, close, volume)
VALUES {values}
"""
# a revised bar replaces the stored one (the classification in append.py found it different)
UPDATE_BARS = """
UPDATE ohlcv_1min AS m SET trading_date = v.trading_date, in_session = v.in_session, open = v.open,
    high = v.high, low = v.low, close = v.close, volume = v.volume
FROM (VALUES {values}) AS v (symbol, ts, trading_date, in_session, open, high, low, close, volume)
WHERE m.symbol = v.symbol AND m.ts = v.ts
"""
LAST_BAR = """
SELECT ts, close FROM ohlcv_1min WHERE symbol = %(symbol)s ORDER BY ts DESC LIMIT 1
"""
LAST_TS = "SELECT max(ts) AS ts FROM ohlcv_1min WHERE symbol = %(symbol)s"

# The incremental rollup of bars appended after their trading date's last in-session bar (the
# usual live bar): the day's and hour's rows take the new bars' high, low, close, volume and count
# (append.py checks the case with DAY_LAST_TS; anything else rebuilds the dates).
DAY_LAST_TS = """
SELECT trading_date, last_ts FROM ohlcv_1d WHERE symbol = %(symbol)s AND trading_date BETWEEN %(d0)s AND %(d1)s
"""
DAY_COLS = (("symbol", "TEXT"), ("trading_date", "DATE"), ("open", "DOUBLE PRECISION"), ("high", "DOUBLE PRECISION"),
            ("low", "DOUBLE PRECISION"), ("close", "DOUBLE PRECISION"), ("volume", "DOUBLE PRECISION"),
            ("bars", "INTEGER"), ("first_ts", "TIMESTAMP"), ("last_ts", "TIMESTAMP"))
APPEND_1D = """
INSERT INTO ohlcv_1d (symbol, trading_date, open, high, low, close, volume, bars, first_ts, last_ts)
VALUES {values}
ON CONFLICT (symbol, trading_date) DO UPDATE SET high = greatest(ohlcv_1d.high, excluded.high),
    low = least(ohlcv_1d.low, excluded.low), close = excluded.close, volume = ohlcv_1d.volume + excluded.volume,
    bars = ohlcv_1d.bars + excluded.bars, last_ts = excluded.last_ts
"""
HOUR_COLS = (("symbol", "TEXT"), ("ts", "TIMESTAMP"), ("ts_local", "TIMESTAMP"), ("trading_date", "DATE"),
             ("open", "DOUBLE PRECISION"), ("high", "DOUBLE PRECISION"), ("low", "DOUBLE PRECISION"),
             ("close", "DOUBLE PRECISION"), ("volume", "DOUBLE PRECISION"), ("bars", "INTEGER"))
APPEND_1H = """
INSERT INTO ohlcv_1h (symbol, ts, ts_local, trading_date, open, high, low, close, volume, bars)
VALUES {values}
ON CONFLICT (symbol, ts) DO UPDATE SET high = greatest(ohlcv_1h.high, excluded.high),
    low = least(ohlcv_1h.low, excluded.low), close = excluded.close, volume = ohlcv_1h.volume + excluded.volume,
    bars = ohlcv_1h.bars + excluded.bars
"""
