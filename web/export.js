// "Export" under an answered turn: its request as CSV, XLSX or a notebook (GET
// /api/requests/{id}/export), fetched with the bearer token (apiFetch) and saved as a file.
"use strict";

const EXPORT_FORMATS = ["csv", "xlsx", "ipynb"];

function exportButtons(turn, requestId) {
  if (!requestId || turn.root.querySelector(".export")) return;
  const row = el("div", {class: "export", "data-request-id": requestId}, el("span", {text: `${t("export")}:`}));
  for (const fmt of EXPORT_FORMATS) {
    row.append(el("button", {type: "button", class: "export-" + fmt, "data-format": fmt, text: fmt.toUpperCase(),
                             onclick: () => downloadExport(requestId, fmt)}));
  }
  turn.root.append(row);
}

async function downloadExport(requestId, fmt) {
  const resp = await apiFetch(`/api/requests/${encodeURIComponent(requestId)}/export?format=${fmt}`);
  if (!resp.ok) return;
  const link = el("a", {href: URL.createObjectURL(await resp.blob()), download: `askbar-${requestId}.${fmt}`});
  document.body.append(link);
  link.click();
  link.remove();
}
