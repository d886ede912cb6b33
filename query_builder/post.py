"""Named post-processors: BuiltQuery.post -> function(rows, post_args, extra_rows) -> Output."""
from __future__ import annotations

from query_builder.actions.events import post_find_events, post_periods_after
from query_builder.actions.indicator import post_indicator
from query_builder.actions.intraday import post_extremes, post_extremes_intraday, post_intraday
from query_builder.actions.patterns import post_aggregate_patterns
from query_builder.actions.period import post_compare, post_period_stats
from query_builder.actions.volume import post_volume_profile
from query_builder.base import Output, PostProcessor
from query_builder.convert import jsonable_rows

POST_PROCESSORS: dict[str, PostProcessor] = {
    "period_stats": post_period_stats,
    "compare_periods": post_compare,
    "intraday": post_intraday,
    "extremes": post_extremes,
    "extremes_intraday": post_extremes_intraday,
    "volume_profile": post_volume_profile,
    "find_events": post_find_events,
    "periods_after": post_periods_after,
    "aggregate_patterns": post_aggregate_patterns,
    "indicator": post_indicator,
}


def apply(name: str | None, rows, args, extra) -> Output:
    if name is None:
        return Output(jsonable_rows(rows))
    return POST_PROCESSORS[name](rows, args, extra)
