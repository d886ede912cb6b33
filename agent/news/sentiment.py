"""A sentiment scorer for English financial text: positive, neutral or negative, with a score.

Lexicons alone miss direction: "net sales decreased" has no sentiment word, and a level ("operating
profit was EUR 4.3 mn") is neutral while a change is not. So the scorer reads:
- direction words applied to WHAT moved: a rise of a good thing (profit, sales, orders) is positive,
  of a bad thing (loss, costs, debt) negative; "loss narrowed" +, "loss widened" -, "costs fell" +;
- negation flips a direction ("did not increase"); a signed percentage ("-4 %") is a direction too;
- finance phrases with a weight ("beat expectations", "profit warning", "temporary layoffs");
- VADER's general lexicon (MIT, shipped inside the `vaderSentiment` package) at a low weight, minus
  words that are neutral in finance ("share", "interest", "credit");
- no cue at all: neutral (a factual statement).
Rules live in `finance_rules.json` next to this file (our own lists). Nothing is downloaded.
Tuned on the even-numbered lines of Financial PhraseBank AllAgree only; see benchmarks/sentiment.py.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Literal

Label = Literal["positive", "neutral", "negative"]

RULES_FILE = "finance_rules.json"
# |score| at or above this is positive/negative (score = s / sqrt(s^2 + ALPHA), in (-1, 1)).
THRESHOLD = 0.30
ALPHA = 4.0
METRIC_WINDOW_BACK = 12     # tokens searched before a direction word for what moved
METRIC_WINDOW_AHEAD = 4     # "increase in net sales": tokens searched after it
NEGATION_WINDOW = 3
PERCENT_WEIGHT = 0.5
UNATTACHED_WEIGHT = 0.45    # a direction word with no metric found nearby
LOSS_SKIP = ("from", "compared", "versus", "vs")
COMPARATORS = frozenset({"compared", "versus", "vs"})
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_YEAR = re.compile(r"(?:19|20)\d\d")


def _amount(token: str) -> bool:
    """A number that can be an amount: not a year such as 2005."""
    return bool(_NUMBER.fullmatch(token)) and not _YEAR.fullmatch(token)


def _number(token: str) -> float | None:
    """A token's value; "1,173" is a thousands separator, "5,19" a decimal comma."""
    head, _, tail = token.rpartition(",")
    text = token.replace(",", "") if head and len(tail) == 3 else token.replace(",", ".")
    try:
        return float(text)
    except ValueError:
        return None

_TOKEN = re.compile(r"[a-z&]+(?:[-'][a-z]+)*|n't|(?<![\w.])[+-]?\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*|%|[;,]")
_PERCENT_WORDS = re.compile(r"\b(?:per\s*cent|percent|pct)\b")
UP_TO_VERBS = frozenset({"went", "gone", "go", "goes", "going", "moved", "came", "come", "climbed",
                         "jumped", "shot", "crept", "edged", "picked", "ended", "closed", "is", "was",
                         "were", "are"})


@dataclass
class SentimentScore:
    label: Label
    score: float                          # -1 .. 1
    positive: float = 0.0                 # sum of positive evidence
    negative: float = 0.0                 # sum of negative evidence (as a positive number)
    cues: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"label": self.label, "score": round(self.score, 4),
                "positive": round(float(self.positive), 4),
                "negative": round(float(self.negative), 4)}


def tokenize(text: str) -> list[str]:
    return _TOKEN.findall(_PERCENT_WORDS.sub("%", text.lower().replace("\u2019", "'")))


def _load_vader() -> dict[str, float]:
    """VADER's lexicon as shipped by the vaderSentiment package (word -> mean valence -4..4)."""
    text = (resources.files("vaderSentiment") / "vader_lexicon.txt").read_text(encoding="utf-8")
    lexicon: dict[str, float] = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) >= 2:
            try:
                lexicon[parts[0]] = float(parts[1])
            except ValueError:
                continue
    return lexicon


class FinanceSentiment:
    """Scores one text at a time; build once (the lexicons load in ~30 ms) and reuse."""

    def __init__(self, rules: dict | None = None):
        rules = rules or json.loads((resources.files("agent.news") / RULES_FILE).read_text("utf-8"))
        self.up = frozenset(rules["up"])
        self.down = frozenset(rules["down"])
        self.good = frozenset(rules["good"])
        self.bad = frozenset(rules["bad"])
        self.negators = frozenset(rules["negators"])
        self.stops = frozenset(rules["stops"])
        # phrases indexed by their first token: scanning every phrase at every position was the
        # scorer's hot spot (484 sentences/s before, see benchmarks/RESULTS.md for after)
        self.cues: dict[str, list[tuple[tuple[str, ...], float]]] = {}
        for w, ps in rules["cues"].items():
            for p in ps:
                toks = tuple(tokenize(p))
                self.cues.setdefault(toks[0], []).append((toks, float(w)))
        ignore = set(rules["vader_ignore"]) | self.up | self.down | self.good | self.bad
        self.vader = {w: v for w, v in _load_vader().items() if w not in ignore and w.isalpha()}
        self.vader_weight = float(rules["vader_weight"])

    # ---- evidence --------------------------------------------------------------------------------
    def _negated(self, toks: list[str], i: int) -> bool:
        return any(t in self.negators for t in toks[max(0, i - NEGATION_WINDOW):i])

    def _metric(self, toks: list[str], i: int) -> int:
        """+1 good thing, -1 bad thing, 0 none found: the nearest before i, else just after."""
        for j in range(i - 1, max(-1, i - 1 - METRIC_WINDOW_BACK), -1):
            t = toks[j]
            if t in self.stops:
                break
            if t in self.bad:
                return -1
            if t in self.good:
                return 1
        for j in range(i + 1, min(len(toks), i + 1 + METRIC_WINDOW_AHEAD)):
            t = toks[j]
            if t in ("from", "to", ",") or t in self.stops:
                break
            if t in self.bad:
                return -1
            if t in self.good:
                return 1
        return 0

    @staticmethod
    def _not_direction(toks: list[str], i: int) -> bool:
        """"up to EUR 250m" is a ceiling and "set up" a verb, but "went up to" is a rise."""
        prev = toks[i - 1] if i else ""
        if i + 1 < len(toks) and toks[i + 1] == "to":
            return prev not in UP_TO_VERBS
        return prev in ("making", "made", "make", "makes", "set", "setting", "sets", "sign",
                        "signed", "pick", "picked", "follow", "followed", "back", "backed")

    def _directions(self, toks: list[str], cues: list[str]) -> float:
        total = 0.0
        for i, t in enumerate(toks):
            sign = 1 if t in self.up else -1 if t in self.down else 0
            if not sign or (t == "up" and self._not_direction(toks, i)):
                continue
            metric = self._metric(toks, i)
            if toks[i + 1:i + 2] == ["from"] and ({"profit", "loss"} & set(toks[i + 2:i + 5])):
                metric = 1    # "down from a net profit": the result went from profit to loss
            near_pct = "%" in toks[i + 1:i + 4] or "%" in toks[max(0, i - 2):i]
            weight = 1.0 if metric or near_pct else UNATTACHED_WEIGHT
            value = sign * (metric or 1) * weight * (-1 if self._negated(toks, i) else 1)
            total += value
            cues.append(f"{t}:{value:+.2f}")
        return total

    def _phrases(self, toks: list[str], cues: list[str]) -> float:
        total = 0.0
        for i, t in enumerate(toks):
            for phrase, weight in self.cues.get(t, ()):
                n = len(phrase)
                if tuple(toks[i:i + n]) != phrase:
                    continue
                if weight < 0 and "loss" in phrase[-1] and self._loss_moved(toks, i, n):
                    continue      # "up from a loss", "net loss narrowed": the direction rule decides
                value = -weight if self._negated(toks, i) else weight
                total += value
                cues.append(f"'{' '.join(phrase)}':{value:+.2f}")
        return total

    def _comparisons(self, toks: list[str], cues: list[str]) -> float:
        """"operating profit was EUR 1.6 mn compared to EUR 5.9 mn": the numbers give the direction."""
        total = 0.0
        for i, t in enumerate(toks):
            if t not in COMPARATORS:
                continue
            before = [j for j in range(max(0, i - 6), i) if _amount(toks[j])]
            after = [j for j in range(i + 1, min(len(toks), i + 7)) if _amount(toks[j])]
            if not before or not after or "%" in toks[i + 1:after[0]]:
                continue
            a, b = _number(toks[before[-1]]), _number(toks[after[0]])
            metric = self._metric(toks, before[-1])
            if a is None or b is None or a == b or not metric:
                continue
            value = metric * (1.0 if a > b else -1.0)
            total += value
            cues.append(f"{toks[before[-1]]}~{toks[after[0]]}:{value:+.2f}")
        return total

    def _loss_moved(self, toks: list[str], i: int, n: int) -> bool:
        return (any(t in LOSS_SKIP for t in toks[max(0, i - 3):i])
                or any(t in self.up or t in self.down for t in toks[i + n:i + n + 4]))

    def _percents(self, toks: list[str], cues: list[str]) -> float:
        total = 0.0
        for i, t in enumerate(toks[:-1]):
            if toks[i + 1] == "%" and t[0] in "+-" and len(t) > 1:
                value = PERCENT_WEIGHT * (1 if t[0] == "+" else -1)
                total += value
                cues.append(f"{t}%:{value:+.2f}")
        return total

    def _lexicon(self, toks: list[str], cues: list[str]) -> float:
        total = 0.0
        for i, t in enumerate(toks):
            v = self.vader.get(t)
            if v is None:
                continue
            value = v * self.vader_weight * (-1 if self._negated(toks, i) else 1)
            total += value
            cues.append(f"{t}:{value:+.2f}")
        return total

    # ---- public ----------------------------------------------------------------------------------
    def score(self, text: str) -> SentimentScore:
        toks = tokenize(text)
        cues: list[str] = []
        parts = [self._directions(toks, cues), self._phrases(toks, cues),
                 self._percents(toks, cues), self._comparisons(toks, cues),
                 self._lexicon(toks, cues)]
        s = sum(parts)
        score = s / math.sqrt(s * s + ALPHA)
        label: Label = ("positive" if score >= THRESHOLD else
                        "negative" if score <= -THRESHOLD else "neutral")
        pos = sum(float(c.rsplit(":", 1)[1]) for c in cues if float(c.rsplit(":", 1)[1]) > 0)
        neg = -sum(float(c.rsplit(":", 1)[1]) for c in cues if float(c.rsplit(":", 1)[1]) < 0)
        return SentimentScore(label, score, pos, neg, cues)

    def label(self, text: str) -> Label:
        return self.score(text).label


@lru_cache(maxsize=1)
def default_scorer() -> FinanceSentiment:
    return FinanceSentiment()


def score_text(text: str) -> SentimentScore:
    return default_scorer().score(text)
