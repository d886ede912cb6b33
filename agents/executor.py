"""Executor node: runs each plan step's SQL (built by query_builder, never by a model).

A step whose symbol has no stored bars in the asked period routes to the no_data node (which asks
the user, suggesting the range that exists); this node never interrupts.
"""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from langgraph.runtime import Runtime

import capabilities
from agent import lang as packs
from agent.answer.compact import compact
from agent.budget import OutOfTime, run_budgeted
from agent.deps import Deps
from agent.messages import NO_DATA_SUGGESTIONS, msg
from agent.state import NoDataInterrupt, Plan
from agent.tools.tool_results import run_plan_tools
from agents.common import final, lang_of, log_error, partial, plain, visited
from agents.node_state import ExecutorIn, ExecutorOut
from query_builder import CapabilityUnavailable, run_step
from query_builder.granularity import BAR_MINUTES
from query_builder.models import Step

_RANGE_SUGGESTION = packs.by_lang("executor", "_RANGE_SUGGESTION")
_PARTIAL = packs.by_lang("executor", "_PARTIAL")
_PARTIAL_HOUR = packs.by_lang("executor", "_PARTIAL_HOUR")


def _spans(step: Step) -> list[tuple[date | None, date | None]]:
    p = step.params
    if p.periods:
        return [(r.start_date, r.end_date) for r in p.periods]
    return [(p.start_date, p.end_date)]


def _no_data(plan: Plan, coverage: list[Any], lang: str) -> NoDataInterrupt | None:
    """The first step asking for a symbol/period with no stored bars, as an interrupt payload."""
    by_symbol = {c.symbol.upper(): c for c in coverage if c.first}
    for step in plan.steps:
        sym = step.params.symbol.upper()
        cov = by_symbol.get(sym)
        if cov is None:
            if not by_symbol:
                return NoDataInterrupt(message=msg("store_empty", lang))
            names = ", ".join(sorted(by_symbol))
            return NoDataInterrupt(message=msg("unknown_symbol", lang, symbol=sym, symbols=names),
                                   suggestions=[f"{s}" for s in sorted(by_symbol)][:3])
        first, last = date.fromisoformat(cov.first), date.fromisoformat(cov.last)
        for start, end in _spans(step):
            if (end and end < first) or (start and start > last):
                period = f"{start or first}..{end or last}"
                text = msg("no_data", lang, symbol=sym, period=period) + msg(
                    "no_data_range", lang, first=first, last=last)
                hint = _RANGE_SUGGESTION.get(lang, _RANGE_SUGGESTION["en"]).format(s=sym, a=first, b=last)
                return NoDataInterrupt(message=text, suggestions=[hint, *NO_DATA_SUGGESTIONS[lang][1:]],
                                       available={"symbol": sym, "first": cov.first, "last": cov.last})
    return None


def _day(d: date, lang: str) -> str:
    """A date in words in the user's language, as the answer writes dates ("20 ноября 2023 г.")."""
    from agent.answer.render import render

    return render(d.isoformat(), "date", lang)


def _weekdays(a: date, b: date) -> int:
    """Weekdays from `a` (inclusive) to `b` (exclusive): a weekend at either end of the period
    asked is no missing data."""
    import numpy as np

    return int(np.busday_count(a, b)) if b > a else 0


def _partial(plan: Plan, coverage: list[Any], lang: str, today: date | None) -> list[str]:
    """One line per symbol whose stored bars cover only part of a period asked (the part after
    today is not missing data: nothing can be stored for it yet)."""
    by_symbol = {c.symbol.upper(): c for c in coverage if c.first}
    out: dict[str, str] = {}
    for step in plan.steps:
        sym = step.params.symbol.upper()
        cov = by_symbol.get(sym)
        if cov is None or sym in out:
            continue
        first, last = date.fromisoformat(cov.first), date.fromisoformat(cov.last)
        for start, end in _spans(step):
            if start is None or end is None:
                continue
            asked_end = min(end, today) if today else end
            if _weekdays(start, first) or _weekdays(last + timedelta(days=1), asked_end + timedelta(days=1)):
                table = _PARTIAL.get(lang, _PARTIAL["en"])
                out[sym] = table.format(s=sym, **{k: _day(v, lang) for k, v in (
                    ("a", max(start, first)), ("b", min(end, last)), ("start", start), ("end", end))}
                ).replace("..", ".")       # "2023 г.." ending the sentence
                break
    return list(out.values())


def _partial_hours(results: list[dict[str, Any]], lang: str) -> list[str]:
    """An hourly profile's hours the session covers only in part, labelled (09:30-10:00)."""
    table = _PARTIAL_HOUR.get(lang, _PARTIAL_HOUR["en"])
    return [table.format(h=p["hour"], span=p["span"], m=p["minutes"]) for r in results
            for p in (r.get("summary") or {}).get("partial_hours") or []]


def _ask(state: ExecutorIn, payload: NoDataInterrupt) -> ExecutorOut:
    """Route to the no_data node with what to ask."""
    return {**visited(state, "executor"), "no_data": payload.model_dump(), "data": None,
            "has_data": False}


def _kept(res: Any) -> dict[str, Any]:
    """The step result as the state keeps it (agent/answer/compact.py), compacted before the JSON dump:
    dumping ten years of daily rows only to drop all but 120 chart buckets cost 6.4 ms of the
    ten-year question (0.3 ms this way; the dict is the same)."""
    small = compact({"action": res.action, "rows": res.rows, "bars": res.bars})
    out: dict[str, Any] = res.model_copy(update={"rows": small["rows"], "bars": small["bars"]}).model_dump(mode="json")
    return out


def executor(state: ExecutorIn, runtime: Runtime[Deps]) -> ExecutorOut:
    deps = runtime.context
    plan, lang = Plan.model_validate(state["plan"]), lang_of(state)
    gap = _no_data(plan, deps.coverage(), lang)
    if gap:
        return _ask(state, gap)
    results, errors, unavailable = [], [], []
    for i, step in enumerate(plan.steps):
        try:
            res = run_budgeted("executor", plain(state), run_step, deps.store, step, i)
            results.append(_kept(res))
        except OutOfTime:
            return {**partial({**state, "data": {"results": results}}, "executor", deps)}
        except CapabilityUnavailable as exc:  # the data cannot answer it (daily-only symbol)
            # the bar size the step asked ("5min") is named: "SPX has daily bars only, so 5-minute bars..."
            unavailable.append(capabilities.degrade(exc.capability, lang, symbol=step.params.symbol,
                                                    bar_minutes=BAR_MINUTES.get(step.params.granularity or "")))
            errors.append(f"step {i} ({step.action}): {exc}")
        except Exception as exc:  # SQL/DB failure of one step: keep the others
            log_error(state, "executor", exc)
            errors.append(f"step {i} ({step.action}): {type(exc).__name__}: {exc}")
    tool_results, refusals = run_plan_tools(plain(state), deps, len(results))   #
    results += [compact(r) for r in tool_results]   # query steps are compacted by _kept
    if not results:  # the capability registry's honest answer, a tool's refusal, else a failure
        return {**final(state, "executor", " ".join(unavailable + refusals) or msg("execution_failed", lang)),
                "has_data": False}
    stats_empty = [r for r in results if r["action"] == "get_period_stats" and not r["row_count"]]
    if stats_empty:
        step = plan.steps[stats_empty[0]["step"]]
        return _ask(state, NoDataInterrupt(
            message=msg("no_data", lang, symbol=step.params.symbol,
                        period=f"{step.params.start_date}..{step.params.end_date}"),
            suggestions=NO_DATA_SUGGESTIONS[lang]))
    now = state.get("now")
    today = date.fromisoformat(now) if now else deps.settings.today()
    # a part of the period only: said by the stated reading when there is one (its stored range)
    part_notes = [] if state.get("reading") else _partial(plan, deps.coverage(), lang, today)
    notes = [*refusals, *part_notes, *_partial_hours(results, lang)]
    return {**visited(state, "executor"), "execution_errors": errors,
            "has_data": any(r["row_count"] for r in results),
            **({"disclaimers": [*(state.get("disclaimers") or []), *notes]} if notes else {}),
            "queries": [{"sql": r["sql"], "params": r["params"]} for r in results if r["sql"]],
            "data": {"results": results,
                     "total_rows": sum(r["row_count"] for r in results)}}
