"""LangGraph Server API stream format: graph chunks -> SSE events as the SDKs read them.

Event names are the stream modes (`values`, `updates`, `tasks`, `debug`, `checkpoints`), `messages`
for "messages-tuple" / "messages" (our nodes call no LangChain chat model: the turn's AI message,
the one `reply` appends to the state's `messages`, is sent as AIMessageChunk pieces with its id
when `reply` has run, before the last `values`), `custom` for AskBar's step events (step_start, plan_created, sql_executed,
validation, interrupts: {"type": name, "data": ...}, as agent/server/events.py makes them),
`metadata` first. An internal `end` event closes the buffer; the SSE handler does not forward it.
"""
from __future__ import annotations

from typing import Any

from agent.server.events import text_chunks
from agent.server.human_interrupt import human_interrupt
from agent.server.recording import jsonable

SUPPORTED = ("values", "updates", "custom", "messages-tuple", "messages", "tasks", "debug", "checkpoints")
GRAPH_MODES = ("values", "updates", "custom", "tasks", "debug", "checkpoints")


def interrupt_json(item: Any) -> dict[str, Any]:
    """An interrupt as the LangGraph API serves it: its value in HumanInterrupt form too
    (agent/server/human_interrupt.py), so Agent Chat UI shows buttons."""
    if isinstance(item, dict):
        return {"value": human_interrupt(jsonable(item.get("value"))), "id": item.get("id")}
    return {"value": human_interrupt(jsonable(getattr(item, "value", None))), "id": getattr(item, "id", None)}


def state_json(values: Any) -> Any:
    """Values or updates with `__interrupt__` tuples as [{value, id}] lists."""
    if not isinstance(values, dict):
        return jsonable(values)
    out = {}
    for k, v in values.items():
        out[k] = [interrupt_json(i) for i in v] if k == "__interrupt__" else jsonable(v)
    return out


def normalize_modes(stream_mode: Any) -> list[str]:
    modes = [stream_mode] if isinstance(stream_mode, str) else list(stream_mode or ["values"])
    bad = [m for m in modes if m not in SUPPORTED]
    if bad:
        raise ValueError(f"unsupported stream_mode {bad}; supported: {', '.join(SUPPORTED)}")
    return modes or ["values"]


def _message_events(message: Any, meta: dict[str, Any], pieces: list[str]) -> list[tuple[str, Any]]:
    """stream_mode "messages" as LangGraph's server sends it (langgraph_api/stream.py):
    `messages/metadata` once per message id, then `messages/partial` with the message so far (an
    AIMessageChunk, content accumulated), then `messages/complete` with the whole AI message."""
    from langchain_core.messages import AIMessageChunk

    out: list[tuple[str, Any]] = [("messages/metadata", {message.id: {"metadata": meta}})]
    so_far = ""
    for piece in pieces:
        so_far += piece
        out.append(("messages/partial", [jsonable(AIMessageChunk(content=so_far, id=message.id).model_dump())]))
    out.append(("messages/complete", [jsonable(message.model_dump())]))
    return out


class LangGraphEmitter:
    def __init__(self, requested: list[str]):
        self.requested = requested or ["values"]
        graph = {m for m in self.requested if m in GRAPH_MODES and m != "custom"}
        self.modes = sorted(graph | {"tasks"})  # tasks always: traces and metrics read it
        self.messages = any(m in ("messages-tuple", "messages") for m in self.requested)
        self.custom = "custom" in self.requested

    def on_chunk(self, mode: str, chunk: Any) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        if self.custom and mode in ("tasks", "updates"):   # AskBar's step events
            from agent.server.events import from_chunk

            out = [("custom", {"type": name, "data": jsonable(data)}) for name, data in from_chunk(mode, chunk)]
        if self.messages and mode == "updates" and "reply" in chunk:
            out += self._messages(chunk["reply"])
        if mode not in self.requested:
            return out
        return out + self._chunk(mode, chunk)

    def _chunk(self, mode: str, chunk: Any) -> list[tuple[str, Any]]:
        if mode in ("values", "updates"):
            if mode == "updates":
                return [(mode, {k: state_json(v) if k != "__interrupt__" else
                                [interrupt_json(i) for i in v] for k, v in chunk.items()})]
            return [(mode, state_json(chunk))]
        return [(mode, jsonable(chunk))]

    def _messages(self, update: Any) -> list[tuple[str, Any]]:
        """The AI message `reply` appended, as `messages` events (AIMessageChunk pieces with its
        id), before the step's `values` event: the order a chat model's tokens would come in."""
        out: list[tuple[str, Any]] = []
        for message in (update or {}).get("messages") or []:
            if getattr(message, "type", None) != "ai" or not isinstance(message.content, str):
                continue
            meta = {"langgraph_node": "reply", **(message.response_metadata or {})}
            pieces = text_chunks(message.content)
            if "messages-tuple" in self.requested:
                out += [("messages", [{"type": "AIMessageChunk", "content": piece, "id": message.id}, meta])
                        for piece in pieces]
            if "messages" in self.requested:
                out += _message_events(message, meta, pieces)
        return out

    def on_end(self, result: dict, snapshot: Any) -> list[tuple[str, Any]]:
        return [("end", None)]
