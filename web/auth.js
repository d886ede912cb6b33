// Bearer tokens for the API: a server with users answers 401 without one; then the UI asks for
// the token (`askbar users add NAME` prints it) in the browser's prompt, in the UI language, keeps
// it in this browser (localStorage) and retries. Every API call goes through apiFetch; calls that
// get a 401 together share one prompt, and a call that was refused with a token another call has
// since replaced just retries with the new one.
"use strict";

const TOKEN_KEY = "askbar.token";
let tokenAsk = null;

function authHeaders(headers) {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? {...(headers || {}), "Authorization": `Bearer ${token}`} : {...(headers || {})};
}

function askToken(rejected) {
  const message = `${rejected ? t("token_bad") + " " : ""}${t("token_title")}. ${t("token_hint")}`;
  const token = window.prompt(message);
  if (token && token.trim()) {
    localStorage.setItem(TOKEN_KEY, token.trim());
    return true;
  }
  return false;
}

// fetch() with the stored token; on 401 asks for a token and retries (the 401 itself is returned
// when the user cancels the prompt).
async function apiFetch(url, options) {
  const opts = options || {};
  for (;;) {
    const sent = localStorage.getItem(TOKEN_KEY);
    const resp = await fetch(url, {...opts, headers: authHeaders(opts.headers)});
    if (resp.status !== 401) return resp;
    if (tokenAsk) { if (await tokenAsk) continue; return resp; }
    if (localStorage.getItem(TOKEN_KEY) !== sent) continue;
    if (sent) localStorage.removeItem(TOKEN_KEY);
    tokenAsk = Promise.resolve().then(() => askToken(Boolean(sent))).finally(() => { tokenAsk = null; });
    if (!(await tokenAsk)) return resp;
  }
}
