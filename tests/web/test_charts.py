"""Point 3 of issue 18 (charts per answer kind since issue 27: tests/web/test_chart_kinds.py): charts that fit the question, read back from plotly's own data in the page
and checked against independent computations: comparisons as % from the start (one trace and
colour per symbol, a title naming all), RSI with 30/70 lines, a volume profile as a horizontal
histogram with point of control and value area, event days marked on the price, a category x axis,
axis titles translated. Also the synthetic-data note survives a reload."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY
DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
FIG = "(() => { const d = document.querySelectorAll('.chart'); const c = d[d.length - 1]; " \
      "return {kind: c.dataset.kind, data: c.data, layout: c.layout}; })()"
Y_PRICE = {"en": "Price", "ru": "Цена", "es": "Precio"}


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory):
    from agent.market.demo import seed_demo
    from agent.market.duckdb_store import DuckDBStore

    store = DuckDBStore(tmp_path_factory.mktemp("demo") / "demo.duckdb")
    seed_demo(store)
    yield store
    store.close()


@pytest.fixture
def url(make_app, duck_store):
    app, _ = make_app(duck_store, now="2024-06-15")
    with live_server(app) as base:
        yield base


def _figure(page, bot):
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    return page.evaluate(FIG)


@pytest.mark.parametrize("lang", LANGS)
def test_rsi_question_charts_rsi_with_30_70(url, lang):
    q = {"en": "RSI of SPY in March 2024", "ru": "RSI SPY за март 2024", "es": "RSI de SPY en marzo de 2024"}[lang]
    with browser_page(url, lang) as (page, errors):
        bot = ask(page, q)
        fig = _figure(page, bot)
        assert fig["kind"] == "indicator"
        levels = sorted(s["y0"] for s in fig["layout"]["shapes"] if s.get("yref") == "y2")
        assert levels == [30, 70]
        line = next(t for t in fig["data"] if t.get("yaxis") == "y2")
        ys = [y for y in line["y"] if y is not None]
        assert ys and all(0 <= y <= 100 for y in ys)
        assert fig["layout"]["xaxis"]["type"] == "category"
        # independent Wilder RSI(14) on SPY's regular-session daily closes
        df = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
        ts = pd.to_datetime(df.iloc[:, 0], utc=True).dt.tz_convert("America/New_York")
        rth = df[(ts.dt.time >= pd.Timestamp("09:30").time()) & (ts.dt.time < pd.Timestamp("16:00").time())]
        close = rth.groupby(ts[rth.index].dt.date)[df.columns[4]].last()
        delta = close.diff()
        gain = delta.clip(lower=0).ewm(alpha=1 / 14, adjust=False, min_periods=14).mean()
        loss = (-delta.clip(upper=0)).ewm(alpha=1 / 14, adjust=False, min_periods=14).mean()
        rsi = 100 - 100 / (1 + gain / loss)
        last = line["x"][-1]
        assert abs(line["y"][-1] - rsi[pd.Timestamp(last).date()]) < 1.5
        assert fig["layout"]["yaxis2"]["title"]["text"] == "RSI (14)"
        shot(page, f"chart_rsi_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_volume_profile_is_a_horizontal_histogram(url, lang):
    q = {"en": "Volume profile of NQ in November 2023", "ru": "Профиль объёма NQ за ноябрь 2023",
         "es": "Perfil de volumen de NQ en noviembre de 2023"}[lang]
    with browser_page(url, lang) as (page, errors):
        bot = ask(page, q)
        fig = _figure(page, bot)
        assert fig["kind"] == "volume_profile"
        trace = fig["data"][0]
        assert trace["type"] == "bar" and trace["orientation"] == "h"
        poc_y = trace["y"][max(range(len(trace["x"])), key=lambda i: trace["x"][i])]
        lines = [s for s in fig["layout"]["shapes"] if s["type"] == "line"]
        rects = [s for s in fig["layout"]["shapes"] if s["type"] == "rect"]
        assert len(lines) == 1 and abs(lines[0]["y0"] - poc_y) < 1e-6   # POC = the fullest bin's middle
        assert len(rects) == 1 and rects[0]["y0"] <= poc_y <= rects[0]["y1"]
        share = sum(v for v, y in zip(trace["x"], trace["y"]) if rects[0]["y0"] <= y <= rects[0]["y1"]) / sum(trace["x"])
        assert share >= 0.70                                             # the value area holds 70 %
        assert fig["layout"]["yaxis"]["title"]["text"] == Y_PRICE[lang]
        shot(page, f"chart_volume_profile_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_event_days_marked_on_the_price(url, lang):
    q = {"en": "Days when SPX fell more than 3% in 2020", "ru": "Дни, когда SPX упал более чем на 3% в 2020",
         "es": "Días en que SPX cayó más de un 3% en 2020"}[lang]
    with browser_page(url, lang) as (page, errors):
        bot = ask(page, q)
        fig = _figure(page, bot)
        assert fig["kind"] == "events"
        price, marks = fig["data"][0], fig["data"][1]
        df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
        df["d"] = pd.to_datetime(df["Date"], format="%m/%d/%Y")
        df["chg"] = df["Close"].pct_change() * 100
        want = df[(df["d"].dt.year == 2020) & (df["chg"] < -3)]["d"].dt.strftime("%Y-%m-%d").tolist()
        assert marks["x"] == want
        assert len(price["x"]) == int((df["d"].dt.year == 2020).sum())   # trading days only, no gaps
        assert fig["layout"]["xaxis"]["type"] == "category"
        assert fig["layout"]["yaxis"]["title"]["text"] == Y_PRICE[lang]
        shot(page, f"chart_events_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_comparison_normalised_per_symbol_and_synthetic_note_after_reload(make_app, demo_store, duck_store, lang):
    q = {"en": "Compare DEMO_NQ and DEMO_SPY in March 2024", "ru": "Сравни DEMO_NQ и DEMO_SPY за март 2024",
         "es": "Compara DEMO_NQ y DEMO_SPY en marzo de 2024"}[lang]
    app, _ = make_app(demo_store, now="2024-06-15")
    with live_server(app) as url, browser_page(url, lang) as (page, errors):
        bot = ask(page, q)
        fig = _figure(page, bot)
        assert fig["kind"] == "compare"
        assert [tr["name"] for tr in fig["data"]] == ["DEMO_NQ", "DEMO_SPY"]
        assert len({tr["line"]["color"] for tr in fig["data"]}) == 2 and fig["layout"]["showlegend"]
        title = fig["layout"]["title"]["text"]
        assert "DEMO_NQ" in title and "DEMO_SPY" in title
        claims = page.evaluate("fetch('/api/threads/' + sessionStorage.getItem('askbar.thread') + '/details')"
                               ".then(r => r.json()).then(d => d.claims)")
        for tr in fig["data"]:
            pct = next(c["value"] for c in claims if c["type"] == "pct_change" and c["symbol"] == tr["name"])
            assert abs(tr["y"][-1] - pct) < 1e-6          # the last point is the symbol's change
        note = bot.locator(".disclaimers .disclaimer")
        assert note.count() >= 1 and "DEMO_" in note.first.inner_text()
        page.reload()
        page.wait_for_selector(".msg.bot[data-restored='1'][data-complete='1']", timeout=15000)
        again = page.locator(".msg.bot").last
        assert "DEMO_" in again.locator(".disclaimers .disclaimer").first.inner_text()
        assert _figure(page, again)["kind"] == "compare"
        shot(page, f"chart_compare_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_two_periods_of_one_symbol_overlaid_as_change_from_start(url, lang):
    q = {"en": "Compare SPX in 2019 vs 2020", "ru": "Сравни SPX 2019 и 2020",
         "es": "Compara SPX en 2019 y 2020"}[lang]
    with browser_page(url, lang) as (page, errors):
        bot = ask(page, q)
        fig = _figure(page, bot)
        assert fig["kind"] == "compare"
        assert [tr["name"] for tr in fig["data"]] == ["2019", "2020"]
        df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
        df["d"] = pd.to_datetime(df["Date"], format="%m/%d/%Y")
        for tr in fig["data"]:
            year = df[df["d"].dt.year == int(tr["name"])]
            want = (year["Close"].iloc[-1] / year["Open"].iloc[0] - 1) * 100
            assert abs(tr["y"][-1] - want) < 1e-6 and len(tr["x"]) == len(year)
        assert "SPX" in fig["layout"]["title"]["text"]
        shot(page, f"chart_periods_{lang}")
    assert not [e for e in errors if "pageerror" in e], errors
