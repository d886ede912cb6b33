"""Tool calls of a plan run by code as the run's user, their results as step results with slots.

The planner (agent/tools/plan_step.py) leaves the calls Gemini made in `plan["tools"]`; the
executor node runs them here (`run_plan_tools`): catalogue tools through the ToolExecutor
(permission, rate limit, validation, cache, call log), tenant tools through the registry
(agent/tools/tenant_step.py), always as `Deps.user` with identity arguments dropped.

Each successful result becomes a StepResult (action "tool") whose `summary` holds the tool's
numbers (its ToolSpec.claims, else every top-level number), so agent/answer/slots.py names them
(`{price}`, `{SPY.change_pct}`, `{s2.position_size}`), the analyst writes slots and the validator
checks the answer against them exactly as for query results. A refusal (plan, rate limit,
validation) is the executor's own message in the user's language.
"""
from __future__ import annotations

from typing import Any

from query_builder.models import StepResult

_PENDING = {"en": "{name} is still running (task {task}); its result will be delivered when it "
                  "finishes.",
            "ru": "{name} ещё выполняется (задача {task}); результат придёт, когда она завершится.",
            "es": "{name} sigue en ejecución (tarea {task}); el resultado llegará cuando termine."}
_TEXT_KEYS = ("as_of", "as_of_local")
MAX_LISTED = 50


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _scalar(key: str, value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return True
    return isinstance(value, str) and (key in _TEXT_KEYS or key.endswith("date") or key.endswith("_ts"))


def summary_of(data: Any, claims: tuple[str, ...] = ()) -> dict[str, Any]:
    """The tool's values the answer may state: the declared claims (dotted paths flattened with
    "_"), then every other top-level number and date, as the tool returned them."""
    if not isinstance(data, dict):
        return {}
    out: dict[str, Any] = {}
    for path in claims:
        value = _lookup(data, path)
        if _scalar(path, value) or isinstance(value, (int, float)) and not isinstance(value, bool):
            out[path.replace(".", "_")] = value
    for key, value in data.items():
        if key not in out and key != "symbol" and _scalar(key, value):
            out[key] = value
        elif isinstance(value, list) and value and len(value) <= MAX_LISTED \
                and all(isinstance(v, str) for v in value):
            out[key] = ", ".join(value)       # e.g. the watchlist's symbols, as one text slot
    return out


def records(data: Any) -> list[dict[str, Any]]:
    """A list of records the tool returned (candles, news items), for the chart and the count."""
    if not isinstance(data, dict):
        return []
    for value in data.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            return value
    return []


def _ohlc(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Candles summed up as the query steps do (open first, high max, low min, close last), so
    an answer about candles states claims the validator knows (high, low, close)."""
    if not rows or not all(isinstance(r.get(k), (int, float)) for r in rows
                           for k in ("open", "high", "low", "close")):
        return {}
    return {"open": rows[0]["open"], "high": max(r["high"] for r in rows),
            "low": min(r["low"] for r in rows), "close": rows[-1]["close"]}


def step_result(step: int, call: dict[str, Any], result: dict[str, Any],
                claims: tuple[str, ...] = ()) -> dict[str, Any]:
    """A successful tool result as a StepResult dict (action "tool")."""
    data, params = result.get("data"), call.get("params") or {}
    symbol = str((data or {}).get("symbol") or params.get("symbol") or "") \
        if isinstance(data, dict) else str(params.get("symbol") or "")
    rows = records(data)
    meta = result.get("metadata") or {}
    note = f"result of the tool {call['tool']}" + (" (cached)" if meta.get("cached") else "")
    res = StepResult(step=step, action="tool", symbol=symbol.upper(), sql="",
                     params={"tool": call["tool"], **params}, rows=rows,
                     summary={**summary_of(data, claims), **_ohlc(rows)}, row_count=len(rows) or 1,
                     duration_ms=float(meta.get("execution_time_ms") or 0.0), notes=[note])
    return res.model_dump(mode="json")


def _run_one(deps, call: dict[str, Any], lang: str, question: str) -> tuple[dict, tuple]:
    from agent.tools.gemini_decls import clean_args

    params = clean_args(call.get("params"))
    if call.get("source") == "tenant":
        from agent.tools.tenant_step import registry_for_deps, run_tenant_tool

        result = run_tenant_tool(registry_for_deps(deps, run=True), deps.user, call["tool_id"], params,
                                 query=question)
        return result, ()
    from agent.tools.graph_step import executor_for_deps

    ex = executor_for_deps(deps)
    result = ex.execute(call["tool"], params, deps.user, lang=lang)
    spec = ex.registry.get(call["tool"])
    return result, (spec.claims if spec else ())


def run_plan_tools(state: dict[str, Any], deps, first_step: int) -> tuple[list[dict], list[str]]:
    """(step results of the plan's successful tool calls, user-facing refusals of the others)."""
    calls = (state.get("plan") or {}).get("tools") or []
    lang = (state.get("intent") or {}).get("lang") or deps.user.language or "en"
    results: list[dict] = []
    refusals: list[str] = []
    for call in calls:
        call = {**call, "params": dict(call.get("params") or {})}
        result, claims = _run_one(deps, call, lang, state.get("question") or "")
        if result.get("success"):
            results.append(step_result(first_step + len(results), call, result, claims))
        elif (result.get("metadata") or {}).get("pending"):
            table = _PENDING.get(lang, _PENDING["en"])
            refusals.append(table.format(name=call["tool"], task=result["metadata"]["task_id"]))
        else:
            refusals.append(str((result.get("error") or {}).get("message") or call["tool"]))
    return results, refusals
