"""Paper trading, price alerts and notifications on market time (issue 14).

Orders, fills, alerts and notifications live in the market store's database (DuckDB or Postgres)
so `askbar load` evaluates them inside its own write transaction (see `hook.py`).
"""
