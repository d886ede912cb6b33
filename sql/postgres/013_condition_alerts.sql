-- Alerts on statistics in plain language (agent/nlu/alert_conditions.py reads them, agent/live/
-- conditions.py evaluates them on each ingest): the typed condition as JSON, the sentence the
-- user confirmed, and the watermark of the last bar checked, as price_alerts keep theirs.
CREATE TABLE IF NOT EXISTS condition_alerts (
    alert_id   TEXT PRIMARY KEY,
    seq        BIGINT GENERATED ALWAYS AS IDENTITY,
    tenant_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    symbol     TEXT NOT NULL,
    kind       TEXT NOT NULL,                  -- window_range | closes_in_row | move_within | indicator_cross
    condition  TEXT NOT NULL,                  -- the AlertCondition as JSON
    text       TEXT NOT NULL,                  -- the condition in words, as confirmed
    status     TEXT NOT NULL,                  -- active | fired | deleted
    placed_bar_ts     TIMESTAMP NOT NULL,
    evaluated_through TIMESTAMP NOT NULL,
    fired_bar_ts TIMESTAMP,
    fired_value  DOUBLE PRECISION,
    client_key TEXT,
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp,
    closed_at  TIMESTAMP
);
CREATE INDEX IF NOT EXISTS condition_alerts_active ON condition_alerts (symbol) WHERE status = 'active';
CREATE INDEX IF NOT EXISTS condition_alerts_user ON condition_alerts (tenant_id, user_id, seq);
CREATE UNIQUE INDEX IF NOT EXISTS condition_alerts_client_key ON condition_alerts (tenant_id, user_id, client_key);
