"""Statistics alerts evaluated on every ingest (an after-ingest hook, in the ingest's transaction,
after the price alerts): each active alert of the symbol is checked against the bars after its
watermark (`evaluated_through`), fires at most once, at the first bar its condition holds, and
moves its watermark, so a bar is seen once whatever path stored it (live, `askbar load`).

When each kind is decided (agent/nlu/alert_conditions.py for the kinds):
- window_range: when the window ends on trading date D: the first bar at or after the window's
  last minute (exchange wall clock, the instrument's zone). D's range (max high - min low of the
  bars inside the window) against `ratio` x the mean range of the `days` previous dates with bars
  in the window (fewer than `days` of them: not decided). Value: range / mean.
- closes_in_row, indicator_cross: when trading date D's close is final: the first bar after D's
  last in-session bar. Daily closes are the rollup's (ohlcv_1d); indicators are the query
  builder's (query_builder/indicators.py: Wilder RSI, SMA, EMA of daily closes). A cross: the value
  on D is beyond the level (or the close beyond the indicator) and on the date before was not.
- move_within: at each bar t, its close against the close of the last bar at or before
  t - minutes (and after t - 2 x minutes: a longer gap compares nothing). Value: the move in %.
A daily-only symbol (SPX: daily bars, no time of day) decides closes_in_row and indicator_cross
when each new daily bar is stored (its close is final then); the alert's watermark and the fired
bar are that date at 00:00. window_range and move_within need 1-minute bars (refused at creation).
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from agent.live import condition_sql as Q

Hit = tuple[datetime, float]      # (bar ts, value)


DAILY_KINDS = ("closes_in_row", "indicator_cross")      # what a daily-only symbol's bars can decide


def after_ingest(tx, instrument: Any, report: Any) -> Any:
    alerts = tx.rows(Q.ACTIVE_FOR_SYMBOL, {"symbol": instrument.symbol})
    if not alerts:
        return report
    daily = not getattr(instrument, "bar_seconds", None)
    last = tx.one(Q.LAST_DAY if daily else Q.LAST_BAR, {"symbol": instrument.symbol})
    through = last["ts"] if last else None
    if through is None:
        return report
    pending = [a for a in alerts if a["evaluated_through"] < through]
    if not pending:
        return report
    from agent.nlu.alert_conditions import AlertCondition

    data = _Data(tx, instrument, min(a["evaluated_through"] for a in pending), through, daily)
    notes = []
    for a in pending:
        cond = AlertCondition.model_validate_json(a["condition"])
        if daily and cond.kind not in DAILY_KINDS:
            continue                     # refused at creation; a symbol reloaded as daily: never decided
        hit = _KINDS[cond.kind](data, cond, a["evaluated_through"])
        if hit is not None:
            tx.execute(Q.MARK_FIRED, {"alert_id": a["alert_id"], "bar_ts": hit[0], "value": hit[1]})
            notes.append(_note(a, hit))
    tx.execute(Q.EVALUATED, {"symbol": instrument.symbol, "through": through})
    if not notes:
        return report
    from agent.trading import notify

    notes.sort(key=lambda n: n["bar_ts"])
    notify.lock(tx)
    added = notify.add_many(tx, notes)
    return report.model_copy(update={"alerts_fired": report.alerts_fired + len(added),
                                     "notifications": [*report.notifications, *added]})


def _note(a: dict[str, Any], hit: Hit) -> dict[str, Any]:
    from agent.lang import get

    ts, value = hit
    text = get("en", "alert_conditions", "fired").format(text=a["text"], ts=f"{ts:%Y-%m-%d %H:%M} UTC",
                                                         value=f"{value:.4g}")
    payload = {"alert_id": a["alert_id"], "symbol": a["symbol"], "condition_kind": a["kind"],
               "condition_text": a["text"], "value": value, "bar_ts": ts, "text": text}
    return {"tenant_id": a["tenant_id"], "user_id": a["user_id"], "kind": "alert", "ref_id": a["alert_id"],
            "symbol": a["symbol"], "bar_ts": ts, "payload": payload}


class _Data:
    """The symbol's bars the alerts need, read once per ingest and only when asked for."""

    def __init__(self, tx, instrument: Any, after: datetime, through: datetime, daily: bool = False):
        self.tx, self.inst, self.after, self.through, self.is_daily = tx, instrument, after, through, daily
        self._minutes: dict[datetime, Any] = {}
        self._daily: Any = None

    def minutes(self, since: datetime) -> Any:
        """Bars with since < ts <= through (ts, trading_date, high, low, close)."""
        if since not in self._minutes:
            import pandas as pd

            rows = self.tx.columns(Q.MINUTES_AFTER, {"symbol": self.inst.symbol, "after": since,
                                                     "through": self.through})
            df = pd.DataFrame({k: rows[k] for k in ("ts", "trading_date", "high", "low", "close")})
            df["ts"] = pd.to_datetime(df["ts"])
            df["trading_date"] = pd.to_datetime(df["trading_date"])
            for k in ("high", "low", "close"):
                df[k] = df[k].astype(float)
            self._minutes[since] = df
        return self._minutes[since]

    def daily(self) -> Any:
        if self._daily is None:
            import pandas as pd

            rows = self.tx.columns(Q.DAILY, {"symbol": self.inst.symbol, "through_date": self.through.date()})
            df = pd.DataFrame({k: rows[k] for k in ("trading_date", "close", "last_ts")})
            df["trading_date"] = pd.to_datetime(df["trading_date"])
            df["close"] = df["close"].astype(float)
            df["last_ts"] = pd.to_datetime(df["last_ts"])
            self._daily = df.reset_index(drop=True)
        return self._daily


def _completions(data: _Data, after: datetime) -> list[tuple[int, datetime]]:
    """(daily row index, ts of the bar that made its close final) of each trading date whose close
    became final after `after`, in date order. A daily-only symbol's close is final when its daily
    bar is stored: its ts is the date at 00:00 (as its price alerts and paper orders see it)."""
    import numpy as np

    daily = data.daily()
    if data.is_daily:
        days = daily["trading_date"].to_numpy("datetime64[ns]")
        return [(i, d.astype("datetime64[us]").astype(datetime)) for i, d in enumerate(days)
                if d > np.datetime64(after, "ns")]
    bars = data.minutes(after)["ts"].to_numpy("datetime64[ns]")
    out = []
    for i, last_ts in enumerate(daily["last_ts"].to_numpy("datetime64[ns]")):
        if np.isnat(last_ts) or last_ts < np.datetime64(after, "ns"):
            continue
        j = int(np.searchsorted(bars, last_ts, side="right"))
        if j < len(bars):
            out.append((i, bars[j].astype("datetime64[us]").astype(datetime)))
    return out


def _closes_in_row(data: _Data, c, after: datetime) -> Hit | None:
    closes = data.daily()["close"].to_numpy()
    n = c.count
    for i, ts in _completions(data, after):
        if i < n:
            continue
        steps = closes[i - n + 1:i + 1] - closes[i - n:i]
        if (steps < 0).all() if c.op == "below" else (steps > 0).all():
            return ts, float(n)
    return None


def _indicator_cross(data: _Data, c, after: datetime) -> Hit | None:
    import numpy as np

    from query_builder import indicators

    closes = data.daily()["close"].to_numpy(np.float64)
    ind = {"rsi": lambda x: indicators.rsi(x, c.period)["rsi"], "sma": lambda x: indicators.sma(x, c.period),
           "ema": lambda x: indicators.ema(x, c.period)}[c.indicator](closes)
    left, right = (ind, np.full(len(ind), c.level)) if c.level is not None else (closes, ind)
    for i, ts in _completions(data, after):
        if i < 1 or np.isnan(ind[i]) or np.isnan(ind[i - 1]):
            continue
        now, before = left[i] - right[i], left[i - 1] - right[i - 1]
        if (now > 0 >= before) if c.op == "above" else (now < 0 <= before):
            return ts, float(ind[i])
    return None


def _move_within(data: _Data, c, after: datetime) -> Hit | None:
    import numpy as np

    span = np.timedelta64(int(c.minutes), "m")
    df = data.minutes(after - timedelta(minutes=2 * c.minutes))
    ts = df["ts"].to_numpy("datetime64[ns]")
    close = df["close"].to_numpy(np.float64)
    start = int(np.searchsorted(ts, np.datetime64(after, "ns"), side="right"))
    for i in range(start, len(ts)):
        j = int(np.searchsorted(ts, ts[i] - span, side="right")) - 1
        if j < 0 or ts[j] <= ts[i] - 2 * span:
            continue
        move = (close[i] / close[j] - 1.0) * 100.0
        if (abs(move) >= c.pct) if c.direction == "any" else (move >= c.pct if c.direction == "up" else move <= -c.pct):
            return ts[i].astype("datetime64[us]").astype(datetime), float(move)
    return None


def _window_range(data: _Data, c, after: datetime) -> Hit | None:
    import pandas as pd

    zone = data.inst.timezone
    new = data.minutes(after)
    if new.empty:
        return None
    start, end = (pd.Timestamp(x).time() for x in (c.window_start, c.window_end))
    dates = sorted(set(new["trading_date"]))
    candidates = []
    for d in dates:
        end_utc = pd.Timestamp.combine(d.date(), end).tz_localize(zone).tz_convert("UTC").tz_localize(None)
        due = end_utc - pd.Timedelta(minutes=1)
        if due.to_pydatetime() <= after:
            continue
        hit = new[new["ts"] >= due]
        if len(hit):
            candidates.append((d, hit["ts"].iloc[0].to_pydatetime()))
    if not candidates:
        return None
    history = data.minutes(after - timedelta(days=int(c.days * 2) + 15))
    local = history["ts"].dt.tz_localize("UTC").dt.tz_convert(zone).dt.time
    inside = history[(local >= start) & (local < end)]
    ranges = inside.groupby("trading_date").agg(high=("high", "max"), low=("low", "min"))
    ranges = (ranges["high"] - ranges["low"]).sort_index()
    for d, ts in candidates:
        if d not in ranges.index:
            continue
        prior = ranges[ranges.index < d].iloc[-c.days:]
        if len(prior) < c.days or prior.mean() <= 0:
            continue
        ratio = float(ranges[d] / prior.mean())
        if (ratio > c.ratio) if c.op == "above" else (ratio < c.ratio):
            return ts, ratio
    return None


_KINDS = {"window_range": _window_range, "closes_in_row": _closes_in_row, "move_within": _move_within,
          "indicator_cross": _indicator_cross}
