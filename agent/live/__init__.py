"""Live market data: one ingest path for bars that arrive one at a time (DESIGN.md "Live market
data"). Three sources feed it: `POST /api/bars` (NDJSON), `askbar feed replay FILE` and `askbar
feed alpaca`; each bar goes through `append.append_bars`, which stores it idempotently per
(symbol, ts), rebuilds the rollups of the trading dates it touched, moves the market-data version
and runs the after-ingest hooks (paper orders, alerts) in the same transaction, as `askbar load`.
"""

import agent.trading  # noqa: F401 - the paper orders' and price alerts' hook registers first
from agent.live.conditions import after_ingest as _conditions
from agent.market.hooks import register_after_ingest

# Statistics alerts are evaluated by every ingest (live or `askbar load`) once this package is
# imported, after the trading hook (agent/trading/__init__.py): the composition roots import both.
register_after_ingest("conditions", _conditions)
