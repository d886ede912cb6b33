"""no_data node: the asked symbol/period has no stored bars; ask what to do (interrupt), suggesting
the range that exists. The answer goes back to the understander as a new question (or cancels)."""
from __future__ import annotations

from langgraph.types import Command, interrupt

from agent import lang as packs
from agent.messages import msg
from agents.common import final, lang_of, visited
from agents.node_state import NoDataIn, NoDataOut
from agents.reply import REPLY

_CANCEL = {w for words in packs.by_lang("agent_words", "no_data", "_CANCEL").values() for w in words}


def no_data(state: NoDataIn) -> Command[str]:
    answer = interrupt(state["no_data"])
    if str(answer).strip().lower() in _CANCEL:
        cancelled: NoDataOut = {**final(state, "no_data", msg("cancelled", lang_of(state))), "no_data": None}
        return Command(goto=REPLY, update=cancelled)
    history = [*(state.get("chat_history") or []), {"role": "user", "content": state["question"]}]
    anew: NoDataOut = {
        # the reply is the turn's question now: the next turn's history holds it (its follow-ups
        # build on it, never on the card's original question)
        **visited(state, "no_data"), "question": str(answer), "turn_question": str(answer), "chat_history": history,
        "intent": None, "plan": None, "plan_confirmed": False, "data": None, "no_data": None,
        "clarifications": 0, "clarify_answer": None}
    return Command(goto="understander", update=anew)
