"""Issue 27, every tool answer in the chat UI (the tools the Gemini planner calls; the local Gemini
stub is the only fake): news by sentiment label per session, sentiment per session with the day's
change, the ML model's accuracy against its baseline, feature importance and indicator series are
read back from plotly's data in the page and compared with independent pandas computations over
the shared files (CNBC headlines, S&P 500 daily, SPY minutes); fundamentals and recall say why no
chart in the user's language. One Chromium and Gemini stub for the module, a server per language
(own Redis prefixes: the news tools allow 10 calls a minute); screenshots at 1280 px and 390 px."""
from __future__ import annotations

import uuid
from typing import Any

import httpx
import numpy as np
import pandas as pd
import pytest

from tests.agent.llm.gemini_stub import GeminiStub, call, dynamic, function_names, text
from tests.agent.news.conftest import CNBC, SPX_DAILY
from tests.server.conftest import DUCKDB_ONLY, app_for, live_server
from tests.web.browser import LANGS, ask, browser_page, shot
from tests.web.test_chart_kinds import spy_daily, spy_minutes
from tests.web.test_tool_charts import reload_keeps_them

pytestmark = DUCKDB_ONLY
FIG = "(() => { const d = document.querySelectorAll('.chart'); const c = d[d.length - 1]; " \
      "return {kind: c.dataset.kind, data: c.data, layout: c.layout}; })()"
NEWS = {"symbol": "SPX", "start": "2020-03-09", "end": "2020-03-13", "limit": 200}
SENTIMENT = {"symbol": "SPX", "start": "2020-03-01", "end": "2020-03-31"}
# (question per language, the tool call the planner makes, the answer with the tool's slots)
ASKS: dict[str, tuple[dict[str, str], str, dict[str, Any], str]] = {
    "news": ({"en": "SPX news in the week of 9 March 2020", "ru": "Новости SPX за неделю 9 марта 2020",
              "es": "Noticias de SPX de la semana del 9 de marzo de 2020"}, "get_news", NEWS, "{count}"),
    "sentiment": ({"en": "SPX news sentiment in March 2020", "ru": "Сентимент новостей SPX за март 2020",
                   "es": "Sentimiento de noticias de SPX en marzo de 2020"}, "get_sentiment", SENTIMENT,
                  "{mean_score}"),
    "signals": ({"en": "ML signal for SPX", "ru": "Сигнал ML для SPX", "es": "Señal ML para SPX"},
                "get_ml_signals", {"symbol": "SPX"}, "{accuracy} / {baseline_accuracy}"),
    "features": ({"en": "Which features does the SPX model use?", "ru": "Какие признаки использует модель SPX?",
                  "es": "¿Qué características usa el modelo de SPX?"}, "get_ml_features", {"symbol": "SPX"},
                 "{test_days}"),
    "indicators": ({"en": "SPY indicators: RSI and SMA", "ru": "Индикаторы SPY: RSI и SMA",
                    "es": "Indicadores de SPY: RSI y SMA"}, "get_indicators",
                   {"symbol": "SPY", "indicators": ["RSI", "SMA"], "timeframe": "1d"}, "{close}"),
    "fundamentals": ({"en": "SPY fundamentals", "ru": "Фундаментальные данные SPY", "es": "Fundamentales de SPY"},
                     "get_fundamentals", {"symbol": "SPY"}, "SPY"),
    "recall": ({"en": "What do you remember about my trading?", "ru": "Что ты помнишь о моей торговле?",
                "es": "¿Qué recuerdas de mi operativa?"}, "recall", {"kind": "all"}, "OK"),
    "explain": ({"en": "What is RSI?", "ru": "Что такое RSI?", "es": "¿Qué es el RSI?"}, "explain_concept",
                {"term": "RSI"}, "RSI"),
    # a plan of get_intraday_data alone (the offline planner puts the day's stats first)
    "intraday": ({"en": "SPY one-minute bars on 1 April 2024 from 09:30 to 10:30",
                  "ru": "Минутные бары SPY 1 апреля 2024 с 09:30 до 10:30",
                  "es": "Velas de un minuto de SPY el 1 de abril de 2024 de 09:30 a 10:30"}, "",
                 {"steps": [{"action": "get_intraday_data", "description": "SPY 1-min bars 09:30-10:30",
                             "params": {"symbol": "SPY", "start_date": "2024-04-01", "end_date": "2024-04-01",
                                        "start_time": "09:30", "end_time": "10:30", "granularity": "1min"}}]},
                 "{high}"),
}
INTRADAY_INTENT = {"symbol": "SPY", "period": {"start": "2024-04-01", "end": "2024-04-01", "label": "1 April 2024"}}
NO_CHART = {"en": "No chart", "ru": "Без графика", "es": "Sin gráfico"}
WHY = {"figures": {"en": "table of figures", "ru": "таблица чисел", "es": "tabla de cifras"},
       "memory": {"en": "what I remember", "ru": "что я помню", "es": "lo que recuerdo"},
       "explanation": {"en": "explains a concept", "ru": "объясняет понятие", "es": "explica un concepto"}}
LEGEND = {"positive": {"en": "Positive", "ru": "Позитивные", "es": "Positivos"},
          "model": {"en": "Model", "ru": "Модель", "es": "Modelo"}}


def _responder(lang: str, tool: str, args: dict[str, Any], answer: str, intent: dict | None = None):
    """The stub's answer to whichever call the graph makes (reading, planning, answering); with no
    tool, `args` is the plan submitted."""
    def respond(request: dict[str, Any]):
        names = function_names(request)
        if "parse_intent" in names:
            return call("parse_intent", {"type": "data", "lang": lang, **(intent or {})})
        if tool and tool in names:
            return call(tool, args)
        if not tool and "submit_plan" in names:
            return call("submit_plan", args)
        if "submit_answer" in names:
            return call("submit_answer", {"response": answer})
        return text("")
    return respond


@pytest.fixture(scope="module")
def stub():
    gemini = GeminiStub().start()
    yield gemini
    gemini.stop()


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """One app home (its app DB holds the CNBC headlines keyed to SPX and the trained models)."""
    from agent.news.loader import load_news
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

    path = tmp_path_factory.mktemp("planner-home")
    db = AppDB(Settings(home=path))
    load_news(db, CNBC, symbols=["SPX"])
    db.close()
    return path


@pytest.fixture
def url(loaded_store, stub, home):
    ns = f"toolplan-{uuid.uuid4().hex[:8]}"
    app, _ = app_for(loaded_store, home, llm="gemini", gemini_base_url=stub.url, gemini_api_key="test-key",
                     gemini_timeout_s=10.0, gemini_retry_backoff_s=0.01, gemini_check_models=False,
                     tools_redis_prefix=ns, memory_key_prefix=ns + ":")
    with live_server(app) as base:
        yield base


def _ask(page, stub, lang: str, key: str):
    questions, tool, args, answer = ASKS[key]
    stub.script.clear()
    intent = INTRADAY_INTENT if key == "intraday" else None
    stub.add(*[dynamic(_responder(lang, tool, args, answer, intent)) for _ in range(12)])
    seen = len(stub.generate_requests())
    bot = ask(page, questions[lang])
    assert bot.get_attribute("data-status") == "answered", bot.inner_text()
    # the planner was offered the tool (so it was called and its answer is what the page shows)
    assert any((tool or "submit_plan") in function_names(r) for r in stub.generate_requests()[seen:]), key
    bot.locator(".chart .main-svg, .chart-none").first.wait_for(timeout=30000)
    return bot


def _figure(page, stub, lang: str, key: str) -> dict:
    bot = _ask(page, stub, lang, key)
    assert bot.locator(".chart-none").count() == 0, (key, bot.inner_text())
    return page.evaluate(FIG)


def _none(page, stub, lang: str, key: str, why: str) -> None:
    p = _ask(page, stub, lang, key).locator(".chart-none")
    assert p.get_attribute("data-none") == why
    head, _, reason = p.inner_text().partition(": ")
    assert head == NO_CHART[lang] and WHY[why][lang] in reason, p.inner_text()


def cnbc_sessions() -> pd.DataFrame:
    """CNBC headlines with their UTC publication date, label and trading session (pandas: New York
    time, at or after 16:00 counts for the next day, rolled to the next SPX trading date)."""
    from agent.news.sentiment import score_text

    raw = pd.read_csv(CNBC).dropna(how="all")
    t = (raw["Time"].str.split().str.join(" ").str.replace("Sept", "Sep", regex=False)
         .str.replace(r" ET \w{3},", "", regex=True))
    local = pd.to_datetime(t, format="mixed").dt.tz_localize("America/New_York")
    raw["utc_day"] = local.dt.tz_convert("UTC").dt.strftime("%Y-%m-%d")
    day = local.dt.tz_localize(None).dt.normalize() + pd.to_timedelta((local.dt.hour >= 16).astype(int), unit="D")
    trading = np.sort(pd.to_datetime(pd.read_csv(SPX_DAILY).iloc[:, 0]).dt.normalize().unique())
    raw["session"] = pd.to_datetime(trading[np.searchsorted(trading, day.to_numpy())]).strftime("%Y-%m-%d")
    raw = raw.drop_duplicates(subset=["Headlines", "Time", "Description"])
    text_ = raw["Headlines"].str.split().str.join(" ") + ". " + raw["Description"].fillna("").str.split().str.join(" ")
    raw["label"] = [score_text(x).label for x in text_]
    raw["score"] = [score_text(x).score for x in text_]
    return raw


def _news(page, stub, lang: str, cnbc: pd.DataFrame) -> None:
    fig = _figure(page, stub, lang, "news")
    assert fig["kind"] == "news" and fig["layout"]["barmode"] == "stack"
    sel = cnbc[(cnbc["utc_day"] >= NEWS["start"]) & (cnbc["utc_day"] <= NEWS["end"])]
    want = sel.groupby(["session", "label"]).size().unstack(fill_value=0)
    pos, neu, neg = fig["data"]
    assert pos["name"] == LEGEND["positive"][lang]
    assert pos["x"] == want.index.tolist()
    for trace, label in ((pos, "positive"), (neu, "neutral"), (neg, "negative")):
        assert trace["y"] == want.get(label, pd.Series(0, index=want.index)).tolist(), label


def _sentiment(page, stub, lang: str, cnbc: pd.DataFrame) -> None:
    fig = _figure(page, stub, lang, "sentiment")
    assert fig["kind"] == "sentiment"
    sel = cnbc[(cnbc["session"] >= SENTIMENT["start"]) & (cnbc["session"] <= SENTIMENT["end"])]
    want = sel.groupby("session")["score"].mean()
    score, change = fig["data"]
    assert score["x"] == want.index.tolist() and score["y"] == pytest.approx(want.tolist(), abs=1e-3)
    spx = pd.read_csv(SPX_DAILY)
    spx["d"] = pd.to_datetime(spx.iloc[:, 0]).dt.strftime("%Y-%m-%d")
    pct = (spx["Close"].pct_change() * 100).set_axis(spx["d"])
    assert change["yaxis"] == "y2" and change["y"] == pytest.approx(pct[want.index].tolist(), abs=1e-3)


def spx_baseline(train: int, test: int, every: int) -> tuple[str, float]:
    """(first test date, baseline accuracy): each block of `every` test days predicted as the
    majority next-day direction of the `train` days before it."""
    spx = pd.read_csv(SPX_DAILY)
    close = spx["Close"]
    up = (close.shift(-1) > close).astype(int).iloc[:-1]
    first, right = len(up) - test, 0
    for b in range(first, len(up), every):
        majority = int(up.iloc[b - train:b].mean() >= 0.5)
        right += int((up.iloc[b:b + every] == majority).sum())
    return pd.to_datetime(spx.iloc[first, 0]).strftime("%Y-%m-%d"), right / test


def _ml(page, stub, lang: str, base: str) -> None:
    with httpx.Client(base_url=base, timeout=120) as c:
        tool = c.post("/api/tools/get_ml_signals", json={"symbol": "SPX"}).json()["data"]
        feats = c.post("/api/tools/get_ml_features", json={"symbol": "SPX"}).json()["data"]
    fig = _figure(page, stub, lang, "signals")
    assert fig["kind"] == "ml_accuracy"
    (bars,) = fig["data"]
    assert bars["x"][0] == LEGEND["model"][lang]
    start, baseline = spx_baseline(tool["training_days"], tool["test_days"], tool["refit_every_days"])
    assert tool["test_start"] == start
    assert bars["y"] == pytest.approx([tool["accuracy"] * 100, baseline * 100], abs=0.01)
    fig = _figure(page, stub, lang, "features")
    from agent.ml.features import FEATURES

    (imp,) = fig["data"]
    assert fig["kind"] == "ml_features" and sorted(imp["x"]) == sorted(FEATURES)
    assert imp["y"] == pytest.approx([f["importance"] * 100 for f in feats["features"]], abs=1e-3)


def _indicators(page, stub, lang: str) -> None:
    fig = _figure(page, stub, lang, "indicators")
    assert fig["kind"] == "tool_indicators"
    d = spy_daily()
    candles = fig["data"][0]
    assert candles["x"] == d["day"].tail(60).tolist()
    assert candles["close"] == pytest.approx(d["close"].tail(60).tolist())
    sma = next(t for t in fig["data"] if t.get("name") == "SMA")
    want_sma = d["close"].rolling(20).mean().tail(60)      # no value before 20 closes: None in the page
    assert [None if np.isnan(v) else pytest.approx(v) for v in want_sma] == sma["y"]
    rsi = next(t for t in fig["data"] if t.get("yaxis") == "y2")
    delta = d["close"].diff()
    gain = delta.clip(lower=0).ewm(alpha=1 / 14, adjust=False, min_periods=14).mean()
    loss = (-delta.clip(upper=0)).ewm(alpha=1 / 14, adjust=False, min_periods=14).mean()
    want = (100 - 100 / (1 + gain / loss)).tail(60)
    assert abs(rsi["y"][-1] - want.iloc[-1]) < 1.5
    assert sorted(s["y0"] for s in fig["layout"]["shapes"] if s.get("yref") == "y2") == [30, 70]


@pytest.fixture(scope="module")
def cnbc():
    return cnbc_sessions()


@pytest.mark.parametrize("lang", LANGS)
def test_every_planner_tool_answer_draws_or_says_why(url, stub, cnbc, lang):
    with browser_page(url, lang) as (page, errors):
        _news(page, stub, lang, cnbc)
        _sentiment(page, stub, lang, cnbc)
        _ml(page, stub, lang, url)
        _indicators(page, stub, lang)
        _none(page, stub, lang, "fundamentals", "figures")
        _none(page, stub, lang, "recall", "memory")
        _none(page, stub, lang, "explain", "explanation")
        reload_keeps_them(page, ["news", "sentiment", "ml_accuracy", "ml_features", "tool_indicators"])
        shot(page, f"tool_charts_planner_{lang}_1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        for box in (c.bounding_box() for c in page.locator(".chart").all()):
            assert box and box["width"] <= 390
        shot(page, f"tool_charts_planner_{lang}_390")
    assert not [e for e in errors if "pageerror" in e], errors


@pytest.mark.parametrize("lang", LANGS)
def test_planned_intraday_bars_in_local_time_with_extremes(url, stub, lang):
    with browser_page(url, lang) as (page, errors):
        fig = _figure(page, stub, lang, "intraday")
        assert fig["kind"] == "intraday" and "America/New_York" in fig["layout"]["xaxis"]["title"]["text"]
        m = spy_minutes()
        hhmm = m["local"].dt.strftime("%H:%M")
        m = m[(m["local"].dt.strftime("%Y-%m-%d") == "2024-04-01") & (hhmm >= "09:30") & (hhmm < "10:30")]
        c = fig["data"][0]
        assert c["type"] == "candlestick" and c["x"] == m["local"].dt.strftime("%Y-%m-%d %H:%M").tolist()
        for k in ("open", "high", "low", "close"):
            assert c[k] == pytest.approx(m[k].tolist())
        marks = [t for t in fig["data"] if t.get("mode") == "markers"]
        assert [t["y"][0] for t in marks] == pytest.approx([m["high"].max(), m["low"].min()])
        shot(page, f"chart_intraday_{lang}_1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        box = page.locator(".chart").last.bounding_box()
        assert box and box["width"] <= 390
        shot(page, f"chart_intraday_{lang}_390")
    assert not [e for e in errors if "pageerror" in e], errors
