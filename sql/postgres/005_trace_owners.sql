-- Owners (issue 12): every thread and request belongs to a tenant and user taken from the token.
-- Rows written before identity existed belong to the local single user. Thread status is kept
-- here so /threads/search filters and pages in SQL.
ALTER TABLE api_threads ADD COLUMN IF NOT EXISTS tenant_id TEXT NOT NULL DEFAULT 'local';
ALTER TABLE api_threads ADD COLUMN IF NOT EXISTS user_id TEXT NOT NULL DEFAULT 'local';
ALTER TABLE api_threads ADD COLUMN IF NOT EXISTS status TEXT NOT NULL DEFAULT 'idle';
CREATE INDEX IF NOT EXISTS api_threads_owner ON api_threads (tenant_id, user_id, updated_at DESC);
ALTER TABLE chat_logs ADD COLUMN IF NOT EXISTS tenant_id TEXT NOT NULL DEFAULT 'local';
ALTER TABLE chat_logs ADD COLUMN IF NOT EXISTS user_id TEXT NOT NULL DEFAULT 'local';
