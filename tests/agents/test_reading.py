"""The result object states its reading (the response's first line, `reading`) and lists the parts
it did not apply (`declined`), on both engines; a card or a cancelled plan states none."""
from __future__ import annotations

from tests.agents.conftest import conversation


def test_an_answer_begins_with_its_reading(session):
    r = conversation(session, "read", "2024-06-01")("NQ high and low between 14:00 and 15:00 on November 30, 2023")
    assert r["status"] == "answered" and r["declined"] == []
    assert r["reading"] == "Answered: NQ, November 30, 2023, 14:00–15:00 America/New_York, 1-minute bars."
    assert r["response"].split("\n")[0] == r["reading"]


def test_a_part_not_applied_is_declined_by_name(session):
    r = conversation(session, "decl", "2024-06-01")("SPX from 14:00 to 15:00 on March 16 2020")
    assert r["declined"] == [{"part": "the 14:00–15:00 America/New_York window", "reason": "SPX has daily bars only"}]
    lines = r["response"].split("\n")
    assert lines[0] == r["reading"] and "14:00" not in r["reading"]
    assert lines[1] == "Not applied: the 14:00–15:00 America/New_York window (SPX has daily bars only)."


def test_a_card_states_no_reading(session):
    r = conversation(session, "card", "2024-06-01")("show me the stats")
    assert r["status"] == "clarification" and r["reading"] is None
