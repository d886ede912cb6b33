"""The load hook: called by each market store INSIDE its ingest transaction, after the bars are
written and before COMMIT. A failed or killed load therefore rolls back fills, fired alerts and
notifications together with the bars; a reload adds no bar after any watermark, so fires nothing.
"""
from __future__ import annotations

from typing import Any

from agent.trading.evaluate import evaluate_symbol
from agent.trading.multipliers import set_override


def after_ingest(tx, instrument: Any, report: Any) -> Any:
    """Store a --multiplier override, evaluate the symbol's orders and alerts; returns the report
    with orders_filled, alerts_fired and the notifications to publish after commit."""
    if getattr(instrument, "multiplier", None) is not None:
        set_override(tx, instrument.symbol, instrument.multiplier)
    result = evaluate_symbol(tx, instrument.symbol)
    return report.model_copy(update={"orders_filled": result.orders_filled,
                                     "alerts_fired": result.alerts_fired,
                                     "notifications": result.notifications})
