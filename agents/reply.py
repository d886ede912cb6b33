"""The chat form of a thread: `messages` holds the user's turns as human messages and
the answers as AI messages (langchain-core types), so LangGraph chat clients (Agent Chat UI, the
SDKs' useStream) render a thread. The answer's numbers stay in `claims`.

Every turn that ends passes through `reply` (the routers' STOP), which appends the answer the user
reads (response and disclaimers, as the result object shows it). A question arrives either as
`question` (its human message added here or by agent.service.turn_input) or in the chat form, as
the last human message of `messages` (read by `chat_question`).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, RemoveMessage

from agents.node_state import ReplyIn, ReplyOut

REPLY = "reply"
MESSAGES_KEEP = 200   # a thread's messages kept in its state (older ones leave the checkpoint)


def message_text(message: Any) -> str:
    """The text of a message's content: a string, or the text blocks of a content list."""
    content = message.get("content") if isinstance(message, dict) else getattr(message, "content", "")
    if isinstance(content, str):
        return content
    parts = [b.get("text") or "" if isinstance(b, dict) else str(b) for b in content or []
             if not isinstance(b, dict) or b.get("type") in (None, "text")]
    return "".join(parts)


def _is_human(message: Any) -> bool:
    kind = message.get("type") or message.get("role") if isinstance(message, dict) else getattr(message, "type", None)
    return kind in ("human", "user")


def chat_question(state: Mapping[str, Any]) -> str | None:
    """The question a chat client sent: the last message, when it is the user's and not yet this
    turn's question (a thread whose last turn ended holds an AI message last)."""
    messages = state.get("messages") or []
    if not messages or not _is_human(messages[-1]):
        return None
    text = message_text(messages[-1]).strip()
    if not text or (text == state.get("turn_question") and not state.get("status")
                    and not state.get("response")):
        return None
    return text


def human(question: str, request_id: str) -> HumanMessage:
    return HumanMessage(content=question, id=f"human-{request_id}")


def with_reading(state: Mapping[str, Any]) -> str:
    """The response led by its reading (agent/nlu/stated.py) when the plan ran and answered: code's
    line, added after the validator, so every surface (result, state, AI message) shows the same."""
    response = state.get("response") or ""
    answered = (state.get("status") or "answered") == "answered" and state.get("data")
    reading = state.get("reading") if answered and response else None
    return f"{reading}\n\n{response}" if reading and not response.startswith(reading) else response


def answer_text(state: Mapping[str, Any]) -> str:
    """The answer as the result object shows it: the reading, the response, then disclaimers it lacks."""
    response = with_reading(state)
    extra = [d for d in state.get("disclaimers") or [] if d and d not in response]
    return "\n\n".join([response, *extra]) if extra else response


def reply(state: ReplyIn) -> ReplyOut:
    messages: list[AnyMessage] = list(state.get("messages") or [])
    text = answer_text(state)
    if not text:
        return {}
    request_id = state.get("request_id") or "turn"
    ai = AIMessage(content=text, id=f"ai-{request_id}",
                   response_metadata={"status": state.get("status") or "answered", "request_id": request_id})
    gone = [RemoveMessage(id=m.id) for m in messages[:max(0, len(messages) + 1 - MESSAGES_KEEP)] if m.id]
    response = with_reading(state)
    return {"messages": [*gone, ai], **({"response": response} if response != state.get("response") else {})}
