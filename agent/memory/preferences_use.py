"""Typed preferences (stated in the chat, agent/nlu/preferences.py) used where they apply, and said.

- chart granularity: the bars a period's statistics are drawn with when the question named none
  (a week asked with "I prefer daily charts": daily bars, not the hourly default); the answer says so;
- language: the answer's language when the user asked for one ("отвечай по-русски");
- time zone and risk profile: the user's context (agent/memory/context.py user_context).
"""
from __future__ import annotations

from typing import Any

from agent.state import Intent, Plan

GRANULARITY_NOTE = {
    "en": "{what} bars, as you prefer.",
    "ru": "{what} бары, как вы предпочитаете.",
    "es": "Barras {what}, como prefieres.",
}
GRANULARITY_WORDS = {"hourly": {"en": "Hourly", "ru": "Часовые", "es": "horarias"},
                     "daily": {"en": "Daily", "ru": "Дневные", "es": "diarias"},
                     "weekly": {"en": "Weekly", "ru": "Недельные", "es": "semanales"}}
DRAWN = ("get_period_stats",)         # actions whose bars follow the period's granularity


def preferred_granularity(plan: Plan, intent: Intent, prefs: dict[str, Any]) -> tuple[Plan, str | None]:
    """The plan with the preferred granularity where the question left it to the default and the
    default differs, and the note saying so (None when nothing changed)."""
    from query_builder.granularity import by_period

    want = prefs.get("chart_granularity")
    if want not in GRANULARITY_WORDS or intent.bar_minutes:
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
    lang = intent.lang if intent.lang in GRANULARITY_NOTE else "en"
    note = GRANULARITY_NOTE[lang].format(what=GRANULARITY_WORDS[want][lang])
    return plan.model_copy(update={"steps": steps}), note


def preferred_language(intent: Intent, prefs: dict[str, Any]) -> Intent:
    """The intent in the language the user asked answers in."""
    lang = prefs.get("language")
    return intent.model_copy(update={"lang": lang}) if lang in GRANULARITY_NOTE and lang != intent.lang else intent
