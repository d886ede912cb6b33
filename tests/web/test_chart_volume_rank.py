"""Issue 24: the volume ranking's chart and N-minute candles, read back from plotly's data in the page
(EN, RU, ES) and compared with an independent pandas computation on the shared files."""
from __future__ import annotations

import pandas as pd
import pytest

from tests.conftest import DATA
from tests.server.conftest import DUCKDB_ONLY, base_url  # noqa: F401 (fixture)
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY
FIG = "(() => { const d = document.querySelectorAll('.chart'); const c = d[d.length - 1]; " \
      "return {kind: c.dataset.kind, bar: c.dataset.barSize, data: c.data, title: c.layout.title}; })()"
RANK = {"en": "highest volume day for SPY in March 2024", "ru": "день с максимальным объёмом SPY в марте 2024",
        "es": "el día de mayor volumen de SPY en marzo de 2024"}
BARS = {"en": "SPY 15-minute bars on 2024-03-05", "ru": "15-минутные свечи SPY 05.03.2024",
        "es": "velas de 15 minutos de SPY el 05/03/2024"}
SIZE_WORDS = {"en": "15-minute candles", "ru": "15-минутные свечи", "es": "velas de 15 minutos"}


def spy_rth() -> pd.DataFrame:
    df = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    df["local"] = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert("America/New_York").dt.tz_localize(None)
    t = df["local"].dt.strftime("%H:%M")
    return df[(t >= "09:30") & (t < "16:00")].reset_index(drop=True)


def _figure(page, q: str) -> dict:
    bot = ask(page, q)
    assert bot.get_attribute("data-status") == "answered", bot.inner_text()
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    return page.evaluate(FIG)


@pytest.mark.parametrize("lang", LANGS)
def test_ranked_volume_day_is_marked_over_the_daily_volume(base_url, lang):  # noqa: F811
    m = spy_rth()
    m = m[m["local"].dt.strftime("%Y-%m") == "2024-03"]
    vol = m.groupby(m["local"].dt.strftime("%Y-%m-%d"))["volume"].sum()
    with browser_page(base_url, lang) as (page, errors):
        fig = _figure(page, RANK[lang])
        assert fig["kind"] == "volume_rank"
        marks = next(t for t in fig["data"] if t.get("mode") == "markers")
        assert marks["x"] == [vol.idxmax()]
        bars = next(t for t in fig["data"] if t["type"] == "bar")
        assert bars["yaxis"] == "y2" and bars["y"] == pytest.approx(vol.tolist())
        shot(page, f"chart_volume_rank_{lang}_1280")
        assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_fifteen_minute_candles(base_url, lang):  # noqa: F811
    m = spy_rth()
    day = m[m["local"].dt.strftime("%Y-%m-%d") == "2024-03-05"].set_index("local")
    want = day.resample("15min").agg({"open": "first", "high": "max", "low": "min", "close": "last"})
    with browser_page(base_url, lang) as (page, errors):
        fig = _figure(page, BARS[lang])
        assert fig["bar"] == "15min"
        c = next(t for t in fig["data"] if t["type"] == "candlestick")
        assert len(c["x"]) == len(want) == 26
        for k in ("open", "high", "low", "close"):
            assert c[k] == pytest.approx(want[k].tolist())
        assert SIZE_WORDS[lang] in str(fig["title"])
        shot(page, f"chart_15min_{lang}_1280")
        assert not [e for e in errors if "pageerror" in e], errors
