"""ML signals on the S&P 500 daily bars, both engines: the reported accuracy and baseline are
recomputed independently (pandas, from the CSV) over the reported test window; perturbing future
bars never changes past predictions; models are stored with version and training range and reused;
short histories are refused."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binomtest

from agent.identity.models import LOCAL_USER
from agent.ml.bars import daily_bars
from agent.ml.features import FEATURES, build_features
from agent.ml.model_store import latest_model
from agent.ml.walkforward import walk_forward
from agent.settings import Settings
from agent.tools.catalog import ml as ml_tools
from agent.tools.spec import ToolContext, ToolError
from tests.agent.news.conftest import ENGINE_PAIRS, SPX_DAILY, new_appdb, new_market
from tests.conftest import DATA

BTC_1MIN = DATA / "btc_perp_1min" / "btc-perp-20211231-20220201_1m.csv"


@pytest.fixture(scope="module", params=ENGINE_PAIRS)
def ml_env(request, tmp_path_factory, pg_database_factory):
    from agent.market.ingest import load_file

    store = new_market(request.param, tmp_path_factory, pg_database_factory)
    db = new_appdb(request.param, tmp_path_factory, pg_database_factory)
    load_file(store, SPX_DAILY, "SPX")
    load_file(store, BTC_1MIN, "BTCUSD")
    yield ToolContext(user=LOCAL_USER, settings=Settings(), store=store, appdb=db)
    db.close()
    store.close()


def _csv_closes() -> pd.Series:
    bars = pd.read_csv(SPX_DAILY)
    return pd.Series(bars["Close"].to_numpy(), index=pd.to_datetime(bars["Date"]).dt.date.astype(str))


def test_signal_and_independent_recomputation(ml_env):
    out = ml_tools.get_ml_signals(ml_env, ml_tools.MLParams(symbol="spx"))
    assert out["prediction"] in ("up", "down") and 0.5 <= out["probability"] <= 1
    assert out["as_of"] == "2020-11-30" and "not a recommendation" in out["note"]
    assert json.loads(json.dumps(out)) == out
    ev = latest_model(ml_env.appdb, "SPX").evaluation
    closes = _csv_closes()
    dates = list(closes.index)
    # the test window is the last test_days dates that have a next close
    assert dates[-1] == out["as_of"] and dates.index(out["test_end"]) == len(dates) - 2
    test_idx = range(dates.index(out["test_start"]), dates.index(out["test_end"]) + 1)
    assert len(test_idx) == out["test_days"] == len(ev["predictions"])
    up = (closes.shift(-1) > closes).astype(int).to_numpy()
    actual = up[list(test_idx)]
    accuracy = float(np.mean(np.array(ev["predictions"]) == actual))
    assert out["accuracy"] == pytest.approx(accuracy, abs=1e-4)
    # baseline: per refit block, the majority direction of the train_window dates before it
    base = []
    for b in range(test_idx[0], test_idx[-1] + 1, out["refit_every_days"]):
        block = min(out["refit_every_days"], test_idx[-1] + 1 - b)
        window = up[b - out["training_days"]:b]
        base += [int(window.mean() >= 0.5)] * block
    base = np.array(base)
    assert out["baseline_accuracy"] == pytest.approx(float(np.mean(base == actual)), abs=1e-4)
    pred = np.array(ev["predictions"])
    dis = pred != base
    p = binomtest(int((pred[dis] == actual[dis]).sum()), int(dis.sum()), 0.5,
                  alternative="greater").pvalue if dis.any() else 1.0
    assert out["p_value"] == pytest.approx(p, abs=1e-4)
    assert out["edge"] == bool(p < 0.05 and accuracy > np.mean(base == actual))
    # the final model's training range ends before the date it predicts from
    assert out["training_end"] == out["test_end"] and out["training_start"] < out["training_end"]


def test_perturbing_future_bars_does_not_change_past_predictions(ml_env):
    bars = daily_bars(ml_env.store, "SPX")
    feats = build_features(bars)
    ev = walk_forward(feats)
    cut = ev.dates[len(ev.dates) // 2]
    later = bars["trading_date"] > pd.Timestamp(cut)
    shuffled = bars.copy()
    cols = ["open", "high", "low", "close", "volume"]
    rng = np.random.default_rng(7)
    shuffled.loc[later, cols] = bars.loc[later, cols].to_numpy()[rng.permutation(int(later.sum()))]
    ev2 = walk_forward(build_features(shuffled), ev.train_window, ev.test_days)
    past = [i for i, d in enumerate(ev.dates) if d <= cut]
    assert ev.dates == ev2.dates and len(past) > 300
    assert [ev.probabilities[i] for i in past] == [ev2.probabilities[i] for i in past]
    assert ev.probabilities[past[-1] + 1:] != ev2.probabilities[past[-1] + 1:]   # it did matter
    # each feature row depends only on its own date and earlier ones
    k = 5000
    head = build_features(bars.iloc[:k])
    assert np.allclose(head[list(FEATURES)].to_numpy(),
                       feats[list(FEATURES)].iloc[:len(head)].to_numpy(), equal_nan=True)


def test_model_stored_versioned_and_reused(ml_env):
    first = ml_tools.get_ml_signals(ml_env, ml_tools.MLParams(symbol="SPX"))
    again = ml_tools.get_ml_signals(ml_env, ml_tools.MLParams(symbol="SPX"))
    assert again["trained_now"] is False and again["model_version"] == first["model_version"]
    assert again["probability_up"] == first["probability_up"]
    new = ml_tools.get_ml_signals(ml_env, ml_tools.MLParams(symbol="SPX", retrain=True))
    assert new["trained_now"] is True and new["model_version"] == first["model_version"] + 1
    assert new["accuracy"] == first["accuracy"]          # same bars, deterministic model
    stored = latest_model(ml_env.appdb, "SPX")
    assert (stored.version, stored.train_start, stored.train_end) == (
        new["model_version"], new["training_start"], new["training_end"])


def test_features_importance(ml_env):
    out = ml_tools.get_ml_features(ml_env, ml_tools.MLParams(symbol="SPX"))
    names = [f["feature"] for f in out["features"]]
    assert sorted(names) == sorted(FEATURES) and out["top_feature"] == names[0]
    values = [f["importance"] for f in out["features"]]
    assert values == sorted(values, reverse=True)
    assert 0 <= out["useful_features"] <= len(FEATURES)
    assert json.loads(json.dumps(out)) == out


def test_short_history_is_refused(ml_env):
    with pytest.raises(ToolError) as err:
        ml_tools.get_ml_signals(ml_env, ml_tools.MLParams(symbol="BTCUSD"))
    assert err.value.code == "VALIDATION_ERROR" and "needs at least 350" in err.value.message
    with pytest.raises(ToolError) as err:
        ml_tools.get_ml_features(ml_env, ml_tools.MLParams(symbol="NOPE"))
    assert err.value.code == "VALIDATION_ERROR" and "no daily bars" in err.value.message


def test_declarations():
    specs = {t.name: t for t in ml_tools.TOOLS}
    assert specs["get_ml_signals"].required_plan == "pro"
    assert specs["get_ml_features"].required_plan == "premium"
    assert all(t.id == f"ml.{t.name}" and t.category == "ml" for t in specs.values())


def test_features_name_the_prediction_they_explain(ml_env):
    """Seed 000: get_ml_features takes `prediction_id` (of a previous get_ml_signals call)."""
    assert "prediction_id" in ml_tools.MLFeaturesParams.model_json_schema()["properties"]
    signal = ml_tools.get_ml_signals(ml_env, ml_tools.MLParams(symbol="SPX"))
    last = pd.read_csv(SPX_DAILY)["Date"].map(lambda d: pd.Timestamp(d).date().isoformat()).iloc[-1]
    assert signal["prediction_id"] == f"SPX:v{signal['model_version']}:{last}"
    out = ml_tools.get_ml_features(ml_env, ml_tools.MLFeaturesParams(
        symbol="SPX", prediction_id=signal["prediction_id"]))
    assert out["prediction_id"] == signal["prediction_id"] and out["top_feature"]
    with pytest.raises(ToolError) as err:
        ml_tools.get_ml_features(ml_env, ml_tools.MLFeaturesParams(symbol="SPX",
                                                                   prediction_id="SPX:v0:1999-01-01"))
    assert err.value.code == "VALIDATION_ERROR" and "SPX:v0:1999-01-01" in err.value.message
