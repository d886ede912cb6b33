"""Understander node: question + history -> Intent. It never interrupts: a question that needs
clarification routes to the clarify node, whose answer comes back here (once per answer)."""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from agent.budget import OutOfTime
from agent.deps import Deps
from agent.messages import msg
from agent.nlu.escape import asks_anew
from agent.nlu.resumes import reply_kind
from agent.state import Intent
from agents.common import call_llm, fallback_disclaimers, final, partial, plain, visited, with_usage
from agents.node_state import UnderstanderIn, UnderstanderOut

MAX_CLARIFICATIONS = 2
HISTORY_MESSAGES = 10  # seed 004 section 7: the last 10 messages are enough context


def read_whole(intent: Intent) -> bool:
    """The built-in parser's reading lacks nothing the user asked: every word used (no note of a
    word left out or a part declined), nothing left to ask (then the model's failure
    is not the user's news)."""
    return not intent.notes and not intent.declined and not intent.needs_clarification


def _disclaimers(state: UnderstanderIn, intent: Intent, error: BaseException | None,
                 note: dict[str, Any]) -> list[str]:
    """Known disclaimers + the fallback line when the parser's reading lacks something (
    30) + the memory default said + what the parser did not use or read differently
   , each once."""
    # Built afresh on each understanding: a note of an earlier reading of this turn
    # ("Using NQ, your usual symbol.") never rides on an answer that did not use it.
    out: list[str] = []
    extra = [*fallback_disclaimers(state, "understander", [error] if error else [], intent.lang,
                                   complete=read_whole(intent)).get("disclaimers", []),
             *note.get("disclaimers", []), *intent.notes]
    for line in extra:
        if line and line not in out:
            out.append(line)
    return out


def understander(state: UnderstanderIn, config: RunnableConfig, runtime: Runtime[Deps]) -> UnderstanderOut:
    from agent.memory.hooks import memory_defaults, memory_history, with_memory

    deps = runtime.context
    ctx = with_memory(deps.context(state.get("now")), plain(state), deps, config)   # memory
    history = list(state.get("chat_history") or [])[-HISTORY_MESSAGES:]
    # memory: the thread's summary of older turns + the recent ones (<= 10 entries)
    history = memory_history(plain(state), config, deps, history)
    question, answer = state["question"], state.get("clarify_answer")
    if answer and asks_anew(answer, state.get("intent"), ctx):
        question, answer = str(answer), None   # a question of its own escapes the card
        state = {**state, "question": question, "clarify_answer": None}
    usage: list[dict[str, Any]] = []
    # trading commands, catalogue tools and memory statements went their own way (agents/route.py)
    # After a clarification: the original question completed by the user's answer.
    args = (question, answer, history, ctx) if answer else (question, history, ctx)
    method = "understand_with_answer" if answer else "understand"
    update: UnderstanderOut = {"question": question, "clarify_answer": None}
    if answer:
        update = {"question": f"{question} {answer}", "clarify_answer": None}
    try:
        intent, error = call_llm(state, "understander", getattr(deps.provider, method),
                                 lambda: getattr(deps.fallback, method)(*args), *args, usage=usage)
    except OutOfTime:
        return {**partial(state, "understander", deps), **update}
    note: dict[str, Any] = {}
    # The user's usual symbol, said - not when they just asked for another instrument
    # than the one without data: they pick from the loaded ones offered.
    if reply_kind(state["question"]) != "another":
        intent, note = memory_defaults(plain(state), deps, intent, config)
    asked = state.get("clarifications") or 0
    if intent.needs_clarification and asked >= MAX_CLARIFICATIONS:
        example = intent.suggestions[0] if intent.suggestions else "NQ 2023-11"
        return {**final(state, "understander", msg("not_understood", intent.lang, example=example)),
                **with_usage(state, usage), **update}
    return {**visited(state, "understander"), **with_usage(state, usage), **update,
            "intent": intent.model_dump(mode="json"),
            "disclaimers": _disclaimers(state, intent, error, note),
            "needs_clarification": intent.needs_clarification,
            "clarifying_questions": intent.clarifying_questions if intent.needs_clarification else []}
