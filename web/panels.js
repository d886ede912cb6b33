// The account side panel: watchlist, pending orders, paper portfolio, alerts, and "what I remember
// about you" with a forget button. A panel shows only when its endpoint is part of this build
// (GET /api/ui/features, then GET /api/tools for the tools the user's plan allows); a 404 or
// TOOL_NOT_FOUND hides it, so a build without a feature shows nothing and logs nothing.
"use strict";

const Panels = {features: null, tools: new Set()};

async function callTool(name, args) {
  const resp = await apiFetch(`/api/tools/${name}`, {method: "POST", headers: {"Content-Type": "application/json"},
                                                     body: JSON.stringify(args || {})});
  if (resp.status === 404) return null;
  const result = await resp.json();
  if (result && result.error && result.error.code === "TOOL_NOT_FOUND") return null;
  return result;
}

function panel(id, titleKey) {
  const body = el("div", {class: "panel-body"});
  const box = el("section", {id, class: "panel", hidden: ""}, el("h3", {"data-i18n": titleKey, text: t(titleKey)}), body);
  document.getElementById("side-panels").append(box);
  return {box, body};
}

function show(p, ...nodes) {
  p.body.textContent = "";
  p.body.append(...nodes.filter((n) => n != null));
  p.box.hidden = false;
  document.body.dataset.side = "1";
}

function errorLine(result) {
  return el("p", {class: "error", text: (result.error && result.error.message) || t("error")});
}

function list(items, render) {
  if (!items.length) return el("p", {class: "muted", text: t("nothing")});
  const ul = el("ul", {class: "panel-list"});
  for (const it of items) ul.append(render(it));
  return ul;
}

async function loadWatchlist(p, result) {
  result = result || await callTool("get_watchlist");
  if (!result) { p.box.hidden = true; return; }
  if (!result.success) { show(p, errorLine(result)); return; }
  const input = el("input", {class: "watch-input", placeholder: t("symbol_ph"), "aria-label": t("symbol_ph"), maxlength: "20"});
  const form = el("form", {class: "watch-add"}, input, el("button", {type: "submit", text: t("add")}));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const symbol = input.value.trim();
    if (symbol) loadWatchlist(p, await callTool("add_to_watchlist", {symbol}));
  });
  const symbols = (result.data && result.data.symbols) || [];
  show(p, list(symbols, (s) => el("li", {"data-symbol": s}, el("span", {text: s}),
    el("button", {type: "button", class: "remove", title: t("remove"), "aria-label": `${t("remove")} ${s}`, text: "×",
                  onclick: async () => loadWatchlist(p, await callTool("remove_from_watchlist", {symbol: s}))}))), form);
}

function orderText(o) {
  const price = o.limit_price ?? o.stop_price;
  return `${t(o.side)} ${fmtNumber(o.quantity, LANG, 0)} ${o.symbol} · ${tt("order_types", o.order_type)}` +
         (price != null ? ` ${t("at")} ${fmtNumber(price, LANG)}` : "");
}

async function loadOrders(p) {
  const result = await callTool("get_pending_orders");
  if (!result) { p.box.hidden = true; return; }
  if (!result.success) { show(p, errorLine(result)); return; }
  show(p, list((result.data && result.data.orders) || [], (o) => el("li", {"data-id": o.order_id, text: orderText(o)})));
}

async function loadPortfolio(p) {
  const result = await callTool("get_portfolio");
  if (!result) { p.box.hidden = true; return; }
  if (!result.success) { show(p, errorLine(result)); return; }
  const a = result.data || {};
  const pnl = (a.realized_pnl || 0) + (a.unrealized_pnl || 0);
  show(p, el("p", {class: "account-line", text: `${t("cash")} ${fmtNumber(a.cash ?? 0, LANG)} · ${t("equity")} ${fmtNumber(a.equity ?? 0, LANG)} · ${t("pnl")} ${fmtNumber(pnl, LANG)}`}),
       list(a.positions || [], (pos) => el("li", {"data-symbol": pos.symbol,
         text: `${pos.symbol} ${fmtNumber(pos.quantity, LANG, 0)} @ ${fmtNumber(pos.avg_price, LANG)}`})));
}

async function loadAlerts(p) {
  const result = await callTool("list_alerts");
  if (!result) { p.box.hidden = true; return; }
  if (!result.success) { show(p, errorLine(result)); return; }
  show(p, list((result.data && result.data.alerts) || [], (a) => el("li", {"data-id": a.alert_id, "data-status": a.status,
    text: `${a.symbol} ${tt("conditions", a.condition)} ${fmtNumber(a.price, LANG)}${a.message ? " · " + a.message : ""} · ${tt("alert_status", a.status)}`})));
}

// A remembered question template in words: its placeholders ([SYMBOL], [N]) read as "a symbol",
// "a number" in the UI language.
function questionWords(q) {
  return String(q).replace(/\[SYMBOL\]/g, t("mem_symbol")).replace(/\[N\]/g, t("mem_number"))
    .replace(/\s+/g, " ").trim();
}

// A remembered strategy topic ("after_events NQ 2023-11") in words.
function topicWords(s) {
  const text = s.name || s.description || "";
  const [head, ...rest] = String(text).split(" ");
  const known = (I18N[LANG].analysis || {})[head] || (I18N.en.analysis || {})[head];
  return known ? [known, ...rest].join(" ") : text;
}

function preferenceLines(prefs) {
  const rows = [];
  if (prefs.usual_symbol) rows.push([t("mem_usual_symbol"), String(prefs.usual_symbol)]);
  if ((prefs.statements || []).length) rows.push([t("mem_said"), prefs.statements.map((x) => `«${x}»`).join(" · ")]);
  return rows;
}

function memoryLines(m) {
  const lt = (m && m.long_term) || {};
  const rows = [];
  if ((lt.favorite_symbols || []).length) rows.push([t("favorites"), lt.favorite_symbols.join(", ")]);
  if (lt.trading_style) rows.push([t("style"), tt("styles", lt.trading_style)]);
  if ((lt.frequent_questions || []).length) rows.push([t("questions"), lt.frequent_questions.slice(0, 5).map(questionWords).join(" · ")]);
  if ((lt.recent_strategies || []).length) rows.push([t("mem_asked_about"), lt.recent_strategies.map(topicWords).join(" · ")]);
  if ((lt.notes || []).length) rows.push([t("notes"), lt.notes.map((n) => n.text || String(n)).join(" · ")]);
  rows.push(...preferenceLines(lt.preferences || {}));
  return rows;
}

async function loadMemory(p, note) {
  const resp = await apiFetch("/api/memory");
  if (resp.status === 404) { p.box.hidden = true; return; }
  const m = await resp.json();
  const rows = memoryLines(m);
  const forget = el("button", {type: "button", id: "forget", class: "danger", text: t("forget"), onclick: async () => {
    const del = await apiFetch("/api/memory", {method: "DELETE"});
    loadMemory(p, del.ok ? t("forgotten") : t("error"));
  }});
  show(p, rows.length ? el("dl", {class: "memory"}, ...rows.flatMap(([k, v]) => [el("dt", {text: k}), el("dd", {text: v})]))
                      : el("p", {class: "muted", text: t("nothing")}),
       note ? el("p", {class: "muted forget-note", text: note}) : null, forget);
}

const PANEL_DEFS = [
  ["panel-watchlist", "watchlist", "get_watchlist", loadWatchlist],
  ["panel-orders", "orders", "get_pending_orders", loadOrders],
  ["panel-portfolio", "portfolio", "get_portfolio", loadPortfolio],
  ["panel-alerts", "alerts", "list_alerts", loadAlerts],
];

async function refreshPanels() {
  const jobs = [];
  for (const [id, , tool, load] of PANEL_DEFS) {
    const box = document.getElementById(id);
    if (box && Panels.tools.has(tool)) jobs.push(load({box, body: box.querySelector(".panel-body")}));
  }
  const mem = document.getElementById("panel-memory");
  if (mem && Panels.features && Panels.features.memory) jobs.push(loadMemory({box: mem, body: mem.querySelector(".panel-body")}));
  await Promise.allSettled(jobs);
}

async function initPanels() {
  try {
    Panels.features = await getJSON("/api/ui/features");
    if (Panels.features.tools) {
      const listed = await getJSON("/api/tools");
      for (const tool of listed.tools || []) Panels.tools.add(tool.name);
    }
  } catch (e) {
    Panels.features = {};
  }
  for (const [id, key, tool] of PANEL_DEFS) if (Panels.tools.has(tool)) panel(id, key);
  if (Panels.features.memory) panel("panel-memory", "memory");
  await refreshPanels();
  document.body.dataset.panels = "1";
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("side-toggle").addEventListener("click", () => document.body.classList.toggle("side-open"));
  initPanels();
});
// an answer may have changed the watchlist, orders, alerts or what is remembered
document.addEventListener("askbar:answered", () => { if (Panels.features) refreshPanels(); });
