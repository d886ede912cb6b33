"""The validator's cost per answer (closed vocabulary included) and the one formatter's cost per number (issue 23).

    python benchmarks/validator_cost.py [--repeat 200]

Real step results on the shared data (SPX daily since 1928 = 23k rows; NQ November 2023; SPX top
moves), loaded into a temporary DuckDB store; then, per draft: slots.build + validate (statement
checks included) + fill, p50 / p95 in ms. The rows are never scanned by the validator: the
cost must not grow with them (the 23k-row stats answer is the check of that). Wall and this
thread's CPU time per answer (compare CPU on a loaded machine); with news slots (issue 32), an
answer citing a fetched news item beside SPX's top falls of March 2020.
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


def _time(fn, repeat: int) -> tuple[float, float, float]:
    """(wall p50, wall p95, this thread's CPU p50) in ms: the CPU figure is the one to compare on
    a loaded machine (other processes do not add to it)."""
    fn()
    xs, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.thread_time()
        fn()
        xs.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    xs.sort()
    return statistics.median(xs), xs[int(len(xs) * 0.95) - 1], statistics.median(cpu)


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
    _first_use()
    print("| answer | lang | rows | build + validate + fill p50 / p95 ms | CPU p50 ms |\n|---|---|---|---|---|")
    for name, results in cases.items():
        intent = {"lang": "en", "period": {"start": results[0]["params"]["start_date"],
                                           "end": results[0]["params"]["end_date"], "label": "p"}}
        for lang, draft in DRAFTS.items():
            def run() -> None:
                table = slots.build(results, {**intent, "lang": lang}, "q")
                v = validate(draft, table, lang, scope_of(intent, results), {results[0]["symbol"]})
                assert v.status == "ok", v.issues
                slots.fill(draft, table, lang)
            p50, p95, cpu = _time(run, args.repeat)
            print(f"| {name} | {lang} | {len(results[0]['rows'])} | {p50:.2f} / {p95:.2f} | {cpu:.2f} |")
    if hasattr(slots, "MAX_NEWS_ITEMS"):       # issue 32: news items cited by slot
        _news_case(args.repeat)
    print("\n| formatter call | p50 / p95 µs |\n|---|---|")
    for label, fn in (("number (es)", lambda: F.number(12746.75, "es")),
                      ("percent (ru)", lambda: F.percent(-4.16, "ru")),
                      ("price at tick (6E, en)", lambda: F.price(1.1076, "en", "6E")),
                      ("date (ru)", lambda: F.day("2023-11-29", "ru"))):
        p50, p95, _ = _time(lambda: [fn() for _ in range(100)], args.repeat)
        print(f"| {label} | {p50 * 10:.1f} / {p95 * 10:.1f} |")


def _first_use() -> None:
    """Once per process and language: the lemmatiser's dictionaries and the closed vocabulary
    (the lemmas of every text code writes) are loaded on the first answer in that language."""
    from agent.answer import vocabulary

    print("| first answer in a process | load ms |\n|---|---|")
    for lang in DRAFTS:
        t = time.perf_counter()
        vocabulary.surface(lang)
        print(f"| code's words as written (no lemmatiser), {lang} | {(time.perf_counter() - t) * 1000:.0f} |")
        t = time.perf_counter()
        vocabulary.harmless(lang)
        print(f"| lemmatiser + lemmas (on the first unknown word), {lang} | {(time.perf_counter() - t) * 1000:.0f} |")
    print()


NEWS_DRAFTS = {
    "en": "SPX fell {e1.pct_change} on {e1.date}, the day of {news4.headline}; the next largest falls were "
          "{e2.pct_change} and {e3.pct_change}.",
    "ru": "В день новости {news4.headline} SPX упал на {e1.pct_change} ({e1.date}).",
    "es": "El {e1.date}, el día de {news4.headline}, SPX cayó un {e1.pct_change}.",
}


def _news_case(repeat: int) -> None:
    """SPX's three largest falls of March 2020 and the 20 CNBC items get_news returns for
    2020-03-16 (news4 counts for that session): the cost of the news and name checks."""
    from agent.news.loader import load_news
    from agent.news.service import get_news
    from agent.settings import Settings
    from agent.storage.appdb import AppDB
    from agent.tools.tool_results import step_result

    with tempfile.TemporaryDirectory() as tmp:
        store = DuckDBStore(Path(tmp) / "m.duckdb")
        load_file(store, DATA / "sp500_daily" / "chainins_GSPC.csv", "SPX")
        db = AppDB(Settings(home=Path(tmp)))
        load_news(db, DATA / "news" / "financial_news_headlines" / "cnbc_headlines.csv", symbols=["SPX"])
        top = run_step(store, Step(action="find_events", params=StepParams(
            symbol="SPX", start_date=date(2020, 3, 1), end_date=date(2020, 3, 31), top_n=3,
            direction="down"))).model_dump(mode="json")
        news = get_news(store, db, "SPX", 20, date(2020, 3, 16), date(2020, 3, 16))
        store.close()
        db.close()
    results = [top, step_result(1, {"tool": "get_news", "params": {"symbol": "SPX"}}, {"data": news})]
    intent = {"lang": "en", "period": {"start": "2020-03-01", "end": "2020-03-31", "label": "2020-03"}}
    for lang, draft in NEWS_DRAFTS.items():
        def run() -> None:
            table = slots.build(results, {**intent, "lang": lang}, "q")
            v = validate(draft, table, lang, scope_of(intent, results), {"SPX"})
            assert v.status == "ok", v.issues
            slots.fill(draft, table, lang)
        p50, p95, cpu = _time(run, repeat)
        print(f"| SPX top 3 falls + {news['returned']} news items | {lang} | 3 + {news['returned']} | "
              f"{p50:.2f} / {p95:.2f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
