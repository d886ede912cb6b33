"""The graph's tool step: a question a catalogue tool answers (agent/nlu/tool_intents.py)
runs through the ToolExecutor as the run's user (Deps.user, never model output) and is answered
from the tool's result in the user's language.

Hooked into the understander node with one call (`tool_turn`); the turn ends there with the
intent, a one-step plan {"steps": [{"action": "tool", "tool", "params"}]} and the result in
`data.tool_results`, so the existing nodes and models stay as they are.
"""
from __future__ import annotations

import threading
from typing import Any

from agent.tools.answers import render

_executors: dict[tuple, Any] = {}
_lock = threading.Lock()


def executor_for_deps(deps) -> Any:
    """One ToolExecutor per (store, settings) of the process: rate limits and cache are shared."""
    from agent.storage.appdb import open_appdb
    from agent.tools.executor import ToolExecutor

    key = (id(deps.store), deps.settings.database_url, str(deps.settings.home),
           deps.settings.redis_url)
    with _lock:
        ex = _executors.get(key)
        if ex is None:
            ex = _executors[key] = ToolExecutor(deps.settings, deps.store, open_appdb(deps.settings))
        return ex


def planner_decides(deps, name: str) -> bool:
    """With Gemini, read-only tools are offered to the planner (agent/tools/plan_step.py), which
    decides; commands that change something (watchlist add/remove) and statements for memory
    (remember / forget) stay on this code path."""
    if getattr(deps.provider, "name", None) != "gemini" or name in ("remember", "forget"):
        return False
    spec = executor_for_deps(deps).registry.get(name)
    return spec is not None and not spec.mutates


def tool_turn(state: dict[str, Any], deps, ctx) -> dict[str, Any] | None:
    """The finished turn when the question is a tool's, else None (the normal path continues)."""
    from agent.nlu.tool_intents import detect_tool_call
    from agent.state import Intent, final

    call = detect_tool_call(state["question"], ctx)
    if call is None or planner_decides(deps, call.name):
        return None
    result = executor_for_deps(deps).execute(call.name, call.params, deps.user, lang=call.lang)
    symbol = call.params.get("symbol") or None
    intent = Intent(type="data", lang=call.lang, symbol=symbol, symbols=[symbol] if symbol else [])
    out = final({**state, "intent": intent.model_dump(mode="json")}, "tools",
                render(call.name, call.params, result, call.lang))
    return {**out, "intent": intent.model_dump(mode="json"),
            "plan": {"steps": [{"action": "tool", "tool": call.name, "params": call.params}]},
            "data": {"results": [], "tool_results": [{"tool": call.name, **result}],
                     "total_rows": 0}}
