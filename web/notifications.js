// Paper-trading notifications (fills, fired alerts) as they arrive: follows GET /api/notifications
// (SSE with ids) through apiFetch, so the bearer token is sent; reconnects with Last-Event-ID, so
// nothing is missed or shown twice. Each one is a toast in the UI language (the server's `texts`,
// the bar's time in the user's time zone), in a strip of its own between the chat and the input:
// it takes its own room, so it never covers the answer or the input, and hides itself after
// `toast_s` seconds (GET /api/ui/features; the fill stays in the account panel).
"use strict";

const Notifications = {lastId: null, seen: new Set(), toastMs: 8000};

function notificationBox() {
  let box = document.getElementById("notifications");
  if (!box) {
    box = el("aside", {id: "notifications", class: "notifications", "aria-live": "polite"});
    document.getElementById("ask").before(box);
  }
  return box;
}

function notificationLine(n) {
  if (n.texts && n.texts[LANG]) return n.texts[LANG];
  const when = `${t("bar")} ${String(n.bar_ts || "").replace("T", " ").slice(0, 16)} UTC`;
  if (n.kind === "schedule") return `${n.question} · ${String(n.response || "").slice(0, 400)}`;
  if (n.kind === "fill") {
    return `${t(n.side)} ${fmtNumber(n.quantity, LANG, 0)} ${n.symbol} ${t("at")} ${fmtNumber(n.price, LANG)} (${tt("order_types", n.order_type)}) · ${when}`;
  }
  return `${n.symbol} ${n.condition} ${fmtNumber(n.price, LANG)} ${t("reached")} ${fmtNumber(n.fired_price, LANG)} · ${when}` +
    (n.message ? ` · ${n.message}` : "");
}

function showNotification(n) {
  if (Notifications.seen.has(n.id)) return;
  Notifications.seen.add(n.id);
  const card = el("div", {class: "notification", "data-kind": n.kind, "data-id": String(n.id)},
    el("button", {type: "button", class: "notification-close", title: t("dismiss"), "aria-label": t("dismiss"), text: "×",
                  onclick: () => dismiss(n.id, card)}),
    el("div", {class: "notification-title", text: t(n.kind === "fill" ? "notif_fill" : n.kind === "schedule" ? "notif_schedule" : "notif_alert")}),
    el("div", {class: "notification-body", text: notificationLine(n)}));
  card.notification = n;
  notificationBox().prepend(card);
  setTimeout(() => card.remove(), Notifications.toastMs);   // hidden, not dismissed: a reload shows it again
  document.dispatchEvent(new CustomEvent("askbar:notification", {detail: n}));
}

// Dismissed for good: the server keeps it per user, so a reload (or another tab) leaves it out.
async function dismiss(id, card) {
  card.remove();
  try {
    await apiFetch(`/api/notifications/${encodeURIComponent(id)}/dismiss`, {method: "POST"});
  } catch (e) { /* shown again on the next load: nothing is lost */ }
}

async function followNotifications() {
  let failures = 0;   // back off while the server fails; reconnect at once-ish after a clean end
  for (;;) {
    const headers = {"Accept": "text/event-stream"};
    if (Notifications.lastId) headers["Last-Event-ID"] = Notifications.lastId;
    try {
      const resp = await apiFetch("/api/notifications", {headers});
      if (resp.status === 404) return;   // a build without notifications
      if (resp.ok) {
        failures = 0;
        await readSSE(resp, (f) => {
          if (f.id) Notifications.lastId = f.id;
          if (f.event !== "notification" || !f.data.length) return;
          try { showNotification(JSON.parse(f.data.join("\n"))); } catch (e) { /* a malformed event is skipped */ }
        });
      } else {
        failures += 1;
      }
    } catch (e) { failures += 1; /* dropped: reconnect below */ }
    await new Promise((r) => setTimeout(r, Math.min(1000 * (failures + 1), 15000)));
  }
}

document.addEventListener("DOMContentLoaded", async () => {
  try {
    const features = await getJSON("/api/ui/features");
    if (features.toast_s) Notifications.toastMs = features.toast_s * 1000;
    if (features.notifications) followNotifications();
  } catch (e) { /* no notifications on this build */ }
});
// panels follow what a notification changed (a fill empties the pending orders)
document.addEventListener("askbar:notification", () => { if (typeof refreshPanels === "function" && Panels.features) refreshPanels(); });
// a language switch re-words the toasts on screen
document.addEventListener("askbar:lang", () => {
  document.querySelectorAll(".notification").forEach((card) => {
    const n = card.notification;
    if (!n) return;
    card.querySelector(".notification-title").textContent = t(n.kind === "fill" ? "notif_fill" : "notif_alert");
    card.querySelector(".notification-body").textContent = notificationLine(n);
    card.querySelector(".notification-close").title = t("dismiss");
  });
});
