"""Issue 27, every tool answer in the chat UI (the tools the code path answers: the offline
provider, the only fake): the price drawn on its last bars and the portfolio's positions, read
back from plotly's data in the page against pandas over the shared NQ file; every tool answer with
nothing to draw (calculators, watchlist, memory statements, the actions confirmed on the card:
market and limit orders, a cancel, an alert and its removal; the lists of orders, alerts and
trades) shows why in the user's language. One store and Chromium for the module, a server and
page per language; screenshots at 1280 px and 390 px in tests/.artifacts/. The planner-path tools (news, sentiment, ML, indicators, fundamentals, recall):
tests/web/test_tool_charts_planner.py."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest

from agent.identity.models import LOCAL_USER
from tests.conftest import DATA
from tests.server.conftest import app_for, live_server
from tests.web.browser import LANGS, ask, browser_page, shot

NQ_FILE = DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv"
NQ_POINT_VALUE = 20.0            # E-mini Nasdaq-100: $20 a point (CME contract specs)
FIG = "(() => { const d = document.querySelectorAll('.chart'); const c = d[d.length - 1]; " \
      "return {kind: c.dataset.kind, data: c.data, layout: c.layout}; })()"
Q = {
    "price": {"en": "What is the price of NQ?", "ru": "Какая цена NQ?", "es": "¿Cuál es el precio de NQ?"},
    "size": {"en": "Position size for capital 50000, entry 16000, stop 15950, risk 1%",
             "ru": "Размер позиции: капитал 50000, вход 16000, стоп 15950, риск 1%",
             "es": "Tamaño de posición con capital 50000, entrada 16000, stop 15950, riesgo 1%"},
    "rr": {"en": "Risk/reward for entry 16000, stop 15950, target 16150",
           "ru": "Риск/прибыль: вход 16000, стоп 15950, цель 16150",
           "es": "Riesgo/beneficio con entrada 16000, stop 15950, objetivo 16150"},
    "watch": {"en": "Show my watchlist", "ru": "Покажи мой список наблюдения", "es": "Muestra mi lista de seguimiento"},
    "watch_add": {"en": "Add NQ to my watchlist", "ru": "Добавь NQ в список наблюдения",
                  "es": "Agrega NQ a mi lista de seguimiento"},
    "remember": {"en": "Remember that I mostly trade NQ", "ru": "Запомни, что я в основном торгую NQ",
                 "es": "Recuerda que opero sobre todo NQ"},
    "forget": {"en": "Forget my usual symbol", "ru": "Забудь мой обычный инструмент", "es": "Olvida mi símbolo habitual"},
    "watch_remove": {"en": "Remove NQ from my watchlist", "ru": "Убери NQ из списка наблюдения",
                     "es": "Quita NQ de mi lista de seguimiento"},
    "buy": {"en": "buy 2 NQ at market", "ru": "купи 2 NQ по рынку", "es": "compra 2 NQ a mercado"},
    "limit": {"en": "buy 1 NQ limit at 10000", "ru": "купи 1 NQ лимит по 10000", "es": "compra 1 NQ límite a 10000"},
    "cancel": {"en": "cancel my order", "ru": "отмени мой ордер", "es": "cancela mi orden"},
    "alert": {"en": "alert me when NQ is above 17000", "ru": "сообщи, когда NQ будет выше 17000",
              "es": "avísame cuando NQ esté por encima de 17000"},
    "unalert": {"en": "cancel my alert", "ru": "отмени мой алерт", "es": "cancela mi alerta"},
    "portfolio": {"en": "What are my positions and P&L?", "ru": "Какие у меня позиции и P&L?",
                  "es": "¿Cuáles son mis posiciones y mi P&L?"},
    "orders": {"en": "Show my pending orders", "ru": "Покажи мои заявки", "es": "Muestra mis órdenes pendientes"},
    "alerts": {"en": "Show my alerts", "ru": "Покажи мои алерты", "es": "Muestra mis alertas"},
    "history": {"en": "Show my trade history", "ru": "Покажи историю сделок",
                "es": "Muestra mi historial de operaciones"},
}
# What the page must say for each answer without a chart, written here, not read from the packs.
NO_CHART = {"en": "No chart", "ru": "Без графика", "es": "Sin gráfico"}
WHY = {
    "calculation": {"en": "calculation from your numbers", "ru": "расчёт по вашим числам", "es": "cálculo con tus números"},
    "watchlist": {"en": "list of symbols", "ru": "список инструментов", "es": "lista de símbolos"},
    "memory": {"en": "what I remember", "ru": "что я помню", "es": "lo que recuerdo"},
    "tool": {"en": "account action", "ru": "действие со счётом", "es": "acción de la cuenta"},
    "orders": {"en": "pending orders", "ru": "ожидающих ордеров", "es": "órdenes pendientes"},
    "alerts": {"en": "your alerts", "ru": "ваших оповещений", "es": "tus alertas"},
    "trades": {"en": "your trades", "ru": "ваших сделок", "es": "tus operaciones"},
}
TITLES = {"tool_price": {"en": "last stored price", "ru": "последняя сохранённая цена", "es": "último precio guardado"},
          "portfolio": {"en": "open positions", "ru": "открытые позиции", "es": "posiciones abiertas"}}


def nq_minutes() -> pd.DataFrame:
    df = pd.read_csv(NQ_FILE)
    utc = pd.to_datetime(df["timestamp"]).dt.tz_localize("America/New_York").dt.tz_convert("UTC")
    df["x"] = utc.dt.strftime("%Y-%m-%d %H:%M")
    return df


@pytest.fixture(scope="module")
def nq_store(tmp_path_factory):
    """The module's own DuckDB store with NQ (the orders placed here change it)."""
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    store = DuckDBStore(tmp_path_factory.mktemp("tools") / "market.duckdb")
    load_file(store, NQ_FILE, "NQ")
    yield store
    store.close()


@pytest.fixture
def env(nq_store, tmp_path):
    """A server per language over the module's store, with its own Redis key prefixes: the page's
    panels call get_portfolio after every answer, and the seed's limit is 30 a minute."""
    ns = f"toolcharts-{uuid.uuid4().hex[:8]}"
    app, _ = app_for(nq_store, tmp_path / "home", tools_redis_prefix=ns, memory_key_prefix=ns + ":")
    with live_server(app) as url:
        yield url, nq_store


def _none(page, q: str, why: str, lang: str):
    bot = ask(page, q)
    assert bot.get_attribute("data-status") == "answered", bot.inner_text()
    p = bot.locator(".chart-none")
    p.wait_for(timeout=15000)
    assert p.get_attribute("data-none") == why, (q, bot.inner_text())
    head, _, reason = p.inner_text().partition(": ")
    assert head == NO_CHART[lang] and WHY[why][lang] in reason, p.inner_text()
    return bot


def _figure(page, q: str) -> dict:
    bot = ask(page, q)
    assert bot.get_attribute("data-status") == "answered", bot.inner_text()
    bot.locator(".chart .main-svg, .chart-none").first.wait_for(timeout=15000)
    assert bot.locator(".chart-none").count() == 0, (q, bot.inner_text())
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    return page.evaluate(FIG)


def _price(page, lang: str) -> None:
    fig = _figure(page, Q["price"][lang])
    assert fig["kind"] == "tool_price"
    assert TITLES["tool_price"][lang] in fig["layout"]["title"]["text"]
    m = nq_minutes().tail(60)
    c = fig["data"][0]
    assert c["type"] == "candlestick" and c["x"] == m["x"].tolist()
    for k in ("open", "high", "low", "close"):
        assert c[k] == pytest.approx(m[k].tolist())
    mark = next(t for t in fig["data"] if t.get("mode") == "markers")
    assert mark["x"] == [m["x"].iloc[-1]] and mark["y"] == pytest.approx([m["close"].iloc[-1]])
    assert "%" in mark["text"][0]


def _confirmed(page, q: str, lang: str) -> None:
    """An account action: the card, "yes", and the answer says why it has no chart."""
    ask(page, q)
    card = page.locator(".msg.bot").last.locator(".interrupt[data-kind='confirm_action']")
    card.wait_for(timeout=30000)
    n = page.locator(".msg.bot[data-complete='1']").count()
    card.locator("button.choice-execute").click()
    page.wait_for_function(f"document.querySelectorAll(\".msg.bot[data-complete='1']\").length > {n}",
                           timeout=60000)
    p = page.locator(".msg.bot").last.locator(".chart-none")
    p.wait_for(timeout=15000)
    assert p.get_attribute("data-none") == "tool" and WHY["tool"][lang] in p.inner_text(), q


def _portfolio(page, store, lang: str) -> None:
    from agent.trading import service

    fig = _figure(page, Q["portfolio"][lang])
    assert fig["kind"] == "portfolio" and TITLES["portfolio"][lang] in fig["layout"]["title"]["text"]
    (pos,) = service.account(store, LOCAL_USER, 100_000).positions
    last = nq_minutes()["close"].iloc[-1]        # filled at, and marked to, the last stored close
    value, pnl = fig["data"]
    assert value["x"] == ["NQ"] and value["y"] == pytest.approx([pos.quantity * last * NQ_POINT_VALUE])
    assert pnl["yaxis"] == "y2" and pnl["y"] == pytest.approx([0.0], abs=1e-6)


SHOWN = "[...document.querySelectorAll('.msg.bot')].map((m) => { const c = m.querySelector('.chart'); " \
        "const n = m.querySelector('.chart-none'); return c ? c.dataset.kind : n ? 'none:' + n.dataset.none + " \
        "':' + n.textContent : null; }).filter((x) => x)"


def reload_keeps_them(page, kinds: list[str]) -> None:
    """After a reload every tool answer shows the same chart or the same reason, in order; the
    answers drew `kinds` (the others said why not)."""
    before = page.evaluate(SHOWN)
    assert [k for k in before if not k.startswith("none:")] == kinds, before
    page.reload()
    page.wait_for_function("document.querySelectorAll(\".msg.bot[data-restored='1'][data-complete='1']\")"
                           f".length >= {len(before)}", timeout=30000)
    page.locator(".chart .main-svg").last.wait_for(timeout=15000)
    assert page.evaluate(SHOWN) == before


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_path_tool_answer_draws_or_says_why(env, lang):
    url, store = env
    with browser_page(url, lang) as (page, errors):
        _price(page, lang)
        for key, why in (("size", "calculation"), ("rr", "calculation"), ("watch", "watchlist"),
                         ("watch_add", "watchlist"), ("watch_remove", "watchlist"), ("remember", "memory"),
                         ("forget", "memory")):
            _none(page, Q[key][lang], why, lang)
        for key in ("buy", "limit"):
            _confirmed(page, Q[key][lang], lang)
        _none(page, Q["orders"][lang], "orders", lang)
        _confirmed(page, Q["cancel"][lang], lang)
        _confirmed(page, Q["alert"][lang], lang)
        _none(page, Q["alerts"][lang], "alerts", lang)
        _confirmed(page, Q["unalert"][lang], lang)
        _portfolio(page, store, lang)
        _none(page, Q["history"][lang], "trades", lang)
        from agent.trading import service

        # the cards did what they said: the limit order cancelled, the alert removed
        assert {o.status for o in service.list_orders(store, LOCAL_USER) if o.order_type == "limit"} == {"cancelled"}
        assert service.list_alerts(store, LOCAL_USER) == []
        assert len(page.evaluate(SHOWN)) == 17
        reload_keeps_them(page, ["tool_price", "portfolio"])
        shot(page, f"tool_charts_{lang}_1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        for box in (c.bounding_box() for c in page.locator(".chart").all()):
            assert box and box["width"] <= 390
        shot(page, f"tool_charts_{lang}_390")
    assert not [e for e in errors if "pageerror" in e], errors
