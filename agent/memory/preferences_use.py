"""Typed preferences (stated in the chat, agent/nlu/preferences.py) used where they apply, and said.

- chart granularity: the bars a period's statistics are drawn with when the question named none
  (a week asked with "I prefer daily charts": daily bars, not the hourly default); the answer says so;
- language: the answer's language when the user asked for one ("отвечай по-русски");
- time zone and risk profile: the user's context (agent/memory/context.py user_context).
"""
from __future__ import annotations

from typing import Any

from agent.state import Intent, Plan

GRANULARITIES = ("hourly", "daily", "weekly")
DRAWN = ("get_period_stats",)         # actions whose bars follow the period's granularity


def preferred_granularity(plan: Plan, intent: Intent, prefs: dict[str, Any]) -> tuple[Plan, str | None]:
    """The plan with the preferred granularity where the question left it to the default and the
    default differs, and the note saying so (None when nothing changed)."""
    from query_builder.granularity import by_period

    want = prefs.get("chart_granularity")
    if want not in GRANULARITIES or intent.bar_minutes:
        return plan, None
    steps, changed = [], False
    for step in plan.steps:
        p = step.params
        if step.action in DRAWN and p.granularity is None and by_period(p.start_date, p.end_date) != want:
            step = step.model_copy(update={"params": p.model_copy(update={"granularity": want})})
            changed = True
        steps.append(step)
    if not changed:
        return plan, None
    from agent import lang as packs

    note = str(packs.get(intent.lang, "chat_tools", "granularity_note")).format(
        what=packs.get(intent.lang, "chat_tools", "granularity_words", want))
    return plan.model_copy(update={"steps": steps}), note


def preferred_language(intent: Intent, prefs: dict[str, Any]) -> Intent:
    """The intent in the language the user asked answers in."""
    lang = prefs.get("language")
    from agent import lang as packs

    return intent.model_copy(update={"lang": lang}) if lang in packs.codes() and lang != intent.lang else intent
