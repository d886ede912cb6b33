"""Sentiment scorer on Financial PhraseBank AllAgree: accuracy and macro-F1 on the odd lines (the
report) and the even lines (the only ones the rules were tuned on), plus throughput.

    python benchmarks/sentiment.py [--file ../shared/data/news/financial_phrasebank_v1.0/Sentences_AllAgree.txt]
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from agent.news.phrasebank import accuracy_macro_f1, read_lines
from agent.news.sentiment import FinanceSentiment

DEFAULT = (Path(__file__).resolve().parents[1].parent / "shared" / "data" / "news"
           / "financial_phrasebank_v1.0" / "Sentences_AllAgree.txt")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", type=Path, default=DEFAULT)
    args = ap.parse_args()
    t0 = time.perf_counter()
    scorer = FinanceSentiment()
    load_ms = (time.perf_counter() - t0) * 1000
    print(f"file: {args.file.name}; lines numbered from 1; rules tuned on even lines only")
    for parity in ("odd", "even"):
        rows = read_lines(args.file, parity)
        t0 = time.perf_counter()
        pred = [scorer.label(s) for s, _ in rows]
        per_s = len(rows) / (time.perf_counter() - t0)
        acc, macro, f1 = accuracy_macro_f1([g for _, g in rows], pred)
        always = sum(g == "neutral" for _, g in rows) / len(rows)
        print(f"{parity:>4} lines n={len(rows):,}: accuracy {acc:.3f}, macro-F1 {macro:.3f} "
              f"(F1 pos {f1['positive']:.3f} / neu {f1['neutral']:.3f} / neg {f1['negative']:.3f}); "
              f"always-neutral accuracy {always:.3f}; {per_s:,.0f} sentences/s")
    print(f"scorer load: {load_ms:.0f} ms")


if __name__ == "__main__":
    main()
