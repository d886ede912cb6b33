"""AskBar's LangGraph: wiring and routing only (the nodes live in agents/).

question -> new_turn -> route --trading command--> trading --change--> confirm_action | END
                             --tool / memory statement--> tools -> END
                             --data / concept--> understander
         -> understander --unclear--> clarify (INTERRUPT) -> understander
         -> concept -> educator -> END
         -> trading change -> confirm_action (INTERRUPT) -> execute_action -> END
         -> planner --more than 3 steps--> confirm_plan (INTERRUPT) -> executor
         -> executor --no bars--> no_data (INTERRUPT) -> understander | END
         -> analyst (slot text) -> validator: ok -> END (mixed: educator) | rewrite -> analyst (max 2)
                                  | need_more_data -> planner (max 1) | exhausted -> code summary
Every END above passes through `reply` first: it appends the answer to `messages` as an AI message
(agents/reply.py), the chat form LangGraph chat clients render.

Each node reads and writes the keys agents/node_state.py declares for it: LangGraph passes a node
only those (and what its router reads), so an undeclared read finds nothing.

Interrupts live in nodes that only ask and route (clarify, confirm_plan, no_data, confirm_action):
LangGraph re-runs an interrupted node from its start on resume, so an LLM node must never interrupt.

Dependencies are the run's LangGraph context (`context_schema=Deps`, nodes take
`runtime: Runtime[Deps]`): every caller passes them with `agent.deps.run_options(deps)`, which also
sets durability="exit". The routers' Literal return types are the graph's conditional edges.
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
import threading
from collections.abc import Callable
from typing import Any, Literal, cast, get_args, get_type_hints

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Command
from typing_extensions import TypedDict  # pydantic (the graph's JSON schemas) needs it on Python < 3.12

from agent.deps import Deps
from agent.state import TradingState
from agents.analyst import analyst
from agents.clarify import clarify
from agents.confirm_action import make_confirm_action
from agents.confirm_plan import confirm_plan, needs_confirmation
from agents.educator import educator
from agents.execute_action import execute_action
from agents.executor import executor
from agents.no_data import no_data
from agents.node_state import NODE_STATES, Routing
from agents.planner import planner
from agents.remember import remember
from agents.reply import REPLY, reply
from agents.route import route, tools, trading
from agents.turn import AskInput, needs_reset, new_turn
from agents.understander import understander
from agents.validator import MAX_REWRITES, summary_fallback, validator

STOP: Literal["reply"] = "reply"   # every ending turn passes through `reply` (its AI message), then END


def _finished(state: Routing) -> bool:
    return bool(state.get("status"))


def before_turn(state: TradingState) -> Literal["new_turn", "route"]:
    # Only stale inputs (a bare {"question"} on an answered thread) pay for the extra step.
    return "new_turn" if needs_reset(state) else "route"


def after_route(state: Routing) -> Literal["trading", "tools", "understander"]:
    where = state.get("route")
    if where == "trading":
        return "trading"
    return "tools" if where == "tools" else "understander"


def after_trading(state: Routing) -> Literal["confirm_action", "understander", "reply"]:
    if _finished(state):
        return STOP
    return "confirm_action" if state.get("pending_action") else "understander"


def after_tools(state: Routing) -> Literal["understander", "reply"]:
    return STOP if _finished(state) else "understander"


def after_understander(state: Routing) -> Literal["clarify", "planner", "educator", "confirm_action", "reply"]:
    if _finished(state):
        return STOP
    if state.get("pending_action"):      # a trading change: ask before executing
        return "confirm_action"
    if state.get("needs_clarification"):
        return "clarify"
    kind = (state.get("intent") or {}).get("type")
    return "educator" if kind == "concept" else "planner"


def after_planner(state: Routing) -> Literal["confirm_plan", "executor", "reply"]:
    if _finished(state):
        return STOP
    return "confirm_plan" if needs_confirmation(state) else "executor"


def after_confirm_plan(state: Routing) -> Literal["confirm_plan", "executor", "reply"]:
    if _finished(state):
        return STOP
    return "confirm_plan" if state.get("confirm_again") else "executor"


def after_executor(state: Routing) -> Literal["no_data", "analyst", "reply"]:
    if _finished(state):
        return STOP
    if state.get("no_data"):
        return "no_data"
    return "analyst" if state.get("data") else STOP


def after_analyst(state: Routing) -> Literal["validator", "reply"]:
    return STOP if _finished(state) else "validator"


def after_validator(state: Routing) -> Literal["analyst", "planner", "summary_fallback", "educator", "remember"]:
    v = state.get("validation") or {}
    if v.get("status") == "need_more_data":
        return "planner"
    if v.get("status") == "rewrite":
        return "analyst" if (state.get("validation_attempts") or 0) <= MAX_REWRITES else "summary_fallback"
    return "educator" if (state.get("intent") or {}).get("type") == "mixed" else "remember"


# A node's router, evaluated on the state the node leaves (see _routed).
ROUTERS: dict[str, Callable[[Routing], str]] = {
    "route": after_route, "trading": after_trading, "tools": after_tools,
    "understander": after_understander, "planner": after_planner, "confirm_plan": after_confirm_plan,
    "executor": after_executor, "analyst": after_analyst, "validator": after_validator}


def build_graph(checkpointer: Any = None, default_context: Deps | None = None) -> Any:
    def node(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:  # every node, so a new one is covered too
        fn = fn if default_context is None else _with_context(fn, default_context)
        return _routed(fn, ROUTERS[name]) if name in ROUTERS else fn

    def add(name: str, fn: Callable[..., Any], destinations: tuple[str, ...] | None = None) -> None:
        if name in ROUTERS:
            destinations = _destinations(ROUTERS[name])
        g.add_node(name, node(name, fn), destinations=destinations, input_schema=reads(name))

    # make_graph (langgraph dev) supplies its Deps itself: no context schema for the platform to fill
    g = StateGraph(TradingState, context_schema=Deps if default_context is None else None, input_schema=AskInput)
    add("new_turn", new_turn)
    add("route", route)
    add("trading", trading)
    add("tools", tools)
    add("understander", understander)
    add("clarify", clarify)
    add("planner", planner)
    add("confirm_plan", confirm_plan)
    add("executor", executor)
    add("no_data", no_data, destinations=("understander", REPLY))
    add("analyst", analyst)
    add("validator", validator)
    add("summary_fallback", summary_fallback)
    add("educator", educator)
    add("confirm_action", make_confirm_action("execute_action", REPLY),   # asks, routes
        destinations=("execute_action", "confirm_action", REPLY))
    add("execute_action", execute_action)
    add("remember", remember)  # memory: learn from every answered turn
    add(REPLY, reply)          # the answer as an AI message in `messages`
    g.add_conditional_edges(START, before_turn)
    g.add_edge("new_turn", "route")
    g.add_edge("clarify", "route")      # the card's answer, or a trade command typed on it
    g.add_edge("execute_action", REPLY)
    g.add_edge("summary_fallback", "remember")
    g.add_edge("educator", "remember")
    g.add_edge("remember", REPLY)
    g.add_edge(REPLY, END)
    return g.compile(checkpointer=checkpointer, name="askbar")


def _injected(wants: set[str], config: RunnableConfig, runtime: Runtime[Deps]) -> dict[str, Any]:
    """The config and runtime arguments a node function takes (by its parameter names)."""
    return {k: v for k, v in (("config", config), ("runtime", runtime)) if k in wants}


@functools.cache   # one schema per node: every graph built shares them
def reads(name: str) -> type[Any]:
    """What LangGraph passes node `name`: the keys it reads (agents/node_state.py), and for a routed
    node also what its router reads of the state it leaves. Given explicitly, so the wrappers
    below (typed with the whole state) pass no more than the node itself declares."""
    node_in = NODE_STATES[name][0]
    if name not in ROUTERS:
        return node_in
    fields = {**get_type_hints(Routing, include_extras=True), **get_type_hints(node_in, include_extras=True)}
    schema: type[Any] = TypedDict(f"{node_in.__name__}Routed", fields, total=False)  # type: ignore[misc]
    return schema


def _destinations(router: Callable[[Routing], str]) -> tuple[str, ...]:
    """The nodes a router can send to: its Literal return type."""
    return tuple(get_args(get_type_hints(router)["return"]))


def _routed(fn: Callable[..., Any], router: Callable[[Routing], str]) -> Callable[..., Any]:
    """The node, returning Command(update=its update, goto=router(the state it leaves)).

    Same routing as a conditional edge after the node, for less: LangGraph evaluates a conditional
    edge on a fresh copy of every state channel (local_read, ~60 channel copies per edge), which
    with the edges' own bookkeeping was ~8 % of a month question's CPU in the server. The state
    has no reducers, so the state a node leaves is {**state, **update}. A node that already
    returns a Command routes itself."""
    wants = set(inspect.signature(fn).parameters)

    def run(state: TradingState, config: RunnableConfig, runtime: Runtime[Deps]) -> Any:
        out = fn(state, **_injected(wants, config, runtime))
        if isinstance(out, Command):
            return out
        return Command(update=out, goto=router(cast(Routing, {**state, **(out or {})})))

    run.__name__ = getattr(fn, "__name__", "node")
    return run


class _DevGraph:
    """make_graph's graph and the Deps it carries: built on the first make_graph call (never at
    import), once per process, here only. The lock: the dev server calls the factory from more than
    one event loop, and a second build would open the store a second time."""

    def __init__(self) -> None:
        self.graph: Any = None
        self._lock = threading.Lock()

    def build(self) -> Any:
        with self._lock:
            if self.graph is None:
                from agent.deps import build_deps

                self.graph = build_graph(default_context=build_deps())
        return self.graph


_DEV = _DevGraph()


async def make_graph() -> Any:
    """For langgraph.json / `langgraph dev` only. The platform calls this factory for every run, on
    an event loop, and brings its own checkpointer and no AskBar context: so the Deps (from the
    environment: ASKBAR_* settings, the local user) and the graph are built once, in a worker
    thread (opening the store makes directories and files: blocking calls the dev server refuses
    on its loop), and runs that bring no Deps get them. The graph has no context schema there: the
    platform would build one from a run's `context` (Deps cannot come from a client). AskBar's own
    callers (CLI, server, replay, tests) use build_graph and pass their Deps with run_options."""
    import asyncio

    return _DEV.graph or await asyncio.to_thread(_DEV.build)


def _with_context(node: Callable[..., Any], deps: Deps) -> Callable[..., Any]:
    """The node, given `deps` as its runtime context when the run brought none (make_graph only;
    the platform may pass a client's `context` dict: never Deps)."""
    wants = set(inspect.signature(node).parameters)
    if "runtime" not in wants:
        return node

    def run(state: TradingState, config: RunnableConfig, runtime: Runtime[Deps]) -> Any:
        rt = runtime if isinstance(runtime.context, Deps) else dataclasses.replace(runtime, context=deps)
        return node(state, **_injected(wants, config, rt))

    run.__name__ = getattr(node, "__name__", "node")
    return run
