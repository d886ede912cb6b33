"""Recording a request for traces and replay: every LLM call (request, response, tokens) and every
agent step (input, output, duration, interrupts), collected while the graph runs.

RecordingProvider wraps the run's provider (a per-run copy of Deps carries it), so nodes need no
hook. TraceRecorder turns LangGraph "tasks" stream chunks into request_traces rows.
"""
from __future__ import annotations

import math
import threading
import time
from typing import Any

LLM_METHODS = ("understand", "understand_with_answer", "plan", "analyze", "explain", "summarize")
METHOD_AGENT = {"understand": "understander", "understand_with_answer": "understander",
                "plan": "planner", "analyze": "analyst", "explain": "educator", "summarize": "memory"}
MAX_ROWS = 20
INPUT_KEYS = ("question", "chat_history", "now", "intent", "plan", "validation", "validation_attempts",
              "replans", "response", "claims")


def jsonable(value: Any) -> Any:
    """Pydantic models, dates and containers as plain JSON values."""
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else None   # JSON has no NaN/Infinity
    if isinstance(value, (str, int, bool)) or value is None:
        return value
    return str(value)


def compact_result(r: dict[str, Any]) -> dict[str, Any]:
    """A StepResult without most of its rows (traces keep the SQL, params, counts, summary)."""
    out = {k: v for k, v in r.items() if k not in ("rows", "bars")}
    out["rows"] = (r.get("rows") or [])[:MAX_ROWS]
    out["bars_count"] = len(r.get("bars") or [])
    return out


def _compact_any(r: Any) -> dict[str, Any]:
    """compact_result(jsonable(r)), cutting the rows before converting them: the same dict, but
    jsonable walks 20 rows instead of all of them (a ten-year answer's state keeps 120 chart
    rows; the two walks per question, node output and analyst request, were ~2,000 calls)."""
    return compact_result(r) if isinstance(r, dict) else compact_result(jsonable(r))


def compact(value: Any) -> Any:
    early = isinstance(value, dict) and isinstance(value.get("data"), dict)
    if early:
        data = value["data"]
        value = {**value, "data": {**data, "results": [_compact_any(r) for r in data.get("results") or []]}}
    value = jsonable(value)
    if not early and isinstance(value, dict) and isinstance(value.get("data"), dict):  # a model's data
        data = value["data"]
        value = {**value, "data": {**data, "results": [compact_result(r) for r in data.get("results") or []]}}
    return value


def _request_args(method: str, args: tuple, kwargs: dict) -> dict[str, Any]:
    """What was asked of the model, without the (large, code-side) context and result rows."""
    names = {"understand": ("question", "history"), "understand_with_answer": ("original", "answer", "history"),
             "plan": ("intent",), "analyze": ("question", "intent", "results", "lang"),
             "explain": ("concept", "lang"), "summarize": ("messages",)}[method]
    req = dict(zip(names, args))
    req.update({k: v for k, v in kwargs.items() if k != "ctx"})
    if "results" in req:
        req["results"] = [_compact_any(r) for r in req["results"] or []]
    return jsonable(req)


def _error_text(err: Any) -> str | None:
    if err is None:
        return None
    return err if isinstance(err, str) else f"{type(err).__name__}: {err}"


def _severity(err: Any, calls: list[dict[str, Any]]) -> str | None:
    """The step's error severity (seed 004): its own error's, else the worst of its failed LLM
    calls' (a fallback answered for them); None when nothing failed."""
    from agent.llm.errors import SEVERITIES, severity_of

    if err is not None:
        return severity_of(err)
    failed = [c["severity"] for c in calls if c.get("severity") in SEVERITIES]
    return max(failed, key=SEVERITIES.index) if failed else None


class RecordingProvider:
    """The run's provider, recording each LLM method call into `calls` (thread-safe)."""

    def __init__(self, inner: Any):
        self._inner = inner
        self.calls: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if name not in LLM_METHODS or not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            return self._call(name, attr, args, kwargs)
        call.runs_inline = bool(getattr(self._inner, "runs_inline", False))  # type: ignore[attr-defined]
        return call

    def _call(self, method: str, fn: Any, args: tuple, kwargs: dict) -> Any:
        from agent.llm.usage import usage_scope

        started = time.perf_counter()
        rec: dict[str, Any] = {"method": method, "agent": METHOD_AGENT[method],
                               "request": _request_args(method, args, kwargs)}
        usage: list = []
        try:
            with usage_scope() as usage:
                try:
                    out = fn(*args, **kwargs)
                    rec["response"] = jsonable(out)
                    return out
                except Exception as exc:
                    from agent.llm.errors import severity_of

                    rec["error"] = f"{type(exc).__name__}: {exc}"
                    rec["severity"] = severity_of(exc)
                    raise
        finally:  # after our scope is reset, so the records can go on to the enclosing one
            rec["duration_ms"] = round((time.perf_counter() - started) * 1000, 2)
            rec["usage"] = [u.as_dict() for u in usage]
            rec["input_tokens"] = sum(u.input_tokens for u in usage)
            rec["output_tokens"] = sum(u.output_tokens for u in usage)
            rec["cost_usd"] = round(sum(u.cost_usd or 0.0 for u in usage), 8)  # unpriced: None
            with self._lock:
                self.calls.append(rec)
            self._give_back(usage)

    def _give_back(self, usage: list) -> None:
        """Records our scope captured go on to whoever collected them without us: the node's own
        usage_scope (agent.budget folds them into the state's usage) or else the provider's meter."""
        if not usage:
            return
        from agent.llm import usage as usage_mod

        outer = usage_mod._scope.get()
        if outer is not None:
            outer.extend(usage)
            return
        meter = getattr(self._inner, "meter", None)
        if meter is not None and hasattr(meter, "_records"):
            with meter._lock:
                meter._records.extend(usage)

    def take_calls(self, since: int) -> list[dict[str, Any]]:
        with self._lock:
            return list(self.calls[since:])


from agent.server.events import INTERNAL_NODES  # noqa: E402  (bookkeeping nodes are not traced)


class TraceRecorder:
    """Per request: steps from the graph's "tasks" stream, with the LLM calls made during each."""

    def __init__(self, provider: RecordingProvider, user_response: str | None = None):
        self.provider = provider
        self.user_response = user_response
        self.steps: list[dict[str, Any]] = []
        self._open: dict[str, dict[str, Any]] = {}

    def feed(self, mode: str, chunk: Any) -> dict[str, Any] | None:
        """Consumes a (mode, chunk); returns the finished step row when a task ended."""
        if mode != "tasks" or chunk.get("name") in INTERNAL_NODES:
            return None
        if "input" in chunk:
            state = chunk.get("input") or {}
            self._open[chunk["id"]] = {
                "agent": chunk["name"], "t0": time.perf_counter(), "llm_from": len(self.provider.calls),
                "input": {k: jsonable(state.get(k)) for k in INPUT_KEYS if isinstance(state, dict) and k in state}}
            return None
        start = self._open.pop(chunk["id"], None)
        if start is None:
            return None
        return self._finish(start, chunk)

    def _finish(self, start: dict[str, Any], chunk: dict[str, Any]) -> dict[str, Any]:
        result = chunk.get("result")
        output = compact(dict(result)) if isinstance(result, dict) else jsonable(result)
        interrupts = [i.get("value") if isinstance(i, dict) else getattr(i, "value", None)
                      for i in chunk.get("interrupts") or []]
        calls = self.provider.take_calls(start["llm_from"])
        first = interrupts[0] if interrupts and isinstance(interrupts[0], dict) else None
        out_dict = output if isinstance(output, dict) else {}
        row = {"seq": len(self.steps) + 1, "agent": start["agent"], "input": start["input"],
               "output": output, "duration_ms": round((time.perf_counter() - start["t0"]) * 1000, 2),
               "llm": calls, "input_tokens": sum(c["input_tokens"] for c in calls),
               "output_tokens": sum(c["output_tokens"] for c in calls),
               "cost_usd": round(sum(c["cost_usd"] or 0.0 for c in calls), 8),
               "intent": out_dict.get("intent") or start["input"].get("intent"),
               "plan": out_dict.get("plan") or start["input"].get("plan"),
               "was_interrupted": bool(interrupts), "interrupt_type": first.get("type") if first else None,
               "user_response": None if self.steps else self.user_response, "error": _error_text(chunk.get("error")),
               "error_severity": _severity(chunk.get("error"), calls)}
        if interrupts:
            row["output"] = {"interrupt": first}
        self.steps.append(row)
        return row
