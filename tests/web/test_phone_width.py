"""The chat at a desktop (1280 px) and a phone (390 px) width, measured from the DOM in Debian's
Chromium: the page never scrolls sideways, the verified-numbers table scrolls inside its own box
with every column reachable, chart titles and date labels are neither clipped nor overlapping, the
input's placeholder fits. Real server, real data (NQ, SPY), offline provider."""
from __future__ import annotations

import pytest

from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import ask, browser_page, shot
from tests.web.measure import chart_problems, page_problems, placeholder_problems

pytestmark = DUCKDB_ONLY

WIDTHS = [1280, 390]
# A month of daily candles (a chart with dates) and a year of SPY (many date labels), per language.
QUESTIONS = {
    "en": ["NQ stats for November 2023", "SPY daily closes from January to June 2024"],
    "ru": ["статистика NQ за ноябрь 2023", "дневные закрытия SPY с января по июнь 2024"],
    "es": ["estadísticas de NQ de noviembre de 2023", "cierres diarios de SPY de enero a junio de 2024"],
}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_answers_fit_the_width(make_app, duck_store, lang, width):
    app, _ = make_app(duck_store, now="2024-07-15")
    with live_server(app) as url, browser_page(url, lang, width=width, height=844) as (page, errors):
        assert placeholder_problems(page) == []
        assert page_problems(page) == []
        for question in QUESTIONS[lang]:
            bot = ask(page, question)
            assert bot.get_attribute("data-status") == "answered", bot.inner_text()
            bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
            page.wait_for_timeout(300)    # plotly's responsive relayout after the first draw
        assert page.locator("table.claims").count() >= 1
        problems = page_problems(page) + chart_problems(page) + placeholder_problems(page)
        shot(page, f"width_{width}_{lang}")
        assert problems == [], problems
    assert not [e for e in errors if "pageerror" in e], errors
