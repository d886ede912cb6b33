"""Every generated window, candle and date-range phrasing reads as built, and paraphrases written in
other notations or languages read the same (tests/agent/nlu/phrasings_windows.py)."""
from __future__ import annotations

from collections import defaultdict

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx
from tests.agent.nlu.phrasings_windows import generate, mismatch


def test_every_generated_phrasing_reads_as_built():
    ctx = make_ctx("2024-06-01")
    cases = generate()
    bad = [(c.text, why) for c in cases if (why := mismatch(c, understand(c.text, None, ctx)))]
    assert len(cases) > 100 and not bad, bad[:20]


def test_paraphrases_read_alike():
    """Phrasings built for one reading (window and period) give one reading, whatever the notation."""
    ctx = make_ctx("2024-06-01")
    groups = defaultdict(set)
    for c in generate():
        it = understand(c.text, None, ctx)
        w = it.time_window
        groups[(c.start, c.end, c.label)].add(((w.start, w.end) if w else None, it.period and it.period.label))
    assert all(len(g) == 1 for g in groups.values()), {k: g for k, g in groups.items() if len(g) > 1}
