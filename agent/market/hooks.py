"""After-ingest hooks: features (paper trading, alerts) register here; the stores call them.

A store runs every registered hook INSIDE its ingest transaction, after the bars are written and
before COMMIT, so a failed or killed load rolls back what the hooks wrote together with the bars.
The store never imports a feature (layers import downward only): the feature registers itself
(`agent/trading/__init__.py`), and the composition roots import it (agent/deps.py, the CLI's load).
"""
from __future__ import annotations

from typing import Any, Callable

from agent.market.tx import Tx

# hook(tx, instrument, report) -> report (possibly with more fields filled in)
AfterIngest = Callable[[Tx, Any, Any], Any]
_AFTER_INGEST: dict[str, AfterIngest] = {}


def register_after_ingest(name: str, hook: AfterIngest) -> None:
    """Register (or replace) the hook called `name`; idempotent, so a re-import changes nothing."""
    _AFTER_INGEST[name] = hook


def after_ingest(tx: Tx, instrument: Any, report: Any) -> Any:
    """Run every registered hook in registration order, each on the report the last returned."""
    for hook in list(_AFTER_INGEST.values()):
        report = hook(tx, instrument, report)
    return report
