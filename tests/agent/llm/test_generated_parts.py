"""Issue 24: generated two-part phrasings (tests/agent/llm/phrasings_parts.py) read as their parts,
each with its own symbol, period and measure, in every word order of EN, RU and ES. No database:
the offline parser with the helpers' instruments and ranges (today 2024-05-20)."""
from __future__ import annotations

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx
from tests.agent.llm.phrasings_parts import PartsCase, generate

CASES = generate()


def mismatch(c: PartsCase) -> str | None:
    it = understand(c.text, None, make_ctx())
    if it.needs_clarification:
        return f"asked {it.clarifying_questions}"
    got = tuple((tuple(p.symbols), p.period.label if p.period else None) for p in it.parts)
    if got != tuple(((s,), label) for s, label in c.parts):
        return f"parts {got}"
    for part, (kind, value) in zip(it.parts, c.measures):
        if kind == "metric" and value not in part.measures:
            return f"measures {[p.measures for p in it.parts]}"
        if kind == "analysis" and (part.analysis != value or part.measures):
            return f"analysis {[(p.analysis, p.measures) for p in it.parts]}"
    if it.notes:
        return f"notes {it.notes}"
    return None


def test_the_generator_makes_hundreds_of_two_part_phrasings():
    assert len(CASES) >= 500
    assert {c.lang for c in CASES} == {"en", "ru", "es"}


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_two_part_phrasings_read_as_built(lang):
    bad = [(c.text, why) for c in CASES if c.lang == lang for why in [mismatch(c)] if why]
    assert not bad, f"{len(bad)} of {sum(c.lang == lang for c in CASES)} misread, e.g. {bad[:8]}"
