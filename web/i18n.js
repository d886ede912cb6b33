// UI texts in English, Russian and Spanish. Answers come from the server in the question's language.
"use strict";
const I18N = {
  en: {
    tagline: "numbers verified against the bars", new_chat: "New chat", send: "Ask",
    hello: "Ask about your market data",
    hint: "Every number in the answer is checked against the data before you see it.",
    placeholder: "NQ stats for November 2023", thinking: "Working…",
    steps: "Steps", plan: "Plan", sql: "SQL", claims: "Verified numbers", chart: "Chart",
    type: "Type", value: "Value", date: "Date", symbol: "Symbol", period: "Period",
    clarification: "I need a detail", no_data: "No data for that", confirm_plan: "Confirm the plan",
    answer_here: "or type your answer below", error: "Something went wrong", rows: "rows",
    validation_ok: "verified", validation_rewrite: "rewriting", validation_need_more_data: "fetching more data",
    reconnecting: "Connection lost, reconnecting…", data_none: "no data loaded",
    plan_execute: "Run it", plan_simplify: "Simplify", plan_cancel: "Cancel",
    agents: {understander: "Understanding the question", planner: "Planning", executor: "Running queries",
             analyst: "Writing the answer", validator: "Checking every number", educator: "Explaining",
             summary_fallback: "Summarising"},
    examples: ["NQ stats for November 2023", "What is RSI?", "Show me the statistics"],
  },
  ru: {
    tagline: "числа сверены с барами", new_chat: "Новый чат", send: "Спросить",
    hello: "Спросите о рыночных данных",
    hint: "Каждое число в ответе сверяется с данными до того, как вы его увидите.",
    placeholder: "Статистика NQ за ноябрь 2023", thinking: "Работаю…",
    steps: "Шаги", plan: "План", sql: "SQL", claims: "Проверенные числа", chart: "График",
    type: "Тип", value: "Значение", date: "Дата", symbol: "Инструмент", period: "Период",
    clarification: "Нужно уточнение", no_data: "Нет данных", confirm_plan: "Подтвердите план",
    answer_here: "или напишите ответ ниже", error: "Что-то пошло не так", rows: "строк",
    validation_ok: "проверено", validation_rewrite: "переписываю", validation_need_more_data: "нужно больше данных",
    reconnecting: "Соединение потеряно, переподключаюсь…", data_none: "данные не загружены",
    plan_execute: "Выполнить", plan_simplify: "Упростить", plan_cancel: "Отмена",
    agents: {understander: "Разбираю вопрос", planner: "Составляю план", executor: "Выполняю запросы",
             analyst: "Пишу ответ", validator: "Проверяю каждое число", educator: "Объясняю",
             summary_fallback: "Подвожу итог"},
    examples: ["Статистика NQ за ноябрь 2023", "Что такое RSI?", "Покажи статистику"],
  },
  es: {
    tagline: "cifras verificadas con las barras", new_chat: "Nuevo chat", send: "Preguntar",
    hello: "Pregunta sobre tus datos de mercado",
    hint: "Cada número de la respuesta se comprueba con los datos antes de mostrarlo.",
    placeholder: "Estadísticas de NQ en noviembre de 2023", thinking: "Trabajando…",
    steps: "Pasos", plan: "Plan", sql: "SQL", claims: "Cifras verificadas", chart: "Gráfico",
    type: "Tipo", value: "Valor", date: "Fecha", symbol: "Símbolo", period: "Periodo",
    clarification: "Necesito un detalle", no_data: "No hay datos", confirm_plan: "Confirma el plan",
    answer_here: "o escribe tu respuesta abajo", error: "Algo salió mal", rows: "filas",
    validation_ok: "verificado", validation_rewrite: "reescribiendo", validation_need_more_data: "faltan datos",
    reconnecting: "Conexión perdida, reconectando…", data_none: "sin datos cargados",
    plan_execute: "Ejecutar", plan_simplify: "Simplificar", plan_cancel: "Cancelar",
    agents: {understander: "Entendiendo la pregunta", planner: "Planificando", executor: "Ejecutando consultas",
             analyst: "Redactando la respuesta", validator: "Comprobando cada número", educator: "Explicando",
             summary_fallback: "Resumiendo"},
    examples: ["Estadísticas de NQ en noviembre de 2023", "¿Qué es el RSI?", "Muéstrame las estadísticas"],
  },
};

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

function agentLabel(name) {
  return (I18N[LANG].agents || {})[name] || I18N.en.agents[name] || name;
}

function applyI18n() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
}
