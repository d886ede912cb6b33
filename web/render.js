// DOM pieces of one assistant turn: steps, streamed text, interrupt card, plan/SQL, claims, chart.
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

function fmtValue(v) {
  if (typeof v !== "number") return String(v ?? "");
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 2 : 4;
  return v.toLocaleString(LANG, {maximumFractionDigits: digits});
}

class Turn {
  constructor(log, question) {
    log.append(el("div", {class: "msg user", text: question}));
    this.root = el("div", {class: "msg bot", "data-status": "running"});
    this.steps = el("ol", {class: "steps"});
    this.status = el("div", {class: "status", text: t("thinking")});
    this.text = el("div", {class: "answer"});
    this.extra = el("div", {class: "extra"});
    this.sql = [];
    this.root.append(this.status, this.steps, this.text, this.extra);
    log.append(this.root);
  }

  step(agent) {
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

  interrupt(kind, data, onPick) {
    const card = el("div", {class: "interrupt", "data-kind": kind},
      el("div", {class: "interrupt-title", text: t(kind === "clarification_needed" ? "clarification" : kind)}),
      el("p", {text: data.message || ""}));
    for (const q of data.questions || []) card.append(el("p", {class: "question", text: q}));
    for (const line of data.plan_summary || []) card.append(el("p", {class: "plan-line", text: line}));
    const box = el("div", {class: "suggestions"});
    for (const s of data.suggestions || []) {
      // confirm_plan answers are keywords (execute/simplify/cancel): shown translated, sent as is
      const label = kind === "confirm_plan" ? t("plan_" + s) : s;
      box.append(el("button", {type: "button", class: "suggestion", text: label, "data-value": s,
                               onclick: () => onPick(s)}));
    }
    card.append(box, el("p", {class: "muted", text: t("answer_here")}));
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
        box.append(el("div", {class: "sql-meta", text: `${q.action || ""} · ${q.rows ?? "?"} ${t("rows")}`}),
                   el("pre", {class: "sql", text: q.query + "\n-- " + JSON.stringify(q.params)}));
      }
      this.extra.append(el("details", {class: "sqls"}, el("summary", {text: `${t("sql")} (${this.sql.length})`}), box));
    }
  }

  claims(claims) {
    if (!claims || !claims.length) return;
    const head = el("tr", {}, ...["type", "value", "date", "symbol", "period"].map((k) => el("th", {text: t(k)})));
    const body = el("tbody");
    for (const c of claims) {
      body.append(el("tr", {}, el("td", {text: c.type}), el("td", {class: "num", text: fmtValue(c.value)}),
        el("td", {text: c.date || ""}), el("td", {text: c.symbol || ""}), el("td", {text: c.period || ""})));
    }
    this.extra.append(el("div", {class: "claims-title", text: t("claims")}),
      el("table", {class: "claims"}, el("thead", {}, head), body));
  }

  chart(payload) {
    if (!payload || !payload.series || !payload.series.length || !window.Plotly) return;
    const div = el("div", {class: "chart"});
    this.extra.append(div);
    const traces = payload.series.map((s) => s.kind === "candles"
      ? {type: "candlestick", name: s.name, x: s.x, open: s.open, high: s.high, low: s.low, close: s.close}
      : {type: "scatter", mode: "lines", name: s.name, x: s.x, y: s.y});
    const layout = {title: {text: payload.title, font: {size: 13}}, height: 300,
      paper_bgcolor: "#161c23", plot_bgcolor: "#161c23", font: {color: "#dfe6ee"},
      margin: {l: 50, r: 10, t: 30, b: 30}, xaxis: {rangeslider: {visible: false}}, showlegend: traces.length > 1};
    Plotly.newPlot(div, traces, layout, {displayModeBar: false, responsive: true});
  }

  finish(result) {
    this.root.dataset.status = result.status;
    for (const li of this.steps.querySelectorAll("li.active")) li.classList.replace("active", "done");
    this.status.textContent = "";
    if (result.status === "answered" && !this.text.textContent) this.text.textContent = result.response;
    if (result.status === "error") this.text.textContent = result.response || t("error");
  }

  fail(data) {
    this.root.dataset.status = "error";
    this.status.textContent = "";
    this.text.append(el("div", {class: "error", text: `${t("error")}: ${(data && data.message) || ""}`}));
  }
}
