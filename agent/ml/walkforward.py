"""Walk-forward evaluation of the next-day direction model, without look-ahead.

The test window is the last `test_days` dates with a known next-day close. It is cut into blocks of
`refit_every` dates; each block is predicted by a model fitted on the `train_window` dates just
before the block (their targets are all known by the block's first close), and the baseline for the
block is the majority direction of those same training dates. Features only use data up to their
own date (agent/ml/features.py), and the scaler is fitted inside the training window.

Edge: the model and the baseline are scored on the same days, so the test is paired: an exact
one-sided binomial (sign / McNemar) test on the days where they disagree, H0 "the model is right
on half of them", at 5 %. `edge` is true only if p < 0.05 (and so accuracy > baseline).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy.stats import binomtest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler

from agent.ml.features import FEATURES

ALGORITHM = "logistic_regression"
TRAIN_WINDOW = 1000       # ~4 years of daily bars
MIN_TRAIN = 250           # ~1 year: less than this is refused
TEST_DAYS = 750           # ~3 years of out-of-sample days at most
MIN_TEST = 100
REFIT_EVERY = 21          # ~monthly refits: 36 fits for 750 test days
ALPHA = 0.05


class NotEnoughHistory(ValueError):
    """Fewer usable daily bars than training + testing need."""


@dataclass
class Evaluation:
    train_window: int
    refit_every: int
    test_start: str
    test_end: str
    test_days: int
    accuracy: float
    baseline_accuracy: float
    correct: int
    baseline_correct: int
    disagreements: int
    model_wins: int
    p_value: float
    edge: bool
    dates: list[str] = field(default_factory=list)         # each test day (the feature date)
    predictions: list[int] = field(default_factory=list)   # model: 1 = next close higher
    probabilities: list[float] = field(default_factory=list)
    baseline: list[int] = field(default_factory=list)


def new_model() -> Pipeline:
    # newton-cholesky: the same L2 solution as lbfgs, 12 ms a fit instead of 138 ms (1,000 x 14,
    # measured on this 2-core machine under load); 36 walk-forward fits stay well under a second
    return make_pipeline(StandardScaler(),
                         LogisticRegression(C=0.1, solver="newton-cholesky", max_iter=100))


def plan_windows(usable: int) -> tuple[int, int]:
    """(train_window, test_days) for `usable` dates with known targets; NotEnoughHistory if short."""
    test = min(TEST_DAYS, max(MIN_TEST, usable - TRAIN_WINDOW))
    train = min(TRAIN_WINDOW, usable - test)
    if train < MIN_TRAIN:
        raise NotEnoughHistory(
            f"{usable} daily bars with features and a known next day; the model needs at least "
            f"{MIN_TRAIN + MIN_TEST} ({MIN_TRAIN} to train, {MIN_TEST} to test out of sample)")
    return train, test


def walk_forward(feats: pd.DataFrame, train_window: int | None = None,
                 test_days: int | None = None, refit_every: int = REFIT_EVERY) -> Evaluation:
    known = feats[feats["target"].notna()].reset_index(drop=True)
    if train_window is None or test_days is None:
        train_window, test_days = plan_windows(len(known))
    X, y = known[list(FEATURES)].to_numpy(float), known["target"].to_numpy(int)
    first = len(known) - test_days
    preds, probs, base = [], [], []
    for b in range(first, len(known), refit_every):
        lo, hi = b - train_window, min(b + refit_every, len(known))
        model = new_model().fit(X[lo:b], y[lo:b])
        p = model.predict_proba(X[b:hi])[:, 1]
        probs += p.tolist()
        preds += (p >= 0.5).astype(int).tolist()
        base += [int(y[lo:b].mean() >= 0.5)] * (hi - b)
    actual = y[first:]
    pred, bl = np.array(preds), np.array(base)
    correct, b_correct = int((pred == actual).sum()), int((bl == actual).sum())
    disagree = pred != bl
    wins = int((pred[disagree] == actual[disagree]).sum())
    n_dis = int(disagree.sum())
    p_value = float(binomtest(wins, n_dis, 0.5, alternative="greater").pvalue) if n_dis else 1.0
    dates = [d.date().isoformat() for d in pd.to_datetime(known["trading_date"].iloc[first:])]
    return Evaluation(train_window, refit_every, dates[0], dates[-1], len(actual),
                      round(correct / len(actual), 4), round(b_correct / len(actual), 4), correct,
                      b_correct, n_dis, wins, round(p_value, 4),
                      bool(p_value < ALPHA and correct > b_correct), dates, preds,
                      [round(p, 4) for p in probs], base)


def fit_final(feats: pd.DataFrame, train_window: int) -> tuple[Pipeline, pd.DataFrame]:
    """The model for the next prediction: fitted on the latest `train_window` known dates."""
    known = feats[feats["target"].notna()]
    train = known.iloc[-train_window:]
    model = new_model().fit(train[list(FEATURES)].to_numpy(float), train["target"].to_numpy(int))
    return model, train
