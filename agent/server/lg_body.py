"""The body of a LangGraph Server API run (POST /threads/{id}/runs[/stream|/wait], /runs[/...]) as
the official SDKs send it, validated (pydantic): a bad field is a 422 naming it, never a 500.

Fields AskBar does not use (config, context, interrupt_before/after, webhook, checkpoint, durability,
stream_subgraphs, stream_resumable, feedback_keys, on_disconnect, after_seconds, langsmith_tracer)
are accepted and ignored: the run's context is the token's user and the server's settings, never
the body; every run checkpoints on exit and is resumable from its Location.
"""
from __future__ import annotations

import uuid
from typing import Any, Literal

from langchain_core.messages import HumanMessage
from pydantic import BaseModel, ConfigDict, ValidationError

from agent.server.http import HTTPError
from agent.server.lg_events import normalize_modes
from agents.reply import chat_question

ASSISTANT_ID = "askbar"


class RunBody(BaseModel):
    model_config = ConfigDict(extra="ignore")

    assistant_id: str | None = None
    input: dict[str, Any] | None = None
    command: dict[str, Any] | None = None
    stream_mode: str | list[str] | None = None
    metadata: dict[str, Any] | None = None
    multitask_strategy: Literal["reject", "enqueue"] | None = None
    if_not_exists: Literal["create", "reject"] | None = None
    on_completion: Literal["delete", "keep"] | None = None


def parse_run(data: dict[str, Any]) -> RunBody:
    try:
        body = RunBody.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "body"
        hint = (" (AskBar runs one request per thread at a time: 'reject' answers 409 while one runs, "
                "'enqueue' starts after it)") if where == "multitask_strategy" else ""
        raise HTTPError(422, "bad_run", f"'{where}': {first['msg']}{hint}") from None
    if body.assistant_id not in (None, ASSISTANT_ID):
        raise HTTPError(404, "unknown_assistant",
                        f"assistant {body.assistant_id!r} not found; the only one is '{ASSISTANT_ID}'")
    if body.command is not None and (not body.command or set(body.command) - {"resume"}):
        raise HTTPError(422, "unsupported_command",
                        "'command' may only hold 'resume' (the answer to the thread's interrupt)")
    if body.command is None and body.input is None:
        raise HTTPError(422, "missing_input", "send 'input' ({'question': ...} or {'messages': [...]}) "
                        "or 'command' ({'resume': ...})")
    return body


def modes_of(body: RunBody, default: list[str]) -> list[str]:
    if body.stream_mode is None:
        return default
    try:
        return normalize_modes(body.stream_mode)
    except (ValueError, TypeError) as exc:
        raise HTTPError(422, "bad_stream_mode", str(exc)) from None


def question_of(payload: dict[str, Any], max_chars: int) -> tuple[str, HumanMessage | None]:
    """(question, the client's human message or None) of a run's input: {"question": "..."} or the
    chat form {"messages": [..., {"type": "human" | "role": "user", "content": ...}]}."""
    if "question" in payload:
        question = payload["question"]
        if not isinstance(question, str) or not question.strip():
            raise HTTPError(422, "missing_question", "'input.question' must be a non-empty string")
        message = None
    elif "messages" in payload:
        messages = payload["messages"]
        if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
            raise HTTPError(422, "bad_messages", "'input.messages' must be a non-empty list of message objects")
        question = chat_question({"messages": messages}) or ""
        if not question:
            raise HTTPError(422, "bad_messages", "the last of 'input.messages' must be the user's "
                            "(type 'human' or role 'user') with text content")
        last = messages[-1]
        message = HumanMessage(content=question, id=str(last.get("id") or f"human-{uuid.uuid4().hex}"))
    else:
        raise HTTPError(422, "missing_question", "'input' must hold 'question' (text) or 'messages' (the chat form)")
    question = question.strip()
    if len(question) > max_chars:
        raise HTTPError(400, "question_too_long", f"the question has {len(question)} characters; at most {max_chars}")
    return question, message


def check_resume_value(value: Any, max_steps: int) -> None:
    """A resume value is the user's answer: text, or an (edited) plan within the plan size cap."""
    if isinstance(value, dict):
        plan = value["plan"] if isinstance(value.get("plan"), dict) else value
        steps = plan.get("steps")
        if isinstance(steps, list) and len(steps) > max_steps:
            raise HTTPError(400, "plan_too_large", f"the plan has {len(steps)} steps; at most {max_steps}")
