// The server's chart spec (agent/server/chart.py) as plotly.js traces and layout: one colour and
// legend entry per symbol, a category x axis (trading dates only: no weekend/holiday gaps),
// translated axis titles, RSI 30/70 lines, volume profile with point of control and value area,
// event days marked on the price.
"use strict";

const PALETTE = ["#4fa3ff", "#f2a541", "#3fb97a", "#c678dd", "#e5534b", "#56b6c2"];

function seriesTrace(s, color) {
  switch (s.kind) {
    case "candles":
      return {type: "candlestick", name: s.symbol || s.name, x: s.x, open: s.open, high: s.high,
              low: s.low, close: s.close};
    case "markers":
      return {type: "scatter", mode: "markers", name: t("events"), x: s.x, y: s.y,
              marker: {symbol: "triangle-down", size: 11, color: "#e5534b"}};
    case "hbar":
      return {type: "bar", orientation: "h", name: s.symbol || s.name, x: s.x, y: s.y, width: s.width,
              marker: {color: s.in_value_area.map((v) => (v ? "#4fa3ff" : "#3a4a5c"))}};
    default:
      return {type: "scatter", mode: "lines", name: s.name || s.symbol, x: s.x, y: s.y,
              line: {color, width: 2}};
  }
}

function levelShapes(spec) {
  const shapes = [], notes = [];
  for (const y of spec.hlines || []) {
    shapes.push({type: "line", xref: "paper", x0: 0, x1: 1, y0: y, y1: y,
                 line: {color: "#8a98a8", width: 1, dash: "dash"}});
    notes.push({xref: "paper", x: 1, y, text: String(y), showarrow: false, xanchor: "left",
                font: {size: 10, color: "#8a98a8"}});
  }
  if (spec.value_area) {
    shapes.push({type: "rect", xref: "paper", x0: 0, x1: 1, y0: spec.value_area[0], y1: spec.value_area[1],
                 fillcolor: "rgba(79,163,255,0.10)", line: {width: 0}, layer: "below"});
    notes.push({xref: "paper", x: 1, y: spec.value_area[1], text: t("value_area"), showarrow: false,
                xanchor: "right", yanchor: "bottom", font: {size: 10, color: "#4fa3ff"}});
  }
  if (typeof spec.poc === "number") {
    shapes.push({type: "line", xref: "paper", x0: 0, x1: 1, y0: spec.poc, y1: spec.poc,
                 line: {color: "#f2a541", width: 2}});
    notes.push({xref: "paper", x: 1, y: spec.poc, text: `${t("poc")} ${fmtNumber(spec.poc, LANG)}`,
                showarrow: false, xanchor: "right", yanchor: "bottom", font: {size: 10, color: "#f2a541"}});
  }
  return {shapes, notes};
}

function chartTitle(spec) {
  const kind = tt("chart_kind", spec.kind);
  return spec.title ? `${spec.title} · ${kind}` : kind;
}

function plotChart(div, spec) {
  const traces = spec.series.map((s, i) => seriesTrace(s, PALETTE[i % PALETTE.length]));
  const {shapes, notes} = levelShapes(spec);
  const xaxis = {title: {text: tt("axis", spec.x_axis)}, rangeslider: {visible: false}, automargin: true,
                 gridcolor: "#26303a"};
  if (spec.x_type === "category") Object.assign(xaxis, {type: "category", nticks: 8});
  const yaxis = {title: {text: tt("axis", spec.y_axis)}, automargin: true, gridcolor: "#26303a"};
  if (spec.y_range) yaxis.range = spec.y_range;
  if (spec.y_axis === "pct_from_start") yaxis.ticksuffix = "%";
  const layout = {title: {text: chartTitle(spec), font: {size: 13}}, height: 320,
    paper_bgcolor: "#161c23", plot_bgcolor: "#161c23", font: {color: "#dfe6ee"},
    separators: sepOf(LANG)[1] + (sepOf(LANG)[0] === " " ? "\u00a0" : sepOf(LANG)[0]),
    margin: {l: 55, r: 30, t: 36, b: 40}, xaxis, yaxis, shapes, annotations: notes,
    showlegend: traces.length > 1, legend: {orientation: "h", y: -0.25}, bargap: 0.05};
  div.dataset.kind = spec.kind;
  Plotly.newPlot(div, traces, layout, {displayModeBar: false, responsive: true});
}
