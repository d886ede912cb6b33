"""Every chart names every series and ticks session axes on whole sessions: each answer kind's
chart spec (agent/server/charts/, built from the graph's answer on both engines) gives every series
a legend label of every pack or a name of its own, and web/chart.js (run by node with a stand-in
Plotly, tests/web/chart_traces.mjs) draws every trace named, every line in the legend (an event
study's paths under one entry) and, on axes counted in sessions, ticks at whole sessions."""
from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

from agent import lang as packs
from agent.server.charts import chart_payload
from agent.server.charts.common import MAX_SESSION_TICKS, SESSION_AXES
from agent.server.ui_texts import script
from tests.agents.conftest import make_session

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = {
    "after_events": "What happened 5 days after SPX fell more than 3% in 2020",
    "compare": "Compare SPX in 2019 and 2020",
    "price_levels": "support and resistance levels for SPY in March 2024",
    "candles": "Highest and lowest price of SPX in 2020",    # the stats chart with its extremes marked
    "drawdown": "Max drawdown of SPX in 2020",
    "events": "The 3 largest daily falls of SPX in 2020",
    "gaps": "Gaps of SPY from March to May 2024",
    "volume_spikes": "Volume spikes of SPX in 2020",
    "hourly_profile": "Hourly profile of SPY in March 2024",
    "volume_profile": "Volume profile of SPY in March 2024",
    "indicator": "MACD of SPY in April 2024",
    "volume_rank": "The 5 highest volume days of SPX in 2020",
    "backtest": "Backtest buying SPX after a 3% fall and selling after 5 sessions in 2020",
    "intraday": "NQ intraday on 2023-11-29",
}


def _spec(session, store, question: str) -> dict:
    thread = f"charts-{uuid.uuid4().hex[:8]}"
    out = session.ask(question, thread_id=thread, now="2024-06-15")
    assert out.status == "answered", (question, out.response)
    return chart_payload(session.graph.get_state(session._config(thread)).values, store)


def _drawn(specs: list[dict], lang: str, width: int, tmp_path: Path) -> list[dict]:
    tables = tmp_path / "tables.js"
    tables.write_text(script(), encoding="utf-8")
    out = subprocess.run(["node", str(ROOT / "tests" / "web" / "chart_traces.mjs"), str(ROOT / "web"), str(tables),
                          lang, str(width)], input=json.dumps(specs), capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _check_spec(spec: dict) -> None:
    for s in spec["series"]:
        label = s.get("label")
        if label:
            for code in packs.codes():
                assert label in packs.get(code, "ui", "legend"), (spec["kind"], code, label)
        else:
            assert s.get("name"), (spec["kind"], s)
    if spec["x_axis"] in SESSION_AXES:
        xs = [x for s in spec["series"] for x in s["x"]]
        assert all(isinstance(x, int) for x in xs) and isinstance(spec["x_dtick"], int) and spec["x_dtick"] >= 1
        assert (max(xs) - min(xs)) / spec["x_dtick"] <= MAX_SESSION_TICKS and spec["x_tick0"] == min(xs)


def _check_drawn(spec: dict, drawn: dict) -> None:
    traces, layout = drawn["traces"], drawn["layout"]
    assert all(isinstance(t.get("name"), str) and t["name"].strip() for t in traces), spec["kind"]
    lines = [t for t in traces if t.get("type") == "scatter" and t.get("mode", "").startswith("lines")]
    if layout["showlegend"]:
        shown = {t.get("legendgroup") for t in traces if t.get("showlegend") is not False}
        for t in lines:            # a line is in the legend itself or under its group's entry
            assert t.get("showlegend") is not False or t.get("legendgroup") in shown, (spec["kind"], t["name"])
    if spec["x_axis"] in SESSION_AXES:
        x = layout["xaxis"]
        assert x["tickmode"] == "linear" and x["dtick"] == spec["x_dtick"] and float(x["tick0"]).is_integer()


def test_every_series_named_and_sessions_ticked_whole(loaded_store, tmp_path):
    session = make_session(loaded_store, tmp_path)
    specs = []
    for kind, question in QUESTIONS.items():
        spec = _spec(session, loaded_store, question)
        assert spec["kind"] == kind, (question, spec.get("none"))
        _check_spec(spec)
        specs.append(spec)
    after = specs[0]
    assert after["x_dtick"] == 1 and after["x_tick0"] == 0       # five sessions after each event: 0..5
    assert len([s for s in after["series"] if s.get("role") == "event"]) >= 2
    for lang, width in (("en", 1280), ("ru", 390), ("es", 1280)):
        drawn = _drawn(specs, lang, width, tmp_path)
        for spec, d in zip(specs, drawn):
            _check_drawn(spec, d)
        events = [t for t in drawn[0]["traces"] if t.get("legendgroup") == "event"]
        dates = [s["name"] for s in after["series"] if s.get("role") == "event"]
        assert [t["meta"] for t in events] == dates                     # each path's date on hover
        assert {t["name"] for t in events} == {packs.get(lang, "ui", "legend")["event"]}
        assert [t["showlegend"] for t in events] == [True] + [False] * (len(events) - 1)
