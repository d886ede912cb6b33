-- One partition of ohlcv_1min per symbol (LIST on symbol), issue 31: the primary key maintained
-- row by row during COPY was ~1.4 s of backend CPU per million bars, the most of a load. A
-- symbol's first load now COPYs into a new table with no index, builds its key once (a sort) and
-- attaches it as the symbol's partition (agent/market/pg_partitions.py names it
-- 'ohlcv_1min_' || md5(symbol)); later loads of the symbol go through the parent as before.
-- Queries are unchanged: every one filters on one symbol, which prunes to its partition.
-- Stores made before: each symbol's bars move into their partition once, here.
ALTER TABLE ohlcv_1min RENAME TO ohlcv_1min_unpartitioned;
ALTER INDEX ohlcv_1min_pkey RENAME TO ohlcv_1min_unpartitioned_pkey;

CREATE TABLE ohlcv_1min (
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
) PARTITION BY LIST (symbol);

DO $$
DECLARE s TEXT;
BEGIN
    FOR s IN SELECT DISTINCT symbol FROM ohlcv_1min_unpartitioned LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF ohlcv_1min FOR VALUES IN (%L)',
                       'ohlcv_1min_' || md5(s), s);
    END LOOP;
END $$;

INSERT INTO ohlcv_1min SELECT symbol, ts, trading_date, in_session, open, high, low, close, volume
FROM ohlcv_1min_unpartitioned;
DROP TABLE ohlcv_1min_unpartitioned;
