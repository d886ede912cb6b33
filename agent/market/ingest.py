"""Load a bar file into the store: read, validate, assign sessions, ingest in one transaction.

MINIMAL FIRST VERSION (to be hardened: bad-row errors with line numbers, --columns, Parquet,
progress, large files, interval detection, overrides).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Literal

import pandas as pd

from agent.market.instruments import default_instrument
from agent.market.sessions import SessionRule, assign_sessions
from agent.market.store import IngestReport, MarketStore


def load_file(store: MarketStore, path: str | Path, symbol: str, *, tz: str | None = None,
              session: SessionRule | None = None, timestamp: Literal["start", "end"] = "start",
              columns: list[str] | None = None,
              progress: Callable[[str], None] | None = None) -> IngestReport:
    inst = store.get_instrument(symbol) or default_instrument(symbol)
    inst = inst.model_copy(update={k: v for k, v in {"timezone": tz, "session": session}.items() if v})
    df = pd.read_csv(path)
    df.columns = [c.strip().lower() for c in df.columns]
    tcol = next(c for c in df.columns if c in ("timestamp", "datetime", "date", "time"))
    text = df[tcol].astype(str)
    has_offset = text.str.contains(r"(?:[+-]\d\d:?\d\d|Z)$", regex=True).any()
    raw = pd.to_datetime(text, format="mixed", utc=bool(has_offset))
    is_daily = (raw.dt.normalize() == raw).all() and not has_offset
    if is_daily:
        inst = inst.model_copy(update={"session": "daily"} if not session else {})
        bars = pd.DataFrame({"trading_date": raw, **{c: df[c] for c in ("open", "high", "low", "close")},
                             "volume": df["volume"] if "volume" in df else 0.0})
        return store.ingest(inst, bars, "daily")
    if raw.dt.tz is None:
        ts = raw.dt.tz_localize(inst.timezone).dt.tz_convert("UTC").dt.tz_localize(None)
    else:
        ts = raw.dt.tz_localize(None)
    td, mask = assign_sessions(ts, inst.timezone, inst.session)
    bars = pd.DataFrame({"ts": ts, "trading_date": td, "in_session": mask,
                         **{c: df[c].astype(float) for c in ("open", "high", "low", "close", "volume")}})
    inst = inst.model_copy(update={"bar_seconds": 60})
    return store.ingest(inst, bars, "intraday")
