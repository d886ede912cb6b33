// SSE over fetch (POST bodies, custom headers): parse frames, remember the last event id and
// reconnect to GET /api/runs/{run_id}/stream with Last-Event-ID when the connection drops.
"use strict";

async function readSSE(response, onFrame) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  let frame = {data: []};
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buf += decoder.decode(value, {stream: true});
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl).replace(/\r$/, "");
      buf = buf.slice(nl + 1);
      if (line === "") {
        if (frame.data.length || frame.event) onFrame(frame);
        frame = {data: []};
      } else if (line.startsWith(":")) {
        continue; // ping
      } else {
        const i = line.indexOf(":");
        const field = i < 0 ? line : line.slice(0, i);
        const val = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
        if (field === "data") frame.data.push(val);
        else if (field === "event") frame.event = val;
        else if (field === "id") frame.id = val;
      }
    }
  }
}

// Runs a request whose response is an AskBar run stream. onEvent(name, data, id) for each event.
// Resolves when `done` or `error` arrived; reconnects (up to 5 times) if the stream is cut first.
async function streamRun(url, body, onEvent, onReconnect) {
  let runId = null, lastId = null, finished = false;
  const handle = (f) => {
    const data = f.data.length ? JSON.parse(f.data.join("\n")) : null;
    if (f.id) lastId = f.id;
    const name = f.event || "message";
    if (name === "run_start" && data) runId = data.run_id;
    if (name === "done" || name === "error") finished = true;
    onEvent(name, data, f.id);
  };
  let attempt = 0;
  let request = () => apiFetch(url, {method: "POST", headers: {"Content-Type": "application/json",
    "Accept": "text/event-stream"}, body: JSON.stringify(body)});
  for (;;) {
    try {
      const resp = await request();
      if (!resp.ok) {
        let message = resp.statusText;
        try { const j = await resp.json(); message = (j.error && j.error.message) || message; } catch (e) {}
        onEvent("error", {code: "http_" + resp.status, message}, null);
        return;
      }
      const hdrRun = resp.headers.get("X-Run-Id");
      if (hdrRun) runId = hdrRun;
      await readSSE(resp, handle);
    } catch (e) {
      // network error: fall through to reconnect
    }
    if (finished) return;
    if (!runId || attempt >= 5) {
      onEvent("error", {code: "connection_lost", message: "connection lost"}, null);
      return;
    }
    attempt += 1;
    if (onReconnect) onReconnect(attempt);
    await new Promise((r) => setTimeout(r, 300 * attempt));
    const headers = {"Accept": "text/event-stream"};
    if (lastId) headers["Last-Event-ID"] = lastId;
    request = () => apiFetch(`/api/runs/${runId}/stream`, {headers});
  }
}
