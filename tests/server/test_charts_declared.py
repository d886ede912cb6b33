"""Issue 27 point 1: every answer kind declares its chart beside its declaration
(query_builder/declarations.py) and agent/server/charts/ has a builder for it; every indicator says
where it is drawn; every chart text (kind, axis, legend, bar size, reason for none) is in every pack;
every graph node has a translated step label."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent import lang as packs
from agent.server.charts import BUILDERS
from agent.server.charts.common import BAR_SIZES, LONG_BARS
from query_builder.declare import actions, indicators, patterns

ROOT = Path(__file__).resolve().parents[2]


def test_every_action_and_pattern_has_a_chart_builder():
    for name, a in actions().items():
        assert a.chart == "by_pattern" or a.chart in BUILDERS, name
    for name, p in patterns().items():
        assert p.chart in BUILDERS, name
    assert any(a.chart == "by_pattern" for a in actions().values())
    for name, i in indicators().items():
        assert i.panel in ("price", "below"), name
    assert indicators()["rsi"].levels == (30.0, 70.0)


@pytest.mark.parametrize("code", packs.codes())
def test_chart_texts_are_in_every_pack(code):
    ui = packs.get(code, "ui")
    kinds = {a.chart for a in actions().values()} | {p.chart for p in patterns().values()}
    # compare_periods draws a "compare" chart (one line per period); drawdown and tool candles are
    # the kinds a stats answer and a tool answer turn into
    kinds = (kinds - {"by_pattern", "compare_periods"}) | {"drawdown", "tool_candles", "compare"}
    assert kinds <= set(ui["chart_kind"]), kinds - set(ui["chart_kind"])
    sizes = {g for _, g in BAR_SIZES} | {LONG_BARS}
    assert sizes <= set(ui["bar_size"])
    charts = "".join(p.read_text() for p in (ROOT / "agent" / "server" / "charts").glob("*.py"))
    reasons = set(re.findall(r'none\("(\w+)"', charts))
    assert reasons and reasons <= set(ui["chart_none"])
    # the legend labels the builders pass to line()/markers() and write as "label": ...
    labels = {"high", "low", "drawdown", "event", "gap", "volume_spike", "mean", "close"}
    labels |= set(re.findall(r'"label": "(\w+)"', charts))
    assert labels and labels - {""} <= set(ui["legend"]), labels - set(ui["legend"])
    for i in indicators().values():
        assert set(i.columns) <= set(ui["legend"]), i.name
        if i.panel == "below":
            assert i.name in ui["axis"], i.name


@pytest.mark.parametrize("code", packs.codes())
def test_every_graph_node_has_a_step_label(code):
    from graph import build_graph

    from agent.server.events import INTERNAL_NODES

    nodes = set(build_graph().get_graph().nodes) - {"__start__", "__end__"} - INTERNAL_NODES
    labels = packs.get(code, "ui", "agents")
    assert nodes <= set(labels), nodes - set(labels)
    if code != "en":
        assert all(labels[n] != packs.get("en", "ui", "agents")[n] for n in ("no_data", "remember", "clarify"))
