// The chat: ask, stream the run's events into a Turn, answer interrupts by clicking a suggestion;
// after a reload rebuild every turn's extras (plan, SQL, steps, disclaimers, claims, chart).
"use strict";

const state = {threadId: sessionStorage.getItem("askbar.thread") || null, waiting: false, busy: false,
               coverage: []};
const INTERRUPT_EVENTS = {clarification: "clarification_needed", no_data: "no_data",
                          confirm_plan: "confirm_plan", confirm_action: "confirm_action"};

function setThread(id) {
  state.threadId = id;
  if (id) sessionStorage.setItem("askbar.thread", id); else sessionStorage.removeItem("askbar.thread");
}

async function getJSON(url) {
  const resp = await apiFetch(url);
  if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
  return resp.json();
}

function handle(turn, name, data) {
  switch (name) {
    case "run_start": setThread(data.thread_id); break;
    case "step_start": turn.step(data.agent); break;
    case "plan_created": turn.planCreated(data); break;
    case "sql_executed": turn.sqlExecuted(data); break;
    case "validation": turn.validation(data); break;
    case "text_delta": turn.delta(data.content); break;
    case "clarification_needed": case "no_data": case "confirm_plan": case "confirm_action":
      state.waiting = true;
      turn.interrupt(name, data, (s) => send(s));
      break;
    case "done": turn.finish(data); break;
    case "error": turn.fail(data); break;
  }
}

async function addDetails(turn, threadId) {
  try {
    turn.fill(await getJSON(`/api/threads/${encodeURIComponent(threadId)}/details`));
  } catch (e) {
    turn.details();   // what the stream gave is still shown
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
  if (result && result.status === "answered") {
    await addDetails(turn, result.thread_id);
    exportButtons(turn, result.request_id);
  } else if (result) turn.details();
  state.busy = false;
  delete document.body.dataset.busy;
  turn.root.dataset.complete = "1";
  log.scrollTop = log.scrollHeight;
  input.focus();
  document.dispatchEvent(new CustomEvent("askbar:answered", {detail: result}));
}

// After a reload: every request of the thread as the chat showed it (GET .../turns `requests`:
// each question or card answer, with the answer and its extras, or the no-data / clarification card
// that came back), the pending card still answerable. Without logs (an old thread), the history.
async function restoreThread() {
  if (!state.threadId) return;
  const resp = await apiFetch(`/api/threads/${encodeURIComponent(state.threadId)}`);
  if (!resp.ok) { setThread(null); return; }
  const view = await resp.json();
  if (!view.history.length) return;
  document.getElementById("empty")?.remove();
  const log = document.getElementById("log");
  const listed = await getJSON(`/api/threads/${encodeURIComponent(state.threadId)}/turns`)
    .then((v) => v, () => ({turns: [], requests: []}));
  const requests = listed.requests || [];
  if (requests.length) { restoreRequests(log, view, requests); return; }
  await restoreHistory(log, view, listed.turns || []);
}

function restoreRequests(log, view, requests) {
  const pending = view.status === "interrupted" && view.result && view.result.interrupt;
  requests.forEach((q, i) => {
    log.append(el("div", {class: "msg user", "data-restored": "1", text: q.text}));
    const turn = new Turn(log, null, true);
    turn.root.dataset.status = q.status || "answered";
    const card = q.interrupt && INTERRUPT_EVENTS[q.interrupt.type];
    if (card && pending && i === requests.length - 1) {
      state.waiting = true;
      turn.interrupt(card, view.result.interrupt, (s) => send(s));
    } else if (card) {
      turn.interrupt(card, {...q.interrupt, suggestions: []}, null, true);
    } else {
      turn.text.textContent = q.response || (q.status === "error" ? t("error") : "");
      if (q.details) turn.fill(q.details);
      if (q.status === "answered") exportButtons(turn, q.request_id);
    }
    turn.root.dataset.complete = "1";
  });
}

async function restoreHistory(log, view, turns) {
  const history = view.history.slice();
  const last = history.length && history[history.length - 1].role !== "user" ? history.pop() : null;
  const earlier = matchTurns(history, turns);
  history.forEach((m, i) => {
    if (m.role === "user") {
      log.append(el("div", {class: "msg user", "data-restored": "1", text: m.content}));
      return;
    }
    const past = new Turn(log, null, true);
    past.text.textContent = m.content;
    const turn = earlier.get(i);
    past.root.dataset.status = (turn && turn.status) || "answered";
    if (turn && turn.details) past.fill(turn.details);
    past.root.dataset.complete = "1";
  });
  const r = view.result || {};
  const turn = new Turn(log, null, true);
  turn.root.dataset.status = view.status === "interrupted" && r.interrupt ? r.interrupt.type : (r.status || "answered");
  if (view.status === "interrupted" && r.interrupt) {
    state.waiting = true;
    turn.interrupt(INTERRUPT_EVENTS[r.interrupt.type] || "clarification_needed", r.interrupt, (s) => send(s));
  } else {
    turn.text.textContent = (last && last.content) || r.response || "";
    if (r.status === "answered") await addDetails(turn, state.threadId);
  }
  turn.root.dataset.complete = "1";
}

// history index of an assistant message -> its turn, matched by question from the end (the
// history may be cut at the front; the last user message is the current turn's question).
function matchTurns(history, turns) {
  const out = new Map();
  let j = turns.length - 1;
  for (let i = history.length - 1; i >= 0 && j >= 0; i--) {
    if (history[i].role !== "user") continue;
    let k = j;
    while (k >= 0 && turns[k].question !== history[i].content) k--;
    if (k < 0) continue;
    if (history[i + 1] && history[i + 1].role !== "user") out.set(i + 1, turns[k]);
    j = k - 1;
  }
  return out;
}

function init() {
  const select = document.getElementById("lang");
  // one option per language pack (I18N comes from the packs: a new pack is a new option)
  select.replaceChildren(...Object.keys(I18N).map((code) => new Option(code.toUpperCase(), code)));
  select.value = LANG;
  select.addEventListener("change", () => {
    LANG = select.value;
    localStorage.setItem("askbar.lang", LANG);
    applyI18n();
    renderStart(state.coverage);
    document.dispatchEvent(new CustomEvent("askbar:lang"));
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
  loadCoverage();
  restoreThread().catch(() => setThread(null));
}

document.addEventListener("DOMContentLoaded", init);
