"""Claim semantics recomputed from real rows match pandas (the validator's slot checks: test_lies)."""
from __future__ import annotations

from datetime import date

import pandas as pd
import pytest

from query_builder import run_step
from query_builder.models import Step, StepParams
from tests.conftest import DATA


@pytest.fixture
def spy_march(loaded_store):
    step = Step(action="get_period_stats", params=StepParams(
        symbol="SPY", start_date=date(2024, 3, 1), end_date=date(2024, 3, 31)))
    return run_step(loaded_store, step).model_dump(mode="json")


def _spy_rth_daily() -> pd.DataFrame:
    df = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    ts = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert("America/New_York")
    df = df[(ts.dt.hour * 60 + ts.dt.minute >= 570) & (ts.dt.hour < 16)].assign(d=ts.dt.date)
    g = df.groupby("d")
    return pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum()})


def test_period_summary_matches_pandas(spy_march):
    daily = _spy_rth_daily()
    march = daily[(daily.index >= date(2024, 3, 1)) & (daily.index <= date(2024, 3, 31))]
    got = spy_march["summary"]
    assert got["high"] == pytest.approx(march["high"].max())
    assert got["high_date"] == str(march["high"].idxmax())
    assert got["avg_daily_volume"] == pytest.approx(march["volume"].mean())
    assert got["up_days"] == int((march["close"] > march["open"]).sum())
    rets = daily["close"].pct_change().mul(100)
    assert got["volatility"] == pytest.approx(rets.loc[march.index].std(ddof=1))
