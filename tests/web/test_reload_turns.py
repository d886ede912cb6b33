"""Issue 18 point 1, every turn: after a reload each answered turn of the thread (not only the last)
shows its claims table, chart, plan, SQL and steps again, the same as before the reload."""
from __future__ import annotations

import pandas as pd
import pytest

from tests.conftest import DATA
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import LANGS, ask, browser_page, fmt, shot

pytestmark = DUCKDB_ONLY
QUESTIONS = {"en": ["NQ stats for November 2023", "SPX statistics from 2010 to 2019"],
             "ru": ["Статистика NQ за ноябрь 2023", "Статистика SPX с 2010 по 2019 год"],
             "es": ["Estadísticas de NQ en noviembre de 2023", "Estadísticas de SPX de 2010 a 2019"]}


@pytest.fixture
def url(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-01-15")
    with live_server(app) as base:
        yield base


def _turn(bot) -> dict:
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    return {"claims": {tr.get_attribute("data-type"): tr.locator("td").all_inner_texts()
                       for tr in bot.locator("table.claims tbody tr").all()},
            "sql": bot.locator("details.sqls pre.sql").count(), "plan": bot.locator("details.plan li").count(),
            "steps": bot.locator(".steps li").count(), "charts": bot.locator(".chart").count(),
            "text": bot.locator(".answer").inner_text()}


def _spx_high_2010s() -> float:
    """The highest SPX high of 2010-2019, from the file (independent of the app)."""
    df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    dates = pd.to_datetime(df["Date"], format="%m/%d/%Y")
    return float(df.loc[(dates >= "2010-01-01") & (dates <= "2019-12-31"), "High"].max())


@pytest.mark.parametrize("lang", LANGS)
def test_reload_restores_every_turns_details(url, lang):
    with browser_page(url, lang) as (page, errors):
        before = []
        for question in QUESTIONS[lang]:
            bot = ask(page, question)
            assert bot.get_attribute("data-status") == "answered", bot.inner_text()
            before.append(_turn(bot))
        assert before[0]["claims"]["open"][1] == fmt(15895.0, lang)      # NQ's first November session open
        assert before[1]["claims"]["high"][1] == fmt(_spx_high_2010s(), lang)
        for b in before:
            assert b["sql"] >= 1 and b["plan"] >= 1 and b["steps"] >= 4 and len(b["claims"]) >= 4
            assert b["charts"] == 1

        page.reload()
        page.wait_for_selector(".msg.bot[data-restored='1'][data-complete='1']", timeout=15000)
        page.wait_for_function("document.querySelectorAll('.msg.bot .chart .main-svg').length >= 2",
                               timeout=15000)
        bots = page.locator(".msg.bot")
        assert bots.count() == 2
        assert page.locator(".msg.user").all_inner_texts() == QUESTIONS[lang]
        after = [_turn(bots.nth(i)) for i in range(2)]
        for a, b in zip(after, before):   # the live list also shows bookkeeping steps: compare the rest
            assert a.pop("steps") >= 4 and b.pop("steps") >= 4
        assert after == before
        first = bots.nth(0)
        first.locator("details.sqls summary").click()
        assert "SELECT" in first.locator("details.sqls pre.sql").first.inner_text().upper()
        shot(page, f"reload_every_turn_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors
