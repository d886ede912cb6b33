"""The UI asks for an API token when the server answers 401 (a server with users), then works."""
from __future__ import annotations

from pathlib import Path

from tests.server.conftest import DUCKDB_ONLY, add_user, live_server
from tests.web.test_ui import ARGS, CHROMIUM

pytestmark = DUCKDB_ONLY


def test_ui_asks_for_a_token_and_uses_it(make_app, duck_store):
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install -y chromium"
    app, settings = make_app(duck_store, now="2024-01-15")
    _, token = add_user(settings, "alice")
    prompts: list[str] = []
    with live_server(app) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_context().new_page()

        def on_dialog(dialog):
            prompts.append(dialog.message)
            dialog.accept(token)
        page.on("dialog", on_dialog)
        page.goto(url + "/")
        page.wait_for_function("document.querySelector('#coverage').textContent.includes('NQ')")
        assert prompts and "token" in prompts[0].lower()
        page.fill("#question", "NQ stats for November 2023")
        page.click("#send")
        page.wait_for_selector(".msg.bot[data-complete='1']", timeout=30000)
        assert page.locator(".msg.bot").last.get_attribute("data-status") == "answered"
        assert len(prompts) == 1  # the token is kept for the next calls
        browser.close()
