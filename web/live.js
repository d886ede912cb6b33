// The live price line under the header: for each symbol in view (the answers on screen name them,
// newest first) its last price, the change against the previous close and the bar's time and age,
// from GET /api/quotes every few seconds (`live_poll_s`, GET /api/ui/features), so bars pushed by a
// feed (POST /api/bars) move it; a symbol whose feed has gone quiet is marked (data-quiet="1").
"use strict";

const Live = {symbols: [], quotes: {}, pollMs: 2000, timer: null, busy: false, max: 6, on: false};

function liveBox() {
  let box = document.getElementById("live-line");
  if (!box) {
    box = el("div", {id: "live-line", class: "live-line", role: "status", "aria-label": t("live_title")});
    document.querySelector("header.top").after(box);
  }
  return box;
}

// The instruments an answer is about: the symbols its reading named, then its claims'.
function symbolsOf(data) {
  const intent = (data && data.intent) || {};
  const named = [...(intent.symbols || []), intent.symbol, ...((data && data.claims) || []).map((c) => c.symbol)];
  return [...new Set(named.filter((s) => typeof s === "string" && s))];
}

function liveItem(symbol, q) {
  const item = el("span", {class: "live-item", "data-symbol": symbol}, el("b", {text: symbol}));
  if (!q || !q.bar) {
    item.append(el("span", {class: "muted", text: " —"}));
    return item;
  }
  item.dataset.quiet = q.quiet ? "1" : "0";
  item.append(el("span", {class: "live-price", text: " " + fmtNumber(q.close, LANG)}));
  if (typeof q.change_pct === "number") {
    item.append(el("span", {class: "live-change " + (q.change_pct >= 0 ? "up" : "down"),
                            text: " " + fmtPercent(q.change_pct, LANG)}));
  }
  item.append(el("span", {class: "live-asof", text: " · " + q.as_of}));
  if (q.quiet) item.append(el("span", {class: "live-quiet", text: t("live_quiet")}));
  return item;
}

function renderLive() {
  if (!Live.symbols.length) return;
  const box = liveBox();
  box.setAttribute("aria-label", t("live_title"));
  box.replaceChildren(...Live.symbols.map((s) => liveItem(s, Live.quotes[s])));
}

async function pollLive() {
  if (!Live.on || !Live.symbols.length || Live.busy) return;
  clearTimeout(Live.timer);
  Live.busy = true;
  try {
    const asked = Live.symbols.join(",");
    const data = await getJSON(`/api/quotes?symbols=${encodeURIComponent(asked)}&lang=${encodeURIComponent(LANG)}`);
    for (const q of data.quotes || []) Live.quotes[q.symbol] = q;
    renderLive();
  } catch (e) { /* the next poll tries again */ }
  Live.busy = false;
  Live.timer = setTimeout(pollLive, Live.pollMs);
}

function showSymbols(symbols) {
  if (!symbols.length) return;
  Live.symbols = [...symbols, ...Live.symbols.filter((s) => !symbols.includes(s))].slice(0, Live.max);
  renderLive();
  pollLive();
}

document.addEventListener("askbar:symbols", (e) => showSymbols(e.detail || []));
document.addEventListener("askbar:lang", () => { renderLive(); pollLive(); });
document.addEventListener("DOMContentLoaded", async () => {
  try {
    const features = await getJSON("/api/ui/features");
    if (!features.quotes) return;
    if (features.live_poll_s) Live.pollMs = features.live_poll_s * 1000;
    Live.on = true;
    pollLive();
  } catch (e) { /* no price line on this build */ }
});
