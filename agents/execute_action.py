"""execute_action node: runs the action the user confirmed in confirm_action, exactly as shown
(state `confirmed_action`: tool + parameters), through the tool executor as Deps.user, and answers
with the fill / order / alert figures read back from the account's records (slots rendered by code).

No LLM call and no interrupt here; the confirmation happened in confirm_action. Running the same
confirmed action twice stores one order/alert; the second answer says it was already placed.
"""
from __future__ import annotations

from typing import cast

from langgraph.runtime import Runtime

from agent.deps import Deps
from agent.trading.execution import run_tool
from agents.common import lang_of, log_error, plain
from agents.node_state import ExecuteActionIn, ExecuteActionOut


def execute_action(state: ExecuteActionIn, runtime: Runtime[Deps]) -> ExecuteActionOut:
    action = state["confirmed_action"]
    # The action id (checkpointed with the action, drawn by code) is the idempotency key: after a
    # crash that left the thread at the same confirmation, a second "yes" finds the stored order.
    out = run_tool(plain(state), runtime.context, action["tool"], action["params"], lang_of(state),
                   "execute_action", key=action.get("action_id"))
    try:     # short-term memory: the action is no longer pending (best effort)
        runtime.context.services.memory.action_settled(runtime.context.user, action.get("action_id"))
    except Exception as exc:  # noqa: BLE001 - memory never breaks a turn
        log_error(state, "execute_action", exc, "warning")
    # run_tool's update is agents.common.final's with the tool's result in `data`
    return {**cast(ExecuteActionOut, out), "confirmed_action": None, "pending_action": None}
