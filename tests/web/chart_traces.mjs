// web/chart.js run outside a browser: the chart specs read from stdin (a JSON list) are drawn
// with a stand-in Plotly that keeps what it was given; prints [{traces, layout}] as JSON.
// usage: node chart_traces.mjs WEB_DIR I18N_TABLES_JS LANG WIDTH < specs.json
import fs from "node:fs";
import vm from "node:vm";

const [web, tables, lang, width] = process.argv.slice(2);
const plotted = [];
const ctx = vm.createContext({
  localStorage: {getItem: () => lang}, navigator: {language: lang}, Intl, console,
  window: {addEventListener: () => {}}, document: {addEventListener: () => {}, querySelectorAll: () => []},
  Plotly: {newPlot: (div, traces, layout) => plotted.push({traces, layout})},
});
for (const file of [tables, `${web}/i18n.js`, `${web}/format.js`, `${web}/chart.js`]) {
  vm.runInContext(fs.readFileSync(file, "utf8"), ctx, {filename: file});
}
const plot = vm.runInContext("plotChart", ctx);
for (const spec of JSON.parse(fs.readFileSync(0, "utf8"))) {
  plot({dataset: {}, getBoundingClientRect: () => ({width: Number(width)})}, spec);
}
process.stdout.write(JSON.stringify(plotted));
