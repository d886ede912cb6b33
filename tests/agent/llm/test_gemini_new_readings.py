"""Issue 24's two new readings on the Gemini path, end to end (both engines): a volume ranking
("highest volume day") and a bar size inside a time-of-day window ("5-minute bars between 9:30 and
10:30"). The stub plays the understander, the planner and the analyst (the analyst writes slots
only); the graph, the query builder, the validator and the chart are real, and every expected value
is an independent pandas computation over ../shared/data (tests/query_builder/reference.py)."""
from __future__ import annotations

import re

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.server.chart import chart_payload
from tests.agent.llm.gemini_stub import call, function_names, gemini_settings, request_text, stub  # noqa: F401
from tests.query_builder import reference as ref

NOW = "2025-06-02"


@pytest.fixture
def gemini_session(loaded_store, stub, tmp_path):
    from agent.deps import build_deps
    from agent.service import Session

    deps = build_deps(gemini_settings(stub, tmp_path, gemini_timeout_s=5.0), store=loaded_store)
    assert deps.provider.name == "gemini"
    return Session(deps, InMemorySaver())


def _ask(session, stub, question: str, intent: dict, plan: dict, answer: str, store) -> tuple:
    stub.add(call("parse_intent", intent), call("submit_plan", plan), call("submit_answer", {"response": answer}))
    result = session.ask(question, now=NOW)
    values = session.graph.get_state(session._config(result.thread_id)).values
    assert result.status == "answered" and result.validation.get("status") == "ok", result.response
    assert stub.remaining == 0                       # no rewrite: the analyst's answer was verified
    names = [function_names(r)[-1] for r in stub.generate_requests()]
    assert names == ["parse_intent", "submit_plan", "submit_answer"]
    assert "Automatic summary" not in result.response
    return result, chart_payload(values, store), stub.generate_requests()


def daily_volume(symbol: str, start: str, end: str) -> pd.Series:
    """Each trading day's session volume (SPY regular hours; NQ the whole CME session)."""
    m = ref.minutes(symbol)
    v = m[m["in_session"]].groupby("trading_date")["volume"].sum()
    return v[(v.index >= pd.Timestamp(start)) & (v.index <= pd.Timestamp(end))]


# ---- "highest volume day": a ranking of trading days by volume -----------------------------------

RANKINGS = [
    ("highest volume day of SPY in March 2024", "SPY", "2024-03-01", "2024-03-31", "March 2024", 1, "up"),
    ("the 3 busiest days of NQ by volume in November 2023", "NQ", "2023-11-01", "2023-11-30",
     "November 2023", 3, "up"),
    ("SPY's quietest day by volume in April 2024", "SPY", "2024-04-01", "2024-04-30", "April 2024", 1, "down"),
]


@pytest.mark.parametrize("question,symbol,start,end,label,n,direction", RANKINGS)
def test_volume_ranking_through_the_graph(gemini_session, stub, loaded_store, question, symbol, start, end,
                                          label, n, direction):
    intent = {"type": "data", "lang": "en", "symbol": symbol, "analysis": "volume_rank", "top_n": n,
              "direction": direction, "period": {"start": start, "end": end, "label": label}}
    plan = {"steps": [{"action": "rank_volume_days", "description": f"{symbol} days ranked by volume",
                       "params": {"symbol": symbol, "start_date": start, "end_date": end, "top_n": n,
                                  "direction": direction}}]}
    ranked = "; ".join(f"{{e{i}.date}} with {{e{i}.volume}}" for i in range(1, n + 1))
    answer = f"Ranked by volume over {{days_ranked}} trading days of {{period}}, {{symbol}}: {ranked}."
    result, chart, reqs = _ask(gemini_session, stub, question, intent, plan, answer, loaded_store)
    vol = daily_volume(symbol, start, end).sort_values(ascending=direction == "down", kind="stable")
    want = [(t.date().isoformat(), v) for t, v in vol.iloc[:n].items()]
    got = [(c["date"], c["value"]) for c in result.claims if c["type"] == "total_volume"]
    assert [d for d, _ in got] == [d for d, _ in want]
    assert [v for _, v in got] == pytest.approx([v for _, v in want])
    assert not [c for c in result.claims if c["type"] == "daily_pct_change"]   # never the best/worst move
    assert re.search(rf"\{{days_ranked\}} = {len(vol)}(?!\d)", request_text(reqs[2]))        # the analyst saw the whole ranking
    assert chart["kind"] == "volume_rank" and sorted(chart["ranked_days"]) == sorted(d for d, _ in want)
    assert chart["series"][2]["y"] == pytest.approx(daily_volume(symbol, start, end).tolist())


# ---- a bar size inside a time-of-day window -------------------------------------------------------

BARS = [
    ("NQ 5-minute bars on 2023-11-28 between 9:30 and 10:30", "NQ", "2023-11-28", "09:30", "10:30", 5),
    ("SPY 15-minute bars on 2024-03-05 from 10:00 to 12:00", "SPY", "2024-03-05", "10:00", "12:00", 15),
]


def window_bars(symbol: str, day: str, t0: str, t1: str, minutes: int) -> pd.DataFrame:
    m = ref.minutes(symbol)
    d = m[m["trading_date"] == pd.Timestamp(day)].set_index("local").between_time(t0, t1, inclusive="left")
    return d.resample(f"{minutes}min").agg({"open": "first", "high": "max", "low": "min", "close": "last",
                                            "volume": "sum"}).dropna(subset=["open"])


@pytest.mark.parametrize("question,symbol,day,t0,t1,minutes", BARS)
def test_bar_size_in_a_window_through_the_graph(gemini_session, stub, loaded_store, question, symbol, day,
                                                t0, t1, minutes):
    size = f"{minutes}min"
    intent = {"type": "data", "lang": "en", "symbol": symbol, "analysis": "intraday", "bar_minutes": minutes,
              "time_window": {"start": t0, "end": t1, "label": f"{t0}-{t1}"},
              "period": {"start": day, "end": day, "label": day}}
    plan = {"steps": [{"action": "get_intraday_data", "description": f"{symbol} {size} bars {t0}-{t1}",
                       "params": {"symbol": symbol, "start_date": day, "end_date": day, "start_time": t0,
                                  "end_time": t1, "granularity": size}}]}
    answer = ("{symbol} on {period}, {bar_count} bars of {bar_minutes} minutes: open {open}, close {close}, "
              "high {high} at {high_ts}, low {low} at {low_ts}.")
    result, chart, reqs = _ask(gemini_session, stub, question, intent, plan, answer, loaded_store)
    exp = window_bars(symbol, day, t0, t1, minutes)
    assert result.plan["steps"][0]["params"]["granularity"] == size
    assert result.intent["bar_minutes"] == minutes and result.intent["time_window"]["start"].startswith(t0)
    claims = {c["type"]: c["value"] for c in result.claims}
    assert claims["open"] == pytest.approx(exp["open"].iloc[0]) and claims["close"] == pytest.approx(exp["close"].iloc[-1])
    assert claims["high"] == pytest.approx(exp["high"].max()) and claims["low"] == pytest.approx(exp["low"].min())
    assert re.search(rf"\{{bar_count\}} = {len(exp)}(?!\d)", request_text(reqs[2]))
    assert chart["kind"] == "intraday" and chart["bar_size"] == size and chart["tz"] == "America/New_York"
    candles = chart["series"][0]
    assert candles["x"] == [t.strftime("%Y-%m-%d %H:%M") for t in exp.index]
    for k in ("open", "high", "low", "close"):
        assert candles[k] == pytest.approx(exp[k].tolist())
    marks = [(s["x"][0], s["y"][0]) for s in chart["series"] if s["kind"] == "markers"]
    assert marks == [(exp["high"].idxmax().strftime("%Y-%m-%d %H:%M"), pytest.approx(exp["high"].max())),
                     (exp["low"].idxmin().strftime("%Y-%m-%d %H:%M"), pytest.approx(exp["low"].min()))]


# ---- a bar size on a daily-only symbol: said by name, in the user's language ----------------------

@pytest.mark.parametrize("lang,question,minutes,line", [
    ("en", "SPX 5-minute bars on 2020-03-16", 5, "SPX has daily bars only, so 5-minute bars cannot be built from it."),
    ("ru", "5-минутные бары SPX 16.03.2020", 5,
     "По SPX есть только дневные бары, поэтому 5-минутные бары построить нельзя."),
    ("es", "velas de 15 minutos del SPX el 16/03/2020", 15,
     "SPX solo tiene barras diarias, así que no se pueden construir barras de 15 minutos."),
])
def test_bar_size_on_a_daily_only_symbol_is_refused_by_name(gemini_session, stub, lang, question, minutes, line):
    # the planner asks the query builder for N-minute bars of SPX; the executor's refusal names both
    intent = {"type": "data", "lang": lang, "symbol": "SPX", "analysis": "intraday", "bar_minutes": minutes,
              "period": {"start": "2020-03-16", "end": "2020-03-16", "label": "2020-03-16"}}
    plan = {"steps": [{"action": "get_intraday_data", "description": "SPX bars",
                       "params": {"symbol": "SPX", "start_date": "2020-03-16", "end_date": "2020-03-16",
                                  "granularity": f"{minutes}min"}}]}
    stub.add(call("parse_intent", intent), call("submit_plan", plan))
    result = gemini_session.ask(question, now=NOW)
    assert result.status == "answered" and stub.remaining == 0
    assert result.response.startswith(line), result.response
    assert "Intraday data" not in result.response
