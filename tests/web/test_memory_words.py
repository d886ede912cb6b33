"""Issue 27 point 3: the memory panel says what is remembered in words, in the user's language:
no raw templates ("[SYMBOL] stats for March [N]") or keys ("after_events SPX 2020")."""
from __future__ import annotations

import pytest

from agent import lang as packs
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY
QUESTIONS = {"en": ["NQ stats for November 2023", "What happened 5 days after SPX fell more than 3% in 2020"],
             "ru": ["Статистика NQ за ноябрь 2023", "Что было через 5 дней после падений SPX более чем на 3% в 2020"],
             "es": ["Estadísticas de NQ en noviembre de 2023",
                    "Qué pasó 5 días después de caídas de SPX de más del 3% en 2020"]}


@pytest.fixture
def url(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-06-15")
    with live_server(app) as base:
        yield base


@pytest.mark.parametrize("lang", LANGS)
def test_memory_panel_in_words(url, lang):
    with browser_page(url, lang) as (page, errors):
        for q in QUESTIONS[lang]:
            ask(page, q)
        page.wait_for_selector("body[data-panels='1']")
        page.wait_for_function("(document.querySelector('#panel-memory dl.memory') || {}).innerText"
                               " && document.querySelector('#panel-memory dl.memory').innerText.includes('SPX')",
                               timeout=15000)
        text = page.locator("#panel-memory dl.memory").inner_text()
        assert "[SYMBOL]" not in text and "[N]" not in text and "after_events" not in text
        ui = packs.get(lang, "ui")
        assert ui["analysis"]["after_events"] in text
        assert QUESTIONS[lang][0] in text          # the user's own words, verbatim (no template)
        other = [packs.get(o, "ui")["mem_symbol"] for o in LANGS]
        assert not [w for w in other if w in text], text   # no placeholder word in any language
        assert "NQ" in text and "SPX" in text
        shot(page, f"memory_words_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors
