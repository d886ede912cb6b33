"""confirm_action node: asks the user to confirm a tool call that changes something, and routes.

It only asks and routes (DESIGN "The graph"): no LLM call and no I/O happen here, because
LangGraph re-runs an interrupted node from its start on resume. The action comes from the state
(`pending_action`, a PendingAction written by the node that proposed it, with the preview facts it
gathered), the payload is built from it by code, and the SAME checkpointed action is handed on.

Routing (Command):
- yes / execute (EN, RU, ES words, or the button: "execute" or {"choice": "execute",
  "action_id": <the payload's>}) -> `on_execute` with `confirmed_action` = the exact pending
  action (tool, params, action_id); that node runs it through the tool executor as deps.user;
- no / cancel -> `on_cancel` with a "cancelled" answer and nothing executed;
- anything else (including "yes, but 3 contracts" or a button of another action) asks again with
  the same action (a further interrupt() in this node; LangGraph matches resumes to interrupts by
  order), up to MAX_ASKS times, then cancels.

Wiring (graph.py; not done here, the graph is being rewritten):

    from agents.confirm_action import make_confirm_action
    g.add_node("confirm_action", make_confirm_action("execute_action", END),
               destinations=("execute_action", END))
    # the executor, meeting a plan step whose tool has ToolSpec.mutates:
    #     return Command(goto="confirm_action",
    #                    update={"pending_action": PendingAction(tool=..., params=...,
    #                                                            context={...}).model_dump()})
    # execute_action: run state["confirmed_action"]["tool"] with its "params", then go on
    #     (analyst), clearing pending_action / confirmed_action.

State keys used: pending_action, confirmed_action, intent.lang / language (the reply language),
and on cancel: response, status, interrupt.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langgraph.graph import END
from langgraph.types import Command, interrupt

from agent.trading.confirmation import PendingAction, decide, payload

MAX_ASKS = 3
_CANCELLED = {"en": "Cancelled: nothing was executed.", "ru": "Отменено: ничего не выполнено.",
              "es": "Cancelado: no se ejecutó nada."}


def _lang(state: dict[str, Any]) -> str:
    lang = (state.get("intent") or {}).get("lang") or state.get("language") or "en"
    return lang if lang in _CANCELLED else "en"


def make_confirm_action(on_execute: str, on_cancel: str = END) -> Callable[[dict[str, Any]], Command]:
    """The node function, routing to `on_execute` or `on_cancel` (names of graph nodes)."""

    def confirm_action(state: dict[str, Any]) -> Command:
        action = PendingAction.model_validate(state["pending_action"])
        lang, decision = _lang(state), "unclear"
        for attempt in range(1, MAX_ASKS + 1):
            answer = interrupt(payload(action, lang, attempt=attempt).model_dump(mode="json"))
            decision = decide(answer, action.action_id)
            if decision != "unclear":
                break
        if decision == "execute":
            confirmed = {**action.model_dump(mode="json"), "action_id": action.action_id}
            return Command(goto=on_execute, update={"confirmed_action": confirmed,
                                                    "pending_action": None})
        return Command(goto=on_cancel, update={
            "pending_action": None, "confirmed_action": None,
            "response": _CANCELLED[lang], "status": "answered", "interrupt": None})

    return confirm_action
