// Bearer tokens for the API: a server with users answers 401 without one; then the UI asks for
// the token (askbar users add NAME prints it), keeps it in this browser and retries once.
"use strict";

const TOKEN_KEY = "askbar.token";

function authHeaders(headers) {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? {...(headers || {}), "Authorization": `Bearer ${token}`} : {...(headers || {})};
}

function askToken(message) {
  const token = window.prompt(message || "This AskBar server needs an API token (askbar users add NAME prints one):");
  if (token && token.trim()) {
    localStorage.setItem(TOKEN_KEY, token.trim());
    return true;
  }
  return false;
}

// fetch() with the stored token; on 401 asks for a token and retries once.
async function apiFetch(url, options) {
  const opts = options || {};
  let resp = await fetch(url, {...opts, headers: authHeaders(opts.headers)});
  if (resp.status === 401) {
    const had = localStorage.getItem(TOKEN_KEY);
    if (had) localStorage.removeItem(TOKEN_KEY);
    if (askToken(had ? "That token was not accepted. API token:" : undefined)) {
      resp = await fetch(url, {...opts, headers: authHeaders(opts.headers)});
    }
  }
  return resp;
}
