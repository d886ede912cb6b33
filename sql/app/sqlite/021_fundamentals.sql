-- Tools (issue 13): fundamentals loaded by `askbar load-fundamentals PATH` (one row per field).
CREATE TABLE IF NOT EXISTS fundamentals (
    symbol TEXT NOT NULL,
    period_end TEXT NOT NULL,             -- ISO date
    field TEXT NOT NULL,                  -- revenue, eps, pe, ... (lower case CSV header)
    value REAL,
    source TEXT,
    loaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (symbol, period_end, field)
);
