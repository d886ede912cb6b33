"""aggregate_patterns: dispatch to the pattern's declaration (builder and post in query_builder.patterns)."""
from __future__ import annotations

from query_builder import declare
from query_builder.base import Context, Output
from query_builder.errors import MissingParameter


def build_aggregate_patterns(ctx: Context):
    name = ctx.params.pattern
    if name is None:
        raise MissingParameter(f"aggregate_patterns needs a pattern ({', '.join(declare.names('pattern'))})")
    decl = declare.patterns()[name]
    threshold = decl.threshold if ctx.params.threshold is None else ctx.params.threshold
    q, p, gran = decl.builder(ctx, threshold)
    return ctx.built(q, p, "aggregate_patterns", post_args={"pattern": name, "threshold": threshold},
                     granularity=gran)


def post_aggregate_patterns(rows, args, extra) -> Output:
    return declare.patterns()[args["pattern"]].post(rows, args, extra)
