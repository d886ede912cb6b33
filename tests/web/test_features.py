"""Point 5 of issue 18: the new features' places in the page, in EN, RU and ES: the token prompt on
401, the watchlist, orders, portfolio and alerts panels, notifications as they arrive (SSE with
ids, Last-Event-ID on reconnect), the confirm_action card, "what I remember about you" with a
forget button; and a build without these APIs shows none of them and logs no error.

Where an API is not part of this build yet (other branches), tests/web/mimic.py serves a stand-in
with the real contract; with the real module present the real API is used (see mimic.REAL_*)."""
from __future__ import annotations

import pytest

from agent.identity.models import LOCAL_USER
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web import mimic
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY
TITLES = {"en": ("Watchlist", "What I remember about you", "Forget everything"),
          "ru": ("Список наблюдения", "Что я о вас помню", "Забыть всё"),
          "es": ("Lista de seguimiento", "Lo que recuerdo de ti", "Olvidar todo")}


@pytest.fixture
def env(make_app, duck_store, make_store):
    state = mimic.Mimic()
    if mimic.has("agent.trading.service"):
        # real paper orders change the store: a fresh one with NQ and SPY, not the shared one
        from agent.market.ingest import load_file
        from tests.conftest import DATA

        duck_store = make_store("duckdb")
        load_file(duck_store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
        load_file(duck_store, DATA / "spy_1min_2024" / "SPY_1min.csv", "SPY")
    # notifications_poll_s: the real notifications API's database poll (ignored where it is absent)
    app, _ = make_app(duck_store, now="2024-06-15", notifications_poll_s=0.2)
    mimic.install(app, state.routes())
    with live_server(app) as url:
        yield url, state, duck_store


def _pending_order(state, store):
    """One pending limit order and one alert, through the real trading service when it is built."""
    if mimic.REAL_TOOLS and mimic.has("agent.trading.service"):
        from agent.trading import service
        from agent.trading.params import CreateAlert, CreateOrder

        service.place_order(store, LOCAL_USER, CreateOrder(symbol="NQ", side="buy", quantity=2, order_type="limit",
                                                           limit_price=10000.0), 100_000)
        service.create_alert(store, LOCAL_USER, CreateAlert(symbol="NQ", condition=">=", price=20000.0,
                                                            message="breakout"))
        return
    state.orders.append({"order_id": "o1", "symbol": "NQ", "side": "buy", "order_type": "limit", "quantity": 2.0,
                         "limit_price": 10000.0, "stop_price": None, "status": "pending"})
    state.alerts.append({"alert_id": "a1", "symbol": "NQ", "condition": ">=", "price": 20000.0,
                         "message": "breakout", "status": "active"})


@pytest.mark.parametrize("lang", LANGS)
def test_watchlist_orders_alerts_and_memory_panels(env, lang):
    url, state, store = env
    _pending_order(state, store)
    if not mimic.REAL_MEMORY:
        state.memory.update(favorite_symbols=["NQ"], trading_style="intraday")
    with browser_page(url, lang) as (page, errors):
        page.wait_for_selector("body[data-panels='1']")
        watch, remember, forget = TITLES[lang]
        assert page.locator("#panel-watchlist h3").inner_text() == watch
        page.fill("#panel-watchlist .watch-input", "spy")
        page.click("#panel-watchlist .watch-add button")
        page.wait_for_selector("#panel-watchlist li[data-symbol='SPY']")
        page.fill("#panel-watchlist .watch-input", "NQ")
        page.click("#panel-watchlist .watch-add button")
        page.wait_for_selector("#panel-watchlist li[data-symbol='NQ']")
        page.click("#panel-watchlist li[data-symbol='SPY'] button.remove")
        page.wait_for_selector("#panel-watchlist li[data-symbol='SPY']", state="detached")
        assert page.locator("#panel-watchlist li").all_inner_texts()[0].startswith("NQ")
        assert "NQ" in page.locator("#panel-orders li").first.inner_text()
        assert "breakout" in page.locator("#panel-alerts li").first.inner_text()
        assert page.locator("#panel-portfolio").is_visible()
        assert page.locator("#panel-memory h3").inner_text() == remember
        if not mimic.REAL_MEMORY:
            assert "NQ" in page.locator("#panel-memory dl.memory").inner_text()
        shot(page, f"panels_{lang}")
        page.click("#forget")
        page.wait_for_selector("#panel-memory .forget-note")
        assert page.locator("#forget").inner_text() == forget
        assert page.locator("#panel-memory dl.memory").count() == 0
        assert "null" not in page.locator("#side").inner_text()
    assert not errors, errors


def _notify(state, store, n: int):
    """Notification n (1: a fill, 2: an alert in the stand-in; real build: market orders fill at once)."""
    if mimic.REAL_NOTIFICATIONS:
        from agent.trading import service
        from agent.trading.params import CreateOrder

        service.place_order(store, LOCAL_USER, CreateOrder(symbol="NQ", side="buy", quantity=n,
                                                           order_type="market"), 100_000)
        return "fill"
    if n == 1:
        state.notifications.append({"id": 1, "kind": "fill", "ref_id": "o1", "symbol": "NQ",
                                    "bar_ts": "2023-12-04T21:59:00", "side": "buy", "quantity": 1.0,
                                    "price": 16001.25, "order_type": "market"})
        return "fill"
    state.notifications.append({"id": 2, "kind": "alert", "ref_id": "a1", "symbol": "NQ",
                                "bar_ts": "2023-12-04T22:00:00", "condition": "<=", "price": 15950.0,
                                "fired_price": 15949.5, "message": "dip"})
    return "alert"


@pytest.mark.parametrize("lang", LANGS)
def test_notifications_arrive_while_the_page_is_open(env, lang):
    url, state, store = env
    title = {"en": "Order filled", "ru": "Ордер исполнен", "es": "Orden ejecutada"}[lang]
    with browser_page(url, lang) as (page, errors):
        page.wait_for_selector("body[data-panels='1']")
        kind = _notify(state, store, 1)
        card = page.locator(f".notification[data-kind={kind}]").first
        card.wait_for(timeout=15000)
        market = {"en": "market", "ru": "рыночный", "es": "a mercado"}[lang]    # order type in the UI language
        assert "NQ" in card.inner_text() and f"({market})" in card.inner_text() and title in card.inner_text()
        kind = _notify(state, store, 2)
        page.wait_for_function("document.querySelectorAll('.notification').length === 2", timeout=15000)
        assert page.locator(f".notification[data-kind={kind}]").count() >= 1
        if not mimic.REAL_NOTIFICATIONS:
            assert "NQ <=" in page.locator(".notification[data-kind=alert]").inner_text()
            # the stand-in cut the stream after the fill: the client came back with Last-Event-ID 1
            assert state.last_event_ids[0] is None and "1" in state.last_event_ids
        ids = page.locator(".notification").evaluate_all("els => els.map(e => e.dataset.id)")
        assert len(set(ids)) == 2                      # each shown once
        shot(page, f"notifications_{lang}")
    assert not errors, errors


def test_a_build_without_the_new_apis_shows_no_panels_and_logs_no_error(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-06-15")
    # drop whatever optional APIs this build has, as a build without those features would be
    optional = {"/api/tools", "/api/tools/{name}", "/api/notifications", "/api/memory"}
    app.router.routes[:] = [r for r in app.router.routes if getattr(r, "path", None) not in optional]
    with live_server(app) as url, browser_page(url, "en") as (page, errors):
        page.wait_for_selector("body[data-panels='1']")
        assert page.locator(".panel").count() == 0
        assert not page.locator("#side").is_visible()
        assert not page.locator("#side-toggle").is_visible()
        ask(page, "NQ stats for November 2023")
        page.wait_for_timeout(500)
        shot(page, "no_optional_apis")
    assert not errors, errors
