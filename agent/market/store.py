"""The market store interface, shared by the DuckDB (embedded) and Postgres engines.

Everything above this layer (loader, query builder's executor, CLI) talks to `MarketStore` only.
Incoming bars arrive already parsed and validated by the loader as a pandas frame:
  intraday: ts (naive UTC, bar start), trading_date, in_session, open, high, low, close, volume
  daily:    trading_date, open, high, low, close, volume
"""
from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import BaseModel, Field

from agent.market.instruments import Instrument
from agent.settings import Engine

if TYPE_CHECKING:  # pandas costs ~0.5 s to import; asking questions never needs it
    import pandas as pd

BarKind = Literal["intraday", "daily"]


class IngestReport(BaseModel):
    symbol: str
    kind: BarKind
    rows: int                 # rows in the incoming frame
    inserted: int             # bars that were new
    updated: int              # bars whose values changed
    unchanged: int            # bars already stored with the same values
    first: datetime | date | None = None
    last: datetime | date | None = None
    daily_rebuilt: int = 0    # trading dates whose rollups were rebuilt
    # paper trading on market time (agent/trading/hook.py), evaluated in the same transaction
    orders_filled: int = 0
    alerts_fired: int = 0
    notifications: list[dict[str, Any]] = Field(default_factory=list, exclude=True)  # to publish


class SymbolSummary(BaseModel):
    symbol: str
    first: str | None         # first trading date with data (ISO)
    last: str | None
    bars_1min: int
    bars_1d: int
    timezone: str
    session: str
    synthetic: bool = False
    asset_class: str = "other"
    name: str | None = None


def instrument_from_row(row: dict[str, Any]) -> Instrument:
    """An instruments-table row (aliases come back as a tuple/array or NULL) as the model."""
    return Instrument(**{**row, "aliases": list(row["aliases"] or [])})


def summaries_from_rows(rows: list[dict[str, Any]]) -> list[SymbolSummary]:
    """Rows of an engine's SUMMARY query (first/last as dates) as SymbolSummary models."""
    return [SymbolSummary(**{**r, "first": r["first"].isoformat() if r["first"] else None,
                             "last": r["last"].isoformat() if r["last"] else None}) for r in rows]


class MarketStore(Protocol):
    engine: Engine

    def query(self, sql: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a read-only statement built by query_builder; values only through params."""

    def instruments(self) -> list[Instrument]: ...

    def get_instrument(self, symbol: str) -> Instrument | None: ...

    def ingest(self, instrument: Instrument, bars: pd.DataFrame, kind: BarKind) -> IngestReport:
        """Upsert the instrument and its bars and rebuild touched rollups, all in one transaction."""

    def summary(self) -> list[SymbolSummary]:
        """Symbols, trading-date ranges and bar counts, from the ingests' bookkeeping."""

    def coverage_version(self) -> int:
        """A number every ingest moves (in any process): is a cached summary() still current?"""

    def intraday_bars(self, symbol: str) -> pd.DataFrame:
        """Every stored intraday bar of the symbol (re-dated when a load changes its tz/session)."""

    def close(self) -> None: ...
