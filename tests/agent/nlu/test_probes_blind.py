"""Blind probes (probes_blind.py: written before the parser was read) read right by the offline
understanding: each binds the instrument, dates, window with its zone, segment(s), bar size and
measure parameters it names, or declines that part by name; never another question silently."""
from __future__ import annotations

import pytest

from agent.nlu import declines
from tests.agent.nlu.probe_judge import judge, read
from tests.agent.nlu.probes_blind import PROBES


@pytest.mark.parametrize("p", PROBES, ids=[p["q"][:50] for p in PROBES])
def test_a_blind_probe_is_read_as_asked(p):
    bad, line = judge(p)
    assert bad == [], (line, bad)
    assert line, "no reading stated"


@pytest.mark.parametrize("p", PROBES, ids=[p["q"][:50] for p in PROBES])
def test_a_blind_probe_leaves_no_word_unread(p):
    it, plan, c = read(p["q"])
    found = declines.check(it, plan, c)
    assert [d for d in found if not (p.get("decline") and p["decline"] in d.part)] == [], found
