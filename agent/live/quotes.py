"""The chat UI's live price line (GET /api/quotes): each symbol's last stored bar, its change against
the previous trading date's close, the bar's age, and whether its feed has gone quiet.

Quiet: the last 1-minute bar ended more than `quiet_s` ago (the feed stopped, or the symbol was
never fed live and its price is as of its last load); a daily-only symbol's close, when its date
is more than four days old (a weekend and a holiday are not a quiet feed). The age is counted when
the line is asked for, never cached; the bars read are cached until the market-data version moves
(`coverage_version()`: any ingest, in any process), so a page polling every few seconds costs one
small read while nothing arrives.
"""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from agent.live.freshness import as_of
from agent.tools import market_data as md

DAILY_QUIET = timedelta(days=4)


def _last(store: Any, symbol: str) -> dict[str, Any] | None:
    """The stored facts of one symbol's line (None: no such symbol or no bars)."""
    inst = store.get_instrument(symbol)
    if inst is None:
        return None
    bar, prev = md.last_bar(store, inst)
    if bar is None:
        return None
    return {"symbol": inst.symbol, "timezone": inst.timezone, "bar_seconds": inst.bar_seconds or 60,
            "ts": bar["ts"], "trading_date": bar["trading_date"], "close": float(bar["close"]),
            "previous_close": float(prev["close"]) if prev else None}


def line(fact: dict[str, Any], lang: str, quiet_s: float, now: datetime) -> dict[str, Any]:
    """One symbol's entry of the line, its age as of `now` (aware UTC)."""
    prev, close = fact["previous_close"], fact["close"]
    out: dict[str, Any] = {"symbol": fact["symbol"], "close": close, "previous_close": prev,
                           "change_pct": round((close / prev - 1) * 100, 4) if prev else None}
    if fact["ts"] is not None:
        ts: datetime = fact["ts"]
        end = ts.replace(tzinfo=timezone.utc) + timedelta(seconds=fact["bar_seconds"])
        age = (now - end).total_seconds()
        out.update(bar="1min", ts=ts.isoformat(timespec="minutes") + "Z", age_s=round(age, 1),
                   quiet=age > quiet_s, as_of=as_of(ts, fact["timezone"], lang, fact["bar_seconds"], now))
    else:
        zone = ZoneInfo(fact["timezone"])
        end = datetime.combine(fact["trading_date"] + timedelta(days=1), datetime.min.time(), zone)
        age = (now - end).total_seconds()
        out.update(bar="1d", ts=fact["trading_date"].isoformat(), age_s=round(age, 1),
                   quiet=now - end > DAILY_QUIET, as_of=fact["trading_date"].isoformat())
    return out


class QuoteBook:
    """The line's stored facts per symbol, read again only after the market-data version moves."""

    def __init__(self, store: Any):
        self.store = store
        self._lock = threading.Lock()
        self._version: int | None = None
        self._facts: dict[str, dict[str, Any] | None] = {}

    def quotes(self, symbols: list[str], lang: str, quiet_s: float,
               now: datetime | None = None) -> list[dict[str, Any]]:
        version = self.store.coverage_version()
        with self._lock:
            if version != self._version:
                self._version, self._facts = version, {}
            missing = [s for s in symbols if s not in self._facts]
        read = {s: _last(self.store, s) for s in missing}
        with self._lock:
            if self._version == version:
                self._facts.update(read)
            facts = {s: self._facts.get(s, read.get(s)) for s in symbols}
        now = now or datetime.now(timezone.utc)
        return [line(f, lang, quiet_s, now) if f else {"symbol": s, "bar": None}
                for s, f in facts.items()]
