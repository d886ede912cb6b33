"""The validator (code) against real results: true claims pass, every kind of lie is caught."""
from __future__ import annotations

from datetime import date

import pandas as pd
import pytest

from agent.claims import period_stats
from agent.validation import validate
from query_builder import run_step
from query_builder.models import EventCondition, Step, StepParams
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


def test_recomputed_stats_match_pandas(spy_march):
    daily = _spy_rth_daily()
    march = daily[(daily.index >= date(2024, 3, 1)) & (daily.index <= date(2024, 3, 31))]
    got = period_stats(spy_march["rows"])
    assert got["high"] == pytest.approx(march["high"].max())
    assert got["high_date"] == str(march["high"].idxmax())
    assert got["avg_daily_volume"] == pytest.approx(march["volume"].mean())
    assert got["up_days"] == int((march["close"] > march["open"]).sum())
    rets = daily["close"].pct_change().mul(100)
    assert got["volatility"] == pytest.approx(rets.loc[march.index].std(ddof=1))


def test_truthful_answer_passes(spy_march):
    s = period_stats(spy_march["rows"])
    claims = [{"type": "high", "value": s["high"], "date": s["high_date"], "symbol": "SPY"},
              {"type": "pct_change", "value": s["pct_change"], "symbol": "SPY"}]
    text = f"SPY rose {s['pct_change']:.2f}% in March 2024; high {s['high']:.2f} on {s['high_date']}."
    assert validate(text, claims, [spy_march], "How did SPY do in March 2024?").status == "ok"


@pytest.mark.parametrize("claim,text,needle", [
    ({"type": "high", "value": 530.0, "symbol": "SPY"}, "High 530.00.", "high"),
    ({"type": "high", "value": 524.61, "date": "2024-03-01", "symbol": "SPY"}, "High 524.61.", "high"),
    ({"type": "trading_days", "value": 21, "symbol": "SPY"}, "21 trading days.", "trading_days"),
    ({"type": "pct_change", "value": 2.778105, "symbol": "SPY"}, "It rose 3.9% in March.", "3.9"),
])
def test_each_lie_is_caught(spy_march, claim, text, needle):
    v = validate(text, [claim], [spy_march], "How did SPY do in March 2024?")
    assert v.status == "rewrite" and any(needle in i for i in v.issues), v.issues
    assert v.feedback


def test_claim_about_unfetched_symbol_needs_more_data(spy_march):
    v = validate("NQ rose.", [{"type": "pct_change", "value": 1.0, "symbol": "NQ"}], [spy_march], "q")
    assert v.status == "need_more_data"


def test_event_claims_recomputed_from_rows(loaded_store):
    cond = EventCondition(metric="daily_pct_change", op="lt", threshold=-3)
    step = Step(action="find_events", params=StepParams(
        symbol="SPX", start_date=date(2008, 1, 1), end_date=date(2008, 12, 31), condition=cond))
    res = run_step(loaded_store, step).model_dump(mode="json")
    n = res["summary"]["event_count"]
    ok = validate(f"{n} days.", [{"type": "event_count", "value": n, "symbol": "SPX"}], [res], "q")
    assert ok.status == "ok"
    bad = validate(f"{n + 1} days.", [{"type": "event_count", "value": n + 1}], [res], "q")
    assert bad.status == "rewrite"
