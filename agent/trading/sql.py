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


def first_bar_sql(source: str, predicates: tuple[tuple[str, str], ...]) -> str:
    """The first bar after %(after)s up to %(through)s where every `column op %(price)s` holds.
    Columns and operators come from agent.trading.rules' constant tables only."""
    select, ts = _BARS[source]
    allowed_cols, allowed_ops = {"open", "high", "low", "close"}, {"<=", ">="}
    if not all(c in allowed_cols and o in allowed_ops for c, o in predicates):
        raise ValueError(f"predicate outside the allowlist: {predicates}")
    cond = " AND ".join(f"{c} {o} %(price)s" for c, o in predicates)
    return (f"{select} AND {ts} > %(after)s AND {ts} <= %(through)s AND {cond} "
            f"ORDER BY {ts} LIMIT 1")


# ---- orders ---------------------------------------------------------------------------------------
_ORDER_COLS = """order_id, symbol, side, order_type, quantity, limit_price, stop_price, status,
    placed_bar_ts, evaluated_through, triggered_bar_ts, created_at, closed_at"""
INSERT_ORDER = """
INSERT INTO paper_orders (order_id, tenant_id, user_id, symbol, side, order_type, quantity,
    limit_price, stop_price, status, placed_bar_ts, evaluated_through, closed_at)
VALUES (%(order_id)s, %(tenant_id)s, %(user_id)s, %(symbol)s, %(side)s, %(order_type)s,
    %(quantity)s, %(limit_price)s, %(stop_price)s, %(status)s, %(bar_ts)s, %(bar_ts)s, %(closed_at)s)
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
USER_FILLS = """
SELECT fill_id, order_id, symbol, side, quantity, price, multiplier, bar_ts FROM paper_fills
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s ORDER BY bar_ts, seq
"""

# ---- alerts ---------------------------------------------------------------------------------------
_ALERT_COLS = """alert_id, symbol, condition, price, message, status, placed_bar_ts,
    evaluated_through, fired_bar_ts, fired_price, created_at"""
INSERT_ALERT = """
INSERT INTO price_alerts (alert_id, tenant_id, user_id, symbol, condition, price, message, status,
    placed_bar_ts, evaluated_through)
VALUES (%(alert_id)s, %(tenant_id)s, %(user_id)s, %(symbol)s, %(condition)s, %(price)s,
    %(message)s, 'active', %(bar_ts)s, %(bar_ts)s)
"""
ACTIVE_FOR_SYMBOL = f"""
SELECT {_ALERT_COLS}, tenant_id, user_id, seq FROM price_alerts
WHERE symbol = %(symbol)s AND status = 'active' ORDER BY seq
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
USER_NOTIFICATIONS = """
SELECT id, kind, ref_id, symbol, bar_ts, payload FROM user_notifications
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND id > %(after)s
ORDER BY id LIMIT %(limit)s
"""

# ---- accounts -------------------------------------------------------------------------------------
SELECT_ACCOUNT = """
SELECT starting_cash FROM paper_accounts WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s
"""
OPEN_ACCOUNT = """
INSERT INTO paper_accounts (tenant_id, user_id, starting_cash)
VALUES (%(tenant_id)s, %(user_id)s, %(starting_cash)s) ON CONFLICT DO NOTHING
"""
MARGINED_SYMBOLS = "SELECT symbol FROM instruments WHERE asset_class = 'future'"
