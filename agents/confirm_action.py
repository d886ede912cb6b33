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
  the same action, up to MAX_ASKS times, then cancels. Asking again routes back to this node (a
  fresh step, one interrupt per step, like confirm_plan): a resume that also updates the state
  (the server's and Session's Command(resume=..., update={"request_id": ...})) would otherwise
  write the same key twice in one step on the second resume.

Wiring (graph.py): the understander's trading step (agent/trading/graph_turn.py) puts a
PendingAction in `pending_action` and routes here; agents/execute_action.py runs the confirmed one:

    g.add_node("confirm_action", make_confirm_action("execute_action", END),
               destinations=("execute_action", "confirm_action", END))

State keys (agents/node_state.py): it reads pending_action and intent.lang (the reply language),
and writes pending_action, confirmed_action, and on cancel: response, status, interrupt.
"""
from __future__ import annotations

from collections.abc import Callable

from langgraph.graph import END
from langgraph.types import Command, interrupt

from agent import lang as packs
from agent.trading.confirmation import PendingAction, decide, payload
from agents.node_state import ConfirmActionIn, ConfirmActionOut

MAX_ASKS = 3
_CANCELLED = packs.by_lang("agent_words", "confirm_action", "_CANCELLED")


def _lang(state: ConfirmActionIn) -> str:
    lang = (state.get("intent") or {}).get("lang") or "en"
    return lang if lang in _CANCELLED else "en"


def make_confirm_action(on_execute: str, on_cancel: str = END,
                        self_node: str = "confirm_action") -> Callable[[ConfirmActionIn], Command[str]]:
    """The node function, routing to `on_execute` or `on_cancel` (names of graph nodes), or back
    to itself (`self_node`, its own name in the graph) to ask again."""

    def confirm_action(state: ConfirmActionIn) -> Command[str]:
        action = PendingAction.model_validate(state["pending_action"])
        lang, attempt = _lang(state), action.asks + 1
        answer = interrupt(payload(action, lang, attempt=attempt).model_dump(mode="json"))
        decision = decide(answer, action.action_id)
        if decision == "unclear" and attempt < MAX_ASKS:
            again = action.model_copy(update={"asks": attempt})
            asked: ConfirmActionOut = {"pending_action": again.model_dump(mode="json")}
            return Command(goto=self_node, update=asked)
        if decision == "execute":
            confirmed = {**action.model_dump(mode="json", exclude={"asks"}), "action_id": action.action_id}
            run: ConfirmActionOut = {"confirmed_action": confirmed, "pending_action": None}
            return Command(goto=on_execute, update=run)
        cancelled: ConfirmActionOut = {"pending_action": None, "confirmed_action": None,
                                       "response": _CANCELLED[lang], "status": "answered", "interrupt": None}
        return Command(goto=on_cancel, update=cancelled)

    return confirm_action
