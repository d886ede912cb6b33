"""build(step) -> BuiltQuery and run_step(store, step) -> StepResult."""
from __future__ import annotations

import time
from typing import Any, cast

from agent.market.instruments import Instrument
from agent.market.store import MarketStore
from query_builder import declare, post
from query_builder.base import Context
from query_builder.convert import ColumnRows, LazyRows, as_list, jsonable
from query_builder.dialects import get_dialect
from query_builder.errors import CapabilityUnavailable, QueryBuilderError
from query_builder.granularity import INTRADAY, by_period, daily_only
from query_builder.models import BuiltQuery, Step, StepResult


def build(step: Step, engine: str, instrument: Instrument | None = None) -> BuiltQuery:
    """The step as parameterised SQL for `engine` ("duckdb" | "postgres") plus its post-processor.

    `instrument` (when known) sets the timezone for local times and tells daily-only symbols apart
    (granularity degrades to daily; VWAP / hourly profile / intraday bars raise
    CapabilityUnavailable). Without it the SQL still runs: an unknown symbol just has no rows.
    """
    decl = declare.actions().get(step.action)
    if decl is None:
        raise QueryBuilderError(f"unknown action {step.action!r}")
    check_needs(step, instrument)
    built: BuiltQuery = decl.builder(Context(get_dialect(engine), step.params, instrument))
    return built


def check_needs(step: Step, instrument: Instrument | None) -> None:
    """What the step's declarations need (intraday bars) against what the symbol has: a daily-only
    symbol gets CapabilityUnavailable naming the capability and its declared alternative, which
    the executor turns into the capability registry's honest answer."""
    if not daily_only(instrument):
        return
    for d in declare.needs_of(step.action, step.params.indicator, step.params.pattern):
        raise CapabilityUnavailable(f"{step.params.symbol.strip().upper()} has daily bars only: "
                                    f"{d.name} needs intraday bars", capability=d.name,
                                    alternative=d.alternative)


def fetch(store: MarketStore, sql: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows as dicts. A store may offer `query_arrays` / `query_columns(sql, params) -> {column:
    values}`: materialising columns is several times cheaper than row dicts for thousands of rows
    (DuckDB fetchnumpy, psycopg binary tuples), so they are preferred (via fetch_lazy)."""
    return as_list(fetch_lazy(store, sql, params))


def fetch_lazy(store: MarketStore, sql: str, params: dict[str, Any],
               numeric: dict[str, str] | None = None) -> list[dict[str, Any]] | LazyRows:
    """Like fetch, but row dicts are built only when a row is read (convert.LazyRows); columns
    stay numpy arrays where the store gives them (DuckDB; Postgres for a result of `numeric`
    columns, BuiltQuery.numeric)."""
    arrays = getattr(store, "query_arrays", None)
    as_numbers = getattr(store, "query_numeric", None)
    if arrays is not None:
        cols = arrays(sql, params)
    elif numeric and as_numbers is not None:
        cols = as_numbers(sql, params, numeric)
    else:
        cols = None
    if cols is not None:
        return LazyRows(cols, build=lambda: ColumnRows({k: a.tolist() for k, a in cols.items()}))
    columnar = getattr(store, "query_columns", None)
    if columnar is None:
        return store.query(sql, params)
    return LazyRows(columnar(sql, params))


def execute(store: MarketStore, built: BuiltQuery) -> tuple[Any, dict[str, list[dict[str, Any]]]]:
    rows = fetch_lazy(store, built.sql, built.params, built.numeric)
    extra = {sub.name: fetch(store, sub.sql, sub.params) for sub in built.extra}
    return rows, extra


def needs_instrument(step: Step) -> bool:
    """Whether building the step depends on the instrument (timezone, intraday vs daily-only).

    Daily-rollup work (period stats at daily or coarser bars, events, comparisons, gaps, spikes,
    daily indicators) does not, so run_step skips the lookup for it.
    """
    p = step.params
    if step.action == "get_period_stats":
        return (p.granularity or by_period(p.start_date, p.end_date)) in INTRADAY
    if step.action in ("find_events", "get_periods_after", "compare_periods"):
        return False
    if step.action in ("aggregate_patterns", "get_indicator"):
        return bool(declare.needs_of(step.action, p.indicator, p.pattern))
    return True


def run_step(store: MarketStore, step: Step, index: int = 0) -> StepResult:
    """Build, run and post-process one plan step; the result is JSON-able (model_dump)."""
    t0 = time.perf_counter()
    symbol = step.params.symbol.strip().upper()
    instrument = store.get_instrument(symbol) if needs_instrument(step) else None
    built = build(step, store.engine, instrument)
    rows, extra = execute(store, built)
    out = post.apply(built.post, rows, built.post_args, extra)
    # Rows stay unbuilt only when the step has bars at its granularity: the state keeps the bars
    # for the chart and drops such rows (agent/answer/compact.py); anything else gets a real list.
    # (a LazyRows stands in for the list: it reads, slices and dumps as the list it builds)
    rows = cast(list[dict[str, Any]], out.rows if out.bars else as_list(out.rows))
    bars = cast(list[dict[str, Any]], out.bars)
    # model_construct: everything here is built by code and already JSON-able; validating thousands
    # of row dicts again would cost more than the query
    return StepResult.model_construct(
        step=index, action=step.action, symbol=symbol, sql=built.sql,
        params={k: _param(v) for k, v in built.params.items()}, rows=rows, summary=out.summary,
        granularity=built.granularity, row_count=len(rows), bars=bars,
        extra_sql=[{"name": s.name, "sql": s.sql, "params": {k: _param(v) for k, v in s.params.items()}}
                   for s in built.extra],
        notes=built.notes, duration_ms=(time.perf_counter() - t0) * 1000.0)


def _param(v: Any) -> Any:
    return jsonable(v)
