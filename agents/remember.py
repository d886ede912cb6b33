"""Remember node (memory): after an answered turn, learn from it. Never fails the run.

Queues (the answer does not wait; the next memory read does) the turn for the thread's record (rolling summary), updates long-term memory
(style, preferences, symbols, questions, strategies) and short-term activity, for the run's user
(Deps.user, from the token), never a user named in model output.
"""
from __future__ import annotations

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from agent.deps import Deps
from agents.common import log_error, plain
from agents.node_state import RememberIn, RememberOut


def remember(state: RememberIn, config: RunnableConfig, runtime: Runtime[Deps]) -> RememberOut:
    if state.get("status") not in (None, "answered") or not state.get("response"):
        return {}
    deps = runtime.context
    try:
        from agent.memory.hooks import thread_of

        deps.services.memory.learn_turn_later(
            deps.user, thread_of(plain(state), config), state.get("turn_question") or state["question"],
            state["response"], state.get("intent"), state.get("claims"), provider=deps.provider)
    except Exception as exc:  # noqa: BLE001 - memory is best effort: the answer is given
        log_error(state, "remember", exc, "warning")
    return {}
