-- Paper trading, price alerts and notifications (issue 14), kept in the MARKET store's database so
-- that `askbar load` evaluates them inside its own write transaction: a failed or killed load
-- leaves orders, fills, alerts and notifications exactly as they were.
-- Times: *_bar_ts / evaluated_through are market time (bar start, naive UTC); created_at and
-- closed_at are wall-clock UTC. Every row belongs to (tenant_id, user_id).

CREATE SEQUENCE IF NOT EXISTS paper_order_seq;
CREATE SEQUENCE IF NOT EXISTS paper_fill_seq;
CREATE SEQUENCE IF NOT EXISTS price_alert_seq;
CREATE SEQUENCE IF NOT EXISTS user_notification_seq;

CREATE TABLE IF NOT EXISTS paper_orders (
    order_id    VARCHAR PRIMARY KEY,
    seq         BIGINT NOT NULL DEFAULT nextval('paper_order_seq'),   -- placement order
    tenant_id   VARCHAR NOT NULL,
    user_id     VARCHAR NOT NULL,
    symbol      VARCHAR NOT NULL,
    side        VARCHAR NOT NULL,              -- buy | sell
    order_type  VARCHAR NOT NULL,              -- market | limit | stop | stop_limit
    quantity    DOUBLE NOT NULL,
    limit_price DOUBLE,
    stop_price  DOUBLE,
    status      VARCHAR NOT NULL,              -- pending | filled | cancelled
    triggered_bar_ts TIMESTAMP,                -- stop_limit: bar whose range reached the stop
    placed_bar_ts    TIMESTAMP NOT NULL,       -- market time when placed (last stored bar)
    evaluated_through TIMESTAMP NOT NULL,      -- last bar this order was checked against
    created_at  TIMESTAMP NOT NULL DEFAULT current_timestamp,
    closed_at   TIMESTAMP
);

CREATE TABLE IF NOT EXISTS paper_fills (
    fill_id    VARCHAR PRIMARY KEY,
    seq        BIGINT NOT NULL DEFAULT nextval('paper_fill_seq'),      -- ledger order
    order_id   VARCHAR NOT NULL,
    tenant_id  VARCHAR NOT NULL,
    user_id    VARCHAR NOT NULL,
    symbol     VARCHAR NOT NULL,
    side       VARCHAR NOT NULL,
    quantity   DOUBLE NOT NULL,
    price      DOUBLE NOT NULL,
    multiplier DOUBLE NOT NULL,                -- contract multiplier in force at the fill
    bar_ts     TIMESTAMP NOT NULL,             -- the bar the fill happened on
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);

CREATE TABLE IF NOT EXISTS price_alerts (
    alert_id   VARCHAR PRIMARY KEY,
    seq        BIGINT NOT NULL DEFAULT nextval('price_alert_seq'),
    tenant_id  VARCHAR NOT NULL,
    user_id    VARCHAR NOT NULL,
    symbol     VARCHAR NOT NULL,
    condition  VARCHAR NOT NULL,               -- >= | <= | ==
    price      DOUBLE NOT NULL,
    message    VARCHAR,
    status     VARCHAR NOT NULL,               -- active | fired | deleted
    placed_bar_ts     TIMESTAMP NOT NULL,
    evaluated_through TIMESTAMP NOT NULL,
    fired_bar_ts TIMESTAMP,
    fired_price  DOUBLE,
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp,
    closed_at  TIMESTAMP
);

CREATE TABLE IF NOT EXISTS user_notifications (
    id         BIGINT PRIMARY KEY DEFAULT nextval('user_notification_seq'),   -- the SSE event id
    tenant_id  VARCHAR NOT NULL,
    user_id    VARCHAR NOT NULL,
    kind       VARCHAR NOT NULL,               -- fill | alert
    ref_id     VARCHAR NOT NULL,               -- order_id or alert_id
    symbol     VARCHAR NOT NULL,
    bar_ts     TIMESTAMP NOT NULL,
    payload    VARCHAR NOT NULL,               -- JSON object
    created_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);

-- Contract multipliers given with `askbar load --multiplier` (built-ins live in code).
CREATE TABLE IF NOT EXISTS contract_multipliers (
    symbol     VARCHAR PRIMARY KEY,
    multiplier DOUBLE NOT NULL,
    updated_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);

-- One paper account per user, opened on first use with the starting cash then configured.
CREATE TABLE IF NOT EXISTS paper_accounts (
    tenant_id     VARCHAR NOT NULL,
    user_id       VARCHAR NOT NULL,
    starting_cash DOUBLE NOT NULL,
    created_at    TIMESTAMP NOT NULL DEFAULT current_timestamp,
    PRIMARY KEY (tenant_id, user_id)
);
