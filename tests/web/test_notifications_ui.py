"""The UI shows paper-trading notifications: a fill stored before the page opened, then a fill and
an alert arriving while it is open (real server app, real DuckDB store, headless Chromium); a
dismissed card does not come back after a reload."""
from __future__ import annotations

from pathlib import Path

import pytest

from agent.identity.models import LOCAL_USER
from agent.market.ingest import load_file
from agent.trading import service
from agent.trading.params import CreateAlert, CreateOrder
from tests.agent.trading.helpers import NQ, split_file
from tests.server.conftest import live_server
from tests.web.test_ui import ARGS, ARTIFACTS, CHROMIUM


def test_fills_and_alerts_appear_in_the_page(make_app, make_store, tmp_path):
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium", pytrace=False)
    store = make_store("duckdb")
    sp = split_file(NQ, "NQ", tmp_path)
    load_file(store, sp.first, "NQ")
    close = float(sp.bars[sp.bars["ts"] == sp.cut].iloc[0].close)
    service.place_order(store, LOCAL_USER, CreateOrder(symbol="NQ", side="buy", quantity=1,
                                                       order_type="market"), 100_000)
    service.create_alert(store, LOCAL_USER, CreateAlert(symbol="NQ", condition="<=", price=close - 50,
                                                        message="dip"))
    app, _ = make_app(store, notifications_poll_s=0.3)
    ARTIFACTS.mkdir(exist_ok=True)
    with live_server(app) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "/")
        page.wait_for_selector(".notification[data-kind=fill]", timeout=20000)
        first = page.locator(".notification").first.inner_text()
        assert "NQ" in first and "market" in first
        load_file(store, sp.rest, "NQ")          # the alert fires on the new bars
        page.wait_for_selector(".notification[data-kind=alert]", timeout=20000)
        alert = page.locator(".notification[data-kind=alert]").inner_text()
        assert "NQ <=" in alert and "dip" in alert
        assert page.locator(".notification").count() == 2
        page.screenshot(path=str(ARTIFACTS / "notifications.png"))
        # issue 27: a dismissed card stays dismissed after a reload (kept per user on the server)
        with page.expect_response(lambda r: "/dismiss" in r.url and r.status == 200):
            page.locator(".notification[data-kind=fill] .notification-close").click()
        page.reload()
        page.wait_for_selector(".notification[data-kind=alert]", timeout=20000)
        page.wait_for_timeout(1000)
        assert page.locator(".notification[data-kind=fill]").count() == 0
        browser.close()
    assert not errors, errors
