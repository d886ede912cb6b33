"""Issue 24: thousands of generated phrasings (tests/agent/llm/phrasings.py) must give their typed
reading, and paraphrases of one reading must read the same. No database: the offline parser with
the helpers' instruments and ranges (today 2024-05-20)."""
from __future__ import annotations

from functools import lru_cache

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx
from tests.agent.llm.phrasings import Case, generate, paraphrase_groups

CASES = generate()
CHUNKS = sorted({(c.lang, c.variant) for c in CASES})


@lru_cache(maxsize=None)
def read(text: str):
    return understand(text, None, make_ctx())


def mismatch(c: Case) -> str | None:
    it = read(c.text)
    if it.needs_clarification:
        return f"asked {it.clarifying_questions}"
    if it.symbol != c.symbol:
        return f"symbol {it.symbol}"
    if it.period is None or it.period.label != c.period:
        return f"period {it.period.label if it.period else None}"
    kind, value = c.measure
    if kind == "metric" and value not in it.metrics:
        return f"metrics {it.metrics}"
    if kind == "indicator" and it.indicator != value:
        return f"indicator {it.indicator}"
    if kind == "analysis" and (it.analysis != value or it.metrics):
        return f"analysis {it.analysis} {it.metrics}"
    return None


def test_the_generator_makes_several_thousand_phrasings():
    assert len(CASES) >= 5000
    assert {c.lang for c in CASES} == {"en", "ru", "es"}
    assert {c.variant for c in CASES} == {"plain", "lower", "upper", "typo", "mixed"}


@pytest.mark.parametrize("lang,variant", CHUNKS)
def test_generated_phrasings_read_as_built(lang, variant):
    bad = [(c.text, why) for c in CASES if c.lang == lang and c.variant == variant
           for why in [mismatch(c)] if why]
    assert not bad, f"{len(bad)} misread, e.g. {bad[:5]}"


def _reading(text: str) -> tuple:
    it = read(text)
    return (it.symbol, it.period.label if it.period else None, tuple(sorted(it.metrics)), it.indicator,
            it.analysis, tuple(it.symbols), it.needs_clarification)


@pytest.mark.parametrize("measure", ["close", "high", "volatility", "up_days", "down_days", "rsi", "sma", "atr", "stats",
                                     "return_prev_close"])
def test_paraphrases_read_the_same(measure):
    groups = [g for k, g in sorted(paraphrase_groups().items(), key=str) if k[2][1] == measure]
    assert groups
    groups = groups[::3]               # every third instrument x period: the CPU budget of the suite
    for group in groups:
        readings = {_reading(c.text) for c in group}
        assert len(readings) == 1, f"{group[0].key}: {sorted(readings, key=str)[:3]} from {[c.text for c in group][:4]}"
