-- Tools over HTTP (agent/tools/http_idempotency.py): one row per (tenant, user, Idempotency-Key).
-- `claim` names the request running it, `response` is NULL until that request stored its answer,
-- which every retry with the same key gets back byte for byte.
CREATE TABLE IF NOT EXISTS tool_idempotency (
    tenant_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    idem_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,            -- sha256 of the tool name and the request body
    claim TEXT NOT NULL,
    claimed_at REAL NOT NULL,             -- epoch seconds (a claim this old is taken over)
    status_code INTEGER,
    response TEXT,
    PRIMARY KEY (tenant_id, user_id, idem_key)
);
