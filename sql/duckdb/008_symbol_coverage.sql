-- Coverage bookkeeping (issue 31): per symbol its trading-date range, daily bars and 1-min bars,
-- kept by every ingest in its transaction, so listing symbols never counts the 1-min table.
-- `version` takes a new sequence value on each ingest: a server compares max(version) to see
-- whether another process loaded data since it last read the coverage.
CREATE SEQUENCE IF NOT EXISTS symbol_coverage_version;

CREATE TABLE IF NOT EXISTS symbol_coverage (
    symbol     VARCHAR PRIMARY KEY,
    first_date DATE,                           -- first/last trading date in ohlcv_1d
    last_date  DATE,
    bars_1d    INTEGER NOT NULL DEFAULT 0,
    bars_1min  BIGINT NOT NULL DEFAULT 0,      -- rows of the symbol in ohlcv_1min
    version    BIGINT NOT NULL
);

-- Stores made before this table: counted once here, kept by the ingests from now on.
INSERT INTO symbol_coverage (symbol, first_date, last_date, bars_1d, bars_1min, version)
SELECT i.symbol, d.first, d.last, coalesce(d.n, 0),
       (SELECT count(*) FROM ohlcv_1min m WHERE m.symbol = i.symbol), nextval('symbol_coverage_version')
FROM instruments i
LEFT JOIN (SELECT symbol, min(trading_date) AS first, max(trading_date) AS last, count(*) AS n
           FROM ohlcv_1d GROUP BY symbol) d ON d.symbol = i.symbol
ON CONFLICT (symbol) DO NOTHING;
