// Bearer tokens for the API: a server with users answers 401 without one; then the page asks for
// the token (`askbar users add NAME` prints it) in a small form, keeps it in this browser
// (localStorage) and retries. Every API call goes through apiFetch.
"use strict";

const TOKEN_KEY = "askbar.token";
let tokenAsk = null;   // one form at a time, however many calls got a 401 together

function authHeaders(headers) {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? {...(headers || {}), "Authorization": `Bearer ${token}`} : {...(headers || {})};
}

function askToken(rejected) {
  if (tokenAsk) return tokenAsk;
  tokenAsk = new Promise((resolve) => {
    const input = el("input", {id: "token-input", type: "password", autocomplete: "off", "aria-label": t("token_label"),
                               placeholder: t("token_label")});
    const form = el("form", {id: "token-form", class: "token-form"},
      el("div", {class: "interrupt-title", text: t("token_title")}),
      rejected ? el("p", {class: "error", text: t("token_bad")}) : null,
      el("p", {class: "muted", text: t("token_hint")}), input,
      el("button", {type: "submit", id: "token-save", text: t("token_save")}));
    const overlay = el("div", {id: "token-dialog", class: "overlay", role: "dialog", "aria-modal": "true"}, form);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const token = input.value.trim();
      if (!token) return;
      localStorage.setItem(TOKEN_KEY, token);
      overlay.remove();
      tokenAsk = null;
      resolve(true);
    });
    document.body.append(overlay);
    input.focus();
  });
  return tokenAsk;
}

// fetch() with the stored token; on 401 asks for a token (again, if the stored one was refused)
// and retries until the server accepts one.
async function apiFetch(url, options) {
  const opts = options || {};
  for (;;) {
    const resp = await fetch(url, {...opts, headers: authHeaders(opts.headers)});
    if (resp.status !== 401) return resp;
    const had = localStorage.getItem(TOKEN_KEY);
    if (had) localStorage.removeItem(TOKEN_KEY);
    await askToken(Boolean(had));
  }
}
