// Paper-trading notifications (fills, fired alerts): follows GET /api/notifications (SSE with ids;
// EventSource resends Last-Event-ID on reconnect, so nothing is missed or shown twice) and shows
// each one as a card in the corner, in the UI language. Self-contained: one <script> in index.html.
"use strict";
(function () {
  const T = {
    en: {fill: "Order filled", alert: "Alert", buy: "buy", sell: "sell", at: "at", bar: "bar",
         reached: "reached at", close: "Dismiss"},
    ru: {fill: "Ордер исполнен", alert: "Алерт", buy: "покупка", sell: "продажа", at: "по", bar: "бар",
         reached: "сработал по", close: "Скрыть"},
    es: {fill: "Orden ejecutada", alert: "Alerta", buy: "compra", sell: "venta", at: "a", bar: "barra",
         reached: "alcanzada a", close: "Cerrar"},
  };
  const lang = () => (localStorage.getItem("askbar.lang") || document.documentElement.lang || "en").slice(0, 2);
  const t = (k) => (T[lang()] || T.en)[k];
  const num = (v) => Number(v).toLocaleString(lang(), {maximumFractionDigits: 6});
  const when = (ts) => String(ts).replace("T", " ").slice(0, 16) + " UTC";
  const seen = new Set();

  function box() {
    let el = document.getElementById("notifications");
    if (!el) {
      el = document.createElement("aside");
      el.id = "notifications";
      el.className = "notifications";
      el.setAttribute("aria-live", "polite");
      document.body.appendChild(el);
    }
    return el;
  }

  function line(n) {
    if (n.kind === "fill") {
      return `${t(n.side)} ${num(n.quantity)} ${n.symbol} ${t("at")} ${num(n.price)} (${n.order_type}) · ${t("bar")} ${when(n.bar_ts)}`;
    }
    return `${n.symbol} ${n.condition} ${num(n.price)} ${t("reached")} ${num(n.fired_price)} · ${t("bar")} ${when(n.bar_ts)}` +
      (n.message ? ` · ${n.message}` : "");
  }

  function show(n) {
    if (seen.has(n.id)) return;
    seen.add(n.id);
    const card = document.createElement("div");
    card.className = "notification";
    card.dataset.kind = n.kind;
    card.dataset.id = n.id;
    const title = document.createElement("div");
    title.className = "notification-title";
    title.textContent = t(n.kind);
    const body = document.createElement("div");
    body.className = "notification-body";
    body.textContent = line(n);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "notification-close";
    close.textContent = "×";
    close.title = t("close");
    close.addEventListener("click", () => card.remove());
    card.append(close, title, body);
    box().prepend(card);
  }

  function start() {
    if (!window.EventSource) return;
    const es = new EventSource("/api/notifications");
    es.addEventListener("notification", (ev) => {
      try { show(JSON.parse(ev.data)); } catch (e) { /* a malformed event is skipped */ }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
