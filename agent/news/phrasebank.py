"""Reading the Financial PhraseBank evaluation file (never shipped, never trained on) and scoring.

Used only by the benchmark and the tests: `sentence@label` lines, latin-1, split on the LAST '@'.
Line numbers are 1-based: line 1 is odd. Rules are tuned on even lines, reported on odd lines.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

LABELS = ("positive", "neutral", "negative")


def read_lines(path: Path, parity: Literal["odd", "even", "all"] = "all") -> list[tuple[str, str]]:
    """(sentence, label) for the lines of that parity (1-based line numbers)."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="latin-1").split("\n"), start=1):
        if not line.strip() or (parity == "odd" and n % 2 == 0) or (parity == "even" and n % 2):
            continue
        sentence, label = line.rsplit("@", 1)
        rows.append((sentence, label.strip()))
    return rows


def accuracy_macro_f1(gold: list[str], pred: list[str]) -> tuple[float, float, dict[str, float]]:
    """Accuracy, macro-F1 over the three labels, and per-label F1."""
    acc = sum(g == p for g, p in zip(gold, pred)) / len(gold)
    f1: dict[str, float] = {}
    for c in LABELS:
        tp = sum(g == c and p == c for g, p in zip(gold, pred))
        fp = sum(g != c and p == c for g, p in zip(gold, pred))
        fn = sum(g == c and p != c for g, p in zip(gold, pred))
        f1[c] = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    return acc, sum(f1.values()) / len(LABELS), f1
