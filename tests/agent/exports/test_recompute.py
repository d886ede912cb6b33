"""The notebook's recomputation (agent/exports/recompute.py) over a plan's rows run again on each
engine (agent/exports/request.rerun): the figures pandas gets from the raw files match, a wrong
claim is flagged, and a claim no step's rows can give says so instead of a number."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.exports.recompute import recompute
from agent.exports.request import rerun
from tests.agent.exports.reference import nq_claims, spx_falls
from tests.conftest import DATA

NQ_STEP = {"action": "get_period_stats", "params": {"symbol": "NQ", "start_date": "2023-11-01",
                                                    "end_date": "2023-11-30"}}
SPX_AFTER = {"action": "get_periods_after", "params": {"symbol": "SPX", "start_date": "2008-01-01",
             "end_date": "2008-12-31", "horizon_days": 5,
             "condition": {"metric": "daily_pct_change", "op": "lt", "threshold": -3.0}}}
SPX_EVENTS = {**SPX_AFTER, "action": "find_events"}


def _check(store, steps, claims) -> pd.DataFrame:
    got = rerun(store, {"steps": steps})
    return recompute(claims, [{"action": s.action, "params": s.params} for s in got],
                     [pd.DataFrame(s.rows) for s in got]).set_index("type")


def test_period_stats_match_pandas_on_the_raw_file(loaded_store):
    ref = nq_claims()
    claims = [{"type": k, "value": v, "symbol": "NQ", "period": "2023-11"} for k, v in ref.items()]
    claims.append({"type": "high", "value": ref["high"] + 0.25, "symbol": "NQ", "period": "2023-11",
                   "date": "2023-11-29"})                          # a wrong high: flagged
    claims.append({"type": "rsi", "value": 55.0, "symbol": "NQ", "date": "2023-11-30"})
    check = _check(loaded_store, [NQ_STEP], claims)
    good = check.iloc[:len(ref)]
    assert good["match"].all() and good["recomputed"].tolist() == pytest.approx(list(ref.values()))
    wrong = check.iloc[len(ref)]
    assert wrong["match"] is not None and not wrong["match"]
    assert check.loc["rsi", "recomputed"] is None or pd.isna(check.loc["rsi", "recomputed"])
    assert "not recomputed" in check.loc["rsi", "note"]


def test_events_and_what_followed(loaded_store):
    falls = spx_falls("2008", 3.0)
    day = falls.iloc[0]
    claims = [{"type": "event_count", "value": float(len(falls)), "symbol": "SPX", "period": "2008"},
              {"type": "daily_pct_change", "value": day["ret"], "symbol": "SPX", "date": day["d"]}]
    check = _check(loaded_store, [SPX_EVENTS], claims)
    assert check["match"].all(), check
    closes = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    closes["d"] = pd.to_datetime(closes["Date"]).dt.strftime("%Y-%m-%d")
    closes = closes.sort_values("d").reset_index(drop=True)
    idx = closes.index[closes["d"].isin(falls["d"])]
    rets = (closes["Close"].shift(-5)[idx] / closes["Close"][idx] - 1) * 100
    after = [{"type": "avg_return_after", "value": rets.mean(), "symbol": "SPX"},
             {"type": "median_return_after", "value": rets.median(), "symbol": "SPX"},
             {"type": "win_rate_after", "value": (rets > 0).mean() * 100, "symbol": "SPX"}]
    check = _check(loaded_store, [SPX_AFTER], after)
    assert check["match"].all(), check
