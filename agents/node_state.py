"""What each graph node reads and writes: one input and one output TypedDict per node, each a
subset of the graph's TradingState (agent/state.py).

The input type is also what LangGraph passes the node (graph.py hands it over as the node's
input schema): a key a node reads but does not declare here reaches it as missing. The reads
include those of every helper the node hands its state to; tests/agents/test_node_state.py finds
them in the source and checks each input below covers them, and that every key here is a state key.
A routed node (graph.ROUTERS) is also passed what its router reads (`Routing`).

The output type is the node's state update (for a node that returns a Command: the Command's
update). Keys are optional (total=False): a node returns only the keys its branch sets.
"""
from __future__ import annotations

from typing import Any

from langchain_core.messages import AnyMessage, BaseMessage
from typing_extensions import TypedDict  # pydantic (the graph's JSON schemas) needs it on Python < 3.12

from agent.state import Status

Json = dict[str, Any]


class Visited(TypedDict, total=False):
    """agents.common.visited: the node is the current agent and one more of the turn's agents."""
    current_agent: str
    agents_used: list[str]


class Answer(TypedDict, total=False):
    """An answer's text and the figures it states (agents.code_summary.code_summary)."""
    response: str
    claims: list[Json]


class Finished(Visited, Answer, total=False):
    """agents.common.final: the turn ends with this answer (routers send a set status to the reply)."""
    status: Status | None
    disclaimers: list[str]


class Usage(TypedDict, total=False):
    usage: Json


class Disclaimers(TypedDict, total=False):
    disclaimers: list[str]


class Answering(TypedDict, total=False):
    """What agents.common.visited and final read (an answer adds to the turn's disclaimers)."""
    agents_used: list[str]
    disclaimers: list[str]


class ModelCall(TypedDict, total=False):
    """What a node calling the model reads through the shared helpers: the time budget
    (started_at), usage, the request's "today" and its memory (session_id, request_id)."""
    now: str | None
    session_id: str
    request_id: str
    started_at: float
    usage: Json


class Routing(TypedDict, total=False):
    """What the routers (graph.py after_*) read of the state a routed node leaves."""
    route: str | None
    status: Status | None
    pending_action: Json | None
    needs_clarification: bool
    intent: Json | None
    plan: Json | None
    plan_confirmed: bool
    confirm_again: bool
    no_data: Json | None
    data: Json | None
    validation: Json | None
    validation_attempts: int


class NewTurnIn(TypedDict, total=False):
    question: str
    messages: list[AnyMessage]
    turn_question: str
    chat_history: list[dict[str, str]]
    started_at: float
    response: str
    intent: Json | None
    status: Status | None


class TurnReset(TypedDict, total=False):
    """The per-turn fields a new turn starts from (agents.turn.TURN_RESET)."""
    route: str | None
    intent: Json | None
    needs_clarification: bool
    clarifying_questions: list[str]
    clarify_answer: str | None
    clarifications: int
    plan: Json | None
    plan_confirmed: bool
    confirm_again: bool
    no_data: Json | None
    pending_action: Json | None
    confirmed_action: Json | None
    queries: list[Json]
    data: Json | None
    has_data: bool
    execution_errors: list[str]
    draft: str
    response: str
    claims: list[Json]
    validation: Json | None
    validation_attempts: int
    replans: int
    status: Status | None
    interrupt: Json | None
    disclaimers: list[str]
    reading: str | None
    declined: list[Json]
    agents_used: list[str]
    usage: Json


class NewTurnOut(TurnReset, total=False):
    question: str
    turn_question: str
    messages: list[AnyMessage]
    chat_history: list[dict[str, str]]
    started_at: float
    request_id: str


class RouteIn(TypedDict, total=False):
    question: str
    clarify_answer: str | None
    now: str | None


class RouteOut(TypedDict, total=False):
    route: str | None
    question: str
    turn_question: str
    clarify_answer: str | None


class TradingIn(Answering, total=False):
    """agent/trading/graph_turn.py reads these (and memory: session_id, request_id, intent)."""
    question: str
    now: str | None
    intent: Json | None
    session_id: str
    request_id: str


class TradingOut(Finished, total=False):
    route: str | None
    intent: Json | None
    plan: Json | None
    data: Json | None
    pending_action: Json | None


class ToolsIn(TradingIn, total=False):
    """agent/tools/graph_step.py reads what the trading step reads."""


class ToolsOut(Finished, total=False):
    route: str | None
    intent: Json | None
    has_data: bool
    plan: Json | None
    data: Json | None


class UnderstanderIn(Answering, ModelCall, total=False):
    question: str
    clarify_answer: str | None
    clarifications: int
    chat_history: list[dict[str, str]]
    intent: Json | None
    data: Json | None          # out of time: the code summary of whatever data exists


class UnderstanderOut(Finished, Usage, total=False):
    question: str
    clarify_answer: str | None
    intent: Json | None
    needs_clarification: bool
    clarifying_questions: list[str]


class ClarifyIn(TypedDict, total=False):
    intent: Json | None
    clarifying_questions: list[str]
    clarifications: int
    agents_used: list[str]


class ClarifyOut(Visited, total=False):
    clarify_answer: str | None
    clarifications: int


class PlannerIn(Answering, ModelCall, total=False):
    question: str
    intent: Json | None
    validation: Json | None     # need_more_data: the validator's feedback
    data: Json | None


class PlannerOut(Finished, Usage, total=False):
    plan: Json | None
    plan_confirmed: bool
    queries: list[Json]
    data: Json | None
    reading: str | None
    declined: list[Json]


class ConfirmPlanIn(Answering, total=False):
    plan: Json                  # the planner's: this node runs only after it
    confirm_again: bool
    intent: Json | None


class ConfirmPlanOut(Finished, total=False):
    plan: Json | None
    plan_confirmed: bool
    confirm_again: bool


class ExecutorIn(Answering, total=False):
    plan: Json | None
    intent: Json | None
    question: str
    now: str | None
    reading: str | None
    request_id: str
    started_at: float
    data: Json | None


class ExecutorOut(Finished, total=False):
    no_data: Json | None
    data: Json | None
    has_data: bool
    execution_errors: list[str]
    queries: list[Json]


class NoDataIn(Answering, total=False):
    no_data: Json | None
    question: str
    chat_history: list[dict[str, str]]
    intent: Json | None


class NoDataOut(Finished, total=False):
    no_data: Json | None
    question: str
    turn_question: str
    chat_history: list[dict[str, str]]
    intent: Json | None
    plan: Json | None
    plan_confirmed: bool
    data: Json | None
    clarifications: int
    clarify_answer: str | None


class AnalystIn(Answering, ModelCall, total=False):
    question: str
    intent: Json | None
    data: Json | None
    validation: Json | None     # a rewrite: the validator's feedback


class AnalystOut(Finished, Usage, total=False):
    draft: str


class ValidatorIn(Answering, total=False):
    draft: str
    question: str
    intent: Json | None
    data: Json | None
    now: str | None
    validation: Json | None
    validation_attempts: int
    replans: int
    request_id: str


class ValidatorOut(Visited, total=False):
    response: str
    claims: list[Json]
    validation: Json | None
    validation_attempts: int
    replans: int
    disclaimers: list[str]


class SummaryFallbackIn(Answering, total=False):
    question: str
    intent: Json | None
    data: Json | None
    now: str | None
    validation: Json | None
    request_id: str


class SummaryFallbackOut(Visited, total=False):
    response: str
    claims: list[Json]
    validation: Json | None
    disclaimers: list[str]


class EducatorIn(Answering, ModelCall, total=False):
    intent: Json | None
    response: str               # mixed: the data answer the explanation follows
    claims: list[Json]


class EducatorOut(Visited, Usage, total=False):
    response: str
    claims: list[Json]
    disclaimers: list[str]


class ConfirmActionIn(TypedDict, total=False):
    pending_action: Json | None
    intent: Json | None


class ConfirmActionOut(TypedDict, total=False):
    pending_action: Json | None
    confirmed_action: Json | None
    response: str
    status: Status | None
    interrupt: Json | None


class ExecuteActionIn(Answering, total=False):
    confirmed_action: Json      # set by confirm_action: this node runs only after it
    intent: Json | None
    request_id: str


class ExecuteActionOut(Finished, total=False):
    data: Json | None
    confirmed_action: Json | None
    pending_action: Json | None


class RememberIn(TypedDict, total=False):
    status: Status | None
    response: str
    question: str
    turn_question: str
    intent: Json | None
    claims: list[Json]
    session_id: str
    request_id: str


class RememberOut(TypedDict, total=False):
    """Nothing: memory learns on the side."""


class ReplyIn(TypedDict, total=False):
    messages: list[AnyMessage]
    response: str
    reading: str | None
    data: Json | None
    status: Status | None
    disclaimers: list[str]
    request_id: str


class ReplyOut(TypedDict, total=False):
    messages: list[BaseMessage]     # the answer, and RemoveMessage for the oldest kept
    response: str


# Every node of the graph: (what it reads, what it writes).
NODE_STATES: dict[str, tuple[type, type]] = {
    "new_turn": (NewTurnIn, NewTurnOut),
    "route": (RouteIn, RouteOut),
    "trading": (TradingIn, TradingOut),
    "tools": (ToolsIn, ToolsOut),
    "understander": (UnderstanderIn, UnderstanderOut),
    "clarify": (ClarifyIn, ClarifyOut),
    "planner": (PlannerIn, PlannerOut),
    "confirm_plan": (ConfirmPlanIn, ConfirmPlanOut),
    "executor": (ExecutorIn, ExecutorOut),
    "no_data": (NoDataIn, NoDataOut),
    "analyst": (AnalystIn, AnalystOut),
    "validator": (ValidatorIn, ValidatorOut),
    "summary_fallback": (SummaryFallbackIn, SummaryFallbackOut),
    "educator": (EducatorIn, EducatorOut),
    "confirm_action": (ConfirmActionIn, ConfirmActionOut),
    "execute_action": (ExecuteActionIn, ExecuteActionOut),
    "remember": (RememberIn, RememberOut),
    "reply": (ReplyIn, ReplyOut),
}
