// The UI texts' functions. The texts themselves (`I18N`, one table per language) come from the
// language packs' `ui` sections, served as /i18n/tables.js (agent/server/ui_texts.py) and loaded
// before this file. Answers come from the server in the question's language.
"use strict";
function pickLang() {
  const saved = localStorage.getItem("askbar.lang");
  if (saved && I18N[saved]) return saved;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return I18N[nav] ? nav : "en";
}

let LANG = pickLang();

function t(key) {
  return (I18N[LANG] && I18N[LANG][key]) || I18N.en[key] || key;
}

// A key inside one of the nested tables (claim, axis, chart_kind, agents).
function tt(table, key) {
  return ((I18N[LANG] || {})[table] || {})[key] || (I18N.en[table] || {})[key] || key;
}

// A counted phrase from the pack's plural table (ui.plural.<key>): the form of the language's CLDR
// category for n (Intl.PluralRules: the same CLDR rules Babel gives the server), "{n}" formatted.
function tp(key, n) {
  const forms = ((I18N[LANG] || {}).plural || {})[key] || (I18N.en.plural || {})[key] || {other: `{n} ${key}`};
  const cat = new Intl.PluralRules(LANG).select(n);
  const form = forms[`=${n}`] || forms[cat] || forms.other;
  return form.replace("{n}", fmtNumber(n, LANG, 0));
}

function agentLabel(name) {
  return tt("agents", name);
}

function applyI18n() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
    if (!fits(el, el.placeholder)) el.placeholder = t(el.dataset.i18nPlaceholder + "_short");
  });
}

// Whether `text` fits in the input's content box in its own font (a phone's narrow input gets the
// pack's short placeholder instead of a cut one).
function fits(input, text) {
  const cs = getComputedStyle(input), ctx = document.createElement("canvas").getContext("2d");
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return !room || ctx.measureText(text).width <= room;
}
window.addEventListener("resize", () => applyI18n());
