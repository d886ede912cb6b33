"""A turn resumed from a clarification card lists the steps of its answer, not the card it came
from: no "1. Asking for a detail" (live and after a reload), in EN/RU/ES. Real server and data,
offline provider, Debian's Chromium."""
from __future__ import annotations

import pytest

from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import LANGS, browser_page

pytestmark = DUCKDB_ONLY

BARE = {"en": "Show me the stats", "ru": "Покажи статистику", "es": "Muéstrame las estadísticas"}
ASKING = ("clarify", "confirm_plan", "confirm_action", "no_data")
DONE = "document.querySelectorAll(\".msg.bot[data-complete='1']\").length >= {n}"


def _first_steps(page) -> list[str | None]:
    return [b.locator(".steps li").first.get_attribute("data-agent")
            for b in page.locator(".msg.bot").all() if b.locator(".steps li").count()]


@pytest.mark.parametrize("lang", LANGS)
def test_a_resumed_turn_does_not_start_with_the_card(make_app, duck_store, lang):
    app, _ = make_app(duck_store, now="2024-01-15")
    with live_server(app) as url, browser_page(url, lang) as (page, errors):
        page.fill("#question", BARE[lang])
        page.click("#send")
        card = page.locator(".interrupt[data-kind='clarification_needed']")
        card.wait_for(timeout=30000)
        page.wait_for_function(DONE.format(n=1), timeout=30000)
        card.locator("button.suggestion").first.click()
        page.wait_for_function(DONE.format(n=2), timeout=60000)
        bot = page.locator(".msg.bot").last
        assert bot.get_attribute("data-status") == "answered", bot.inner_text()
        steps = bot.locator(".steps li").all()
        assert steps and steps[0].get_attribute("data-agent") not in ASKING, bot.locator(".steps").inner_text()
        page.reload()
        page.wait_for_function(DONE.format(n=2), timeout=30000)
        assert not [a for a in _first_steps(page) if a in ASKING], _first_steps(page)
    assert not [e for e in errors if "pageerror" in e], errors
