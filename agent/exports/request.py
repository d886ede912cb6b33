"""What an export holds: an answered request's trace (question, answer, claims, plan) and the rows
behind it, recomputed by running each plan step again on the store (the checkpoint keeps only what
the answer needed: DESIGN.md "The graph")."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

CLAIM_COLUMNS = ("type", "value", "symbol", "date", "period", "context")


class NotExportable(Exception):
    """The request exists (and is the caller's) but cannot be exported (not answered, or more rows
    than the format holds): the message says why."""


@dataclass
class StepRows:
    index: int
    action: str
    symbol: str
    params: dict[str, Any]
    granularity: str | None
    rows: list[dict[str, Any]]
    error: str | None = None
    result: dict[str, Any] | None = None    # the StepResult as JSON (the chart reads it)
    runnable: bool = True                   # a query-builder step (POST /api/plans/run runs it)

    @property
    def label(self) -> str:
        p = self.params
        span = f" {p.get('start_date')}..{p.get('end_date')}" if p.get("start_date") else ""
        return f"step {self.index + 1}: {self.action} {self.symbol}{span}"


@dataclass
class ExportData:
    request_id: str
    thread_id: str
    question: str
    response: str
    reading: str
    created_at: str
    claims: list[dict[str, Any]]
    plan: dict[str, Any]
    steps: list[StepRows] = field(default_factory=list)
    chart: dict[str, Any] = field(default_factory=dict)

    def meta(self) -> list[tuple[str, str]]:
        return [("request_id", self.request_id), ("thread_id", self.thread_id), ("question", self.question),
                ("reading", self.reading), ("response", self.response), ("asked_at", self.created_at)]


def answered(traces: Any, record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """(result object, the question it answered); NotExportable when the request was not answered."""
    result: dict[str, Any] = record["result"] if isinstance(record.get("result"), dict) else {}
    status = record.get("status") or result.get("status")
    if status != "answered":
        raise NotExportable(f"request {record['request_id']} was not answered (status {status}): "
                            "only answered requests export")
    question: str = record.get("question") or ""
    if record.get("kind") == "resume":   # the question is the ask this resume continued
        chain = traces.chain(record["request_id"])
        question = next((r.get("question") for r in chain if r.get("question")), "") or ""
    return result, question


def rerun(store: Any, plan: dict[str, Any]) -> list[StepRows]:
    """Each query step of the plan run again: its full rows (a step that fails says why)."""
    from pydantic import ValidationError

    from query_builder import run_step
    from query_builder.convert import as_list
    from query_builder.errors import QueryBuilderError
    from query_builder.models import Step

    out = []
    for i, raw in enumerate(plan.get("steps") or []):
        try:
            step = Step.model_validate(raw)
        except ValidationError:    # a tool's step (an order, a price): never run again by an export
            p = raw.get("params") if isinstance(raw.get("params"), dict) else {}
            out.append(StepRows(i, str(raw.get("action")), str(p.get("symbol") or "").upper(), p, None, [],
                                "a tool step: its result is not run again (a tool may change something)",
                                runnable=False))
            continue
        params = step.params.model_dump(mode="json", exclude_none=True)
        try:
            res = run_step(store, step, i)
            rows = as_list(res.rows)
            out.append(StepRows(i, step.action, res.symbol, params, res.granularity, rows,
                                result=res.model_copy(update={"rows": rows}).model_dump(mode="json")))
        except QueryBuilderError as exc:   # a daily-only symbol's intraday step, ...
            out.append(StepRows(i, step.action, step.params.symbol.upper(), params, None, [], str(exc)))
    return out


def chart_values(result: dict[str, Any], steps: list[StepRows]) -> dict[str, Any]:
    """The turn's values as the chart builders read them, with the re-run steps as its data."""
    from agent.answer.compact import compact

    data = [compact(s.result) for s in steps if s.result is not None]
    return {"intent": result.get("intent") or {}, "plan": result.get("plan") or {},
            "claims": result.get("claims") or [], "data": {"results": data}, "status": "answered"}


def build(traces: Any, store: Any, record: dict[str, Any],
          chart_of: Callable[[dict[str, Any], Any], dict[str, Any]] | None = None) -> ExportData:
    """The export of an answered request (the caller checked it is the caller's)."""
    result, question = answered(traces, record)
    plan = result.get("plan") or {"steps": []}
    steps = rerun(store, plan)
    chart = chart_of(chart_values(result, steps), store) if chart_of and steps else {}
    return ExportData(request_id=record["request_id"], thread_id=record.get("thread_id") or "",
                      question=question, response=result.get("response") or record.get("response") or "",
                      reading=result.get("reading") or "", created_at=str(record.get("created_at") or ""),
                      claims=[{k: c.get(k) for k in CLAIM_COLUMNS} for c in result.get("claims") or []],
                      plan=plan, steps=steps, chart=chart)
