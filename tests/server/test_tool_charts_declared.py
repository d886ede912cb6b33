"""Issue 27, "every tool answer has a chart (or says why none)": each catalogue tool declares its
chart beside its declaration (`ToolSpec.chart`): a builder of agent/server/charts/ or "none:<why>";
every kind, axis, legend and reason it uses is in every pack; a tool answer from either graph path
(the code path's tool_results, the planner's tool steps) gets its declared chart or reason."""
from __future__ import annotations

import pytest

from agent import lang as packs
from agent.server.charts import chart_payload
from agent.server.charts.tool_answers import EMPTY, TOOL_BUILDERS
from agent.server.charts.tools import NONE, declared_tool_chart
from agent.tools.registry import get_registry

DRAWN = set(TOOL_BUILDERS) | {"tool_candles"}


def test_every_tool_declares_a_chart_or_why_none():
    tools = get_registry().all()
    assert len(tools) >= 21
    for t in tools:
        assert t.chart, f"{t.name} declares no chart"
        assert t.chart in DRAWN or t.chart.startswith(NONE), (t.name, t.chart)
    drawn = {t.chart for t in tools if not t.chart.startswith(NONE)}
    assert drawn == DRAWN, DRAWN - drawn          # no builder is left without its tool
    assert declared_tool_chart("tenant_calc") == "none:tool"


@pytest.mark.parametrize("code", packs.codes())
def test_tool_chart_words_are_in_every_pack(code):
    ui = packs.get(code, "ui")
    reasons = {t.chart[len(NONE):] for t in get_registry().all() if t.chart.startswith(NONE)}
    reasons |= set(EMPTY.values()) | {"tool_failed"}
    assert reasons <= set(ui["chart_none"]), reasons - set(ui["chart_none"])
    assert DRAWN <= set(ui["chart_kind"]), DRAWN - set(ui["chart_kind"])
    axes = {"headlines", "session", "mean_score", "pct_change", "accuracy_pct", "method", "importance_pts",
            "feature", "market_value", "unrealized_pnl", "symbol", "price"}
    assert axes <= set(ui["axis"]), axes - set(ui["axis"])
    legend = {"positive", "neutral", "negative", "mean_score", "pct_change", "accuracy", "model", "baseline",
              "importance", "market_value", "unrealized_pnl", "last_price"}
    assert legend <= set(ui["legend"]), legend - set(ui["legend"])
    if code != "en":      # translated, not copied
        en = packs.get("en", "ui")
        assert all(ui["chart_none"][r] != en["chart_none"][r] for r in reasons)


def _code_path(tool: str, data: dict | None, success: bool = True) -> dict:
    return {"intent": {"type": "data"}, "plan": {"steps": [{"action": "tool", "tool": tool}]},
            "data": {"results": [], "tool_results": [{"tool": tool, "success": success, "data": data}]}}


def _planner_path(tool: str, summary: dict, rows: list[dict]) -> dict:
    return {"intent": {"type": "data"}, "plan": {"steps": [], "tools": [{"tool": tool}]},
            "data": {"results": [{"action": "tool", "symbol": "SPX", "params": {"tool": tool},
                                  "summary": summary, "rows": rows}]}}


def test_both_paths_draw_the_declared_chart_or_say_why():
    days = [{"date": "2020-03-02", "count": 3, "mean_score": -0.2, "pct_change": 4.6},
            {"date": "2020-03-03", "count": 2, "mean_score": 0.1, "pct_change": -2.8}]
    for values in (_code_path("get_sentiment", {"symbol": "SPX", "days": days}),
                   _planner_path("get_sentiment", {"count": 5}, days)):
        out = chart_payload(values)
        assert out["kind"] == "sentiment"
        assert out["series"][0]["x"] == ["2020-03-02", "2020-03-03"] and out["series"][0]["y"] == [-0.2, 0.1]
    ml = {"accuracy": 0.52, "baseline_accuracy": 0.55, "test_days": 750}
    for values in (_code_path("get_ml_signals", ml), _planner_path("get_ml_signals", ml, [])):
        assert chart_payload(values)["series"][0]["y"] == [52.0, 55.0]
    assert chart_payload(_code_path("calculate_risk_reward", {"ratio": 2.0}))["none"] == "calculation"
    assert chart_payload(_code_path("get_watchlist", {"symbols": []}))["none"] == "watchlist"
    assert chart_payload(_code_path("get_portfolio", {"positions": [], "cash": 1.0}))["none"] == "no_positions"
    assert chart_payload(_code_path("get_sentiment", {"days": []}))["none"] == "no_news"
    assert chart_payload(_code_path("get_news", None, success=False))["none"] == "tool_failed"
    assert chart_payload(_planner_path("tenant_calc", {"sum": 2}, []))["none"] == "tool"
    refused = {"intent": {"type": "data"}, "plan": {"steps": [], "tools": [{"tool": "get_sentiment"}]},
               "data": {"results": []}}
    assert chart_payload(refused)["none"] == "tool_failed"       # not "explains a concept"
