-- AskBar market store, PostgreSQL (production).
-- All timestamps are naive UTC (ts = bar START). trading_date follows the instrument's session rule.

CREATE TABLE IF NOT EXISTS instruments (
    symbol      TEXT PRIMARY KEY,
    name        TEXT,
    asset_class TEXT NOT NULL,             -- future | equity | crypto | index | other
    timezone    TEXT NOT NULL,             -- IANA name, e.g. America/New_York
    session     TEXT NOT NULL,             -- cme | rth | 24h | daily
    aliases     TEXT[] NOT NULL DEFAULT '{}',
    synthetic   BOOLEAN NOT NULL DEFAULT FALSE,
    source      TEXT,                      -- provenance notes (file names, vendor)
    bar_seconds INTEGER,                      -- interval of the loaded intraday bars (60, 300); NULL = daily-only
    updated_at  TIMESTAMP NOT NULL DEFAULT current_timestamp
);

CREATE TABLE IF NOT EXISTS ohlcv_1min (
    symbol       TEXT NOT NULL,
    ts           TIMESTAMP NOT NULL,          -- bar start, UTC
    trading_date DATE NOT NULL,
    in_session   BOOLEAN NOT NULL,            -- counts toward daily/hourly rollups (RTH for equities)
    open   DOUBLE PRECISION NOT NULL,
    high   DOUBLE PRECISION NOT NULL,
    low    DOUBLE PRECISION NOT NULL,
    close  DOUBLE PRECISION NOT NULL,
    volume DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (symbol, ts)
);

CREATE TABLE IF NOT EXISTS ohlcv_1h (
    symbol       TEXT NOT NULL,
    ts           TIMESTAMP NOT NULL,          -- hour start, UTC
    ts_local     TIMESTAMP NOT NULL,          -- hour start in the instrument's timezone
    trading_date DATE NOT NULL,
    open   DOUBLE PRECISION NOT NULL,
    high   DOUBLE PRECISION NOT NULL,
    low    DOUBLE PRECISION NOT NULL,
    close  DOUBLE PRECISION NOT NULL,
    volume DOUBLE PRECISION NOT NULL,
    bars   INTEGER NOT NULL,
    PRIMARY KEY (symbol, ts)
);

CREATE TABLE IF NOT EXISTS ohlcv_1d (
    symbol       TEXT NOT NULL,
    trading_date DATE NOT NULL,
    open   DOUBLE PRECISION NOT NULL,
    high   DOUBLE PRECISION NOT NULL,
    low    DOUBLE PRECISION NOT NULL,
    close  DOUBLE PRECISION NOT NULL,
    volume DOUBLE PRECISION NOT NULL,
    bars   INTEGER NOT NULL,                  -- 1-min bars behind it; 0 for daily-only data
    first_ts TIMESTAMP,                       -- first/last 1-min bar start (UTC); NULL for daily-only
    last_ts  TIMESTAMP,
    PRIMARY KEY (symbol, trading_date)
);
