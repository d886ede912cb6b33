"""The validator's cost per answer (issue 32) and the one formatter's cost per number (issue 23).

    python benchmarks/validator_cost.py [--repeat 200]

Real step results on the shared data (SPX daily since 1928 = 23k rows; NQ November 2023; SPX top
moves), loaded into a temporary DuckDB store; then, per draft: slots.build + validate (statement
checks included) + fill, p50 / p95 in ms. The rows are never scanned by the validator: the
cost must not grow with them (the 23k-row stats answer is the check of that).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.answer import format as F  # noqa: E402
from agent.answer import slots  # noqa: E402
from agent.answer.numbers import scope_of  # noqa: E402
from agent.answer.validation import validate  # noqa: E402
from agent.market.duckdb_store import DuckDBStore  # noqa: E402
from agent.market.ingest import load_file  # noqa: E402
from query_builder import run_step  # noqa: E402
from query_builder.models import Step, StepParams  # noqa: E402

DATA = (ROOT.parent / "shared" / "data").resolve()
DRAFTS = {
    "en": "{symbol} {dir:pct_change} {pct_change} over {period}, from {open} to {close}; the high {high} "
          "came on {high.date} and the low {low} on {low.date}. {share:up_days,trading_days} sessions "
          "closed higher, yet the average range between high and low was {avg_daily_range}.",
    "ru": "{symbol} за {period}: открытие {open}, закрытие {close}, изменение {pct_change}; максимум "
          "{high} ({high.date}), минимум {low} ({low.date}); дней роста {up_days} из {trading_days}.",
    "es": "{symbol} cerró {period} en {close} ({pct_change}); máximo {high} el {high.date}, mínimo {low} "
          "el {low.date}; el rango medio entre máximo y mínimo fue {avg_daily_range}.",
}


def _results(store) -> dict[str, list[dict]]:
    def one(action: str, **p) -> dict:
        return run_step(store, Step(action=action, params=StepParams(**p))).model_dump(mode="json")
    return {
        "SPX 1928-2020 stats (23k daily rows)": [one("get_period_stats", symbol="SPX",
                                                     start_date=date(1928, 1, 1), end_date=date(2020, 11, 30))],
        "NQ Nov 2023 stats": [one("get_period_stats", symbol="NQ", start_date=date(2023, 11, 1),
                                  end_date=date(2023, 11, 30))],
    }


def _time(fn, repeat: int) -> tuple[float, float]:
    fn()
    xs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        xs.append((time.perf_counter() - t) * 1000)
    xs.sort()
    return statistics.median(xs), xs[int(len(xs) * 0.95) - 1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = DuckDBStore(Path(tmp) / "m.duckdb")
        load_file(store, DATA / "sp500_daily" / "chainins_GSPC.csv", "SPX")
        load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
        cases = _results(store)
        store.close()
    print("| answer | lang | rows | build + validate + fill p50 / p95 ms |\n|---|---|---|---|")
    for name, results in cases.items():
        intent = {"lang": "en", "period": {"start": results[0]["params"]["start_date"],
                                           "end": results[0]["params"]["end_date"], "label": "p"}}
        for lang, draft in DRAFTS.items():
            def run() -> None:
                table = slots.build(results, {**intent, "lang": lang}, "q")
                v = validate(draft, table, lang, scope_of(intent, results), {results[0]["symbol"]})
                assert v.status == "ok", v.issues
                slots.fill(draft, table, lang)
            p50, p95 = _time(run, args.repeat)
            print(f"| {name} | {lang} | {len(results[0]['rows'])} | {p50:.2f} / {p95:.2f} |")
    print("\n| formatter call | p50 / p95 µs |\n|---|---|")
    for label, fn in (("number (es)", lambda: F.number(12746.75, "es")),
                      ("percent (ru)", lambda: F.percent(-4.16, "ru")),
                      ("price at tick (6E, en)", lambda: F.price(1.1076, "en", "6E")),
                      ("date (ru)", lambda: F.day("2023-11-29", "ru"))):
        p50, p95 = _time(lambda: [fn() for _ in range(100)], args.repeat)
        print(f"| {label} | {p50 * 10:.1f} / {p95 * 10:.1f} |")


if __name__ == "__main__":
    main()
