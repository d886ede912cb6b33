"""Point 4 of issue 18: the start page builds its examples from the data actually loaded (none of
them ends in "no data"), shows the full coverage without hovering, has a favicon, and is usable at
390 px (no horizontal scroll, the question box and button on screen), in EN, RU and ES."""
from __future__ import annotations

import httpx
import pytest

from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY


@pytest.fixture
def url(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-06-15")
    with live_server(app) as base:
        yield base


@pytest.mark.parametrize("lang", LANGS)
def test_examples_come_from_the_loaded_data_and_all_answer(url, lang):
    coverage = httpx.get(url + "/api/data").json()["symbols"]
    with browser_page(url, lang) as (page, errors):
        items = page.locator("#coverage-list li")
        assert items.count() == len(coverage) == 4
        for s in coverage:   # visible as text, not only in a tooltip
            line = page.locator(f"#coverage-list li[data-symbol='{s['symbol']}']")
            assert line.is_visible()
            assert str(s["first"])[:10] in line.inner_text() and str(s["last"])[:10] in line.inner_text()
        examples = page.locator("#examples button.example").all_inner_texts()
        assert len(examples) >= 4
        named = [e for e in examples if any(s["symbol"] in e for s in coverage)]
        assert len(named) >= 3
        shot(page, f"start_{lang}")
        for i, q in enumerate(examples):
            if i:
                page.click("#new-chat")
                page.wait_for_selector("body[data-coverage='1']")
            page.locator("#examples button.example").nth(i).click()
            page.wait_for_selector(".msg.bot[data-complete='1']", timeout=60000)
            status = page.locator(".msg.bot").last.get_attribute("data-status")
            assert status == "answered", f"example {q!r} -> {status}: {page.locator('.msg.bot').last.inner_text()}"
    assert not errors, errors


def test_favicon(url):
    r = httpx.get(url + "/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in r.text
    with browser_page(url) as (page, _):
        href = page.locator("link[rel=icon]").get_attribute("href")
        assert httpx.get(url + href).status_code == 200


@pytest.mark.parametrize("lang", LANGS)
def test_usable_at_390px(url, lang):
    q = {"en": "NQ stats for November 2023", "ru": "Статистика NQ за ноябрь 2023",
         "es": "Estadísticas de NQ en noviembre de 2023"}[lang]
    with browser_page(url, lang, width=390, height=844) as (page, errors):
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, f"start_390_{lang}")
        bot = ask(page, q)
        bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("#send").bounding_box()
        assert box and box["x"] + box["width"] <= 390
        chart = page.locator(".chart").last.bounding_box()
        assert chart and chart["width"] <= 390
        shot(page, f"answer_390_{lang}")
    assert not errors, errors
