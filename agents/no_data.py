"""no_data node: the asked symbol/period has no stored bars; ask what to do (interrupt), suggesting
the range that exists. The answer goes back to the understander as a new question (or cancels)."""
from __future__ import annotations

from typing import Any

from langgraph.types import Command, interrupt

from agent.messages import msg
from agents.common import final, lang_of, visited
from agents.reply import REPLY

_CANCEL = {"cancel", "отмена", "cancelar", "no", "нет"}


def no_data(state: dict[str, Any]) -> Command[str]:
    answer = interrupt(state["no_data"])
    if str(answer).strip().lower() in _CANCEL:
        return Command(goto=REPLY, update={**final(state, "no_data", msg("cancelled", lang_of(state))),
                                         "no_data": None})
    history = [*(state.get("chat_history") or []), {"role": "user", "content": state["question"]}]
    return Command(goto="understander", update={
        **visited(state, "no_data"), "question": str(answer), "chat_history": history,
        "intent": None, "plan": None, "plan_confirmed": False, "data": None, "no_data": None,
        "clarifications": 0, "clarify_answer": None})
