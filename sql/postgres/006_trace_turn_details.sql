-- Turn details (issue 18): what the UI rebuilds an answered turn from after a reload (plan, SQL,
-- steps, disclaimers, claims, chart), one row per answered request, written after `done`.
CREATE TABLE IF NOT EXISTS turn_details (
    request_id  TEXT PRIMARY KEY,
    thread_id   TEXT NOT NULL,
    details     JSONB NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS turn_details_thread ON turn_details (thread_id);
