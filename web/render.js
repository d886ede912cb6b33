// DOM pieces of one assistant turn: steps, streamed text, interrupt cards (clarification, no data,
// confirm plan, confirm action), plan/SQL, disclaimers, claims table, chart. The same Turn is built
// live from the SSE events and, after a reload, from GET /api/threads/{id}/details.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

// The symbols an answer on screen is about go to the live price line (web/live.js).
function inView(data) {
  if (typeof symbolsOf === "function") document.dispatchEvent(new CustomEvent("askbar:symbols", {detail: symbolsOf(data)}));
}

// Which change a claim is: from the period's first open, or from a previous close.
const CLAIM_BASIS = {
  pct_change: "basis_first_open", change_points: "basis_first_open",
  return_prev_close: "basis_prev_close", daily_pct_change: "basis_day_prev_close",
  avg_return_after: "basis_event_close", median_return_after: "basis_event_close",
  win_rate_after: "basis_event_close", max_drawdown: "basis_peak",
};
// The nodes that only ask (an interrupt): a resumed run starts by passing through the one it
// stopped in, which is not a step of the answer ("1. Asking for a detail" on an answered card).
const ASKING_NODES = new Set(["clarify", "confirm_plan", "confirm_action", "no_data"]);
const INTERRUPT_TITLES = {clarification_needed: "clarification", no_data: "no_data",
                          confirm_plan: "confirm_plan", confirm_action: "confirm_action"};

class Turn {
  constructor(log, question, restored) {
    if (question != null) log.append(el("div", {class: "msg user", text: question}));
    this.root = el("div", {class: "msg bot", "data-status": "running"});
    if (restored) this.root.dataset.restored = "1";
    this.steps = el("ol", {class: "steps"});
    this.status = el("div", {class: "status", text: restored ? "" : t("thinking")});
    this.text = el("div", {class: "answer"});
    this.notes = el("div", {class: "disclaimers"});
    this.extra = el("div", {class: "extra"});
    this.sql = [];
    this.root.append(this.status, this.steps, this.text, this.notes, this.extra);
    log.append(this.root);
  }

  step(agent) {
    if (!this.steps.children.length && ASKING_NODES.has(agent)) return;
    for (const li of this.steps.querySelectorAll("li.active")) li.classList.replace("active", "done");
    this.steps.append(el("li", {class: "active", "data-agent": agent, text: agentLabel(agent)}));
  }

  validation(data) {
    const label = t("validation_" + data.status);
    const last = this.steps.querySelector("li[data-agent=validator]:last-of-type");
    if (last) last.textContent = `${agentLabel("validator")}: ${label}`;
  }

  delta(content) {
    this.text.textContent += content;
  }

  // A card; `past`: a card already answered (after a reload), shown without its answer hint.
  interrupt(kind, data, onPick, past) {
    const card = el("div", {class: "interrupt", "data-kind": kind},
      el("div", {class: "interrupt-title", text: t(INTERRUPT_TITLES[kind] || "clarification")}),
      el("p", {text: (kind === "confirm_action" && ((data.texts || {})[LANG] || data.action_text)) || data.message || ""}));
    for (const q of data.questions || []) card.append(el("p", {class: "question", text: q}));
    for (const line of data.plan_summary || []) card.append(el("p", {class: "plan-line", text: line}));
    // a confirm_action card says what will be done in words (data.texts, numbers formatted by the
    // server like any answer); the machine fields (tool, params, action_id) stay in the payload
    if (kind === "confirm_action" && data.tool) card.dataset.tool = data.tool;
    const box = el("div", {class: "suggestions"});
    for (const s of data.suggestions || []) {
      // confirm answers are keywords (execute/simplify/cancel): shown translated, sent as is
      const label = kind === "confirm_plan" ? t("plan_" + s) : kind === "confirm_action" ? t("action_" + s) : s;
      box.append(el("button", {type: "button", class: `suggestion choice-${s}`, text: label, "data-value": s,
                               onclick: () => onPick(s)}));
    }
    card.append(box);
    if (!past) card.append(el("p", {class: "muted", text: t("answer_here")}));
    this.text.append(card);
  }

  planCreated(data) {
    this.plan = data;
  }

  sqlExecuted(data) {
    this.sql.push(data);
  }

  details() {
    const plan = this.plan && this.plan.steps && this.plan.steps.length ? this.plan : null;
    if (plan) {
      const list = el("ol");
      for (const s of plan.steps) list.append(el("li", {text: `${s.action}: ${s.description || ""} ${JSON.stringify(s.params)}`}));
      this.extra.append(el("details", {class: "plan"}, el("summary", {text: t("plan")}), list));
    }
    if (this.sql.length) {
      const box = el("div");
      for (const q of this.sql) {
        box.append(el("div", {class: "sql-meta", text: `${q.action || ""} · ${q.rows == null ? "?" : tp("rows", q.rows)}`}),
                   el("pre", {class: "sql", text: q.query + "\n-- " + JSON.stringify(q.params)}));
      }
      this.extra.append(el("details", {class: "sqls"}, el("summary", {text: `${t("sql")} (${this.sql.length})`}), box));
    }
  }

  // Disclaimers (e.g. the synthetic-data note) as their own line, not lost in the text.
  disclaimers(list) {
    this.notes.textContent = "";
    for (const d of list || []) {
      const text = this.text.textContent;
      if (text.endsWith(d)) this.text.textContent = text.slice(0, text.length - d.length).trimEnd();
      this.notes.append(el("div", {class: "disclaimer", text: d}));
    }
  }

  claims(claims) {
    if (!claims || !claims.length) return;
    const cols = ["type", "value", "basis", "date", "symbol", "period"];
    const head = el("tr", {}, ...cols.map((k) => el("th", {text: t(k)})));
    const body = el("tbody");
    for (const c of claims) {
      const date = c.type === "max_drawdown" && c.context ? `${c.context} → ${c.date || ""}` : (c.date || "");
      body.append(el("tr", {"data-type": c.type},
        el("td", {text: tt("claim", c.type)}), el("td", {class: "num", text: fmtClaim(c, LANG)}),
        el("td", {class: "basis", text: CLAIM_BASIS[c.type] ? t(CLAIM_BASIS[c.type]) : ""}),
        el("td", {class: "date", text: date}), el("td", {text: c.symbol || ""}), el("td", {text: c.period || ""})));
    }
    this.extra.append(el("div", {class: "claims-title", text: t("claims")}),
      el("div", {class: "table-wrap"}, el("table", {class: "claims"}, el("thead", {}, head), body)));
  }

  chart(spec) {
    if (spec && spec.none) {   // an answer with nothing to draw says why
      this.extra.append(el("p", {class: "chart-none muted", "data-none": spec.none,
                                 text: `${t("no_chart")}: ${tt("chart_none", spec.none)}`}));
      return;
    }
    if (!spec || !spec.series || !spec.series.length || !window.Plotly) return;
    const div = el("div", {class: "chart"});
    this.extra.append(div);
    plotChart(div, spec);
  }

  // Everything but the text, from GET /api/threads/{id}/details (live runs and reloads alike).
  fill(details) {
    if (!this.plan && details.plan) this.plan = details.plan;
    if (!this.sql.length) this.sql = details.sql || [];
    if (!this.steps.children.length) {
      const steps = [...(details.steps || [])];
      while (steps.length && ASKING_NODES.has(steps[0])) steps.shift();
      for (const a of steps) this.steps.append(el("li", {class: "done", "data-agent": a, text: agentLabel(a)}));
    }
    this.details();
    this.disclaimers(details.disclaimers);
    if (details.status === "answered" || !details.status) {
      this.claims(details.claims);
      this.chart(details.chart);
      inView(details);
    }
  }

  finish(result) {
    this.root.dataset.status = result.status;
    for (const li of this.steps.querySelectorAll("li.active")) li.classList.replace("active", "done");
    this.status.textContent = "";
    if (result.status === "answered" && !this.text.textContent) this.text.textContent = result.response;
    if (result.status === "answered") inView(result);
    if (result.status === "error") this.text.textContent = result.response || t("error");
  }

  fail(data) {
    this.root.dataset.status = "error";
    this.status.textContent = "";
    this.text.append(el("div", {class: "error", text: `${t("error")}: ${(data && data.message) || ""}`}));
  }
}
