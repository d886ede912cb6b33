"""A question with a rise threshold and a fall threshold is two parts, one condition each.

"How many days was SPX up more than 1% and down more than 1% in 2019?" counts both kinds of day;
the typed reading gives each its own part (same instruments and period), so the plan finds the
events of each condition and the answer names both.
"""
from __future__ import annotations

from agent.state import Intent, Part
from query_builder.models import EventCondition


def split(it: Intent, conditions: list[EventCondition]) -> None:
    """`it` as one part per condition when it asks for events and names two opposite conditions."""
    if len(conditions) != 2 or it.parts or it.analysis not in ("events", "after_events") or not it.symbols:
        return
    it.parts = [Part(symbols=list(it.symbols), period=it.period, analysis=it.analysis, condition=c,
                     horizon_days=it.horizon_days) for c in conditions]
    it.condition, it.direction = conditions[0], None
    # "дни роста больше 2% и падения больше 2%": the day words name the events counted, not the
    # period's up / down day counts as well
    it.metrics = [m for m in it.metrics if m not in ("up_days", "down_days")]
    if not it.metrics:
        it.also = [a for a in it.also if a != "stats"]
