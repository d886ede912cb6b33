// The chat: ask, stream the run's events into a Turn, answer interrupts by clicking a suggestion.
"use strict";

const state = {threadId: sessionStorage.getItem("askbar.thread") || null, waiting: false, busy: false};

function setThread(id) {
  state.threadId = id;
  if (id) sessionStorage.setItem("askbar.thread", id); else sessionStorage.removeItem("askbar.thread");
}

function renderExamples() {
  const box = document.getElementById("examples");
  box.textContent = "";
  for (const q of I18N[LANG].examples) {
    box.append(el("button", {type: "button", class: "suggestion example", text: q, onclick: () => send(q)}));
  }
}

async function loadCoverage() {
  try {
    const data = await (await apiFetch("/api/data")).json();
    const text = data.symbols.length
      ? data.symbols.map((s) => `${s.symbol} ${s.first || ""}…${s.last || ""}`).join(" · ")
      : t("data_none");
    const span = document.getElementById("coverage");
    span.textContent = text;
    span.title = text;
  } catch (e) { /* the chat works without it */ }
}

function handle(turn, name, data) {
  switch (name) {
    case "run_start": setThread(data.thread_id); break;
    case "step_start": turn.step(data.agent); break;
    case "plan_created": turn.planCreated(data); break;
    case "sql_executed": turn.sqlExecuted(data); break;
    case "validation": turn.validation(data); break;
    case "text_delta": turn.delta(data.content); break;
    case "clarification_needed": case "no_data": case "confirm_plan":
      state.waiting = true;
      turn.interrupt(name, data, (s) => send(s));
      break;
    case "done": turn.finish(data); break;
    case "error": turn.fail(data); break;
  }
}

async function send(text) {
  text = (text || "").trim();
  if (!text || state.busy) return;
  document.getElementById("empty")?.remove();
  const log = document.getElementById("log");
  const input = document.getElementById("question");
  input.value = "";
  state.busy = true;
  document.body.dataset.busy = "1";
  const turn = new Turn(log, text);
  const resume = state.waiting && state.threadId;
  state.waiting = false;
  const url = resume ? `/api/chat/${encodeURIComponent(state.threadId)}/resume` : "/api/chat";
  const body = resume ? {answer: text} : {question: text, thread_id: state.threadId || undefined};
  let result = null;
  await streamRun(url, body, (name, data) => {
    if (name === "done") result = data;
    handle(turn, name, data);
    log.scrollTop = log.scrollHeight;
  }, () => { turn.status.textContent = t("reconnecting"); });
  if (result) {
    turn.details();
    if (result.status === "answered") {
      turn.claims(result.claims);
      try {
        const chart = await (await apiFetch(`/api/threads/${encodeURIComponent(result.thread_id)}/chart`)).json();
        turn.chart(chart);
      } catch (e) { /* no chart */ }
    }
  }
  state.busy = false;
  delete document.body.dataset.busy;
  turn.root.dataset.complete = "1";
  log.scrollTop = log.scrollHeight;
  input.focus();
}

// After a reload: show the conversation so far and a pending question, from GET /api/threads/{id}.
async function restoreThread() {
  if (!state.threadId) return;
  const resp = await apiFetch(`/api/threads/${encodeURIComponent(state.threadId)}`);
  if (!resp.ok) { setThread(null); return; }
  const view = await resp.json();
  if (!view.history.length) return;
  document.getElementById("empty")?.remove();
  const log = document.getElementById("log");
  for (const m of view.history) {
    log.append(el("div", {class: `msg ${m.role === "user" ? "user" : "bot"}`, "data-restored": "1",
                          text: m.content}));
  }
  const r = view.result;
  if (view.status === "interrupted" && r && r.interrupt) {
    const last = log.lastElementChild;
    last.textContent = "";
    const turn = Object.assign(Object.create(Turn.prototype), {text: last});
    state.waiting = true;
    turn.interrupt({clarification: "clarification_needed"}[r.interrupt.type] || r.interrupt.type, r.interrupt,
                   (s) => send(s));
  }
}

function init() {
  const select = document.getElementById("lang");
  select.value = LANG;
  select.addEventListener("change", () => {
    LANG = select.value;
    localStorage.setItem("askbar.lang", LANG);
    applyI18n();
    if (document.getElementById("examples")) renderExamples();
  });
  document.getElementById("ask").addEventListener("submit", (e) => {
    e.preventDefault();
    send(document.getElementById("question").value);
  });
  document.getElementById("new-chat").addEventListener("click", () => {
    setThread(null);
    state.waiting = false;
    location.reload();
  });
  applyI18n();
  renderExamples();
  loadCoverage();
  restoreThread().catch(() => setThread(null));
}

document.addEventListener("DOMContentLoaded", init);
