"""Replay a traced request: re-run it with the LLM outputs recorded in its trace, against today's
code and data, and report what changed (status, plan, SQL, claims, response).

A resume is replayed with the requests before it (the ask it answered, earlier resumes), each fed
its own recorded LLM outputs, on a fresh in-memory thread. A provider method called more often now
than when recorded answers from the offline provider (counted as "live").
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import time
import uuid
from collections import defaultdict, deque
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from agent.deps import run_options
from agent.service import result_from_snapshot, turn_input

_MODELS = {"understand": "Intent", "understand_with_answer": "Intent", "plan": "Plan",
           "analyze": "AnalystOutput"}


class ReplayProvider:
    """Answers each LLM method with the next recorded output for it (errors re-raised)."""
    name = "replay"

    def __init__(self, calls: list[dict[str, Any]], live: Any):
        self._queues: dict[str, deque] = defaultdict(deque)
        for c in calls:
            self._queues[c["method"]].append(c)
        self._live = live
        self.used, self.live_calls = 0, 0

    def _next(self, method: str, *args: Any, **kwargs: Any) -> Any:
        import agent.state as models

        queue = self._queues.get(method)
        if not queue:
            self.live_calls += 1
            return getattr(self._live, method)(*args, **kwargs)
        rec = queue.popleft()
        self.used += 1
        if rec.get("error"):
            raise RuntimeError(f"recorded failure: {rec['error']}")
        model = _MODELS.get(method)
        return getattr(models, model).model_validate(rec["response"]) if model else rec["response"]

    def __getattr__(self, method: str) -> Any:
        if method.startswith("_"):
            raise AttributeError(method)
        return lambda *a, **k: self._next(method, *a, **k)


def _calls(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for step in record.get("steps") or [] for c in step.get("llm") or []]


def _recorded_sql(record: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for step in record.get("steps") or []:
        if step["agent"] == "executor" and isinstance(step.get("output"), dict):
            out += [{"sql": q.get("sql"), "params": q.get("params")} for q in step["output"].get("queries") or []]
    return out


def _graph_input(record: dict[str, Any], thread_id: str) -> Any:
    inp = record.get("input") or {}
    if record["kind"] == "resume":
        return Command(resume=record.get("user_response"),
                       update={"request_id": record["request_id"], "started_at": time.time()})
    payload = turn_input({}, record.get("question") or inp.get("question") or "", thread_id,
                         record["request_id"], inp.get("now"))
    payload["chat_history"] = inp.get("chat_history") or []
    return payload


def _run(graph: Any, deps: Any, record: dict[str, Any], thread_id: str) -> tuple[dict, list, ReplayProvider]:
    provider = ReplayProvider(_calls(record), live=deps.fallback or deps.provider)
    config = {"configurable": {"thread_id": thread_id}}
    options = run_options(dataclasses.replace(deps, provider=provider))
    sql: list[dict[str, Any]] = []
    for update in graph.stream(_graph_input(record, thread_id), config, stream_mode="updates", **options):
        ex = update.get("executor") if isinstance(update, dict) else None
        if isinstance(ex, dict):
            sql += [{"sql": q.get("sql"), "params": q.get("params")} for q in ex.get("queries") or []]
    result = result_from_snapshot(graph.get_state(config), record["thread_id"], record["request_id"])
    return json.loads(json.dumps(result.model_dump(mode="json"), default=str)), sql, provider


def _norm(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True, default=str))


def _diff(before: Any, after: Any) -> list[str]:
    a = before if isinstance(before, str) else json.dumps(before, indent=1, sort_keys=True, ensure_ascii=False,
                                                          default=str)
    b = after if isinstance(after, str) else json.dumps(after, indent=1, sort_keys=True, ensure_ascii=False,
                                                        default=str)
    return list(difflib.unified_diff(a.splitlines(), b.splitlines(), "recorded", "replayed", lineterm="", n=1))


def replay(request_id: str, traces: Any, deps: Any) -> dict[str, Any]:
    """The comparison report; LookupError when the request has no trace."""
    from graph import build_graph

    chain = traces.chain(request_id)
    if not chain or chain[-1]["request_id"] != request_id:
        raise LookupError(f"no trace for request {request_id}")
    graph, thread_id = build_graph(InMemorySaver()), f"replay-{uuid.uuid4().hex}"
    used = live = 0
    for record in chain:
        result, sql, provider = _run(graph, deps, record, thread_id)
        used, live = used + provider.used, live + provider.live_calls
    recorded = chain[-1].get("result") or {}
    fields = {"status": (recorded.get("status"), result["status"]),
              "plan": (recorded.get("plan"), result["plan"]),
              "sql": (_recorded_sql(chain[-1]), sql),
              "claims": (recorded.get("claims"), result["claims"]),
              "response": (recorded.get("response"), result["response"])}
    changes = {k: _diff(a, b) for k, (a, b) in fields.items() if _norm(a) != _norm(b)}
    return {"request_id": request_id, "thread_id": chain[-1]["thread_id"], "chain": [r["request_id"] for r in chain],
            "recorded_llm_outputs_used": used, "live_llm_calls": live, "changed": sorted(changes),
            "diffs": changes, "recorded": recorded, "replayed": result}


def format_report(report: dict[str, Any]) -> str:
    lines = [f"replay of request {report['request_id']} (thread {report['thread_id']}; "
             f"{len(report['chain'])} request(s) re-run; recorded LLM outputs used: "
             f"{report['recorded_llm_outputs_used']}, live calls: {report['live_llm_calls']})"]
    for name in ("status", "plan", "sql", "claims", "response"):
        if name in report["diffs"]:
            lines.append(f"{name}: CHANGED")
            lines += ["  " + d for d in report["diffs"][name]]
        else:
            lines.append(f"{name}: unchanged")
    lines.append("no changes" if not report["changed"] else f"changed: {', '.join(report['changed'])}")
    return "\n".join(lines)


REPORT_KEYS = ("request_id", "thread_id", "chain", "changed", "diffs", "recorded_llm_outputs_used",
               "live_llm_calls")


def print_report(report: dict[str, Any], as_json: bool) -> int:
    """`askbar replay` output (in process, or the report POST /api/traces/{id}/replay answers)."""
    if as_json:
        print(json.dumps({k: report[k] for k in REPORT_KEYS}, ensure_ascii=False, default=str))
    else:
        print(format_report(report))
    return 0
