// The start page: the full data coverage (each symbol, its range and bar counts, always visible)
// and example questions built from what is loaded, so no example ends in "no data".
"use strict";

// The month an example asks about: the last month with data, or the one before when the data
// ends in that month's first days (a month with one partial day makes a poor example).
function exampleMonth(first, last) {
  const end = new Date(last + "T00:00:00Z");
  let y = end.getUTCFullYear(), m = end.getUTCMonth();
  if (end.getUTCDate() < 10) {
    const py = m === 0 ? y - 1 : y, pm = m === 0 ? 11 : m - 1;
    if (`${py}-${String(pm + 1).padStart(2, "0")}-28` >= first) { y = py; m = pm; }
  }
  return {y, m};
}

function fill(template, symbol, when) {
  return template.replace("{s}", symbol).replace("{m}", t("months")[when.m]).replace("{y}", String(when.y));
}

// The symbols examples are built from: the real loaded data (synthetic DEMO symbols only when nothing
// real is loaded), freshest data first, so a trader's own recent market is what the chips show.
function exampleSymbols(symbols) {
  const usable = symbols.filter((s) => s.first && s.last);
  const real = usable.filter((s) => !s.synthetic);
  return (real.length ? real : usable).slice().sort((a, b) => (a.last < b.last) - (a.last > b.last));
}

// Example chips: up to two of the user's own frequent questions (memory, their words), then one
// stats question per loaded symbol, an RSI and an intraday profile on symbols that have the bars
// for them, and a concept; no two alike, at most six.
function buildExamples(symbols, asked) {
  const out = [...(asked || []).slice(0, 2)];
  const pool = exampleSymbols(symbols);
  for (const s of pool.slice(0, 3)) out.push(fill(t("ex_stats"), s.symbol, exampleMonth(s.first, s.last)));
  // RSI(14) needs a few weeks of daily bars before the month asked about
  const longRun = pool.find((s) => (s.bars_1d || 0) >= 60);
  if (longRun) out.push(fill(t("ex_rsi"), longRun.symbol, exampleMonth(longRun.first, longRun.last)));
  const intraday = pool.find((s) => (s.bars_1min || 0) > 0);
  if (intraday) out.push(fill(t("ex_profile"), intraday.symbol, exampleMonth(intraday.first, intraday.last)));
  out.push(t("ex_concept"));
  return [...new Set(out)].slice(0, 6);
}

function renderCoverage(symbols) {
  const box = document.getElementById("coverage-list");
  if (!box) return;
  box.textContent = "";
  box.append(el("div", {class: "coverage-title", text: t("coverage")}));
  if (!symbols.length) { box.append(el("p", {class: "muted", text: t("data_none")})); return; }
  const list = el("ul", {class: "coverage-items"});
  for (const s of symbols) {
    const bars = s.bars_1min ? tp("bars_1min", s.bars_1min) : tp("bars_daily", s.bars_1d || 0);
    list.append(el("li", {"data-symbol": s.symbol}, el("b", {text: s.symbol}),
      el("span", {text: ` ${s.first || "?"} ${t("to")} ${s.last || "?"}`}), el("span", {class: "muted", text: ` · ${bars}`})));
  }
  box.append(list);
}

function renderStart(symbols) {
  const head = document.getElementById("coverage");
  if (head) head.textContent = symbols.length ? symbols.map((s) => s.symbol).join(" · ") : t("data_none");
  renderCoverage(symbols);
  const box = document.getElementById("examples");
  if (!box) return;
  box.textContent = "";
  for (const q of buildExamples(symbols, state.asked)) {
    box.append(el("button", {type: "button", class: "suggestion example", text: q, onclick: () => send(q)}));
  }
}

async function loadCoverage() {
  try {
    const data = await getJSON("/api/data");
    state.coverage = (data.symbols || []).map((s) => ({...s, first: s.first && String(s.first).slice(0, 10),
                                                        last: s.last && String(s.last).slice(0, 10)}));
  } catch (e) {
    state.coverage = [];
  }
  try {   // the user's own frequent questions (what they ask), verbatim; only where memory is served
    const features = await getJSON("/api/ui/features");
    const mem = features.memory ? await getJSON("/api/memory") : {};
    state.asked = ((mem.long_term || {}).frequent_questions || []).filter((q) => !/\[(SYMBOL|N)\]/.test(q));
  } catch (e) {
    state.asked = [];
  }
  renderStart(state.coverage);
  document.body.dataset.coverage = "1";
}
