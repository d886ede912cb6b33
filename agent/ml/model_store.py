"""Trained models in the application database (table ml_models, migration 041).

A model is stored with its version (1, 2, ... per symbol), the training range, the walk-forward
evaluation and a data key (bar count, first and last date, last close): the same bars reuse the
stored model, new bars train a new version. The pickled pipeline is written only by this module.
"""
from __future__ import annotations

import json
import pickle
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent.storage.appdb import AppDB

SELECT_LATEST = ("SELECT symbol, version, algorithm, data_key, train_start, train_end, evaluation, "
                 "model, trained_at FROM ml_models WHERE symbol = %s ORDER BY version DESC LIMIT 1")
SELECT_MAX_VERSION = "SELECT max(version) AS v FROM ml_models WHERE symbol = %s"
INSERT_MODEL = ("INSERT INTO ml_models (symbol, version, algorithm, data_key, train_start, "
                "train_end, evaluation, model) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)")


@dataclass
class StoredModel:
    symbol: str
    version: int
    algorithm: str
    data_key: str
    train_start: str
    train_end: str
    evaluation: dict[str, Any]
    model: Any
    trained_at: str


def latest_model(db: AppDB, symbol: str) -> StoredModel | None:
    row = db.one(SELECT_LATEST, (symbol,))
    if row is None:
        return None
    return StoredModel(row["symbol"], int(row["version"]), row["algorithm"], row["data_key"],
                       row["train_start"], row["train_end"], json.loads(row["evaluation"]),
                       pickle.loads(bytes(row["model"])), str(row["trained_at"]))


def save_model(db: AppDB, symbol: str, algorithm: str, data_key: str, train_start: str,
               train_end: str, evaluation: dict[str, Any], model: Any) -> int:
    """Store as the next version (in one transaction); returns the version."""
    blob = pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL)
    with db.transaction() as tx:
        version = int((tx.one(SELECT_MAX_VERSION, (symbol,)) or {}).get("v") or 0) + 1
        tx.execute(INSERT_MODEL, (symbol, version, algorithm, data_key, train_start, train_end,
                                  json.dumps(evaluation), blob))
    return version
