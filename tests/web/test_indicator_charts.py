"""Issue 27, the indicator answer kind for every indicator the declarations hold (RSI and MACD:
tests/web/test_chart_kinds.py): SMA, EMA and Bollinger bands over the candles, ATR, OBV and ADX in
their own panel (ADX with its 25 level), VWAP per session on SPY; each series read back from
plotly's data in the page and compared with an independent pandas computation over the shared
S&P 500 daily file and SPY minutes, in EN, RU and ES. One server and Chromium for the module, a
page per language; screenshots at 1280 px and 390 px in tests/.artifacts/."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from tests.server.conftest import DUCKDB_ONLY, base_url  # noqa: F401 (fixture)
from tests.web.browser import LANGS, ask, browser_page, shot
from tests.web.test_chart_kinds import spx, spy_minutes

pytestmark = DUCKDB_ONLY
FIG = "(() => { const d = document.querySelectorAll('.chart'); const c = d[d.length - 1]; " \
      "return {kind: c.dataset.kind, data: c.data, layout: c.layout}; })()"
Q = {"sma": {"en": "SMA of SPX in 2020", "ru": "SMA SPX за 2020", "es": "SMA de SPX en 2020"},
     "ema": {"en": "EMA of SPX in 2020", "ru": "EMA SPX за 2020", "es": "EMA de SPX en 2020"},
     "bollinger": {"en": "Bollinger bands of SPX in 2020", "ru": "Полосы Боллинджера SPX за 2020",
                   "es": "Bandas de Bollinger de SPX en 2020"},
     "atr": {"en": "ATR of SPX in 2020", "ru": "ATR SPX за 2020", "es": "ATR de SPX en 2020"},
     "obv": {"en": "OBV of SPX in 2020", "ru": "OBV SPX за 2020", "es": "OBV de SPX en 2020"},
     "adx": {"en": "ADX of SPX in 2020", "ru": "ADX SPX за 2020", "es": "ADX de SPX en 2020"},
     "vwap": {"en": "VWAP of SPY in April 2024", "ru": "VWAP SPY за апрель 2024", "es": "VWAP de SPY en abril de 2024"}}
MIDDLE = {"en": "Middle band", "ru": "Средняя полоса", "es": "Banda media"}
N = 14


def wilder(x: pd.Series) -> pd.Series:
    return x.ewm(alpha=1 / N, adjust=False).mean()


def spx_indicators() -> pd.DataFrame:
    """Every indicator over the whole S&P 500 history (pandas), the 2020 rows returned."""
    df = spx()
    c, h, lo = df["Close"], df["High"], df["Low"]
    out = pd.DataFrame({"day": df["day"], "year": df["d"].dt.year, "close": c})
    out["sma"] = c.rolling(20).mean()
    out["ema"] = c.ewm(span=20, adjust=False).mean()
    sd = c.rolling(20).std(ddof=0)
    out["middle"], out["upper"], out["lower"] = out["sma"], out["sma"] + 2 * sd, out["sma"] - 2 * sd
    tr = pd.concat([h - lo, (h - c.shift()).abs(), (lo - c.shift()).abs()], axis=1).max(axis=1)
    out["atr"] = wilder(tr)
    up, down = h.diff(), -lo.diff()
    plus = wilder(up.where((up > down) & (up > 0), 0.0))
    minus = wilder(down.where((down > up) & (down > 0), 0.0))
    out["plus_di"], out["minus_di"] = 100 * plus / wilder(tr), 100 * minus / wilder(tr)
    dx = 100 * (out["plus_di"] - out["minus_di"]).abs() / (out["plus_di"] + out["minus_di"])
    out["adx"] = wilder(dx)
    year = out[out["year"] == 2020].copy()
    step = np.sign(c.diff()) * df["Volume"]
    year["obv"] = step[year.index].cumsum()
    return year.reset_index(drop=True)


def spy_vwap(month: str) -> pd.Series:
    m = spy_minutes()
    m["day"] = m["local"].dt.strftime("%Y-%m-%d")
    m = m[m["day"].str.startswith(month)]
    tp = (m["high"] + m["low"] + m["close"]) / 3 * m["volume"]
    return tp.groupby(m["day"]).sum() / m["volume"].groupby(m["day"]).sum()


@pytest.fixture(scope="module")
def want():
    return spx_indicators()


def _figure(page, q: str) -> dict:
    bot = ask(page, q)
    assert bot.get_attribute("data-status") == "answered", bot.inner_text()
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    fig = page.evaluate(FIG)
    assert fig["kind"] == "indicator"
    return fig


def _series(fig: dict, below: bool) -> list[dict]:
    return [t for t in fig["data"][1:] if (t.get("yaxis") == "y2") == below]


def _check_spx(page, want: pd.DataFrame, name: str, cols: tuple[str, ...], below: bool, lang: str) -> dict:
    fig = _figure(page, Q[name][lang])
    assert fig["data"][0]["type"] == "candlestick" and fig["data"][0]["x"] == want["day"].tolist()
    assert fig["data"][0]["close"] == pytest.approx(want["close"].tolist())
    traces = _series(fig, below)
    assert len(traces) == len(cols), [t.get("name") for t in traces]
    for t, col in zip(traces, cols):
        assert t["x"] == want["day"].tolist()
        assert t["y"] == pytest.approx(want[col].tolist(), rel=1e-6), col
    return fig


@pytest.mark.parametrize("lang", LANGS)
def test_every_indicator_drawn_where_declared_against_pandas(base_url, want, lang):  # noqa: F811
    with browser_page(base_url, lang) as (page, errors):
        for name in ("sma", "ema"):
            _check_spx(page, want, name, (name,), False, lang)
        fig = _check_spx(page, want, "bollinger", ("middle", "upper", "lower"), False, lang)
        assert _series(fig, False)[0]["name"] == MIDDLE[lang]
        for name in ("atr", "obv"):
            fig = _check_spx(page, want, name, (name,), True, lang)
            assert fig["layout"]["yaxis2"]["title"]["text"] == name.upper()
        fig = _check_spx(page, want, "adx", ("adx", "plus_di", "minus_di"), True, lang)
        assert [s["y0"] for s in fig["layout"]["shapes"] if s.get("yref") == "y2"] == [25]
        fig = _figure(page, Q["vwap"][lang])
        vwap = spy_vwap("2024-04")
        (line,) = _series(fig, False)
        assert line["x"] == vwap.index.tolist() and line["y"] == pytest.approx(vwap.tolist(), rel=1e-6)
        shot(page, f"indicator_charts_{lang}_1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        for box in (c.bounding_box() for c in page.locator(".chart").all()):
            assert box and box["width"] <= 390
        shot(page, f"indicator_charts_{lang}_390")
    assert not [e for e in errors if "pageerror" in e], errors
