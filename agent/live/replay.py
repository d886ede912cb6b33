"""`askbar feed replay FILE --symbol S [--speed N]`: a stored bar file replayed as live bars.

The file is read and checked by the loader's own code (agent/market/reader.py, ingest.prepare: the
same formats, time zones and errors as `askbar load`), then its bars go to the sink in time order:
at `speed` times real time (the wait between two bars is their distance divided by the speed,
at most `max_wait_s`, so a replayed night or weekend does not stall a demo), or, at speed 0, as
fast as the sink takes them in batches. Bars due together go in one batch.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from agent.live.bars import LiveBar
from agent.live.sink import Sink

log = logging.getLogger("askbar.feed")


@dataclass
class ReplayReport:
    bars: int = 0
    batches: int = 0
    inserted: int = 0
    alerts_fired: int = 0
    orders_filled: int = 0


def file_bars(path: str | Path, symbol: str, tz: str | None = None, start: datetime | None = None,
              end: datetime | None = None, columns: list[str] | None = None) -> list[LiveBar]:
    """The file's 1-minute bars as LiveBars (UTC), start <= ts < end."""
    import numpy as np

    from agent.market.errors import LoadError
    from agent.market.ingest import prepare
    from agent.market.instruments import default_instrument
    from agent.market.reader import read_bars

    prepared = prepare(read_bars(path, columns), tz or default_instrument(symbol).timezone)
    if prepared.kind != "intraday" or (prepared.bar_seconds or 60) != 60:
        raise LoadError(str(path), "replay takes 1-minute bars; this file has "
                        + ("daily bars" if prepared.kind == "daily" else f"{prepared.bar_seconds}-second bars"))
    f = prepared.frame
    ts = f["ts"].to_numpy("datetime64[ns]")
    keep = np.ones(len(f), dtype=bool)
    if start is not None:
        keep &= ts >= np.datetime64(start, "ns")
    if end is not None:
        keep &= ts < np.datetime64(end, "ns")
    f = f[keep]
    cols = {k: f[k].to_numpy(np.float64).tolist() for k in ("open", "high", "low", "close", "volume")}
    stamps = f["ts"].dt.to_pydatetime().tolist()
    return [LiveBar(symbol=symbol, ts=t, open=o, high=h, low=lo, close=c, volume=v)
            for t, o, h, lo, c, v in zip(stamps, cols["open"], cols["high"], cols["low"], cols["close"],
                                         cols["volume"])]


def replay(bars: list[LiveBar], sink: Sink, speed: float = 1.0, batch: int = 500, max_wait_s: float = 5.0,
           sleep: Callable[[float], None] = time.sleep,
           on_batch: Callable[[list[LiveBar], dict], None] | None = None) -> ReplayReport:
    report = ReplayReport()
    i = 0
    while i < len(bars):
        if speed <= 0:
            group = bars[i:i + batch]
        else:
            j = i + 1
            while j < len(bars) and bars[j].ts == bars[i].ts:
                j += 1
            group = bars[i:j]
        got = sink.send(group)
        report.bars += len(group)
        report.batches += 1
        for s in got.get("symbols", []):
            report.inserted += s.get("inserted", 0)
            report.alerts_fired += s.get("alerts_fired", 0)
            report.orders_filled += s.get("orders_filled", 0)
        if on_batch:
            on_batch(group, got)
        i += len(group)
        if speed > 0 and i < len(bars):
            sleep(min((bars[i].ts - group[-1].ts).total_seconds() / speed, max_wait_s))
    return report
