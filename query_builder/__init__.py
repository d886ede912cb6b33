"""Plan step -> parameterised SQL (per engine) -> rows + summary. Code, never a model, writes SQL.

    from query_builder import build, run_step
    built = build(step, "duckdb", instrument)      # BuiltQuery: sql, params, post-processor
    result = run_step(store, step, index=0)        # StepResult: rows, summary, bars, sql, timing
"""
from query_builder import declare
from query_builder.errors import CapabilityUnavailable, MissingParameter, QueryBuilderError
from query_builder.runner import build, run_step

# Every action, indicator, pattern and claim type, registered on first use of a list.
declare.declared_in("query_builder.declarations")

__all__ = ["build", "run_step", "QueryBuilderError", "MissingParameter", "CapabilityUnavailable"]
