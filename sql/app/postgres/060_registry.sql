-- Tool Registry Service (seed 003): tenant tools and tasks. JSON is stored as TEXT.
CREATE TABLE IF NOT EXISTS registry_tools (
    tenant_id     TEXT NOT NULL,
    tool_id       TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    version       TEXT NOT NULL,
    category      TEXT NOT NULL,
    tags          TEXT NOT NULL DEFAULT '[]',
    schema_json   TEXT NOT NULL,
    endpoint      TEXT NOT NULL,
    auth_type     TEXT NOT NULL,
    auth_header   TEXT NOT NULL,
    secret_enc    TEXT,
    timeout_ms    INTEGER NOT NULL,
    status        TEXT NOT NULL,
    status_detail TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    PRIMARY KEY (tenant_id, tool_id)
);
CREATE TABLE IF NOT EXISTS registry_tasks (
    task_id           TEXT PRIMARY KEY,
    tenant_id         TEXT NOT NULL,
    user_id           TEXT NOT NULL,
    user_json         TEXT NOT NULL,
    tool_id           TEXT NOT NULL,
    kind              TEXT NOT NULL,
    status            TEXT NOT NULL,
    priority          INTEGER NOT NULL DEFAULT 0,
    attempts          INTEGER NOT NULL DEFAULT 0,
    worker            TEXT,
    lease_until       DOUBLE PRECISION,
    request           TEXT NOT NULL,
    result            TEXT,
    error             TEXT,
    delivered         INTEGER NOT NULL DEFAULT 0,
    execution_time_ms DOUBLE PRECISION,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS registry_tasks_tenant ON registry_tasks (tenant_id, created_at);
CREATE INDEX IF NOT EXISTS registry_tasks_undelivered ON registry_tasks (delivered, status)
