"""AskBar's LangGraph: wiring only (the nodes live in agents/).

question -> new_turn -> understander --clarification (interrupt)--> understander
         -> concept -> educator -> END
         -> planner (--> confirm_plan interrupt) -> executor (--> no_data interrupt)
         -> analyst -> validator: ok -> END (mixed: educator) | rewrite -> analyst (max 2)
                                  | need_more_data -> planner (max 1) | exhausted -> code summary
"""
from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from agent.state import TradingState
from agents.analyst import analyst
from agents.educator import educator
from agents.executor import executor
from agents.planner import planner
from agents.remember import remember  # memory (issue 15)
from agents.turn import new_turn, needs_reset
from agents.understander import understander
from agents.validator import route as after_validator
from agents.validator import summary_fallback, validator


def _finished(state: dict) -> bool:
    return bool(state.get("status"))


def after_understander(state: dict) -> str:
    if _finished(state):
        return END
    kind = (state.get("intent") or {}).get("type")
    return "educator" if kind == "concept" else "planner"


def after_executor(state: dict) -> str:
    # data is reset when the node sent the user's no_data answer back to the understander.
    return END if _finished(state) or not state.get("data") else "analyst"


def build_graph(checkpointer=None):
    g = StateGraph(TradingState)
    g.add_node("new_turn", new_turn)
    g.add_node("understander", understander)
    g.add_node("planner", planner)
    g.add_node("executor", executor, destinations=("understander", "analyst"))
    g.add_node("analyst", analyst)
    g.add_node("validator", validator)
    g.add_node("summary_fallback", summary_fallback)
    g.add_node("educator", educator)
    g.add_node("remember", remember)  # memory (issue 15): learn from every answered turn
    # Only stale inputs (a bare {"question"} on an answered thread) pay for the extra step.
    g.add_conditional_edges(START, lambda s: "new_turn" if needs_reset(s) else "understander",
                            ["new_turn", "understander"])
    g.add_edge("new_turn", "understander")
    g.add_conditional_edges("understander", after_understander, ["planner", "educator", END])
    g.add_conditional_edges("planner", lambda s: END if _finished(s) else "executor", ["executor", END])
    g.add_conditional_edges("executor", after_executor, ["analyst", END])
    g.add_conditional_edges("analyst", lambda s: END if _finished(s) else "validator", ["validator", END])
    g.add_conditional_edges("validator", after_validator, {
        "analyst": "analyst", "planner": "planner", "summary_fallback": "summary_fallback",
        "educator": "educator", "end": "remember"})
    g.add_edge("summary_fallback", "remember")
    g.add_edge("educator", "remember")
    g.add_edge("remember", END)
    return g.compile(checkpointer=checkpointer)


# For langgraph.json / `langgraph dev`: the platform supplies its own checkpointer.
graph = build_graph()
