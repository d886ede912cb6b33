"""The Postgres market store's SQL (agent/market/postgres_store.py): named constants, values
always bound (%(name)s), identifiers only constants. COPY statements take no bind parameters: the
symbol goes in as psycopg.sql.Literal where one is formatted in."""
from __future__ import annotations

APPLIED_MIGRATIONS = "SELECT name FROM schema_migrations"
RECORD_MIGRATION = "INSERT INTO schema_migrations (name) VALUES (%s)"
INGEST_LOCK = "SELECT pg_advisory_xact_lock(hashtext('askbar.ingest.' || %(symbol)s))"
UPSERT_INSTRUMENT = """
INSERT INTO instruments (symbol, name, asset_class, timezone, session, aliases, synthetic, source,
                         bar_seconds, updated_at)
VALUES (%(symbol)s, %(name)s, %(asset_class)s, %(timezone)s, %(session)s, %(aliases)s, %(synthetic)s,
        %(source)s, %(bar_seconds)s, now())
ON CONFLICT (symbol) DO UPDATE SET name = excluded.name, asset_class = excluded.asset_class,
    timezone = excluded.timezone, session = excluded.session, aliases = excluded.aliases,
    synthetic = excluded.synthetic, source = excluded.source, bar_seconds = excluded.bar_seconds,
    updated_at = now()
"""
SELECT_INSTRUMENTS = """
SELECT symbol, name, asset_class, timezone, session, aliases, synthetic, source, bar_seconds
FROM instruments ORDER BY symbol
"""
SELECT_INSTRUMENT = """
SELECT symbol, name, asset_class, timezone, session, aliases, synthetic, source, bar_seconds
FROM instruments WHERE symbol = %(symbol)s
"""
SELECT_SESSION = "SELECT timezone, session FROM instruments WHERE symbol = %(symbol)s"

CREATE_STAGE_1MIN = """
CREATE TEMP TABLE stage_1min (ts TIMESTAMP, trading_date DATE, in_session BOOLEAN,
    open DOUBLE PRECISION, high DOUBLE PRECISION, low DOUBLE PRECISION, close DOUBLE PRECISION,
    volume DOUBLE PRECISION) ON COMMIT DROP
"""
COPY_STAGE_1MIN = "COPY stage_1min FROM STDIN (FORMAT BINARY)"
# Fast path when the file's time range holds no stored bar of the symbol (a first load, or new
# data after the stored range): every bar is new, so COPY straight into the table. COPY batches
# heap inserts (one WAL record per page): 3.57M bars took 9.5 s, against 2.4 s staging + 12-14 s
# for INSERT ... SELECT from the stage.
ANY_STORED = """
SELECT EXISTS (SELECT 1 FROM ohlcv_1min WHERE symbol = %(symbol)s AND ts BETWEEN %(first)s AND %(last)s),
       EXISTS (SELECT 1 FROM ohlcv_1min WHERE symbol = %(symbol)s AND ts >= %(lo)s AND ts < %(hi)s
               AND trading_date BETWEEN %(d0)s AND %(d1)s)
"""
# Rollups of a load whose trading dates hold no stored bar: computed from the loaded columns
# (agent/market/rollups.py) and copied in, not rebuilt from ohlcv_1min (7 of 18 s for 5.26M bars)
COPY_1D = """
COPY ohlcv_1d (symbol, trading_date, open, high, low, close, volume, bars, first_ts, last_ts)
FROM STDIN (FORMAT BINARY)
"""
COPY_1H = """
COPY ohlcv_1h (symbol, ts, ts_local, trading_date, open, high, low, close, volume, bars)
FROM STDIN (FORMAT BINARY)
"""
COPY_1MIN = """
COPY ohlcv_1min (symbol, ts, trading_date, in_session, open, high, low, close, volume)
FROM STDIN (FORMAT BINARY)
"""
# Merge in two statements instead of INSERT ... ON CONFLICT: on 3.57M new bars ON CONFLICT took
# 19.7 s against 8.9 s for a plain INSERT with NOT EXISTS (speculative insertion per row). Safe
# because the ingest holds the symbol's advisory lock, so no other loader inserts these keys.
# Unchanged bars match neither statement: a reload writes and locks nothing.
DIFF_1MIN = """
SELECT count(*) FILTER (WHERE m.ts IS NULL),
       count(*) FILTER (WHERE m.ts IS NOT NULL AND (m.trading_date, m.in_session, m.open, m.high, m.low,
                        m.close, m.volume) IS DISTINCT FROM (s.trading_date, s.in_session, s.open,
                        s.high, s.low, s.close, s.volume))
FROM stage_1min s LEFT JOIN ohlcv_1min m ON m.symbol = %(symbol)s AND m.ts = s.ts
"""
UPDATE_1MIN = """
WITH up AS (
    UPDATE ohlcv_1min AS m SET trading_date = s.trading_date, in_session = s.in_session,
        open = s.open, high = s.high, low = s.low, close = s.close, volume = s.volume
    FROM stage_1min s
    WHERE m.symbol = %(symbol)s AND m.ts = s.ts
      AND (m.trading_date, m.in_session, m.open, m.high, m.low, m.close, m.volume)
          IS DISTINCT FROM (s.trading_date, s.in_session, s.open, s.high, s.low, s.close, s.volume)
    RETURNING m.trading_date)
SELECT count(*), min(trading_date), max(trading_date) FROM up
"""
INSERT_1MIN = """
WITH ins AS (
    INSERT INTO ohlcv_1min (symbol, ts, trading_date, in_session, open, high, low, close, volume)
    SELECT %(symbol)s, s.ts, s.trading_date, s.in_session, s.open, s.high, s.low, s.close, s.volume
    FROM stage_1min s
    WHERE NOT EXISTS (SELECT 1 FROM ohlcv_1min m WHERE m.symbol = %(symbol)s AND m.ts = s.ts)
    RETURNING trading_date)
SELECT count(*), min(trading_date), max(trading_date) FROM ins
"""
# The planner cannot know a symbol's bars fall into few trading dates or hours (it estimates one
# group per bar), so it sorts millions of rows on disk with the default 4 MB work_mem; hashing the
# real 2.6k days / 60k hours of 10 years is 2-3x faster. Hash aggregation spills if it must.
ROLLUP_SETTINGS = "SET LOCAL work_mem = '64MB'; SET LOCAL enable_sort = off"
SYMBOL_DATES = "SELECT min(trading_date), max(trading_date) FROM ohlcv_1min WHERE symbol = %(symbol)s"
DELETE_ALL_1D = "DELETE FROM ohlcv_1d WHERE symbol = %(symbol)s"
DELETE_ALL_1H = "DELETE FROM ohlcv_1h WHERE symbol = %(symbol)s"
DELETE_1D = "DELETE FROM ohlcv_1d WHERE symbol = %(symbol)s AND trading_date BETWEEN %(d0)s AND %(d1)s"
DELETE_1H = """
DELETE FROM ohlcv_1h WHERE symbol = %(symbol)s AND trading_date BETWEEN %(d0)s AND %(d1)s
  AND ts >= %(lo)s AND ts < %(hi)s
"""
# Bars of the touched dates; the ts bounds (a trading date lies within a day of its UTC bars) let
# the planner use the (symbol, ts) key instead of scanning the symbol's whole history.
_TOUCHED = """
FROM ohlcv_1min WHERE symbol = %(symbol)s AND in_session AND trading_date BETWEEN %(d0)s AND %(d1)s
  AND ts >= %(lo)s AND ts < %(hi)s
"""
# Postgres has no arg_min/arg_max: aggregate first/last bar times, then fetch those two bars' open
# and close by primary key.
REBUILD_1D = f"""
WITH g AS (
    SELECT trading_date, min(ts) AS first_ts, max(ts) AS last_ts, max(high) AS high, min(low) AS low,
           sum(volume) AS volume, count(*) AS bars
    {_TOUCHED}
    GROUP BY trading_date)
INSERT INTO ohlcv_1d (symbol, trading_date, open, high, low, close, volume, bars, first_ts, last_ts)
SELECT %(symbol)s, g.trading_date, o.open, g.high, g.low, c.close, g.volume, g.bars, g.first_ts, g.last_ts
FROM g JOIN ohlcv_1min o ON o.symbol = %(symbol)s AND o.ts = g.first_ts
       JOIN ohlcv_1min c ON c.symbol = %(symbol)s AND c.ts = g.last_ts
"""
REBUILD_1H = f"""
WITH g AS (
    SELECT date_trunc('hour', ts) AS h, min(trading_date) AS trading_date, min(ts) AS first_ts,
           max(ts) AS last_ts, max(high) AS high, min(low) AS low, sum(volume) AS volume,
           count(*) AS bars
    {_TOUCHED}
    GROUP BY 1)
INSERT INTO ohlcv_1h (symbol, ts, ts_local, trading_date, open, high, low, close, volume, bars)
SELECT %(symbol)s, g.h, (g.h AT TIME ZONE 'UTC') AT TIME ZONE %(tz)s, g.trading_date, o.open, g.high,
       g.low, c.close, g.volume, g.bars
FROM g JOIN ohlcv_1min o ON o.symbol = %(symbol)s AND o.ts = g.first_ts
       JOIN ohlcv_1min c ON c.symbol = %(symbol)s AND c.ts = g.last_ts
"""
COUNT_1D = """
SELECT count(*) FROM ohlcv_1d WHERE symbol = %(symbol)s AND trading_date BETWEEN %(d0)s AND %(d1)s
"""

CREATE_STAGE_1D = """
CREATE TEMP TABLE stage_1d (trading_date DATE, open DOUBLE PRECISION, high DOUBLE PRECISION,
    low DOUBLE PRECISION, close DOUBLE PRECISION, volume DOUBLE PRECISION) ON COMMIT DROP
"""
COPY_STAGE_1D = "COPY stage_1d FROM STDIN (FORMAT BINARY)"
MERGE_1D = """
WITH up AS (
    INSERT INTO ohlcv_1d AS m (symbol, trading_date, open, high, low, close, volume, bars)
    SELECT %(symbol)s, trading_date, open, high, low, close, volume, 0 FROM stage_1d
    ON CONFLICT (symbol, trading_date) DO UPDATE SET open = excluded.open, high = excluded.high,
        low = excluded.low, close = excluded.close, volume = excluded.volume
    WHERE (m.open, m.high, m.low, m.close, m.volume)
          IS DISTINCT FROM (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)
    RETURNING (xmax = 0) AS fresh)
SELECT count(*) FILTER (WHERE fresh), count(*) FILTER (WHERE NOT fresh) FROM up
"""

# COPY takes no bind parameters: the symbol goes in as psycopg.sql.Literal (quoted by psycopg).
SELECT_BARS = """
COPY (SELECT ts, open, high, low, close, volume FROM ohlcv_1min WHERE symbol = {} ORDER BY ts)
TO STDOUT (FORMAT CSV)
"""
# Coverage from the bookkeeping table the ingests keep (sql/postgres/008_symbol_coverage.sql):
# one row per symbol, never a count over ohlcv_1min.
SUMMARY = """
SELECT i.symbol, i.timezone, i.session, i.synthetic, i.asset_class, i.name,
       c.first_date AS first, c.last_date AS last, coalesce(c.bars_1d, 0) AS bars_1d,
       coalesce(c.bars_1min, 0) AS bars_1min
FROM instruments i LEFT JOIN symbol_coverage c ON c.symbol = i.symbol
ORDER BY i.symbol
"""
COVERAGE_VERSION = "SELECT coalesce(max(version), 0) AS v FROM symbol_coverage"
# In the ingest's transaction, after the rollups: the range and daily count from ohlcv_1d (the
# symbol's rows, by its primary key), the 1-min count moved by the bars this load inserted.
UPSERT_COVERAGE = """
INSERT INTO symbol_coverage AS c (symbol, first_date, last_date, bars_1d, bars_1min, version)
SELECT %(symbol)s, min(trading_date), max(trading_date), count(*), %(added)s,
       nextval('symbol_coverage_version')
FROM ohlcv_1d WHERE symbol = %(symbol)s
ON CONFLICT (symbol) DO UPDATE SET first_date = excluded.first_date, last_date = excluded.last_date,
    bars_1d = excluded.bars_1d, bars_1min = c.bars_1min + excluded.bars_1min, version = excluded.version
"""
