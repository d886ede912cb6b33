"""Route node: which way a new question goes, decided in code before any model call.

    trading command ("buy 2 NQ at market", "alert me when SPY above 520")  -> trading
    catalogue tool or memory statement ("add NQ to my watchlist",
        "remember that I mostly trade NQ", "forget my usual symbol")       -> tools
    a backtest ("backtest: buy SPX when it falls 3 %, sell 5 sessions later") -> understander
    anything else (data questions, concepts)                                -> understander

Each destination is a node with a named edge in graph.py, so every turn ends in a node. The node
only decides (it writes `route`); the trading and tools nodes do the work. An answer to a
clarification goes straight back to the understander.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from agent.deps import Deps
from agents.common import plain
from agents.node_state import RouteIn, RouteOut, ToolsIn, ToolsOut, TradingIn, TradingOut

Route = str  # "trading" | "tools" | "understander"


def decide(state: Mapping[str, Any], deps: Deps) -> Route:
    from agent.nlu.backtest_rules import is_backtest
    from agent.nlu.tool_intents import detect_tool_call
    from agent.tools.graph_step import planner_decides
    from agent.trading.commands import parse_trading_command

    if state.get("clarify_answer"):
        return "understander"
    ctx = deps.context(state.get("now"))
    question = state["question"]
    if is_backtest(question):       # a rule asked about ("backtest: buy ... sell ..."), never an order
        return "understander"
    if parse_trading_command(question, [i.symbol for i in ctx.instruments]) is not None:
        return "trading"
    call = detect_tool_call(question, ctx)
    if call is not None and not planner_decides(deps, call.name):
        return "tools"
    return "understander"


def _trade_on_card(state: Mapping[str, Any], deps: Deps) -> bool:
    """A trading command typed while a card is open ("buy 10 SPY"): a new request, not the answer."""
    from agent.trading.commands import parse_trading_command

    answer = state.get("clarify_answer")
    if not answer:
        return False
    ctx = deps.context(state.get("now"))
    return parse_trading_command(str(answer), [i.symbol for i in ctx.instruments]) is not None


def route(state: RouteIn, config: RunnableConfig, runtime: Runtime[Deps]) -> RouteOut:
    if _trade_on_card(state, runtime.context):
        answer = str(state["clarify_answer"])
        return {"route": "trading", "question": answer, "turn_question": answer, "clarify_answer": None}
    return {"route": decide(state, runtime.context)}


def trading(state: TradingIn, config: RunnableConfig, runtime: Runtime[Deps]) -> TradingOut:
    """A trading request: a read-only answer, or a pending action for confirm_action."""
    from agent.memory.hooks import with_memory
    from agent.trading.graph_turn import trading_turn

    deps = runtime.context
    ctx = with_memory(deps.context(state.get("now")), plain(state), deps, config)
    # the update agent/trading/graph_turn.py builds: TradingOut's keys
    return cast("TradingOut | None", trading_turn(plain(state), deps, ctx)) or {"route": "understander"}


def tools(state: ToolsIn, config: RunnableConfig, runtime: Runtime[Deps]) -> ToolsOut:
    """A catalogue tool's question or a statement for memory, answered by the tool in code."""
    from agent.memory.hooks import with_memory
    from agent.tools.graph_step import tool_turn

    deps = runtime.context
    ctx = with_memory(deps.context(state.get("now")), plain(state), deps, config)
    # the update agent/tools/graph_step.py builds: ToolsOut's keys
    return cast("ToolsOut | None", tool_turn(plain(state), deps, ctx)) or {"route": "understander"}
