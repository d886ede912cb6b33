"""First node of every run: make sure a new question starts a clean turn.

`askbar ask` and `askbar serve` already send a reset turn (agent.service.turn_input). Clients that
send only {"question": ...} on an existing thread (the LangGraph API under `langgraph dev`) leave
the previous turn's answer in the state: this node then moves that turn into chat_history and
resets the per-turn fields, so both paths behave the same.
"""
from __future__ import annotations

import time
import uuid
from collections.abc import Mapping
from typing import Any, get_type_hints

from typing_extensions import TypedDict  # pydantic (the graph's JSON schema) needs it on Python < 3.12

from agent.state import TradingState
from agents.node_state import NewTurnIn, NewTurnOut, TurnReset
from agents.reply import chat_question, human, message_text

HISTORY_KEEP = 20

TURN_RESET: TurnReset = {
    "route": None, "intent": None, "needs_clarification": False, "clarifying_questions": [], "clarify_answer": None,
    "clarifications": 0, "plan": None, "plan_confirmed": False, "confirm_again": False,
    "no_data": None, "pending_action": None, "confirmed_action": None,
    "queries": [], "data": None, "has_data": False, "execution_errors": [], "draft": "", "response": "",
    "claims": [],
    "validation": None, "validation_attempts": 0, "replans": 0, "status": None, "interrupt": None,
    "disclaimers": [], "reading": None, "declined": [], "agents_used": [], "usage": {}}


# The graph's input schema: a question and its turn as agent.service.turn_input builds it (identity
# and the reset per-turn fields, set by code), or a bare {"question"} from a LangGraph API client.
# Keys outside it are dropped from a run's input; built from TURN_RESET so a new per-turn field is
# accepted without a second list (tests/agents/test_graph_context.py checks turn_input against it).
INPUT_KEYS = ("question", "messages", "turn_question", "chat_history", "user_id", "session_id", "request_id", "now",
              "started_at", *TURN_RESET)
AskInput = TypedDict(  # type: ignore[misc]  # keys computed: mypy wants a literal
    "AskInput", {k: get_type_hints(TradingState)[k] for k in INPUT_KEYS}, total=False)


def needs_reset(state: Mapping[str, Any]) -> bool:
    """True when the state still holds an earlier turn's results (the input did not reset it), or
    the input is the chat form (a new human message, no `question`)."""
    return bool(state.get("response") or state.get("intent") or state.get("status")
                or state.get("turn_question") != state.get("question") or chat_question(state))


def _asked(state: NewTurnIn) -> tuple[str, list[Any]]:
    """The turn's question and the human message to add for it (none when the chat form sent it)."""
    chat = chat_question(state)
    if chat is not None:
        return chat, []
    question = state["question"]
    messages = state.get("messages") or []
    last = messages[-1] if messages else None
    if last is not None and getattr(last, "type", None) == "human" and message_text(last) == question:
        return question, []
    return question, [human(question, uuid.uuid4().hex)]


def new_turn(state: NewTurnIn) -> NewTurnOut:
    question, added = _asked(state)
    turn: NewTurnOut = {"question": question, "turn_question": question}
    if added:
        turn["messages"] = added
    if not (state.get("response") or state.get("intent") or state.get("status")):
        return {**turn, "started_at": state.get("started_at") or time.time()}
    history = list(state.get("chat_history") or [])
    if state.get("turn_question"):
        history += [{"role": "user", "content": state["turn_question"]},
                    {"role": "assistant", "content": state.get("response") or ""}]
    return {**TURN_RESET, **turn, "chat_history": history[-HISTORY_KEEP:],
            "started_at": time.time(), "request_id": uuid.uuid4().hex}
