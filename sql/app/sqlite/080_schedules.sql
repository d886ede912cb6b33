-- Scheduled questions (agent/schedules/): the LangGraph Server API's crons and `askbar schedule`.
-- One row per schedule, its owner's (tenant, user). next_run_at is canonical UTC text
-- (YYYY-MM-DDTHH:MM:SS+00:00, the same on SQLite), so text order is time order and a server claims
-- a due run by a compare-and-set on it: UPDATE ... WHERE schedule_id = ? AND next_run_at = ?
-- succeeds on one replica only.
CREATE TABLE IF NOT EXISTS schedules (
    schedule_id      TEXT PRIMARY KEY,
    tenant_id        TEXT NOT NULL,
    user_id          TEXT NOT NULL,
    question         TEXT NOT NULL,
    cron             TEXT NOT NULL,
    timezone         TEXT NOT NULL,
    thread_id        TEXT,                      -- a thread's cron, NULL: each run on a thread of its own
    on_run_completed TEXT,                      -- delete | keep (runs on threads of their own)
    webhook          TEXT,
    scopes           TEXT,                      -- JSON list: the creating token's scopes, NULL: all
    payload          TEXT NOT NULL,             -- JSON: the run payload as the client sent it
    metadata         TEXT NOT NULL DEFAULT '{}',
    enabled          INTEGER NOT NULL DEFAULT 1,
    end_time         TEXT,                      -- canonical UTC text, NULL: runs until deleted
    next_run_at      TEXT NOT NULL,
    last_run_at      TEXT,
    last_request_id  TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS schedules_due ON schedules (next_run_at);
CREATE INDEX IF NOT EXISTS schedules_owner ON schedules (tenant_id, user_id, created_at);
