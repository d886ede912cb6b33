// The server's chart spec (agent/server/charts/, one builder per answer kind) as plotly.js traces
// and layout. Every word on it comes from the language packs (tables axis, legend, chart_kind,
// bar_size, chart_none): titles, axes and legends read in the user's language. Series with
// panel "below" go in a second panel under the price (yaxis2) with the spec's levels; markers
// show their own value (a % change, a gap, a volume multiple "2.04×") on hover.
"use strict";

const PALETTE = ["#4fa3ff", "#f2a541", "#3fb97a", "#c678dd", "#e5534b", "#56b6c2"];
const MARKER_STYLE = {
  high: {symbol: "triangle-down", color: "#3fb97a"}, low: {symbol: "triangle-up", color: "#e5534b"},
  up: {symbol: "triangle-up", color: "#3fb97a"}, down: {symbol: "triangle-down", color: "#e5534b"},
};

// A marker's value as the answer writes it: 2.04× for a multiple, signed % for a change.
function fmtValue(v, kind) {
  if (typeof v !== "number") return "";
  if (kind === "multiple") return `${fmtNumber(v, LANG)}×`;
  if (kind === "pct") return fmtPercent(v, LANG, true);
  if (kind === "volume") return fmtVolume(v, LANG);
  return fmtNumber(v, LANG);
}

// A series' legend entry: its own name, else its label in the user's language (the title already
// names the symbol, so labelled series do not repeat it: the legend stays one line on a phone);
// a series with neither is named by its symbol, so no trace is ever unnamed.
function legendName(s) {
  if (s.name && !s.label) return s.name;
  return (s.label && tt("legend", s.label)) || s.name || s.symbol || s.kind;
}

// Series of one group (an event study's paths) share one legend entry: the first one's.
function oneEntryPerGroup(traces) {
  const seen = new Set();
  for (const tr of traces) {
    if (!tr.legendgroup) continue;
    tr.showlegend = !seen.has(tr.legendgroup);
    seen.add(tr.legendgroup);
  }
  return traces;
}

function markerTrace(s) {
  const style = MARKER_STYLE[s.marker] || {symbol: "circle", color: "#f2a541"};
  const dirs = s.directions || [];
  const text = (s.values || []).map((v, i) => `${(s.dates || [])[i] || s.x[i]}: ${fmtValue(v, s.value_kind)}`);
  const colors = s.marker ? style.color : dirs.map((d) => (MARKER_STYLE[d] || style).color);
  const symbols = s.marker ? style.symbol : dirs.map((d) => (MARKER_STYLE[d] || style).symbol);
  return {type: "scatter", mode: "markers", name: legendName(s), x: s.x, y: s.y, text, hoverinfo: "text+name",
          marker: {symbol: symbols, size: 12, color: colors, line: {width: 1, color: "#161c23"}}};
}

function seriesTrace(s, color) {
  const below = s.panel === "below" ? {yaxis: "y2"} : {};
  switch (s.kind) {
    case "candles":
      return {type: "candlestick", name: s.symbol || s.name, x: s.x, open: s.open, high: s.high,
              low: s.low, close: s.close, ...below};
    case "markers":
      return markerTrace(s);
    case "hbar":
      return {type: "bar", orientation: "h", name: legendName(s), x: s.x, y: s.y, width: s.width,
              marker: {color: s.in_value_area.map((v) => (v ? "#4fa3ff" : "#3a4a5c"))}};
    case "bar": {
      const colors = s.signed ? s.y.map((v) => (v >= 0 ? "#3fb97a" : "#e5534b")) : (s.color || color);
      // x_table: the categories are keys of a pack table (model / baseline), shown translated
      const x = s.x_table ? s.x.map((k) => tt(s.x_table, k)) : s.x;
      return {type: "bar", name: legendName(s), x, y: s.y, marker: {color: colors}, ...below};
    }
    default: {
      const mean = s.role === "mean", event = s.role === "event";
      // an event's path: "event days" in the legend (one entry for all), its own date on hover
      const own = event ? {legendgroup: "event", meta: s.name,
                           hovertemplate: `${s.name}: %{y:.2f}%<extra></extra>`} : {};
      return {type: "scatter", mode: s.x.length === 2 && s.label === "drawdown" ? "lines+markers" : "lines",
              name: legendName(s), x: s.x, y: s.y, ...own,
              line: {color: mean ? "#f2a541" : event ? "rgba(79,163,255,0.35)" : color,
                     width: mean ? 3 : event ? 1 : 2, dash: s.label === "drawdown" ? "dot" : "solid"},
              ...below};
    }
  }
}

function hline(y, yref) {
  return {type: "line", xref: "paper", yref, x0: 0, x1: 1, y0: y, y1: y, line: {color: "#8a98a8", width: 1, dash: "dash"}};
}

function levelShapes(spec) {
  const shapes = [], notes = [];
  for (const y of spec.hlines || []) shapes.push(hline(y, "y"));
  const levelRef = spec.y2_axis ? "y2" : "y";
  for (const y of spec.levels || []) {
    shapes.push(hline(y, levelRef));
    notes.push({xref: "paper", yref: levelRef, x: 1, y, text: fmtNumber(y, LANG, 0), showarrow: false,
                xanchor: "left", font: {size: 10, color: "#8a98a8"}});
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
  if (spec.span) {   // the drawdown: peak to trough
    shapes.push({type: "rect", xref: "x", yref: "paper", x0: spec.span[0], x1: spec.span[1], y0: 0, y1: 1,
                 fillcolor: "rgba(229,83,75,0.12)", line: {width: 0}, layer: "below"});
  }
  return {shapes, notes};
}

function axisTitle(key, spec) {
  const text = tt("axis", key);
  if (key === "hour" || (key === "date" && spec.tz)) return `${text} (${spec.tz})`;
  return text;
}

function chartTitle(spec) {
  let kind = tt("chart_kind", spec.kind);
  if (spec.kind === "indicator" && spec.indicator) {
    kind = `${spec.indicator.toUpperCase()}${spec.window ? ` (${spec.window})` : ""}`;
  }
  const size = spec.bar_size ? ` · ${tt("bar_size", spec.bar_size)}` : "";
  return (spec.title ? `${spec.title} · ${kind}` : kind) + size;
}

function chartLayout(spec, traces) {
  const xaxis = {title: {text: axisTitle(spec.x_axis, spec)}, rangeslider: {visible: false}, automargin: true,
                 gridcolor: "#26303a"};
  if (spec.x_type === "category") Object.assign(xaxis, {type: "category", nticks: 8});
  // sessions counted on the axis: a tick on whole sessions only (plotly's own steps fall at 0.5)
  if (spec.x_dtick) Object.assign(xaxis, {tickmode: "linear", tick0: spec.x_tick0 || 0, dtick: spec.x_dtick});
  const yaxis = {title: {text: axisTitle(spec.y_axis, spec)}, automargin: true, gridcolor: "#26303a"};
  if (spec.y_range) yaxis.range = spec.y_range;
  if (["pct_from_start", "pct_from_event"].includes(spec.y_axis)) yaxis.ticksuffix = "%";
  const {shapes, notes} = levelShapes(spec);
  const layout = {title: {text: chartTitle(spec), font: {size: 13}, y: 0.98, yanchor: "top"},
    height: spec.y2_axis ? 440 : 340,
    paper_bgcolor: "#161c23", plot_bgcolor: "#161c23", font: {color: "#dfe6ee"},
    separators: sepOf(LANG)[1] + (sepOf(LANG)[0] === " " ? "\u00a0" : sepOf(LANG)[0]),
    margin: {l: 55, r: 30, t: 60, b: 40}, xaxis, yaxis, shapes, annotations: notes,
    showlegend: spec.kind !== "hourly_profile" &&   // its two panels are named by their axes
      (traces.filter((tr) => tr.showlegend !== false).length > 1 || spec.kind === "after_events"),
    // the legend above the plot (under the title): below it, tilted date ticks and the axis title
    // would run into it on a phone
    legend: {orientation: "h", x: 0, y: 1.02, yanchor: "bottom", font: {size: 11}},
    bargap: 0.05, barmode: spec.barmode || "group"};
  if (spec.y2_axis) {   // the x axis under the lower panel, shared by both
    yaxis.domain = [0.38, 1];
    xaxis.anchor = "y2";
    layout.yaxis2 = {domain: [0, 0.3], anchor: "x", title: {text: tt("axis", spec.y2_axis)}, automargin: true,
                     gridcolor: "#26303a"};
    if (spec.y2_range) layout.yaxis2.range = spec.y2_range;
    if (spec.y2_axis === "avg_return") layout.yaxis2.ticksuffix = "%";
  }
  return layout;
}

// A title broken into lines that fit `width` px (plotly never wraps a title itself; at 13 px a
// character is about 7 px wide): at a phone's width a long title would be clipped.
function wrapTitle(text, width) {
  const per = Math.max(12, Math.floor((width - 20) / 7.5)), lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && (line + " " + word).length > per) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// The layout at the chart's own width: on a narrow screen the x axis shows as many labels as fit
// side by side (about 80 px for a date) without tilting them, so none overlaps or is clipped;
// the title wraps and the top margin grows with its lines.
function fitWidth(layout, width) {
  const lines = wrapTitle(layout.title.text, width);
  layout.title.text = lines.join("<br>");
  layout.margin.t += 16 * (lines.length - 1);
  layout.height += 16 * (lines.length - 1);
  if (width < 700) {
    Object.assign(layout.xaxis, {nticks: Math.max(2, Math.floor((width - 70) / 85)), tickangle: 0,
                                 tickfont: {size: 10}});
    layout.margin.l = 45;
    layout.margin.r = 12;
  }
  return layout;
}

function plotChart(div, spec) {
  const traces = oneEntryPerGroup(spec.series.map((s, i) => seriesTrace(s, PALETTE[i % PALETTE.length])));
  div.dataset.kind = spec.kind;
  if (spec.bar_size) div.dataset.barSize = spec.bar_size;
  const width = div.getBoundingClientRect().width || 600;
  Plotly.newPlot(div, traces, fitWidth(chartLayout(spec, traces), width), {displayModeBar: false, responsive: true});
}
