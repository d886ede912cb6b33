"""AskBar's LangGraph: wiring only (the nodes live in agents/).

question -> new_turn -> understander --unclear--> clarify (INTERRUPT) -> understander
         -> concept -> educator -> END
         -> trading change -> confirm_action (INTERRUPT) -> execute_action -> END | cancelled -> END
         -> planner --more than 3 steps--> confirm_plan (INTERRUPT) -> executor
         -> executor --no bars--> no_data (INTERRUPT) -> understander | END
         -> analyst (slot text) -> validator: ok -> END (mixed: educator) | rewrite -> analyst (max 2)
                                  | need_more_data -> planner (max 1) | exhausted -> code summary

Interrupts live in nodes that only ask and route (clarify, confirm_plan, no_data, confirm_action): LangGraph re-runs
an interrupted node from its start on resume, so an LLM node must never interrupt.
"""
from __future__ import annotations

from langgraph._internal._constants import CONFIG_KEY_DURABILITY
from langgraph.graph import END, START, StateGraph

from agent.state import TradingState
from agents.analyst import analyst
from agents.clarify import clarify
from agents.confirm_action import make_confirm_action
from agents.confirm_plan import after_confirm, confirm_plan, needs_confirmation
from agents.educator import educator
from agents.execute_action import execute_action
from agents.executor import executor
from agents.no_data import no_data
from agents.planner import planner
from agents.remember import remember  # memory (issue 15)
from agents.turn import needs_reset, new_turn
from agents.understander import understander
from agents.validator import route as after_validator
from agents.validator import summary_fallback, validator


def _finished(state: dict) -> bool:
    return bool(state.get("status"))


def after_understander(state: dict) -> str:
    if _finished(state):
        return END
    if state.get("pending_action"):      # a trading change (issue 14): ask before executing
        return "confirm_action"
    if state.get("needs_clarification"):
        return "clarify"
    kind = (state.get("intent") or {}).get("type")
    return "educator" if kind == "concept" else "planner"


def after_planner(state: dict) -> str:
    if _finished(state):
        return END
    return "confirm_plan" if needs_confirmation(state) else "executor"


def after_executor(state: dict) -> str:
    if _finished(state):
        return END
    if state.get("no_data"):
        return "no_data"
    return "analyst" if state.get("data") else END


def build_graph(checkpointer=None):
    g = StateGraph(TradingState)
    g.add_node("new_turn", new_turn)
    g.add_node("understander", understander)
    g.add_node("clarify", clarify)
    g.add_node("planner", planner)
    g.add_node("confirm_plan", confirm_plan)
    g.add_node("executor", executor)
    g.add_node("no_data", no_data, destinations=("understander", END))
    g.add_node("analyst", analyst)
    g.add_node("validator", validator)
    g.add_node("summary_fallback", summary_fallback)
    g.add_node("educator", educator)
    g.add_node("confirm_action", make_confirm_action("execute_action", END),
               destinations=("execute_action", "confirm_action", END))
    g.add_node("execute_action", execute_action)
    g.add_node("remember", remember)  # memory (issue 15): learn from every answered turn
    # Only stale inputs (a bare {"question"} on an answered thread) pay for the extra step.
    g.add_conditional_edges(START, lambda s: "new_turn" if needs_reset(s) else "understander",
                            ["new_turn", "understander"])
    g.add_edge("new_turn", "understander")
    g.add_conditional_edges("understander", after_understander,
                            ["clarify", "planner", "educator", "confirm_action", END])
    g.add_edge("execute_action", END)
    g.add_edge("clarify", "understander")
    g.add_conditional_edges("planner", after_planner, ["confirm_plan", "executor", END])
    g.add_conditional_edges("confirm_plan", after_confirm,
                            {"confirm_plan": "confirm_plan", "executor": "executor", "end": END})
    g.add_conditional_edges("executor", after_executor, ["no_data", "analyst", END])
    g.add_conditional_edges("analyst", lambda s: END if _finished(s) else "validator", ["validator", END])
    g.add_conditional_edges("validator", after_validator, {
        "analyst": "analyst", "planner": "planner", "summary_fallback": "summary_fallback",
        "educator": "educator", "end": "remember"})
    g.add_edge("summary_fallback", "remember")
    g.add_edge("educator", "remember")
    g.add_edge("remember", END)
    # Checkpoint when a run stops (answer or interrupt), not after every node: a run killed midway
    # leaves the thread as it was (still waiting for the same answer), and a question writes one
    # checkpoint instead of seven.
    return g.compile(checkpointer=checkpointer).with_config(
        {"configurable": {CONFIG_KEY_DURABILITY: "exit"}})


# For langgraph.json / `langgraph dev`: the platform supplies its own checkpointer.
graph = build_graph()
