"""Issue 27 points 1 and 4: every answer kind draws its own chart, read back from plotly's data in
the page and compared with an independent pandas computation on the shared files, in EN, RU and
ES; titles, axes and legends in the user's language; screenshots at 1280 px and 390 px kept under
tests/.artifacts/ (tests/web/browser.py)."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.server.runtime import ServerSettings
from tests.conftest import DATA
from tests.server.conftest import DUCKDB_ONLY, app_for, live_server
from tests.web.browser import LANGS, ask, browser_page, shot

pytestmark = DUCKDB_ONLY
FIG = "(() => { const d = document.querySelectorAll('.chart'); const c = d[d.length - 1]; " \
      "return {kind: c.dataset.kind, bar: c.dataset.barSize, data: c.data, layout: c.layout}; })()"
Q = {
    "stats": {"en": "SPX stats for 2019", "ru": "Статистика SPX за 2019", "es": "Estadísticas de SPX en 2019"},
    "extremes": {"en": "Highest and lowest price of SPX in 2020", "ru": "Максимум и минимум SPX в 2020",
                 "es": "Máximo y mínimo de SPX en 2020"},
    "hourly": {"en": "Hourly profile of SPY in March 2024", "ru": "Профиль по часам SPY за март 2024",
               "es": "Perfil horario de SPY en marzo de 2024"},
    "spikes": {"en": "Volume spikes of SPX in 2020", "ru": "Всплески объёма SPX в 2020",
               "es": "Picos de volumen de SPX en 2020"},
    "gaps": {"en": "Gaps of SPY from March to May 2024", "ru": "Гэпы SPY с марта по май 2024",
             "es": "Gaps de SPY de marzo a mayo de 2024"},
    "after": {"en": "What happened 5 days after SPX fell more than 3% in 2020",
              "ru": "Что было через 5 дней после падений SPX более чем на 3% в 2020",
              "es": "Qué pasó 5 días después de caídas de SPX de más del 3% en 2020"},
    "top": {"en": "The 1 largest daily falls of SPX in 2020", "ru": "Три самых сильных дневных падения SPX в 2020",
            "es": "La mayor caída diaria de SPX en 2020"},
    "rsi": {"en": "RSI of SPY in March 2024", "ru": "RSI SPY за март 2024", "es": "RSI de SPY en marzo de 2024"},
    "macd": {"en": "MACD of SPY in April 2024", "ru": "MACD SPY за апрель 2024", "es": "MACD de SPY en abril de 2024"},
    "drawdown": {"en": "Max drawdown of SPX in 2020", "ru": "Максимальная просадка SPX в 2020",
                 "es": "Máximo drawdown de SPX en 2020"},
    # the offline plan runs the day's stats (or the window's extremes) first: the chart is still the
    # intraday bars the question asked for, in the instrument's time zone, extremes marked
    "intraday": {"en": "NQ intraday on 2023-11-29", "ru": "NQ внутри дня 29.11.2023",
                 "es": "NQ intradía el 29/11/2023"},
    "window": {"en": "NQ 5-minute bars on 2023-11-28 between 9:30 and 10:30",
               "ru": "5-минутные бары NQ 28.11.2023 с 9:30 до 10:30",
               "es": "velas de 5 minutos de NQ el 28/11/2023 de 9:30 a 10:30"},
    # issue 24: the window's high (16,007.50), not the session's (16,071.50), on the chart as in the answer
    "window_high": {"en": "NQ's high between 9:30 and 10:00 on 2023-11-28",
                    "ru": "Максимум NQ с 9:30 до 10:00 28.11.2023",
                    "es": "Máximo de NQ entre las 9:30 y las 10:00 el 28/11/2023"},
    "tool": {"en": "SPY 1-minute bars", "ru": "Минутные бары SPY", "es": "Velas de 1 minuto de SPY"},
    "concept": {"en": "What is RSI?", "ru": "Что такое RSI?", "es": "¿Qué es el RSI?"},
}
Y_PRICE = {"en": "Price", "ru": "Цена", "es": "Precio"}


def spx(year: int | None = None) -> pd.DataFrame:
    df = pd.read_csv(DATA / "sp500_daily" / "chainins_GSPC.csv")
    df["d"] = pd.to_datetime(df["Date"], format="%m/%d/%Y")
    df["day"] = df["d"].dt.strftime("%Y-%m-%d")
    return df[df["d"].dt.year == year].reset_index(drop=True) if year else df


def spy_minutes() -> pd.DataFrame:
    df = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    df.columns = ["ts", *df.columns[1:]]
    df["local"] = pd.to_datetime(df["ts"], utc=True).dt.tz_convert("America/New_York")
    t = df["local"].dt.strftime("%H:%M")
    return df[(t >= "09:30") & (t < "16:00")].reset_index(drop=True)


def spy_daily() -> pd.DataFrame:
    m = spy_minutes()
    m["day"] = m["local"].dt.strftime("%Y-%m-%d")
    g = m.groupby("day")
    return pd.DataFrame({"open": g["open"].first(), "high": g["high"].max(), "low": g["low"].min(),
                         "close": g["close"].last(), "volume": g["volume"].sum()}).reset_index()


def nq_minutes(day: str) -> pd.DataFrame:
    """NQ's 1-minute bars of one CME session (18:00-17:00 New York, dated by the close)."""
    df = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv")
    df["local"] = pd.to_datetime(df["timestamp"])                   # New York wall clock, bar start
    df = df[(df["local"] + pd.Timedelta(hours=6)).dt.strftime("%Y-%m-%d") == day]
    return df.sort_values("local").set_index("local")


@pytest.fixture(scope="module")
def url(loaded_store, tmp_path_factory):
    # One server for the module, as the local user: its ~40 questions in three languages come
    # faster than the chat limit (30 a minute, tested in tests/server) on a quick run, and a 429
    # left the last answers unasked (CI: "waiting for .chart-none"). Charts are what is tested here.
    app, _ = app_for(loaded_store, tmp_path_factory.mktemp("home"),
                     server=ServerSettings(rate_limit="600/minute"))
    with live_server(app) as u:
        yield u


def _figure(page, q: str) -> tuple[dict, object]:
    bot = ask(page, q)
    assert bot.get_attribute("data-status") == "answered", bot.inner_text()
    bot.locator(".chart .main-svg").first.wait_for(timeout=15000)
    return page.evaluate(FIG), bot


def _check(page, errors, name: str, lang: str) -> None:
    shot(page, f"chart_{name}_{lang}_1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    box = page.locator(".chart").last.bounding_box()
    assert box and box["width"] <= 390
    shot(page, f"chart_{name}_{lang}_390")
    assert not [e for e in errors if "pageerror" in e], errors


def _trace(fig: dict, name: str) -> dict:
    return next(t for t in fig["data"] if t.get("name") == name)


@pytest.mark.parametrize("lang", LANGS)
def test_year_stats_are_weekly_candles(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["stats"][lang])
        assert fig["kind"] == "candles" and fig["bar"] == "weekly"
        c = fig["data"][0]
        df = spx(2019)
        weeks = df.groupby(df["d"].dt.to_period("W-SUN"))
        want = pd.DataFrame({"x": weeks["day"].first(), "open": weeks["Open"].first(), "high": weeks["High"].max(),
                             "low": weeks["Low"].min(), "close": weeks["Close"].last()})
        assert c["type"] == "candlestick" and c["x"] == want["x"].tolist() and len(c["x"]) == 53
        for k in ("open", "high", "low", "close"):
            assert c[k] == pytest.approx(want[k].tolist())
        assert fig["layout"]["yaxis"]["title"]["text"] == Y_PRICE[lang]
        _check(page, errors, "stats", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_extremes_marked_on_their_weeks(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["extremes"][lang])
        df = spx(2020)
        weeks = df.groupby(df["d"].dt.to_period("W-SUN"))["day"].transform("first")
        hi, lo = df["High"].idxmax(), df["Low"].idxmin()
        marks = [t for t in fig["data"] if t["type"] == "scatter" and t.get("mode") == "markers"]
        assert len(marks) == 2
        (h,), (l,) = [m["y"] for m in marks]
        assert h == pytest.approx(df["High"].max()) and l == pytest.approx(df["Low"].min())
        assert [m["x"][0] for m in marks] == [weeks[hi], weeks[lo]]
        _check(page, errors, "extremes", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_hourly_profile_bars_by_local_hour(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["hourly"][lang])
        assert fig["kind"] == "hourly_profile"
        m = spy_minutes()
        m = m[m["local"].dt.strftime("%Y-%m") == "2024-03"]
        per = m.groupby([m["local"].dt.date, m["local"].dt.hour])["volume"].sum()
        want = per.groupby(level=1).mean()
        vol = fig["data"][0]
        assert vol["type"] == "bar" and vol["x"] == [f"{h:02d}:00" for h in want.index]
        assert vol["y"] == pytest.approx(want.tolist())
        assert "America/New_York" in fig["layout"]["xaxis"]["title"]["text"]
        assert fig["data"][1]["yaxis"] == "y2"            # average return under the volume
        _check(page, errors, "hourly_profile", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_volume_spikes_are_multiples_on_the_price(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["spikes"][lang])
        assert fig["kind"] == "volume_spikes"
        df = spx()
        df["ratio"] = df["Volume"] / df["Volume"].rolling(20).mean().shift(1)
        year = df[(df["d"].dt.year == 2020) & (df["ratio"] >= 2)]
        marks = next(t for t in fig["data"] if t.get("mode") == "markers")
        assert marks["x"] == year["day"].tolist()
        for text, ratio in zip(marks["text"], year["ratio"]):
            assert text.endswith("×") and "%" not in text
            assert f"{ratio:.2f}".replace(".", "." if lang == "en" else ",") in text
        vol = next(t for t in fig["data"] if t["type"] == "bar")
        assert vol["yaxis"] == "y2" and sum(vol["y"]) == pytest.approx(spx(2020)["Volume"].sum())
        _check(page, errors, "volume_spikes", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_gaps_marked_at_the_open(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["gaps"][lang])
        assert fig["kind"] == "gaps"
        d = spy_daily()
        d["gap"] = (d["open"] / d["close"].shift(1) - 1) * 100
        want = d[(d["day"] >= "2024-03-01") & (d["day"] <= "2024-05-31") & (d["gap"].abs() > 0.5)]
        marks = next(t for t in fig["data"] if t.get("mode") == "markers")
        assert marks["x"] == want["day"].tolist() and marks["y"] == pytest.approx(want["open"].tolist())
        assert all(s.endswith("%") for s in marks["text"])
        _check(page, errors, "gaps", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_after_events_one_line_per_event_and_the_mean(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["after"][lang])
        assert fig["kind"] == "after_events"
        df = spx()
        df["chg"] = df["Close"].pct_change() * 100
        events = df.index[(df["d"].dt.year == 2020) & (df["chg"] < -3)]
        paths = [((df["Close"].iloc[i:i + 6] / df["Close"].iloc[i] - 1) * 100).tolist() for i in events]
        # every path named: one legend entry ("event days") for all, each one's date on hover
        lines = [t for t in fig["data"] if t.get("legendgroup") == "event"]
        assert [t["meta"] for t in lines] == df.loc[events, "day"].tolist()
        assert [t.get("showlegend") for t in lines] == [True] + [False] * (len(lines) - 1)
        for t, p in zip(lines, paths):
            assert t["x"] == list(range(6)) and t["y"] == pytest.approx(p)
        assert fig["layout"]["xaxis"]["dtick"] == 1 and fig["layout"]["xaxis"]["tickmode"] == "linear"
        mean = [t for t in fig["data"] if t.get("legendgroup") != "event"]
        assert len(mean) == 1 and mean[0]["y"] == pytest.approx(pd.DataFrame(paths).mean().tolist())
        assert fig["layout"]["yaxis"]["ticksuffix"] == "%"
        _check(page, errors, "after_events", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_top_moves_marked_with_their_change(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, bot = _figure(page, Q["top"][lang])
        assert fig["kind"] == "events"
        df = spx()
        df["chg"] = df["Close"].pct_change() * 100
        n = 3 if lang == "ru" else 1
        worst = df[df["d"].dt.year == 2020].nsmallest(n, "chg")
        marks = next(t for t in fig["data"] if t.get("mode") == "markers")
        assert sorted(marks["y"]) == pytest.approx(sorted(worst["Close"].tolist()))
        assert len(marks["x"]) == n
        # the stated reading (code's line) is the first paragraph; the analyst's heading follows it
        reading, rest = bot.locator(".answer").inner_text().split("\n\n", 1)
        assert "SPX, 2020" in reading and "\n" not in reading, reading
        head = rest.split("\n")[0]
        assert {"en": "The largest daily fall of SPX", "ru": "Крупнейшие дневные падения SPX",
                "es": "La mayor caída diaria de SPX"}[lang] in head
        _check(page, errors, "top_moves", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_rsi_under_the_price_with_its_levels(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["rsi"][lang])
        assert fig["kind"] == "indicator"
        assert fig["data"][0]["type"] == "candlestick"
        rsi = next(t for t in fig["data"] if t.get("yaxis") == "y2")
        levels = sorted(s["y0"] for s in fig["layout"]["shapes"] if s.get("yref") == "y2")
        assert levels == [30, 70]
        d = spy_daily()
        delta = d["close"].diff()
        gain = delta.clip(lower=0).ewm(alpha=1 / 14, adjust=False, min_periods=14).mean()
        loss = (-delta.clip(upper=0)).ewm(alpha=1 / 14, adjust=False, min_periods=14).mean()
        want = dict(zip(d["day"], 100 - 100 / (1 + gain / loss)))
        assert abs(rsi["y"][-1] - want[rsi["x"][-1]]) < 1.5
        assert fig["layout"]["yaxis2"]["title"]["text"] == "RSI (14)"
        _check(page, errors, "rsi", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_macd_panel_histogram_is_line_minus_signal(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["macd"][lang])
        below = [t for t in fig["data"] if t.get("yaxis") == "y2"]
        assert len(below) == 3
        line, signal, hist = below
        assert hist["type"] == "bar"
        assert hist["y"] == pytest.approx([a - b for a, b in zip(line["y"], signal["y"])])
        d = spy_daily()
        assert fig["data"][0]["close"] == pytest.approx(d[d["day"].str.startswith("2024-04")]["close"].tolist())
        _check(page, errors, "macd", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_drawdown_span_peak_to_trough(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["drawdown"][lang])
        assert fig["kind"] == "drawdown"
        df = spx(2020)
        dd = df["Close"] / df["Close"].cummax() - 1
        trough = dd.idxmin()
        peak = df["Close"].iloc[:trough + 1].idxmax()
        span = next(t for t in fig["data"] if t.get("mode") == "lines+markers")
        assert span["y"] == pytest.approx([df["Close"][peak], df["Close"][trough]])
        assert (span["y"][1] / span["y"][0] - 1) * 100 == pytest.approx(dd.min() * 100)
        rect = [s for s in fig["layout"]["shapes"] if s.get("type") == "rect"]
        assert [rect[0]["x0"], rect[0]["x1"]] == span["x"]
        _check(page, errors, "drawdown", lang)


def _intraday_matches(fig: dict, want: pd.DataFrame, size: str) -> None:
    """The intraday chart's candles, time zone and extreme marks against pandas' bars."""
    assert fig["kind"] == "intraday" and fig["bar"] == size
    assert "America/New_York" in fig["layout"]["xaxis"]["title"]["text"]
    c = fig["data"][0]
    assert c["type"] == "candlestick" and c["x"] == [t.strftime("%Y-%m-%d %H:%M") for t in want.index]
    for k in ("open", "high", "low", "close"):
        assert c[k] == pytest.approx(want[k].tolist())
    marks = [t for t in fig["data"] if t["type"] == "scatter" and t.get("mode") == "markers"]
    assert [(m["x"][0], m["y"][0]) for m in marks] == [
        (want["high"].idxmax().strftime("%Y-%m-%d %H:%M"), pytest.approx(want["high"].max())),
        (want["low"].idxmin().strftime("%Y-%m-%d %H:%M"), pytest.approx(want["low"].min()))]


@pytest.mark.parametrize("lang", LANGS)
def test_offline_intraday_questions_draw_the_intraday_bars(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["intraday"][lang])
        day = nq_minutes("2023-11-29")
        assert len(day) == 1380 and day.index[0] == pd.Timestamp("2023-11-28 18:00")   # the evening before
        _intraday_matches(fig, day, "1min")
        fig, _ = _figure(page, Q["window"][lang])
        m = nq_minutes("2023-11-28").between_time("09:30", "10:30", inclusive="left")
        bars = m.resample("5min").agg({"open": "first", "high": "max", "low": "min", "close": "last"}).dropna()
        assert len(bars) == 12
        _intraday_matches(fig, bars, "5min")
        fig, _ = _figure(page, Q["window_high"][lang])
        window = nq_minutes("2023-11-28").between_time("09:30", "10:00", inclusive="left")
        assert window["high"].max() < nq_minutes("2023-11-28")["high"].max()     # the session's is higher
        _intraday_matches(fig, window, "1min")
        _check(page, errors, "intraday", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_tool_candles_and_a_concept_says_why_no_chart(url, lang):
    with browser_page(url, lang) as (page, errors):
        fig, _ = _figure(page, Q["tool"][lang])
        assert fig["kind"] == "tool_candles"
        m = spy_minutes().tail(20)            # the last 20 regular-session minutes, stamped in UTC
        assert fig["data"][0]["close"] == pytest.approx(m["close"].tolist())
        assert fig["data"][0]["x"][-1] == m["local"].iloc[-1].tz_convert("UTC").strftime("%Y-%m-%d %H:%M")
        bot = ask(page, Q["concept"][lang])
        none = bot.locator(".chart-none")
        assert none.get_attribute("data-none") == "explanation"
        assert none.inner_text().split(":")[0] == {"en": "No chart", "ru": "Без графика", "es": "Sin gráfico"}[lang]
        _check(page, errors, "tool_and_concept", lang)
