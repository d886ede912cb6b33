"""Blind probes run through the graph (both engines): each answered with its reading first and no
word left unread, and the follow-ups typed on a card (probes_blind.FOLLOWUPS) read as the reply
they are: detail merged into the pending question, a new question or a trade as its own request."""
from __future__ import annotations

import uuid

import pytest

from tests.agent.nlu.probes_blind import FOLLOWUPS, PROBES

GRAPH_PROBES = [p for p in PROBES if not p.get("decline")]


@pytest.mark.parametrize("p", GRAPH_PROBES[::3], ids=[p["q"][:40] for p in GRAPH_PROBES[::3]])
def test_a_probe_is_answered_with_its_reading_first(session, p):
    r = session.ask(p["q"], thread_id=f"pr-{uuid.uuid4().hex[:8]}", now="2024-06-01")
    assert r.status == "answered" and r.declined == [], (r.response, r.declined)
    assert r.reading and r.response.startswith(r.reading) and p["sym"] in r.reading
    assert r.claims, r.response


@pytest.mark.parametrize("f", FOLLOWUPS, ids=[f"{f['first'][:20]} / {f['reply'][:20]}" for f in FOLLOWUPS])
def test_a_reply_on_a_card_is_read_as_asked(session, f):
    thread = f"fu-{uuid.uuid4().hex[:8]}"
    first = session.ask(f["first"], thread_id=thread, now="2024-06-01")
    assert first.status in ("clarification", "no_data"), first.response
    r = session.resume(thread, f["reply"])
    if f.get("new_question"):
        assert r.status == "confirm_action" and f["reply"] in r.response
        return
    assert r.intent["symbol"] == f["sym"], r.intent
    if f.get("measures"):
        named = [r.intent.get("indicator"), *(r.intent.get("indicators") or [])]
        assert all(m in named for m in f["measures"]), r.intent
    if f.get("condition"):
        assert r.intent["condition"] and r.intent["condition"]["threshold"] == 15.0
    if f.get("start"):
        assert r.intent["period"]["start"] == f["start"] and r.status == "answered", r.response
