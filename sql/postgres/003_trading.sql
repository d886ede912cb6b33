-- Paper trading, price alerts and notifications (issue 14), kept in the MARKET store's database so
-- that `askbar load` evaluates them inside its own write transaction: a failed or killed load
-- leaves orders, fills, alerts and notifications exactly as they were.
-- Times: *_bar_ts / evaluated_through are market time (bar start, naive UTC); created_at and
-- closed_at are wall-clock UTC. Every row belongs to (tenant_id, user_id).

CREATE TABLE IF NOT EXISTS paper_orders (
    order_id    TEXT PRIMARY KEY,
    seq         BIGINT GENERATED ALWAYS AS IDENTITY,   -- placement order
    tenant_id   TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    symbol      TEXT NOT NULL,
    side        TEXT NOT NULL,              -- buy | sell
    order_type  TEXT NOT NULL,              -- market | limit | stop | stop_limit
    quantity    DOUBLE PRECISION NOT NULL,
    limit_price DOUBLE PRECISION,
    stop_price  DOUBLE PRECISION,
    status      TEXT NOT NULL,              -- pending | filled | cancelled
    triggered_bar_ts TIMESTAMP,                -- stop_limit: bar whose range reached the stop
    placed_bar_ts    TIMESTAMP NOT NULL,       -- market time when placed (last stored bar)
    evaluated_through TIMESTAMP NOT NULL,      -- last bar this order was checked against
    created_at  TIMESTAMP NOT NULL DEFAULT current_timestamp,
    closed_at   TIMESTAMP
);

CREATE TABLE IF NOT EXISTS paper_fills (
    fill_id    TEXT PRIMARY KEY,
    seq        BIGINT GENERATED ALWAYS AS IDENTITY,      -- ledger order
    order_id   TEXT NOT NULL,
    tenant_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    symbol     TEXT NOT NULL,
    side       TEXT NOT NULL,
    quantity   DOUBLE PRECISION NOT NULL,
    price      DOUBLE PRECISION NOT NULL,
    multiplier DOUBLE PRECISION NOT NULL,                -- contract multiplier in force at the fill
    bar_ts     TIMESTAMP NOT NULL,             -- the bar the fill happened on
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);

CREATE TABLE IF NOT EXISTS price_alerts (
    alert_id   TEXT PRIMARY KEY,
    seq        BIGINT GENERATED ALWAYS AS IDENTITY,
    tenant_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    symbol     TEXT NOT NULL,
    condition  TEXT NOT NULL,               -- >= | <= | ==
    price      DOUBLE PRECISION NOT NULL,
    message    TEXT,
    status     TEXT NOT NULL,               -- active | fired | deleted
    placed_bar_ts     TIMESTAMP NOT NULL,
    evaluated_through TIMESTAMP NOT NULL,
    fired_bar_ts TIMESTAMP,
    fired_price  DOUBLE PRECISION,
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp,
    closed_at  TIMESTAMP
);

CREATE TABLE IF NOT EXISTS user_notifications (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,   -- the SSE event id
    tenant_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    kind       TEXT NOT NULL,               -- fill | alert
    ref_id     TEXT NOT NULL,               -- order_id or alert_id
    symbol     TEXT NOT NULL,
    bar_ts     TIMESTAMP NOT NULL,
    payload    TEXT NOT NULL,               -- JSON object
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);

-- Contract multipliers given with `askbar load --multiplier` (built-ins live in code).
CREATE TABLE IF NOT EXISTS contract_multipliers (
    symbol     TEXT PRIMARY KEY,
    multiplier DOUBLE PRECISION NOT NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);
-- One paper account per user, opened on first use with the starting cash then configured.
CREATE TABLE IF NOT EXISTS paper_accounts (
    tenant_id     TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    starting_cash DOUBLE PRECISION NOT NULL,
    created_at    TIMESTAMP NOT NULL DEFAULT current_timestamp,
    PRIMARY KEY (tenant_id, user_id)
);

CREATE INDEX IF NOT EXISTS paper_orders_pending ON paper_orders (symbol) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS paper_orders_user ON paper_orders (tenant_id, user_id, seq);
CREATE INDEX IF NOT EXISTS paper_fills_user ON paper_fills (tenant_id, user_id, seq);
CREATE INDEX IF NOT EXISTS price_alerts_active ON price_alerts (symbol) WHERE status = 'active';
CREATE INDEX IF NOT EXISTS price_alerts_user ON price_alerts (tenant_id, user_id, seq);
CREATE INDEX IF NOT EXISTS user_notifications_user ON user_notifications (tenant_id, user_id, id);
