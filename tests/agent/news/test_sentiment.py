"""The finance sentiment scorer: the rules on hand-written sentences, and its accuracy floor on the
odd-numbered lines (1-based) of Financial PhraseBank AllAgree (rules were tuned on even lines only)."""
from __future__ import annotations

import pytest

from agent.news.phrasebank import accuracy_macro_f1, read_lines
from agent.news.sentiment import FinanceSentiment, score_text
from tests.agent.cli.test_main import in_process
from tests.conftest import DATA

ALL_AGREE = DATA / "news" / "financial_phrasebank_v1.0" / "Sentences_AllAgree.txt"


@pytest.mark.parametrize("text,label", [
    ("Quarterly profit rose to EUR 12 mn from EUR 9 mn", "positive"),
    ("Operating costs fell by a fifth", "positive"),
    ("Net sales decreased to EUR 49.8 million from EUR 59.9 million", "negative"),
    ("The net loss narrowed to USD 3 mn", "positive"),
    ("The company's net loss widened in the third quarter", "negative"),
    ("Revenue did not increase in 2020", "negative"),
    ("Sales were up 42 % from the corresponding period", "positive"),
    ("Group net sales totaled EUR 142.3 mn and operating profit EUR 4.3 mn", "neutral"),
    ("The annual general meeting will be held in Helsinki on 5 April", "neutral"),
    ("Operating profit was EUR 1.6 mn in 2005 compared to EUR 5.9 mn in 2004", "negative"),
    ("Debt rose sharply as unemployment climbed", "negative"),
    ("Stocks slump as recession fears grow", "negative"),
])
def test_direction_rules(text, label):
    assert score_text(text).label == label, score_text(text).cues


def test_scores_are_bounded_and_signed():
    pos, neg = score_text("Profit jumped 30 %"), score_text("Profit plunged 30 %")
    assert 0 < pos.score < 1 and -1 < neg.score < 0
    assert pos.positive > 0 and neg.negative > 0


def test_accuracy_floor_on_odd_lines():
    """Measured 0.908 accuracy / 0.882 macro-F1 (benchmarks/RESULTS.md); the floor is just below."""
    rows = read_lines(ALL_AGREE, "odd")
    assert len(rows) == 1132
    scorer = FinanceSentiment()
    acc, macro, _ = accuracy_macro_f1([g for _, g in rows], [scorer.label(s) for s, _ in rows])
    assert acc >= 0.90
    assert macro >= 0.87
    always_neutral = sum(g == "neutral" for _, g in rows) / len(rows)
    assert acc > always_neutral + 0.25


def test_cli_scores_stdin_one_label_per_line():
    out = in_process(["news", "score", "-"],
                     stdin="Profit rose 12%\nThe AGM is on Monday\nCosts soared\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["positive", "neutral", "negative"]


def test_cli_json_has_scores():
    import json

    out = in_process(["news", "score", "-", "--json"], stdin="Loss narrowed\n")
    assert out.returncode == 0, out.stderr
    row = json.loads(out.stdout)
    assert row["label"] == "positive" and row["score"] > 0 and row["text"] == "Loss narrowed"


def test_cli_missing_file_is_bad_input():
    out = in_process(["news", "score", "/nonexistent.txt"])
    assert out.returncode == 2 and "/nonexistent.txt" in out.stderr
