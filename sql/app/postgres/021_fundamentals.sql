-- Tools (issue 13): fundamentals loaded by `askbar load-fundamentals PATH` (one row per field).
CREATE TABLE IF NOT EXISTS fundamentals (
    symbol TEXT NOT NULL,
    period_end DATE NOT NULL,
    field TEXT NOT NULL,                  -- revenue, eps, pe, ... (lower case CSV header)
    value DOUBLE PRECISION,
    source TEXT,
    loaded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (symbol, period_end, field)
);
