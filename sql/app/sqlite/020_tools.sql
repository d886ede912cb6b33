-- Tools (issue 13): the execution log and per-user watchlists.
CREATE TABLE IF NOT EXISTS tool_executions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    tool_id TEXT NOT NULL,
    params TEXT NOT NULL,                 -- canonical JSON of the validated parameters
    success INTEGER NOT NULL,
    error_code TEXT,
    error_message TEXT,
    cached INTEGER NOT NULL DEFAULT 0,
    execution_time_ms REAL NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS tool_executions_user ON tool_executions (tenant_id, user_id, created_at);

CREATE TABLE IF NOT EXISTS watchlist_items (
    tenant_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    symbol TEXT NOT NULL,
    added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (tenant_id, user_id, symbol)
);
