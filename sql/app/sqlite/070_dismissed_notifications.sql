-- Notifications a user dismissed in the chat UI (agent/server/dismissed.py): one row per
-- (tenant, user, notification id). The notification itself stays in the market store, and the stream
-- (GET /api/notifications) leaves these out, so a dismissed card never comes back after a reload.
CREATE TABLE IF NOT EXISTS dismissed_notifications (
    tenant_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    notification_id BIGINT NOT NULL,
    dismissed_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (tenant_id, user_id, notification_id)
);
