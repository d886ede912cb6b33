"""The chat UI end to end in headless Chromium (Debian's /usr/bin/chromium, never a downloaded one):
ask, see the streamed answer, claims and chart; answer a clarification by clicking a suggestion.
Screenshots go to tests/.artifacts/."""
from __future__ import annotations

import pytest

from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import (  # one browser setup for every UI test
    ARGS,  # noqa: F401  (imported from here by test_notifications_ui)
    ARTIFACTS,
    CHROMIUM,  # noqa: F401
    _chromium,
)

pytestmark = DUCKDB_ONLY


@pytest.fixture
def page(make_app, duck_store):
    ARTIFACTS.mkdir(exist_ok=True)
    app, _ = make_app(duck_store, now="2024-01-15")
    # the module's shared Chromium (tests/web/browser.py), a fresh context per test
    with live_server(app) as url:
        ctx = _chromium().new_context(viewport={"width": 1200, "height": 900}, locale="en-US")
        try:
            pg = ctx.new_page()
            errors: list[str] = []
            pg.on("pageerror", lambda e: errors.append(str(e)))
            pg.goto(url + "/")
            yield pg
        finally:
            ctx.close()
        assert not errors, errors


def _ask(page, text: str):
    page.fill("#question", text)
    page.click("#send")


def _last_bot(page):
    return page.locator(".msg.bot").last


def test_ask_see_answer_claims_and_chart(page):
    page.wait_for_function("document.querySelector('#coverage').textContent.includes('NQ')")
    _ask(page, "NQ stats for November 2023")
    bot = _last_bot(page)
    page.wait_for_selector(".msg.bot[data-complete='1']", timeout=30000)
    assert bot.get_attribute("data-status") == "answered"
    answer = bot.locator(".answer").inner_text()
    assert "NQ" in answer and "16" in answer
    steps = bot.locator(".steps li").all_inner_texts()
    assert any("Planning" in s for s in steps) and any("Checking every number" in s for s in steps)
    rows = bot.locator("table.claims tbody tr")
    assert rows.count() >= 4
    assert "High" in bot.locator("table.claims").inner_text()   # labels, not identifiers
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    assert bot.locator("details.sqls pre.sql").count() >= 1
    bot.locator("details.sqls summary").click()
    assert "SELECT" in bot.locator("details.sqls pre.sql").first.inner_text().upper()
    page.screenshot(path=str(ARTIFACTS / "ui_answer.png"), full_page=True)


def test_clarification_answered_by_clicking(page):
    page.select_option("#lang", "ru")
    assert page.locator("#send").inner_text() == "Спросить"
    _ask(page, "Покажи статистику")
    card = page.locator(".interrupt[data-kind='clarification_needed']")
    card.wait_for(timeout=30000)
    page.wait_for_selector(".msg.bot[data-complete='1']")
    page.screenshot(path=str(ARTIFACTS / "ui_clarification.png"), full_page=True)
    suggestion = card.locator("button.suggestion").first
    picked = suggestion.inner_text()
    suggestion.click()
    page.wait_for_function("document.querySelectorAll(\".msg.bot[data-complete='1']\").length === 2",
                           timeout=30000)
    second = _last_bot(page)
    assert page.locator(".msg.user").last.inner_text() == picked
    assert second.get_attribute("data-status") in ("answered", "no_data"), second.inner_text()
    page.screenshot(path=str(ARTIFACTS / "ui_resumed.png"), full_page=True)


def test_spanish_ui_and_example_click(page):
    page.select_option("#lang", "es")
    assert page.locator("#send").inner_text() == "Preguntar"
    page.locator("#examples button.example", has_text="¿Qué es el RSI?").click()
    page.wait_for_selector(".msg.bot[data-complete='1']", timeout=30000)
    bot = _last_bot(page)
    assert bot.get_attribute("data-status") == "answered"
    assert "RSI" in bot.locator(".answer").inner_text()
    page.screenshot(path=str(ARTIFACTS / "ui_spanish.png"), full_page=True)


def test_reload_keeps_the_conversation_and_pending_question(page):
    _ask(page, "Show me the statistics")
    page.wait_for_selector(".msg.bot[data-complete='1']", timeout=30000)
    page.reload()
    card = page.locator(".interrupt[data-kind='clarification_needed']")
    card.wait_for(timeout=10000)
    assert page.locator(".msg.user").first.inner_text() == "Show me the statistics"
    done = page.locator(".msg.bot[data-complete='1']").count()   # the restored turn counts
    card.locator("button.suggestion").first.click()
    page.wait_for_function(f"document.querySelectorAll(\".msg.bot[data-complete='1']\").length > {done}",
                           timeout=30000)
    assert page.locator(".msg.bot").last.get_attribute("data-status") in ("answered", "no_data")
    page.screenshot(path=str(ARTIFACTS / "ui_reloaded.png"), full_page=True)
