"""Paper trading, price alerts and notifications on market time (issue 14).

Orders, fills, alerts and notifications live in the market store's database (DuckDB or Postgres)
so `askbar load` evaluates them inside its own write transaction (see `hook.py`).
"""

from agent.market.hooks import register_after_ingest
from agent.trading.hook import after_ingest as _after_ingest

# Orders and alerts are evaluated by every load once trading is imported (agent/market/hooks.py).
register_after_ingest("trading", _after_ingest)
