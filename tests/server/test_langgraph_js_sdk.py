"""The official JS SDK (@langchain/langgraph-sdk) against `askbar serve`'s app (the embedded
default; the two-server case is in test_langgraph_two_servers.py): streaming a thread in the chat
form, resuming an interrupt with Command, reading state, background and stateless runs, and its
api_key (x-api-key) with a user's token."""
from __future__ import annotations

import pytest

from tests.agent.answer.lies import nq_november
from tests.server.conftest import DUCKDB_ONLY, add_user, live_server
from tests.server.js_sdk import run_js

pytestmark = DUCKDB_ONLY


def _high(values: dict) -> float:
    return next(c["value"] for c in values["claims"] if c["type"] == "high")


def test_js_sdk_stream_resume_state_runs(make_app, duck_store):
    app, settings = make_app(duck_store)
    _, token = add_user(settings, "js-user")
    with live_server(app) as url:
        got = run_js(url, token)
    assert got["assistants"] == ["askbar"]
    assert {"metadata", "values", "updates", "messages", "custom"} <= set(got["events"])
    state = got["state"]
    assert [m["type"] for m in state["messages"]] == ["human", "ai"] and state["messages"][0]["id"] == "js-msg-1"
    assert got["streamed_text"] == state["messages"][1]["content"] == state["response"]
    assert _high(state) == pytest.approx(nq_november()["high"])
    assert got["interrupt"]["type"] == "clarification" and got["interrupt"]["suggestions"]
    assert got["interrupted_status"] == "interrupted"
    assert _high(got["resumed"]) == pytest.approx(nq_november()["high"])
    assert got["resumed_state"]["messages"][-1]["content"] == got["resumed"]["response"]
    assert got["background"]["question"] == "SPY stats for March 2024" and got["background"]["claims"]
    assert got["background_run"]["status"] == "success" and got["runs"] == ["success", "success"]
    assert _high(got["stateless"]) == pytest.approx(nq_november()["high"])
    assert got["found"] == [got["thread_id"]]
    # cancel of a run that has just finished: 404 as LangGraph's server (langgraph-api), never 409
    assert got["cancel_finished"]["status"] == 404, got["cancel_finished"]
    # stream_mode "messages" as the official server emits it (not the messages-tuple events)
    events = got["messages_events"]
    assert "messages" not in events and events.count("messages/metadata") == 1
    assert events.index("messages/metadata") < events.index("messages/partial") < events.index("messages/complete")
    partials, answer = got["messages_partials"], got["messages_state"]["response"]
    assert len(partials) > 1 and all(answer.startswith(p) for p in partials) and partials[-1] == answer
    (complete,) = got["messages_complete"]
    ai = got["messages_state"]["messages"][-1]
    assert complete["type"] == "ai" and complete["content"] == answer and complete["id"] == ai["id"]
    (meta,) = got["messages_metadata"]
    assert list(meta) == [ai["id"]] and meta[ai["id"]]["metadata"]["langgraph_node"] == "reply"
