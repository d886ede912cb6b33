"""Statistics alerts on a daily-only symbol (SPX: the shared S&P 500 daily file, no 1-minute bars),
on both engines: history loaded as a file, the alert created at its last daily bar, the next daily
bars arriving through the live path (daily bars stamped 00:00 of their date) and by `askbar load`
of a file; each alert fires once, on the date an independent pandas computation on the same closes
finds, with its value. Kinds that need 1-minute bars are refused with a clear reason."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from agent.live import condition_alerts
from agent.live.append import append_bars
from agent.live.bars import LiveBar
from agent.market.ingest import load_file
from agent.nlu.alert_conditions import AlertCondition
from agent.tools.spec import ToolError
from tests.agent.live.test_condition_alerts import _notifications, _wilder_rsi, store  # noqa: F401
from tests.agent.trading.helpers import ALICE
from tests.conftest import DATA

SPX = DATA / "sp500_daily/chainins_GSPC.csv"
FIRST, CUT = "2018-01-01", "2020-01-01"      # history from FIRST, live from CUT


def _spx() -> pd.DataFrame:
    raw = pd.read_csv(SPX)
    df = pd.DataFrame({"date": pd.to_datetime(raw["Date"], format="%m/%d/%Y"),
                       **{k: raw[k.capitalize()].astype(float) for k in ("open", "high", "low", "close", "volume")}})
    return df[df["date"] >= pd.Timestamp(FIRST)].reset_index(drop=True)


def _csv(frame: pd.DataFrame, path) -> None:
    out = frame.assign(Date=frame["date"].dt.strftime("%Y-%m-%d"))
    out.rename(columns={k: k.capitalize() for k in ("open", "high", "low", "close", "volume")})[
        ["Date", "Open", "High", "Low", "Close", "Volume"]].to_csv(path, index=False)


def _run(store, tmp_path, cond: AlertCondition):  # noqa: F811
    """History before CUT as a file; the alert; then ten weeks of daily bars live, 5 a call, and
    the rest of 2020 as a second file. (alert, its watermark, the closes)."""
    frame = _spx()
    hist, rest = frame[frame["date"] < pd.Timestamp(CUT)], frame[frame["date"] >= pd.Timestamp(CUT)]
    _csv(hist, tmp_path / "hist.csv")
    load_file(store, tmp_path / "hist.csv", "SPX")
    alert, _ = condition_alerts.create(store, ALICE, cond)
    live, later = rest.iloc[:50], rest.iloc[50:]
    bars = [LiveBar(symbol="SPX", ts=r.date.to_pydatetime(), open=r.open, high=r.high, low=r.low, close=r.close,
                    volume=r.volume) for r in live.itertuples(index=False)]
    for i in range(0, len(bars), 5):
        append_bars(store, bars[i:i + 5])
    _csv(later, tmp_path / "later.csv")
    load_file(store, tmp_path / "later.csv", "SPX")
    return condition_alerts.get(store, ALICE, alert.alert_id), hist["date"].max(), frame.set_index("date")["close"]


def _fired_on(alert, closes: pd.Series, hits: pd.Series, mark) -> pd.Timestamp:
    due = hits[hits & (hits.index > mark)]
    assert len(due), "the real closes must hold a hit after the cut"
    assert alert.status == "fired"
    assert pd.Timestamp(alert.fired_bar_ts) == due.index[0]       # the date at 00:00
    return due.index[0]


# three lower closes first happen on 2020-02-24 (a live bar), five higher on 2020-07-06 (the file)
@pytest.mark.parametrize("op,count", [("below", 3), ("above", 5)])
def test_closes_in_row_on_daily_bars(store, tmp_path, op, count):  # noqa: F811
    cond = AlertCondition(kind="closes_in_row", symbol="SPX", op=op, count=count)
    alert, mark, closes = _run(store, tmp_path, cond)
    step = closes.diff() < 0 if op == "below" else closes.diff() > 0
    streak = step.rolling(count).sum() == count
    _fired_on(alert, closes, streak, mark)
    assert alert.fired_value == count
    assert _notifications(store, alert.alert_id) == 1


@pytest.mark.parametrize("indicator", ["rsi", "sma"])
def test_indicator_cross_on_daily_closes(store, tmp_path, indicator):  # noqa: F811
    if indicator == "rsi":
        cond = AlertCondition(kind="indicator_cross", symbol="SPX", op="below", indicator="rsi", period=14, level=30)
    else:
        cond = AlertCondition(kind="indicator_cross", symbol="SPX", op="below", indicator="sma", period=50)
    alert, mark, closes = _run(store, tmp_path, cond)
    if indicator == "rsi":
        value = _wilder_rsi(closes)
        gap = value - 30.0
    else:
        value = closes.rolling(50).mean()
        gap = closes - value
    cross = (gap < 0) & (gap.shift(1) >= 0) & value.notna() & value.shift(1).notna()
    day = _fired_on(alert, closes, cross, mark)
    assert alert.fired_value == pytest.approx(float(value[day]), rel=1e-9)
    assert _notifications(store, alert.alert_id) == 1
    # both fire in the crash of February-March 2020: from the live bars or the later file
    assert pd.Timestamp("2020-02-20") <= day <= pd.Timestamp("2020-03-31")


def test_kinds_that_need_minutes_are_refused_on_a_daily_symbol(store, tmp_path):  # noqa: F811
    _csv(_spx().iloc[:300], tmp_path / "hist.csv")
    load_file(store, tmp_path / "hist.csv", "SPX")
    cond = AlertCondition(kind="move_within", symbol="SPX", pct=2.0, minutes=60, direction="any")
    with pytest.raises(ToolError, match="SPX has daily bars only: a move_within alert needs 1-minute bars"):
        condition_alerts.create(store, ALICE, cond)
    assert not np.any([a.symbol == "SPX" for a in condition_alerts.list_for(store, ALICE)])
