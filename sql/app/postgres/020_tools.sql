-- Tools (issue 13): the execution log and per-user watchlists.
CREATE TABLE IF NOT EXISTS tool_executions (
    id BIGSERIAL PRIMARY KEY,
    tenant_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    tool_id TEXT NOT NULL,
    params JSONB NOT NULL,                -- canonical JSON of the validated parameters
    success BOOLEAN NOT NULL,
    error_code TEXT,
    error_message TEXT,
    cached BOOLEAN NOT NULL DEFAULT FALSE,
    execution_time_ms DOUBLE PRECISION NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS tool_executions_user ON tool_executions (tenant_id, user_id, created_at);

CREATE TABLE IF NOT EXISTS watchlist_items (
    tenant_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    symbol TEXT NOT NULL,
    added_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_id, symbol)
);
