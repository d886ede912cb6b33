"""SQL of the statistics alerts (agent/live/condition_alerts.py, conditions.py), written once with
psycopg named placeholders (agent.market.tx.Tx turns them into `$name` on DuckDB)."""
from __future__ import annotations

_COLS = """alert_id, tenant_id, user_id, symbol, kind, condition, text, status, placed_bar_ts, evaluated_through,
    fired_bar_ts, fired_value, created_at, closed_at"""
INSERT = """
INSERT INTO condition_alerts (alert_id, tenant_id, user_id, symbol, kind, condition, text, status, placed_bar_ts,
                              evaluated_through, client_key)
VALUES (%(alert_id)s, %(tenant_id)s, %(user_id)s, %(symbol)s, %(kind)s, %(condition)s, %(text)s, 'active',
        %(bar_ts)s, %(bar_ts)s, %(client_key)s)
ON CONFLICT DO NOTHING
RETURNING alert_id
"""
BY_KEY = """
SELECT alert_id FROM condition_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND client_key = %(client_key)s
"""
USER_ALERTS = f"""
SELECT {_COLS} FROM condition_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND status <> 'deleted'
ORDER BY seq
"""
USER_ALERT = f"""
SELECT {_COLS} FROM condition_alerts
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND alert_id = %(alert_id)s
"""
DELETE = """
UPDATE condition_alerts SET status = 'deleted', closed_at = current_timestamp
WHERE tenant_id = %(tenant_id)s AND user_id = %(user_id)s AND alert_id = %(alert_id)s AND status = 'active'
"""
ACTIVE_FOR_SYMBOL = """
SELECT alert_id, seq, tenant_id, user_id, symbol, kind, condition, text, evaluated_through
FROM condition_alerts WHERE symbol = %(symbol)s AND status = 'active' ORDER BY seq
"""
MARK_FIRED = """
UPDATE condition_alerts SET status = 'fired', fired_bar_ts = %(bar_ts)s, fired_value = %(value)s,
    evaluated_through = %(bar_ts)s, closed_at = current_timestamp
WHERE alert_id = %(alert_id)s AND status = 'active'
"""
EVALUATED = """
UPDATE condition_alerts SET evaluated_through = %(through)s
WHERE symbol = %(symbol)s AND status = 'active' AND evaluated_through < %(through)s
"""
LAST_BAR = "SELECT max(ts) AS ts FROM ohlcv_1min WHERE symbol = %(symbol)s"
# a daily-only symbol's last bar: its last trading date at 00:00 (as agent/trading/sql.py's daily bars)
LAST_DAY = "SELECT CAST(max(trading_date) AS TIMESTAMP) AS ts FROM ohlcv_1d WHERE symbol = %(symbol)s"
BAR_SECONDS = "SELECT bar_seconds FROM instruments WHERE symbol = %(symbol)s"
MINUTES_AFTER = """
SELECT ts, trading_date, high, low, close FROM ohlcv_1min
WHERE symbol = %(symbol)s AND ts > %(after)s AND ts <= %(through)s ORDER BY ts
"""
DAILY = """
SELECT trading_date, close, last_ts FROM ohlcv_1d WHERE symbol = %(symbol)s AND trading_date <= %(through_date)s
ORDER BY trading_date
"""
TIMEZONE = "SELECT timezone FROM instruments WHERE symbol = %(symbol)s"
