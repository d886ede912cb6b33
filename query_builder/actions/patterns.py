"""aggregate_patterns: dispatch to the pattern's declaration (builder and post in query_builder.patterns)."""
from __future__ import annotations

from query_builder import declare
from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.errors import MissingParameter
from query_builder.models import BuiltQuery


def build_aggregate_patterns(ctx: Context) -> BuiltQuery:
    name = ctx.params.pattern
    if name is None:
        raise MissingParameter(f"aggregate_patterns needs a pattern ({', '.join(declare.names('pattern'))})")
    decl = declare.patterns()[name]
    threshold = decl.threshold if ctx.params.threshold is None else ctx.params.threshold
    q, p, gran = decl.builder(ctx, threshold)
    return ctx.built(q, p, "aggregate_patterns", post_args={"pattern": name, "threshold": threshold},
                     granularity=gran)


def post_aggregate_patterns(rows: Rows, args: Args, extra: Extra) -> Output:
    out: Output = declare.patterns()[args["pattern"]].post(rows, args, extra)
    return out
