-- Alerts on statistics in plain language (agent/nlu/alert_conditions.py reads them, agent/live/
-- conditions.py evaluates them on each ingest): the typed condition as JSON, the sentence the
-- user confirmed, and the watermark of the last bar checked, as price_alerts keep theirs.
CREATE SEQUENCE IF NOT EXISTS condition_alert_seq;
CREATE TABLE IF NOT EXISTS condition_alerts (
    alert_id   VARCHAR PRIMARY KEY,
    seq        BIGINT NOT NULL DEFAULT nextval('condition_alert_seq'),
    tenant_id  VARCHAR NOT NULL,
    user_id    VARCHAR NOT NULL,
    symbol     VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,               -- window_range | closes_in_row | move_within | indicator_cross
    condition  VARCHAR NOT NULL,               -- the AlertCondition as JSON
    text       VARCHAR NOT NULL,               -- the condition in words, as confirmed
    status     VARCHAR NOT NULL,               -- active | fired | deleted
    placed_bar_ts     TIMESTAMP NOT NULL,
    evaluated_through TIMESTAMP NOT NULL,
    fired_bar_ts TIMESTAMP,
    fired_value  DOUBLE,
    client_key VARCHAR,
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp,
    closed_at  TIMESTAMP
);
CREATE INDEX IF NOT EXISTS condition_alerts_symbol ON condition_alerts (symbol, status);
CREATE INDEX IF NOT EXISTS condition_alerts_user ON condition_alerts (tenant_id, user_id, seq);
CREATE UNIQUE INDEX IF NOT EXISTS condition_alerts_client_key ON condition_alerts (tenant_id, user_id, client_key);
