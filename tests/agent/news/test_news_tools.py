"""get_news / get_sentiment on the CNBC headlines keyed to SPX, checked against an independent
pandas computation of the sessions: parse the file's times with pandas, convert to New York, move
items at or after 16:00 to the next day, roll to the next SPX trading date, count per date."""
from __future__ import annotations

import json
from datetime import date

import numpy as np
import pandas as pd
import pytest

from agent.identity.models import LOCAL_USER
from agent.news.sentiment import score_text
from agent.settings import Settings
from agent.tools.catalog import news as news_tools
from agent.tools.spec import ToolContext, ToolError
from tests.agent.news.conftest import CNBC, SPX_DAILY

START, END = date(2020, 3, 1), date(2020, 3, 31)


def _ctx(store, db) -> ToolContext:
    return ToolContext(user=LOCAL_USER, settings=Settings(), store=store, appdb=db)


def _expected_days() -> pd.DataFrame:
    raw = pd.read_csv(CNBC).dropna(how="all")
    t = (raw["Time"].str.split().str.join(" ").str.replace("Sept", "Sep", regex=False)
         .str.replace(r" ET \w{3},", "", regex=True))                 # "7:51 PM 17 July 2020"
    local = pd.to_datetime(t, format="mixed").dt.tz_localize("America/New_York")
    day = local.dt.tz_localize(None).dt.normalize()
    after_close = local.dt.hour >= 16
    day = day + pd.to_timedelta(after_close.astype(int), unit="D")
    bars = pd.read_csv(SPX_DAILY)
    trading = np.sort(pd.to_datetime(bars.iloc[:, 0]).dt.normalize().unique())
    idx = np.searchsorted(trading, day.to_numpy())
    raw["session"] = pd.to_datetime(trading[idx]).date
    text = raw["Headlines"].str.split().str.join(" ") + ". " + raw["Description"].fillna(
        "").str.split().str.join(" ")
    raw["label"] = [score_text(x).label for x in text]
    raw["score"] = [round(score_text(x).score, 4) for x in text]
    raw = raw.drop_duplicates(subset=["Headlines", "Time", "Description"])
    sel = raw[(raw["session"] >= START) & (raw["session"] <= END)]
    return sel.groupby("session").agg(
        count=("label", "size"), positive=("label", lambda s: (s == "positive").sum()),
        negative=("label", lambda s: (s == "negative").sum()), mean_score=("score", "mean"))


def test_sentiment_per_session_matches_pandas(spx_news):
    store, db = spx_news
    out = news_tools.get_sentiment(_ctx(store, db), news_tools.GetSentimentParams(
        symbol="spx", start=START, end=END))
    exp = _expected_days()
    got = pd.DataFrame(out["days"]).set_index("date")
    assert list(got.index) == [d.isoformat() for d in exp.index]
    assert got["count"].tolist() == exp["count"].tolist()
    assert got["positive"].tolist() == exp["positive"].tolist()
    assert got["negative"].tolist() == exp["negative"].tolist()
    assert np.allclose(got["mean_score"], exp["mean_score"], atol=1e-3)
    assert out["count"] == int(exp["count"].sum()) and out["session_close"] == "16:00"
    assert json.loads(json.dumps(out)) == out          # plain JSON for the executor and slots
    # the day's close and % change come from the SPX bars
    bars = pd.read_csv(SPX_DAILY)
    bars["d"] = pd.to_datetime(bars.iloc[:, 0]).dt.date.astype(str)
    bars["pct"] = bars["Close"].pct_change() * 100
    b = bars.set_index("d")
    for d, row in got.iterrows():
        assert row["close"] == pytest.approx(b.loc[d, "Close"])
        assert row["pct_change"] == pytest.approx(b.loc[d, "pct"], abs=1e-3)


def test_after_close_item_counts_for_next_session(spx_news):
    store, db = spx_news
    out = news_tools.get_news(_ctx(store, db), news_tools.GetNewsParams(
        symbol="SPX", start=date(2020, 3, 6), end=date(2020, 3, 7), limit=200))
    assert out["count"] == out["returned"] > 0
    for item in out["items"]:
        local = pd.Timestamp(item["published_at"]).tz_convert("America/New_York")
        day = local.date() + pd.Timedelta(days=int(local.hour >= 16))
        while day.weekday() >= 5:          # no SPX holiday in this week
            day += pd.Timedelta(days=1)
        assert item["session_date"] == day.isoformat()
        assert item["sentiment_label"] in ("positive", "neutral", "negative")
        assert -1 < item["sentiment_score"] < 1
    # Thursday-evening items count for Friday 6 March, Friday-evening ones for Monday 9 March
    assert {i["session_date"] for i in out["items"]} == {"2020-03-06", "2020-03-09"}
    assert out["positive"] + out["neutral"] + out["negative"] == out["count"]


def test_get_news_limit_newest_first_and_unknown_symbol(spx_news):
    store, db = spx_news
    ctx = _ctx(store, db)
    out = news_tools.get_news(ctx, news_tools.GetNewsParams(symbol="SPX", limit=5))
    times = [i["published_at"] for i in out["items"]]
    assert len(times) == 5 and times == sorted(times, reverse=True) and out["count"] == 2800
    none = news_tools.get_news(ctx, news_tools.GetNewsParams(symbol="ZZZ"))
    assert none["count"] == 0 and "askbar load-news" in none["message"]


def test_declarations_and_validation():
    specs = {t.name: t for t in news_tools.TOOLS}
    assert specs["get_news"].required_plan == "free" and specs["get_sentiment"].required_plan == "pro"
    assert all(t.id == f"news.{t.name}" and t.category == "news" for t in specs.values())
    with pytest.raises(ToolError) as err:
        specs["get_sentiment"].validator(None, news_tools.GetSentimentParams(
            symbol="SPX", start=date(2020, 3, 5), end=date(2020, 3, 1)))
    assert err.value.code == "VALIDATION_ERROR"
    with pytest.raises(ValueError):
        news_tools.GetNewsParams(symbol="DROP TABLE;")


def test_get_news_limit_defaults_to_the_seeds_five(spx_news):
    store, db = spx_news
    assert news_tools.GetNewsParams(symbol="SPX").limit == 5
    out = news_tools.get_news(_ctx(store, db), news_tools.GetNewsParams(
        symbol="SPX", start=date(2020, 3, 2), end=date(2020, 3, 31)))
    assert out["count"] > 5 and out["returned"] == len(out["items"]) == 5
