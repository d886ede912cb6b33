"""SQL of the paper account, alerts and notifications (both engines; `%(name)s` placeholders).

Every statement that reads or changes a user's rows names tenant_id AND user_id: another user's
order or alert is simply not found.
"""
from __future__ import annotations

# ---- bars (market time) ---------------------------------------------------------------------------
# Intraday symbols act on 1-minute bars; daily-only symbols (index history) on daily bars.
BAR_SECONDS = "SELECT bar_seconds, asset_class FROM instruments WHERE symbol = %(symbol)s"
_BARS = {
    "intraday": ("SELECT ts, open, high, low, close FROM ohlcv_1min WHERE symbol = %(symbol)s", "ts"),
    "daily": (("SELECT CAST(trading_date AS TIMESTAMP) AS ts, open, high, low, close FROM ohlcv_1d "
               "WHERE symbol = %(symbol)s"), "CAST(trading_date AS TIMESTAMP)"),
}


def last_bar_sql(source: str) -> str:
    select, ts = _BARS[source]
    return f"{select} ORDER BY {ts} DESC LIMIT 1"


def bars_after_sql(source: str) -> str:
    """Bars after %(after)s up to %(through)s, in time order (source from _BARS only)."""
    select, ts = _BARS[source]
    return f"{select} AND {ts} > %(after)s AND {ts} <= %(through)s ORDER BY {ts}"


# ---- orders ---------------------------------------------------------------------------------------
_ORDER_COLS = """order_id, symbol, side, order_type, quantity, limit_price, stop_price, status,
    placed_bar_ts, evaluated_through, triggered_bar_ts, created_at, closed_at"""
# client_key: the confirmed action's idempotency key (migration 004) or NULL; a key already used by
# this user inserts nothing and returns no row, and the caller reads the row that used it.
INSERT_ORDER = """
INSERT INTO paper_orders (order_id, tenant_id, user_id, symbol, side, order_type, quantity,
    limit_price, stop_price, status, placed_bar_ts, evaluated_through, closed_at, client_key)
VALUES (%(order_id)s, %(tenant_id)s, %(user_id)s, %(symbol)s, %(side)s, %(order_type)s,
    %(quantity)s, %(limit_price)s, %(stop_price)s, %(status)s, %(bar_ts)s, %(bar_ts)s, %(closed_at)s,
    %(client_key)s)
ON CONFLICT (tenant_id, user_id, client_key) DO NOTHING RETURNING order_id
"""
KEYED_ORDER = """
SELECT order_id FROM paper_orders
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND client_key = %(client_key)s
"""
ORDER_FILLS = """
SELECT fill_id, order_id, symbol, side, quantity, price, multiplier, bar_ts FROM paper_fills
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND order_id = %(order_id)s ORDER BY seq
"""
PENDING_FOR_SYMBOL = f"""
SELECT {_ORDER_COLS}, tenant_id, user_id, seq FROM paper_orders
WHERE symbol = %(symbol)s AND status = 'pending' ORDER BY seq
"""
USER_ORDERS = f"""
SELECT {_ORDER_COLS} FROM paper_orders
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s
  AND (CAST(%(status)s AS TEXT) IS NULL OR status = %(status)s) ORDER BY seq
"""
USER_ORDER = f"""
SELECT {_ORDER_COLS} FROM paper_orders
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND order_id = %(order_id)s
"""
CANCEL_ORDER = """
UPDATE paper_orders SET status = 'cancelled', closed_at = current_timestamp
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND order_id = %(order_id)s
  AND status = 'pending'
"""
MARK_FILLED = """
UPDATE paper_orders SET status = 'filled', evaluated_through = %(bar_ts)s,
    triggered_bar_ts = %(triggered)s, closed_at = current_timestamp
WHERE order_id = %(order_id)s
"""
# Batched forms used by the load hook: one statement per chunk of rows ({values}: typed, bound).
MARK_FILLED_MANY = """
UPDATE paper_orders AS o SET status = 'filled', evaluated_through = v.bar_ts,
    triggered_bar_ts = v.triggered, closed_at = current_timestamp
FROM (VALUES {values}) AS v(order_id, bar_ts, triggered) WHERE o.order_id = v.order_id
"""
MARK_FILLED_COLS = (("order_id", "TEXT"), ("bar_ts", "TIMESTAMP"), ("triggered", "TIMESTAMP"))
MARK_TRIGGERED_MANY = """
UPDATE paper_orders AS o SET triggered_bar_ts = v.triggered
FROM (VALUES {values}) AS v(order_id, triggered) WHERE o.order_id = v.order_id
"""
MARK_TRIGGERED_COLS = (("order_id", "TEXT"), ("triggered", "TIMESTAMP"))
MARK_TRIGGERED = "UPDATE paper_orders SET triggered_bar_ts = %(triggered)s WHERE order_id = %(order_id)s"
ORDERS_EVALUATED = """
UPDATE paper_orders SET evaluated_through = %(through)s
WHERE symbol = %(symbol)s AND status = 'pending' AND evaluated_through < %(through)s
"""

# ---- fills ----------------------------------------------------------------------------------------
INSERT_FILL = """
INSERT INTO paper_fills (fill_id, order_id, tenant_id, user_id, symbol, side, quantity, price,
    multiplier, bar_ts)
VALUES (%(fill_id)s, %(order_id)s, %(tenant_id)s, %(user_id)s, %(symbol)s, %(side)s, %(quantity)s,
    %(price)s, %(multiplier)s, %(bar_ts)s)
"""
INSERT_FILLS = """
INSERT INTO paper_fills (fill_id, order_id, tenant_id, user_id, symbol, side, quantity, price,
    multiplier, bar_ts) VALUES {values}
"""
FILL_COLS = (("fill_id", "TEXT"), ("order_id", "TEXT"), ("tenant_id", "TEXT"), ("user_id", "TEXT"),
             ("symbol", "TEXT"), ("side", "TEXT"), ("quantity", "FLOAT8"), ("price", "FLOAT8"),
             ("multiplier", "FLOAT8"), ("bar_ts", "TIMESTAMP"))
# What a user's portfolio depends on besides the bars: its fills and its starting cash.
USER_FILLS_VERSION = """
SELECT count(*) AS n, max(seq) AS last,
    (SELECT max(starting_cash) FROM paper_accounts a
     WHERE a.tenant_id = %(tenant_id)s AND a.user_id = %(user_id)s) AS cash
FROM paper_fills WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s
"""
USER_FILLS = """
SELECT fill_id, order_id, symbol, side, quantity, price, multiplier, bar_ts FROM paper_fills
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s ORDER BY bar_ts, seq
"""

# ---- alerts ---------------------------------------------------------------------------------------
_ALERT_COLS = """alert_id, symbol, condition, price, message, status, placed_bar_ts,
    evaluated_through, fired_bar_ts, fired_price, created_at"""
INSERT_ALERT = """
INSERT INTO price_alerts (alert_id, tenant_id, user_id, symbol, condition, price, message, status,
    placed_bar_ts, evaluated_through, client_key)
VALUES (%(alert_id)s, %(tenant_id)s, %(user_id)s, %(symbol)s, %(condition)s, %(price)s,
    %(message)s, 'active', %(bar_ts)s, %(bar_ts)s, %(client_key)s)
ON CONFLICT (tenant_id, user_id, client_key) DO NOTHING RETURNING alert_id
"""
KEYED_ALERT = """
SELECT alert_id FROM price_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND client_key = %(client_key)s
"""
ACTIVE_FOR_SYMBOL = f"""
SELECT {_ALERT_COLS}, tenant_id, user_id, seq FROM price_alerts
WHERE symbol = %(symbol)s AND status = 'active' ORDER BY seq
"""
COUNT_ACTIVE_ALERTS = """
SELECT COUNT(*) AS n FROM price_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND status = 'active'
"""
USER_ALERTS = f"""
SELECT {_ALERT_COLS} FROM price_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND status <> 'deleted'
  AND (CAST(%(symbol)s AS TEXT) IS NULL OR symbol = %(symbol)s) ORDER BY seq
"""
USER_ALERT = f"""
SELECT {_ALERT_COLS} FROM price_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND alert_id = %(alert_id)s
  AND status <> 'deleted'
"""
USER_ALERT_ANY = f"""
SELECT {_ALERT_COLS} FROM price_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND alert_id = %(alert_id)s
"""
DELETE_ALERT = """
UPDATE price_alerts SET status = 'deleted', closed_at = current_timestamp
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND alert_id = %(alert_id)s
  AND status <> 'deleted'
"""
MARK_FIRED = """
UPDATE price_alerts SET status = 'fired', evaluated_through = %(bar_ts)s, fired_bar_ts = %(bar_ts)s,
    fired_price = %(fired_price)s, closed_at = current_timestamp
WHERE alert_id = %(alert_id)s
"""
MARK_FIRED_MANY = """
UPDATE price_alerts AS a SET status = 'fired', evaluated_through = v.bar_ts, fired_bar_ts = v.bar_ts,
    fired_price = v.fired_price, closed_at = current_timestamp
FROM (VALUES {values}) AS v(alert_id, bar_ts, fired_price) WHERE a.alert_id = v.alert_id
"""
MARK_FIRED_COLS = (("alert_id", "TEXT"), ("bar_ts", "TIMESTAMP"), ("fired_price", "FLOAT8"))
ALERTS_EVALUATED = """
UPDATE price_alerts SET evaluated_through = %(through)s
WHERE symbol = %(symbol)s AND status = 'active' AND evaluated_through < %(through)s
"""

# ---- notifications --------------------------------------------------------------------------------
# Ids must become visible in increasing order so an SSE client resuming after Last-Event-ID never
# skips one: writers take this lock right before inserting, and hold it to commit.
NOTIFICATION_LOCK = "askbar.notifications"
INSERT_NOTIFICATION = """
INSERT INTO user_notifications (tenant_id, user_id, kind, ref_id, symbol, bar_ts, payload)
VALUES (%(tenant_id)s, %(user_id)s, %(kind)s, %(ref_id)s, %(symbol)s, %(bar_ts)s, %(payload)s)
RETURNING id
"""
INSERT_NOTIFICATIONS = """
INSERT INTO user_notifications (tenant_id, user_id, kind, ref_id, symbol, bar_ts, payload)
VALUES {values} RETURNING id, kind, ref_id
"""
NOTIFICATION_COLS = (("tenant_id", "TEXT"), ("user_id", "TEXT"), ("kind", "TEXT"), ("ref_id", "TEXT"),
                     ("symbol", "TEXT"), ("bar_ts", "TIMESTAMP"), ("payload", "TEXT"))
USER_NOTIFICATIONS = """
SELECT id, kind, ref_id, symbol, bar_ts, payload FROM user_notifications
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND id > %(after)s
ORDER BY id LIMIT %(limit)s
"""
# every user's, after an id: the server's one notification reader (agent/server/notification_hub.py)
NOTIFICATIONS_AFTER = """
SELECT id, tenant_id, user_id, kind, ref_id, symbol, bar_ts, payload FROM user_notifications
WHERE id > %(after)s ORDER BY id LIMIT %(limit)s
"""
NEWEST_NOTIFICATION = "SELECT coalesce(max(id), 0) AS id FROM user_notifications"

# ---- accounts -------------------------------------------------------------------------------------
SELECT_ACCOUNT = """
SELECT starting_cash FROM paper_accounts WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s
"""
OPEN_ACCOUNT = """
INSERT INTO paper_accounts (tenant_id, user_id, starting_cash)
VALUES (%(tenant_id)s, %(user_id)s, %(starting_cash)s) ON CONFLICT DO NOTHING
"""
MARGINED_SYMBOLS = "SELECT symbol FROM instruments WHERE asset_class = 'future'"
