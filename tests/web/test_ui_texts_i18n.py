"""Issue 8 item 2: the browser's UI texts come from the language packs' `ui` sections, served as
/i18n/tables.js (public, like the page itself); the language menu lists the packs."""
from __future__ import annotations

import httpx
import pytest

from agent import lang as packs
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import browser_page

pytestmark = DUCKDB_ONLY


@pytest.fixture
def url(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-06-15")
    with live_server(app) as base:
        yield base


def test_tables_are_served_without_a_token(url):
    r = httpx.get(url + "/i18n/tables.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/javascript")
    assert packs.get("ru", "ui", "send") in r.text and packs.get("es", "ui", "hello") in r.text


def test_page_texts_and_language_menu_come_from_the_packs(url):
    with browser_page(url, "es") as (page, errors):
        assert page.locator("#send").inner_text() == packs.get("es", "ui", "send")
        assert page.locator("#lang option").evaluate_all("os => os.map(o => o.value)") == list(packs.codes())
        assert page.locator("#lang").input_value() == "es"
        page.select_option("#lang", "ru")
        assert page.locator("#send").inner_text() == packs.get("ru", "ui", "send")
        assert page.evaluate("tt('claim', 'high')") == packs.get("ru", "ui", "claim", "high")
        assert not errors, errors
