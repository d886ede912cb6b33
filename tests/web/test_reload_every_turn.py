"""Issue 27 point 3: a reload shows every turn of a 12-turn thread, no-data and clarification turns
included (12 questions, 12 answers) in EN, RU and ES; the step labels of every turn are translated
(none left as a node name such as "no_data", "remember" or "clarify")."""
from __future__ import annotations

import pytest

from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY
# a clarification (no symbol), answers, no data (NQ has no 2015 bars), answers again
QUESTIONS = {
    "en": ["Show me the stats", "NQ stats for November 2023", "NQ stats for March 2015",
           "SPY stats for March 2024", "SPX stats for 2019", "RSI of SPY in March 2024",
           "Volume profile of NQ in November 2023", "BTCUSD stats for January 2022", "What is RSI?",
           "Gaps of SPY from March to May 2024", "SPX stats for 1900", "Max drawdown of SPX in 2020"],
    "ru": ["Покажи статистику", "Статистика NQ за ноябрь 2023", "Статистика NQ за март 2015",
           "Статистика SPY за март 2024", "Статистика SPX за 2019", "RSI SPY за март 2024",
           "Профиль объёма NQ за ноябрь 2023", "Статистика BTCUSD за январь 2022", "Что такое RSI?",
           "Гэпы SPY с марта по май 2024", "Статистика SPX за 1900", "Максимальная просадка SPX в 2020"],
    "es": ["Muéstrame las estadísticas", "Estadísticas de NQ en noviembre de 2023",
           "Estadísticas de NQ en marzo de 2015", "Estadísticas de SPY en marzo de 2024",
           "Estadísticas de SPX en 2019", "RSI de SPY en marzo de 2024",
           "Perfil de volumen de NQ en noviembre de 2023", "Estadísticas de BTCUSD en enero de 2022",
           "¿Qué es el RSI?", "Gaps de SPY de marzo a mayo de 2024", "Estadísticas de SPX en 1900",
           "Caída máxima de SPX en 2020"],
}
NODE_NAMES = {"no_data", "remember", "clarify", "confirm_plan", "new_turn", "understander", "planner",
              "executor", "analyst", "validator", "educator"}


@pytest.fixture
def url(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-06-15")
    with live_server(app) as base:
        yield base


@pytest.mark.parametrize("lang", LANGS)
def test_reload_shows_all_twelve_turns(url, lang):
    with browser_page(url, lang) as (page, errors):
        statuses = []
        for q in QUESTIONS[lang]:
            statuses.append(ask(page, q).get_attribute("data-status"))
        assert "no_data" in statuses and any(x.startswith("clarification") for x in statuses), statuses
        before = page.locator(".msg.bot .answer").all_inner_texts()
        page.reload()
        page.wait_for_function("document.querySelectorAll(\".msg.bot[data-restored='1'][data-complete='1']\")"
                               ".length >= 12", timeout=30000)
        assert page.locator(".msg.user").all_inner_texts() == QUESTIONS[lang]
        bots = page.locator(".msg.bot")
        assert bots.count() == 12
        assert [bots.nth(i).get_attribute("data-status") for i in range(12)] == statuses
        after = page.locator(".msg.bot .answer").all_inner_texts()
        for a, b in zip(after, before):      # every answer and card again, none empty
            assert a.strip() and a.split("\n")[0].strip() in b
        labels = set(page.locator(".steps li").all_inner_texts())
        assert labels and not (labels & NODE_NAMES), labels
        shot(page, f"reload_twelve_turns_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors
