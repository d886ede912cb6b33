"""One builder per plan action: Context -> BuiltQuery."""
from __future__ import annotations

from query_builder.actions.events import build_find_events, build_periods_after
from query_builder.actions.indicator import build_indicator
from query_builder.actions.intraday import build_extremes, build_intraday
from query_builder.actions.patterns import build_aggregate_patterns
from query_builder.actions.period import build_compare, build_period_stats
from query_builder.actions.volume import build_volume_profile
from query_builder.base import Builder

BUILDERS: dict[str, Builder] = {
    "get_period_stats": build_period_stats,
    "get_intraday_data": build_intraday,
    "get_price_extremes": build_extremes,
    "get_volume_profile": build_volume_profile,
    "find_events": build_find_events,
    "get_periods_after": build_periods_after,
    "compare_periods": build_compare,
    "aggregate_patterns": build_aggregate_patterns,
    "get_indicator": build_indicator,
}
