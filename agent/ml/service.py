"""What the ML tools compute: a next-day direction signal with its honest walk-forward record,
and which features the model leans on (permutation importance on out-of-sample days)."""
from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from agent.ml.bars import daily_bars
from agent.ml.features import FEATURES, build_features
from agent.ml.model_store import StoredModel, latest_model, save_model
from agent.ml.walkforward import (
    ALGORITHM,
    ALPHA,
    Evaluation,
    NotEnoughHistory,
    fit_final,
    new_model,
    walk_forward,
)

if TYPE_CHECKING:
    import pandas as pd

    from agent.market.store import MarketStore
    from agent.storage.appdb import AppDB

IMPORTANCE_REPEATS = 10
NOT_ADVICE = ("A statistical description of how this model did on past daily bars, not a "
              "recommendation to buy or sell.")
BASELINE = "always predict the training window's majority direction (same test days)"
TEST = (f"one-sided exact binomial (sign) test on the test days where model and baseline disagree, "
        f"{ALPHA:.0%} level")


def _data_key(bars: pd.DataFrame) -> str:
    last = bars.iloc[-1]
    return (f"{len(bars)}:{bars['trading_date'].iloc[0].date()}:{last['trading_date'].date()}:"
            f"{last['close']:.6f}")


def _importance(feats: pd.DataFrame, ev: Evaluation) -> list[dict[str, Any]]:
    """Permutation importance of a model fitted on the training window just before the test window,
    scored on the test window (days it never saw)."""
    from sklearn.inspection import permutation_importance

    known = feats[feats["target"].notna()].reset_index(drop=True)
    first = len(known) - ev.test_days
    X, y = known[list(FEATURES)].to_numpy(float), known["target"].to_numpy(int)
    model = new_model().fit(X[first - ev.train_window:first], y[first - ev.train_window:first])
    r = permutation_importance(model, X[first:], y[first:], n_repeats=IMPORTANCE_REPEATS,
                               random_state=0, scoring="accuracy")
    rows = [{"feature": f, "importance": round(float(m), 4), "std": round(float(s), 4)}
            for f, m, s in zip(FEATURES, r.importances_mean, r.importances_std)]
    return sorted(rows, key=lambda row: -row["importance"])


def train(store: MarketStore, db: AppDB, symbol: str, bars: pd.DataFrame) -> StoredModel:
    feats = build_features(bars)
    ev = walk_forward(feats)
    model, window = fit_final(feats, ev.train_window)
    evaluation = {**asdict(ev), "importance": _importance(feats, ev)}
    start = window["trading_date"].iloc[0].date().isoformat()
    end = window["trading_date"].iloc[-1].date().isoformat()
    save_model(db, symbol, ALGORITHM, _data_key(bars), start, end, evaluation, model)
    stored = latest_model(db, symbol)
    assert stored is not None
    return stored


def model_for(store: MarketStore, db: AppDB, symbol: str,
              retrain: bool = False) -> tuple[StoredModel, pd.DataFrame, bool]:
    """The stored model for the current bars (trained now if the bars changed); NotEnoughHistory."""
    bars = daily_bars(store, symbol)
    if len(bars) == 0:
        raise NotEnoughHistory(f"no daily bars stored for {symbol}")
    stored = latest_model(db, symbol)
    if stored is not None and stored.data_key == _data_key(bars) and not retrain:
        return stored, bars, False
    return train(store, db, symbol, bars), bars, True


def _summary(m: StoredModel, trained_now: bool) -> dict[str, Any]:
    ev = m.evaluation
    return {"symbol": m.symbol, "model_version": m.version, "algorithm": m.algorithm,
            "trained_now": trained_now, "training_start": m.train_start,
            "training_end": m.train_end, "training_days": ev["train_window"],
            "test_start": ev["test_start"], "test_end": ev["test_end"],
            "test_days": ev["test_days"], "refit_every_days": ev["refit_every"],
            "accuracy": ev["accuracy"], "baseline_accuracy": ev["baseline_accuracy"],
            "baseline": BASELINE, "p_value": ev["p_value"], "edge": ev["edge"],
            "significance_test": TEST}


def prediction_id(symbol: str, model_version: Any, as_of: str) -> str:
    """The seed's prediction id: which model predicted from which day's bars (the same bars and
    model give the same id, so get_ml_features can name the prediction it explains)."""
    return f"{symbol}:v{model_version}:{as_of}"


def signals(store: MarketStore, db: AppDB, symbol: str, retrain: bool = False) -> dict:
    m, bars, now = model_for(store, db, symbol, retrain)
    feats = build_features(bars)
    last = feats.iloc[[-1]]
    p_up = float(m.model.predict_proba(last[list(FEATURES)].to_numpy(float))[0, 1])
    as_of = last["trading_date"].iloc[0].date().isoformat()
    return {**_summary(m, now), "as_of": as_of, "prediction_id": prediction_id(m.symbol, m.version, as_of),
            "prediction": "up" if p_up >= 0.5 else "down",
            "probability_up": round(p_up, 4),
            "probability": round(max(p_up, 1 - p_up), 4),
            "note": NOT_ADVICE if m.evaluation["edge"] else
            "No edge: on the test days the model did not beat the baseline beyond chance. "
            + NOT_ADVICE}


def features(store: MarketStore, db: AppDB, symbol: str, retrain: bool = False) -> dict:
    m, bars, now = model_for(store, db, symbol, retrain)
    imp = m.evaluation["importance"]
    as_of = build_features(bars)["trading_date"].iloc[-1].date().isoformat()
    return {**_summary(m, now), "as_of": as_of,
            "prediction_id": prediction_id(m.symbol, m.version, as_of), "importance_method": (
                f"permutation importance: drop in accuracy on the {m.evaluation['test_days']} test "
                f"days when one feature is shuffled ({IMPORTANCE_REPEATS} repeats); a model fitted "
                "on the training window just before the test window"),
            "features": imp, "top_feature": imp[0]["feature"] if imp else None,
            "useful_features": int(np.sum([r["importance"] > 2 * r["std"] and r["importance"] > 0
                                           for r in imp]))}
