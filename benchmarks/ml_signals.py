"""ML signals on the S&P 500 daily bars: walk-forward accuracy against the majority baseline, and the
time to train on demand (features + 36 walk-forward fits + final fit + permutation importance).

    python benchmarks/ml_signals.py [--file ../shared/data/sp500_daily/chainins_GSPC.csv]
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from agent.storage.appdb import AppDB
from agent.market.duckdb_store import DuckDBStore
from agent.market.ingest import load_file
from agent.ml import service
from agent.settings import Settings

DEFAULT = (Path(__file__).resolve().parents[1].parent / "shared" / "data" / "sp500_daily"
           / "chainins_GSPC.csv")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", type=Path, default=DEFAULT)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as home:
        store = DuckDBStore(Path(home) / "market.duckdb")
        db = AppDB(Settings(home=Path(home)))
        load_file(store, args.file, "SPX")
        service.signals(store, db, "SPX")                 # warm-up: imports, first training
        t0 = time.perf_counter()
        out = service.signals(store, db, "SPX", retrain=True)
        train_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        service.signals(store, db, "SPX")
        reuse_ms = (time.perf_counter() - t0) * 1000
        feats = service.features(store, db, "SPX")
        store.close()
        db.close()
    print(f"SPX test window {out['test_start']}..{out['test_end']} ({out['test_days']} days, refit "
          f"every {out['refit_every_days']} on the previous {out['training_days']}): accuracy "
          f"{out['accuracy']:.4f}, baseline {out['baseline_accuracy']:.4f}, one-sided sign-test "
          f"p = {out['p_value']:.4f}, edge = {out['edge']}")
    print("top features: " + ", ".join(f"{f['feature']} {f['importance']:+.4f}±{f['std']:.4f}"
                                       for f in feats["features"][:4]))
    print(f"train on demand: {train_s:.2f} s; reuse stored model + predict: {reuse_ms:.0f} ms")


if __name__ == "__main__":
    main()
