"""Example chips and clarification suggestions come from the user's real data and history, in
EN/RU/ES (Debian's Chromium, real server and stores): with synthetic DEMO symbols loaded beside
real NQ and SPY, no chip names a DEMO symbol and SPY (the freshest real data) is among them; a
clarification card offers SPY; after the user asked a question, it comes back first among the
chips, in their own words."""
from __future__ import annotations

from datetime import date

import pytest

from agent.market.demo import SPECS, demo_instrument, synthetic_bars
from agent.market.ingest import load_file
from agent.market.sessions import assign_sessions
from tests.conftest import DATA
from tests.server.conftest import live_server
from tests.web.browser import LANGS, ask, browser_page, shot

BARE = {"en": "Show me the stats", "ru": "Покажи статистику", "es": "Muéstrame las estadísticas"}
OWN = {"en": "NQ stats for November 2023", "ru": "статистика NQ за ноябрь 2023",
       "es": "estadísticas de NQ de noviembre de 2023"}


@pytest.fixture(scope="module")
def mixed_store(tmp_path_factory):
    """Real NQ and SPY, and two synthetic DEMO symbols (a month each, flagged synthetic)."""
    from agent.market.duckdb_store import DuckDBStore

    store = DuckDBStore(tmp_path_factory.mktemp("chips") / "market.duckdb")
    load_file(store, DATA / "nq_1min_firstrate/NQ_1min_sample.csv", "NQ")
    load_file(store, DATA / "spy_1min_2024/SPY_1min.csv", "SPY")
    for symbol in ("DEMO_NQ", "DEMO_BTC"):
        spec = SPECS[symbol]
        bars = synthetic_bars(symbol, date(2024, 5, 1), date(2024, 6, 28))
        td, mask = assign_sessions(bars["ts"], spec.timezone, spec.session)
        store.ingest(demo_instrument(symbol).model_copy(update={"bar_seconds": 60}),
                     bars.assign(trading_date=td, in_session=mask), "intraday")
    yield store
    store.close()


def _chips(page) -> list[str]:
    page.wait_for_selector("#examples button.example")
    return page.locator("#examples button.example").all_inner_texts()


@pytest.mark.parametrize("lang", LANGS)
def test_chips_and_suggestions_from_real_data_and_history(make_app, mixed_store, lang, tmp_path):
    app, _ = make_app(mixed_store, now="2024-07-01", home=tmp_path / f"home-{lang}")
    with live_server(app) as url, browser_page(url, lang) as (page, errors):
        chips = _chips(page)
        assert chips and not [c for c in chips if "DEMO" in c], chips
        assert any("SPY" in c for c in chips) and any("NQ" in c for c in chips), chips
        page.fill("#question", BARE[lang])
        page.click("#send")
        card = page.locator(".interrupt[data-kind='clarification_needed']")
        card.wait_for(timeout=30000)
        offers = card.locator("button.suggestion").all_inner_texts()
        assert any("SPY" in s for s in offers) and not [s for s in offers if "DEMO" in s], offers
        page.wait_for_selector(".msg.bot[data-complete='1']")
        page.click("#new-chat")
        page.wait_for_selector("body[data-coverage='1']")
        assert ask(page, OWN[lang]).get_attribute("data-status") == "answered"
        page.click("#new-chat")
        page.wait_for_selector("body[data-coverage='1']")
        page.wait_for_function(f"[...document.querySelectorAll('#examples button.example')]"
                               f".some((b) => b.textContent === {OWN[lang]!r})", timeout=15000)
        assert _chips(page)[0] == OWN[lang]              # the user's own question, verbatim, first
        shot(page, f"chips_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors
