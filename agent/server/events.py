"""AskBar's SSE protocol: LangGraph stream chunks -> (event, data) pairs (DESIGN.md, seed 004).

Order of a run: run_start, then per node step_start; plan_created (planner), sql_executed (one per
executed statement), validation (each validator pass), clarification_needed / no_data /
confirm_plan (interrupts); after the graph stopped: text_delta chunks of the final, validated
answer (never a draft the validator has not passed), and last `done` (the --json object) or `error`.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

INTERRUPT_EVENTS = {"clarification": "clarification_needed", "no_data": "no_data",
                    "confirm_plan": "confirm_plan", "confirm_action": "confirm_action"}
STREAM_MODES = ["tasks", "updates"]
CHUNK_CHARS = 48


def _plan_created(plan: dict) -> dict:
    steps = [{"action": s.get("action"), "description": s.get("description"),
              "params": {k: v for k, v in (s.get("params") or {}).items() if v not in (None, [], False)}}
             for s in plan.get("steps") or []]
    return {"steps": steps, "summary": plan.get("summary")}


def _sql_events(data: dict) -> Iterator[tuple[str, dict]]:
    for r in (data or {}).get("results") or []:
        yield "sql_executed", {"step": r.get("step"), "action": r.get("action"), "symbol": r.get("symbol"),
                               "query": r.get("sql"), "params": r.get("params") or {},
                               "rows": r.get("row_count", 0), "granularity": r.get("granularity"),
                               "duration_ms": r.get("duration_ms")}
        for extra in r.get("extra_sql") or []:
            yield "sql_executed", {"step": r.get("step"), "action": r.get("action"),
                                   "symbol": r.get("symbol"), "query": extra.get("sql"),
                                   "params": extra.get("params") or {}, "name": extra.get("name"),
                                   "rows": extra.get("rows")}


def interrupt_event(value: dict) -> tuple[str, dict]:
    kind = value.get("type") or "clarification"
    return INTERRUPT_EVENTS.get(kind, "clarification_needed"), dict(value)


def _interrupt_values(items: Any) -> list[dict]:
    out = []
    for it in items or []:
        value = getattr(it, "value", None)
        if value is None and isinstance(it, dict):
            value = it.get("value")
        if isinstance(value, dict):
            out.append(value)
    return out


# Bookkeeping nodes that are not agents the user would recognise as a step.
INTERNAL_NODES = frozenset({"new_turn", "route", "reply"})   # reply: the answer as an AI message (agents/reply.py)


def from_chunk(mode: str, chunk: Any) -> list[tuple[str, dict]]:
    """AskBar events for one (mode, chunk) of graph.astream(stream_mode=STREAM_MODES)."""
    if mode == "tasks":
        if chunk.get("name") in INTERNAL_NODES:
            return []
        if "input" in chunk:  # a task starts; its result chunk carries "result" instead
            return [("step_start", {"agent": chunk["name"], "task_id": chunk["id"]})]
        return []
    if mode != "updates":
        return []
    out: list[tuple[str, dict]] = []
    for node, update in chunk.items():
        if node == "__interrupt__":
            out += [interrupt_event(v) for v in _interrupt_values(update)]
            continue
        if not isinstance(update, dict):
            continue
        if node in ("planner", "confirm_plan") and update.get("plan"):   # confirm may simplify it
            out.append(("plan_created", _plan_created(update["plan"])))
        if node == "executor" and update.get("data"):
            out += list(_sql_events(update["data"]))
        if node in ("validator", "summary_fallback") and update.get("validation"):
            v = update["validation"]
            out.append(("validation", {"status": v.get("status"), "issues": v.get("issues") or [],
                                       "attempt": update.get("validation_attempts"),
                                       "source": v.get("source"), "attempts": v.get("attempts") or []}))
    return out


def text_chunks(text: str, size: int = CHUNK_CHARS) -> list[str]:
    """The answer in word-boundary chunks of about `size` characters (they concatenate to text)."""
    if not text:
        return []
    parts, cur = [], ""
    for token in re.findall(r"\S+\s*|\s+", text):
        if cur and len(cur) + len(token) > size:
            parts.append(cur)
            cur = ""
        cur += token
    if cur:
        parts.append(cur)
    return parts


def final_events(result: dict) -> list[tuple[str, dict]]:
    """text_delta chunks of the final answer (answered runs; interrupts carry their own event),
    then done with the exact --json object."""
    out: list[tuple[str, dict]] = []
    if result.get("status") in ("answered",):
        out += [("text_delta", {"content": c}) for c in text_chunks(result.get("response") or "")]
    out.append(("done", result))
    return out
