"""Statistics alerts on real 1-minute data replayed as live (agent/live/conditions.py), each kind
checked against an independent pandas computation on the same bars, on both engines: history is
loaded as a file, the alert is created at its last bar, the rest arrives through the live path in
batches; the alert fires once, at the bar pandas finds, with its value."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from agent.live import condition_alerts
from agent.live.replay import replay
from agent.live.sink import StoreSink
from agent.market.ingest import load_file
from agent.nlu.alert_conditions import AlertCondition
from tests.agent.live.helpers import BTC, SPY, live, real_bars, write_csv
from tests.agent.market.conftest import new_store
from tests.agent.trading.helpers import ALICE
from tests.conftest import ENGINES

NY = "America/New_York"


@pytest.fixture(params=ENGINES)
def store(request, tmp_path_factory, pg_database_factory):
    s = new_store(request.param, tmp_path_factory, pg_database_factory)
    yield s
    s.close()


def _run(store, tmp_path, frame: pd.DataFrame, cut: str, symbol: str, cond: AlertCondition):
    """Load bars before `cut`, create the alert, replay the rest live; (alert, watermark)."""
    hist, rest = frame[frame["ts"] < pd.Timestamp(cut)], frame[frame["ts"] >= pd.Timestamp(cut)]
    write_csv(hist, tmp_path / "hist.csv")
    load_file(store, tmp_path / "hist.csv", symbol, tz="UTC")
    alert, _ = condition_alerts.create(store, ALICE, cond)
    replay(live(rest), StoreSink(store), speed=0, batch=150)
    return condition_alerts.get(store, ALICE, alert.alert_id), hist["ts"].max()


def _notifications(store, alert_id: str) -> int:
    ph = "%(a)s" if store.engine == "postgres" else "$a"
    return store.query(f"SELECT count(*) AS n FROM user_notifications WHERE ref_id = {ph}", {"a": alert_id})[0]["n"]


def _rth_daily(frame: pd.DataFrame) -> pd.DataFrame:
    """SPY regular-hours daily closes (09:30-16:00 New York) and when each became final: the first
    bar after the session's last regular-hours bar."""
    local = frame["ts"].dt.tz_localize("UTC").dt.tz_convert(NY)
    rth = frame[(local.dt.time >= pd.Timestamp("09:30").time()) & (local.dt.time < pd.Timestamp("16:00").time())]
    day = rth.assign(date=local[rth.index].dt.date).groupby("date").agg(close=("close", "last"), last_ts=("ts", "max"))
    stamps = frame["ts"].to_numpy()
    day["final_at"] = [stamps[i] if (i := np.searchsorted(stamps, t.to_datetime64(), side="right")) < len(stamps)
                       else pd.NaT for t in day["last_ts"]]
    return day


def test_closes_in_row(store, tmp_path):
    frame = real_bars(SPY, "SPY", "2024-02-20", "2024-05-18")
    cut = "2024-03-15 12:00"
    cond = AlertCondition(kind="closes_in_row", symbol="SPY", op="below", count=3)
    alert, mark = _run(store, tmp_path, frame, cut, "SPY", cond)
    day = _rth_daily(frame)
    falls = day["close"].diff() < 0
    streak = falls & falls.shift(1, fill_value=False) & falls.shift(2, fill_value=False)
    due = day[streak & (day["final_at"] > mark)]
    assert len(due), "the real data must hold three lower closes in a row after the cut"
    assert alert.status == "fired"
    assert pd.Timestamp(alert.fired_bar_ts) == due["final_at"].iloc[0]
    assert _notifications(store, alert.alert_id) == 1


def test_move_within_an_hour(store, tmp_path):
    frame = real_bars(BTC, "BTCUSD", "2021-12-31", "2022-01-15", naive_tz="UTC")
    cut = "2022-01-03 00:00"
    cond = AlertCondition(kind="move_within", symbol="BTCUSD", pct=2.0, minutes=60, direction="any")
    alert, mark = _run(store, tmp_path, frame, cut, "BTCUSD", cond)
    f = frame[["ts", "close"]].copy()
    ref = pd.merge_asof(f.assign(at=f["ts"] - pd.Timedelta(minutes=60)).sort_values("at"),
                        f.rename(columns={"ts": "ref_ts", "close": "ref_close"}), left_on="at", right_on="ref_ts")
    ref = ref[ref["ref_ts"] > ref["ts"] - pd.Timedelta(minutes=120)]
    ref["move"] = (ref["close"] / ref["ref_close"] - 1) * 100
    hits = ref[(ref["ts"] > mark) & (ref["move"].abs() >= 2.0)].sort_values("ts")
    assert len(hits)
    assert alert.status == "fired"
    assert pd.Timestamp(alert.fired_bar_ts) == hits["ts"].iloc[0]
    assert alert.fired_value == pytest.approx(hits["move"].iloc[0], abs=1e-9)
    assert _notifications(store, alert.alert_id) == 1


def test_first_hour_range_against_its_average(store, tmp_path):
    frame = real_bars(SPY, "SPY", "2024-02-20", "2024-05-18")
    local = frame["ts"].dt.tz_localize("UTC").dt.tz_convert(NY)
    first = frame[(local.dt.time >= pd.Timestamp("09:30").time()) & (local.dt.time < pd.Timestamp("10:30").time())]
    rng = first.assign(date=local[first.index].dt.date).groupby("date").agg(h=("high", "max"), l=("low", "min"))
    rng = rng["h"] - rng["l"]
    ratio = rng / rng.rolling(10).mean().shift(1)
    cut = "2024-03-20 12:00"
    after = ratio[[d > pd.Timestamp(cut).date() for d in ratio.index]].dropna()
    level = round(float(after.nlargest(3).iloc[-1]) - 0.01, 2)      # crossed on a few days only
    cond = AlertCondition(kind="window_range", symbol="SPY", op="above", window_start="09:30", window_end="10:30",
                          ratio=level, days=10)
    alert, mark = _run(store, tmp_path, frame, cut, "SPY", cond)
    day = after[after > level].index[0]
    end = pd.Timestamp.combine(day, pd.Timestamp("10:29").time()).tz_localize(NY).tz_convert("UTC").tz_localize(None)
    expected = frame[frame["ts"] >= end]["ts"].iloc[0]
    assert alert.status == "fired"
    assert pd.Timestamp(alert.fired_bar_ts) == expected
    assert alert.fired_value == pytest.approx(float(after[day]), rel=1e-9)
    assert _notifications(store, alert.alert_id) == 1


def _wilder_rsi(close: pd.Series, n: int = 14) -> pd.Series:
    d = close.diff()
    gain, loss = d.clip(lower=0), (-d).clip(lower=0)
    out = pd.Series(np.nan, index=close.index)
    ag, al = gain.iloc[1:n + 1].mean(), loss.iloc[1:n + 1].mean()
    for i in range(n, len(close)):
        if i > n:
            ag = (ag * (n - 1) + gain.iloc[i]) / n
            al = (al * (n - 1) + loss.iloc[i]) / n
        out.iloc[i] = 100.0 if al == 0 else 100 - 100 / (1 + ag / al)
    return out


@pytest.mark.parametrize("indicator", ["rsi", "sma"])
def test_indicator_cross(store, tmp_path, indicator):
    frame = real_bars(SPY, "SPY", "2024-02-20", "2024-05-18")
    day = _rth_daily(frame)
    cut = "2024-04-01 12:00"
    if indicator == "rsi":
        value = _wilder_rsi(day["close"])
        cond = AlertCondition(kind="indicator_cross", symbol="SPY", op="below", indicator="rsi", period=14, level=50)
        left, right = value, pd.Series(50.0, index=value.index)
    else:
        value = day["close"].rolling(20).mean()
        cond = AlertCondition(kind="indicator_cross", symbol="SPY", op="below", indicator="sma", period=20)
        left, right = day["close"], value
    alert, mark = _run(store, tmp_path, frame, cut, "SPY", cond)
    gap = left - right
    cross = (gap < 0) & (gap.shift(1) >= 0) & value.notna() & value.shift(1).notna()
    due = day[cross & (day["final_at"] > mark)]
    assert len(due)
    assert alert.status == "fired"
    assert pd.Timestamp(alert.fired_bar_ts) == due["final_at"].iloc[0]
    assert alert.fired_value == pytest.approx(float(value[due.index[0]]), rel=1e-9)
    assert _notifications(store, alert.alert_id) == 1
