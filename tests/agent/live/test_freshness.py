"""Answers about "now" say the last bar's time and age: "as of 14:31 ET, 12 s ago" (EN/RU/ES),
through the real graph (offline provider) after a bar arrived through the live path."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from agent.live.append import append_bars
from agent.live.bars import LiveBar
from agent.live.freshness import as_of
from tests.agents.test_trading_graph import Chat, user


def test_words_and_ages():
    now = datetime(2024, 3, 5, 19, 32, 12, tzinfo=timezone.utc)          # 14:32:12 New York
    bar = datetime(2024, 3, 5, 19, 31)                                    # the 14:31 bar ended 12 s ago
    assert as_of(bar, "America/New_York", "en", now=now) == "14:31 ET, 12 s ago"
    assert as_of(bar, "America/New_York", "ru", now=now) == "14:31 ET, 12 с назад"
    assert as_of(bar, "America/New_York", "es", now=now) == "14:31 ET, hace 12 s"
    assert as_of(bar, "UTC", "en", now=now + timedelta(minutes=5)) == "19:31 UTC, 5 min ago"
    assert as_of(bar, "America/New_York", "en", now=now + timedelta(days=3)) == "2024-03-05 14:31 ET, 3 days ago"
    assert as_of(bar, "America/New_York", "ru", now=now + timedelta(days=5)) == "2024-03-05 14:31 ET, 5 дней назад"


@pytest.mark.parametrize("question,lang,ago", [("what's SPY now?", "en", r"(\d+) s ago"),
                                               ("сколько сейчас стоит SPY?", "ru", r"(\d+) с назад"),
                                               ("¿cuánto vale SPY ahora?", "es", r"hace (\d+) s")])
def test_price_now_says_the_last_bars_time_and_age(make_store, tmp_path, question, lang, ago):
    store = make_store("duckdb")
    now = datetime.now(timezone.utc)
    start = now.replace(second=0, microsecond=0, tzinfo=None) - timedelta(minutes=1)   # the bar just ended
    append_bars(store, [LiveBar(symbol="SPY", ts=start - timedelta(minutes=1), open=510, high=511, low=509,
                                close=510.5, volume=100),
                        LiveBar(symbol="SPY", ts=start, open=510.5, high=512, low=510, close=511.25, volume=100)])
    me = Chat(store, tmp_path, user(lang=lang))
    r = me.ask(question)
    local = start.replace(tzinfo=timezone.utc).astimezone(ZoneInfo("America/New_York"))
    assert f"{local:%H:%M} ET" in r.response, r.response
    age = int(re.search(ago, r.response).group(1))
    assert 0 <= age <= (datetime.now(timezone.utc) - now).total_seconds() + 61
