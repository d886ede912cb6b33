"""Statistics alerts through the real graph (offline provider; the LLM is the only fake), both
engines: the issue's examples and other phrasings in EN/RU/ES become a confirm_action card that
states the condition in words; only a yes stores it (as the run's user); "my alerts" lists it;
deleting it by id asks again and then removes it; another user cannot see it."""
from __future__ import annotations

import pytest

from agent.live import condition_alerts
from tests.agents.test_trading_graph import Chat, market, user  # noqa: F401

CASES = [
    ("alert me when NQ's first-hour range is above 1.5x its 20-day average", "yes", "en",
     {"kind": "window_range", "symbol": "NQ", "ratio": 1.5, "days": 20, "window_start": "09:30",
      "window_end": "10:30", "op": "above"}, "09:30-10:30"),
    ("когда SPY закроется ниже три дня подряд", "да", "ru",
     {"kind": "closes_in_row", "symbol": "SPY", "count": 3, "op": "below"}, "3 сессии подряд"),
    ("cuando SPY se mueva 2 % en una hora", "sí", "es",
     {"kind": "move_within", "symbol": "SPY", "pct": 2.0, "minutes": 60, "direction": "any"}, "2%"),
    ("notify me when SPY's RSI crosses above 70", "ok", "en",
     {"kind": "indicator_cross", "symbol": "SPY", "indicator": "rsi", "period": 14, "level": 70.0, "op": "above"},
     "RSI 14"),
]


@pytest.mark.parametrize("question,yes,lang,expected,words", CASES)
def test_condition_alert_confirm_store_list_delete(market, question, yes, lang, expected, words):  # noqa: F811
    store, _, tmp = market
    me = Chat(store, tmp, user(lang=lang))
    r = me.ask(question)
    assert r.status == "confirm_action", r.response
    assert r.interrupt["tool"] == "create_condition_alert"
    assert {k: r.interrupt["params"][k] for k in expected} == expected
    assert words in r.interrupt["texts"][lang] and r.interrupt["texts"][lang] in r.response
    assert condition_alerts.list_for(store, me.user) == []          # nothing before the yes
    r = me.answer(yes)
    assert r.status == "answered", r.response
    (alert,) = condition_alerts.list_for(store, me.user)
    assert alert.status == "active" and alert.alert_id in r.response and alert.kind == expected["kind"]
    other = Chat(store, tmp, user())
    assert condition_alerts.list_for(store, other.user) == []
    listed = me.ask({"en": "show my alerts", "ru": "покажи мои алерты", "es": "muestra mis alertas"}[lang])
    assert alert.alert_id in listed.response and alert.text in listed.response
    r = me.ask({"en": f"delete alert {alert.alert_id}", "ru": f"удали алерт {alert.alert_id}",
                "es": f"elimina la alerta {alert.alert_id}"}[lang])
    assert r.status == "confirm_action" and r.interrupt["tool"] == "delete_alert"
    assert alert.text in r.interrupt["texts"][lang]
    r = me.answer(yes)
    assert condition_alerts.list_for(store, me.user) == []
