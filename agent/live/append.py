"""The one ingest path of live bars: `append_bars(store, bars)`.

Per symbol, one write transaction that
- takes the symbol's ingest lock (the one `askbar load` takes on Postgres; DuckDB has one writer),
- stores the bars idempotently per (symbol, ts): a new bar is inserted, a revised one (other values)
  replaces the stored one, an identical repeat changes nothing; a late bar (older than the newest
  stored) is accepted like any other,
- keeps the daily and hourly rollups current: bars that come after their trading date's last
  stored bar (the usual live bar) update the day's and hour's rows in place; a revised or late bar
  rebuilds the rollups of the trading dates it falls on (the stores' own rebuild statements,
  bounded by the (symbol, ts) key: one day's re-aggregation, never the symbol's history),
- moves the symbol's coverage row and so the market-data version (tool cache keys, the server's
  coverage cache), and
- runs the after-ingest hooks (agent/market/hooks.py: paper orders and price alerts, the plain-
  language condition alerts), which see every bar after their watermark once, in bar order.
A killed process rolls all of it back together; the sender's retry then stores and fires it once.
A daily-only symbol (SPX) takes daily bars, each stamped 00:00 of its trading date, through the
store's daily ingest (the same transaction, hooks and coverage as a daily file's load).
After COMMIT the notifications go to Redis (when configured) and wake this process's streams.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from agent.live import bell
from agent.live import sql as Q
from agent.live.bars import BarError, LiveBar
from agent.market.hooks import after_ingest
from agent.market.instruments import Instrument, default_instrument
from agent.market.store import IngestReport
from agent.market.tx import Tx, read

if TYPE_CHECKING:
    import pandas as pd

LIVE_SOURCE = "live"
_VALUES = ("open", "high", "low", "close", "volume")


def instrument_for(store: Any, symbol: str, bars: list[LiveBar] | None = None) -> tuple[Instrument, bool]:
    """The symbol's instrument and whether it is new; bars the symbol cannot take are a BarError
    (checked for every symbol of a body before anything is written). A daily-only symbol (index
    history such as SPX) takes daily bars: each stamped 00:00 of its trading date."""
    from agent.market.ingest import _intraday_instrument

    stored = store.get_instrument(symbol)
    if stored is None:
        return _intraday_instrument(default_instrument(symbol), None, 60).model_copy(
            update={"source": LIVE_SOURCE}), True
    if not stored.bar_seconds:
        if bars is None or any(b.ts.time() != time(0) for b in bars):
            raise BarError(None, f"{symbol} holds daily bars only; send its daily bar stamped 00:00 of its "
                                 f"trading date (e.g. 2024-03-05T00:00:00Z), or its 1-minute bars under another "
                                 f"symbol, e.g. {symbol}1M")
        return stored, False
    if stored.bar_seconds != 60:
        raise BarError(None, f"{symbol} holds {stored.bar_seconds}-second bars; live bars are 1-minute")
    return stored, False


def append_bars(store: Any, bars: list[LiveBar], redis_url: str | None = None) -> list[IngestReport]:
    """Store `bars` (any symbols, any order); one report per symbol, in symbol order."""
    by_symbol: dict[str, dict[Any, LiveBar]] = defaultdict(dict)
    for b in bars:
        by_symbol[b.symbol][b.ts] = b        # a repeat inside one body: the last one wins
    plans = [(instrument_for(store, s, list(by_symbol[s].values())), by_symbol[s]) for s in sorted(by_symbol)]
    reports = []
    for (inst, new), rows in plans:
        ordered = [rows[ts] for ts in sorted(rows)]
        report = _append_symbol(store, inst, new, ordered) if inst.bar_seconds else _append_daily(store, inst, ordered)
        from agent.trading.notify import publish

        publish(redis_url, report.notifications)
        bell.ring(report.notifications)
        reports.append(report)
    return reports


def _append_daily(store: Any, inst: Instrument, bars: list[LiveBar]) -> IngestReport:
    """Daily bars of a daily-only symbol: the store's own daily ingest (idempotent per trading
    date, a revised bar replaces the stored one, the coverage and the after-ingest hooks in its
    transaction), as `askbar load` of a daily file."""
    import pandas as pd

    frame = pd.DataFrame({"trading_date": pd.to_datetime([b.ts.date() for b in bars]),
                          **{k: [float(getattr(b, k)) for b in bars] for k in _VALUES}})
    return store.ingest(inst, frame, "daily")


def last_stored(store: Any, symbols: list[str]) -> dict[str, datetime | None]:
    """The newest stored 1-minute bar of each symbol (None: none): where a feed resumes."""
    reader = read(store)
    out: dict[str, datetime | None] = {}
    for s in symbols:
        row = reader.one(Q.LAST_TS, {"symbol": s})
        out[s] = row["ts"] if row else None
    return out


def _frame(inst: Instrument, bars: list[LiveBar]) -> pd.DataFrame:
    import pandas as pd

    from agent.market.ingest import with_sessions

    frame = pd.DataFrame({"ts": pd.to_datetime([b.ts for b in bars]),
                          **{k: [float(getattr(b, k)) for b in bars] for k in _VALUES}})
    return with_sessions(frame, inst)


def _rows(inst: Instrument, frame: pd.DataFrame) -> list[dict[str, Any]]:
    out = []
    for r in frame.itertuples(index=False):
        out.append({"symbol": inst.symbol, "ts": r.ts.to_pydatetime(),
                    "trading_date": r.trading_date.date() if hasattr(r.trading_date, "date") else r.trading_date,
                    "in_session": bool(r.in_session),
                    **{k: float(getattr(r, k)) for k in _VALUES}})
    return out


def _classify(tx: Tx, symbol: str, rows: list[dict[str, Any]]) -> tuple[list, list]:
    """(new rows, revised rows): a stored bar with the same values is neither."""
    stored = {r["ts"]: r for r in tx.rows(Q.STORED_IN_RANGE, {"symbol": symbol, "first": rows[0]["ts"],
                                                                "last": rows[-1]["ts"]})}
    new, revised = [], []
    for r in rows:
        s = stored.get(r["ts"])
        if s is None:
            new.append(r)
        elif any(float(s[k]) != r[k] for k in _VALUES) or bool(s["in_session"]) != r["in_session"] \
                or s["trading_date"] != r["trading_date"]:
            revised.append(r)
    return new, revised


def _append_symbol(store: Any, inst: Instrument, new_symbol: bool, bars: list[LiveBar]) -> IngestReport:
    frame = _frame(inst, bars)
    rows = _rows(inst, frame)
    p = {"symbol": inst.symbol}
    with store.write_transaction() as handle:
        tx = Tx(store.engine, handle)
        tx.lock("askbar.ingest." + inst.symbol)      # = agent/market/pg_sql.py INGEST_LOCK
        if new_symbol:
            tx.execute(_engine_sql(store.engine).UPSERT_INSTRUMENT, inst.model_dump(exclude={"multiplier"}))
        new, revised = _classify(tx, inst.symbol, rows)
        if new:
            _insert(store.engine, tx, handle, inst, new, frame)
        if revised:
            tx.values(Q.UPDATE_BARS, Q.BAR_COLS, revised)
        touched = [r["trading_date"] for r in (*new, *revised)]
        rebuilt = len(set(touched))
        if touched and (revised or not _appended(tx, inst, new)):
            _rebuild(store.engine, tx, inst, min(touched), max(touched))
        tx.execute(_engine_sql(store.engine).UPSERT_COVERAGE, {**p, "added": len(new)})
        report = IngestReport(symbol=inst.symbol, kind="intraday", rows=len(rows), inserted=len(new),
                              updated=len(revised), unchanged=len(rows) - len(new) - len(revised),
                              first=rows[0]["ts"], last=rows[-1]["ts"], daily_rebuilt=rebuilt)
        return after_ingest(tx, inst, report)


def _appended(tx: Tx, inst: Instrument, new: list[dict[str, Any]]) -> bool:
    """The rollups of bars that all come after their trading date's last stored in-session bar,
    updated in place (two statements); False when some bar is not such a bar (a late one):
    the caller then rebuilds the dates."""
    bars = [r for r in new if r["in_session"]]
    if not bars:
        return True                       # out-of-session bars are in no rollup
    dates = [r["trading_date"] for r in bars]
    last = {r["trading_date"]: r["last_ts"] for r in tx.rows(Q.DAY_LAST_TS, {"symbol": inst.symbol,
                                                                            "d0": min(dates), "d1": max(dates)})}
    if any(last.get(r["trading_date"]) is not None and r["ts"] <= last[r["trading_date"]] for r in bars):
        return False
    tx.values(Q.APPEND_1D, Q.DAY_COLS, _reduce(bars, lambda r: r["trading_date"], inst, daily=True))
    tx.values(Q.APPEND_1H, Q.HOUR_COLS, _reduce(bars, lambda r: r["ts"].replace(minute=0, second=0, microsecond=0),
                                                inst, daily=False))
    return True


def _reduce(bars: list[dict[str, Any]], key, inst: Instrument, daily: bool) -> list[dict[str, Any]]:
    """One rollup row per key (bars in ts order): open of the first, close of the last."""
    from zoneinfo import ZoneInfo

    groups: dict[Any, list[dict[str, Any]]] = {}
    for r in bars:
        groups.setdefault(key(r), []).append(r)
    out = []
    for k, rows in groups.items():
        row = {"symbol": inst.symbol, "open": rows[0]["open"], "high": max(r["high"] for r in rows),
               "low": min(r["low"] for r in rows), "close": rows[-1]["close"],
               "volume": sum(r["volume"] for r in rows), "bars": len(rows)}
        if daily:
            row.update(trading_date=k, first_ts=rows[0]["ts"], last_ts=rows[-1]["ts"])
        else:
            local = k.replace(tzinfo=ZoneInfo("UTC")).astimezone(ZoneInfo(inst.timezone)).replace(tzinfo=None)
            row.update(ts=k, ts_local=local, trading_date=min(r["trading_date"] for r in rows))
        out.append(row)
    return out


def _engine_sql(engine: str) -> Any:
    if engine == "duckdb":
        from agent.market import duckdb_store
        return duckdb_store
    from agent.market import pg_sql
    return pg_sql


def _insert(engine: str, tx: Tx, handle: Any, inst: Instrument, new: list[dict[str, Any]],
            frame: pd.DataFrame) -> None:
    if engine == "postgres":
        from agent.market import pg_partitions

        if not pg_partitions.has_partition(handle, inst.symbol):   # the symbol's first bars
            import numpy as np

            from agent.market.pg_copy import pg_date, pg_ts
            columns = [("ts", pg_ts(frame["ts"])), ("trading_date", pg_date(frame["trading_date"])),
                       ("in_session", frame["in_session"].to_numpy(np.bool_)),
                       *[(k, frame[k].to_numpy(np.float64)) for k in _VALUES]]
            pg_partitions.load_new_partition(handle, inst.symbol, columns)
            return
    tx.values(Q.INSERT_BARS, Q.BAR_COLS, new)


def _rebuild(engine: str, tx: Tx, inst: Instrument, d0, d1) -> None:
    """The touched trading dates' daily and hourly rollups, rebuilt from their 1-minute bars."""
    m = _engine_sql(engine)
    p = {"symbol": inst.symbol, "d0": d0, "d1": d1}
    if engine == "duckdb":
        for statement in (m.DELETE_1D, m.DELETE_1H, m.REBUILD_1D):
            tx.execute(statement, p)
        tx.execute(m.REBUILD_1H, {**p, "tz": inst.timezone})
    else:
        p.update(lo=d0 - timedelta(days=2), hi=d1 + timedelta(days=2), tz=inst.timezone)
        for statement in (m.DELETE_1D, m.DELETE_1H, m.REBUILD_1D, m.REBUILD_1H):
            tx.execute(statement, p)
