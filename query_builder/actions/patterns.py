"""aggregate_patterns: dispatch to the pattern catalogue in query_builder.patterns."""
from __future__ import annotations

from query_builder import patterns
from query_builder.base import Context, Output
from query_builder.errors import MissingParameter


def build_aggregate_patterns(ctx: Context):
    name = ctx.params.pattern
    if name is None:
        raise MissingParameter("aggregate_patterns needs a pattern (gaps, volume_spikes, hourly_profile)")
    threshold = ctx.params.threshold
    if threshold is None:
        threshold = patterns.DEFAULT_THRESHOLD[name]
    q, p, gran = patterns.BUILDERS[name](ctx, threshold)
    return ctx.built(q, p, "aggregate_patterns", post_args={"pattern": name, "threshold": threshold},
                     granularity=gran)


def post_aggregate_patterns(rows, args, extra) -> Output:
    return patterns.POST[args["pattern"]](rows, args, extra)
