-- Identity (issue 12): tenants, their users (seed 002's UserContext) and API tokens (hash only).
CREATE TABLE IF NOT EXISTS tenants (
    tenant_id  TEXT PRIMARY KEY,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS users (
    user_id      TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL REFERENCES tenants (tenant_id),
    name         TEXT NOT NULL,
    plan         TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'premium')),
    language     TEXT NOT NULL DEFAULT 'en',
    timezone     TEXT NOT NULL DEFAULT 'UTC',
    risk_profile TEXT NOT NULL DEFAULT 'moderate',
    experience   TEXT NOT NULL DEFAULT 'intermediate',
    revoked_at   TEXT,
    created_at   TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (tenant_id, name)
);
CREATE TABLE IF NOT EXISTS api_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (user_id),
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS api_tokens_user ON api_tokens (user_id);
