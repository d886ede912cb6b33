// UI texts in English, Russian and Spanish. Answers come from the server in the question's language.
"use strict";
const I18N = {
  en: {
    tagline: "numbers verified against the bars", new_chat: "New chat", send: "Ask",
    hello: "Ask about your market data",
    hint: "Every number in the answer is checked against the data before you see it.",
    placeholder: "Ask about a symbol and a period", thinking: "Working…",
    steps: "Steps", plan: "Plan", sql: "SQL", claims: "Verified numbers", chart: "Chart",
    type: "Measure", value: "Value", date: "Date", symbol: "Symbol", period: "Period", basis: "Measured",
    clarification: "I need a detail", no_data: "No data for that", confirm_plan: "Confirm the plan",
    confirm_action: "Confirm the action", action_execute: "Yes, do it", action_cancel: "No, cancel",
    answer_here: "or type your answer below", error: "Something went wrong", rows: "rows",
    validation_ok: "verified", validation_rewrite: "rewriting", validation_need_more_data: "fetching more data",
    validation_skipped: "not checked",
    reconnecting: "Connection lost, reconnecting…", data_none: "no data loaded",
    coverage: "Data loaded", bars_daily: "daily bars", bars_1min: "1-min bars", to: "to",
    plan_execute: "Run it", plan_simplify: "Simplify", plan_cancel: "Cancel",
    agents: {understander: "Understanding the question", planner: "Planning", executor: "Running queries",
             analyst: "Writing the answer", validator: "Checking every number", educator: "Explaining",
             summary_fallback: "Summarising", confirm_action: "Waiting for your confirmation",
             execute_action: "Executing the confirmed action"},
    months: ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"],
    ex_stats: "{s} stats for {m} {y}", ex_rsi: "RSI of {s} in {m} {y}",
    ex_profile: "Volume profile of {s} in {m} {y}", ex_concept: "What is RSI?",
    claim: {open: "Open", close: "Close", high: "High", low: "Low", pct_change: "Change",
            total_volume: "Total volume", avg_daily_volume: "Average daily volume",
            trading_days: "Trading days", avg_daily_range: "Average daily range", up_days: "Up days",
            down_days: "Down days", volatility: "Volatility (daily returns)", daily_pct_change: "Daily change",
            event_count: "Matching days", avg_return_after: "Average return after",
            median_return_after: "Median return after", win_rate_after: "Share positive after",
            rsi: "RSI (14)", change_points: "Change in points", return_prev_close: "Return",
            max_drawdown: "Maximum drawdown"},
    basis_first_open: "from the first open", basis_prev_close: "from the previous close",
    basis_day_prev_close: "from the day before's close", basis_event_close: "from the event day's close",
    basis_peak: "peak to trough",
    axis: {date: "Trading date", day_n: "Trading day of the period", price: "Price", pct_from_start: "% from the start", rsi: "RSI (14)",
           volume: "Volume", value: "Value"},
    chart_kind: {compare: "change from the start", rsi: "RSI (14)", volume_profile: "volume profile",
                 events: "event days", price: "price"},
    poc: "point of control", value_area: "value area", events: "event days",
    panels: "Account", watchlist: "Watchlist", orders: "Pending orders", portfolio: "Paper portfolio",
    alerts: "Alerts", memory: "What I remember about you", forget: "Forget everything",
    forgotten: "Forgotten.", nothing: "nothing yet", add: "Add", remove: "Remove", symbol_ph: "symbol",
    cash: "Cash", equity: "Equity", pnl: "P&L", favorites: "Favourite symbols", style: "Trading style",
    questions: "Frequent questions", notes: "Notes", preferences: "Preferences", strategies: "Strategies",
    token_title: "This server needs an API token", token_hint: "`askbar users add NAME` prints one.",
    token_bad: "That token was not accepted.", token_save: "Use token", token_label: "API token",
    notif_fill: "Order filled", notif_alert: "Alert", buy: "buy", sell: "sell", at: "at", bar: "bar",
    reached: "reached at", dismiss: "Dismiss", close_panel: "Close",
  },
  ru: {
    tagline: "числа сверены с барами", new_chat: "Новый чат", send: "Спросить",
    hello: "Спросите о рыночных данных",
    hint: "Каждое число в ответе сверяется с данными до того, как вы его увидите.",
    placeholder: "Спросите об инструменте и периоде", thinking: "Работаю…",
    steps: "Шаги", plan: "План", sql: "SQL", claims: "Проверенные числа", chart: "График",
    type: "Показатель", value: "Значение", date: "Дата", symbol: "Инструмент", period: "Период",
    basis: "Как считали",
    clarification: "Нужно уточнение", no_data: "Нет данных", confirm_plan: "Подтвердите план",
    confirm_action: "Подтвердите действие", action_execute: "Да, выполнить", action_cancel: "Нет, отменить",
    answer_here: "или напишите ответ ниже", error: "Что-то пошло не так", rows: "строк",
    validation_ok: "проверено", validation_rewrite: "переписываю", validation_need_more_data: "нужно больше данных",
    validation_skipped: "не проверено",
    reconnecting: "Соединение потеряно, переподключаюсь…", data_none: "данные не загружены",
    coverage: "Загруженные данные", bars_daily: "дневных баров", bars_1min: "минутных баров", to: "по",
    plan_execute: "Выполнить", plan_simplify: "Упростить", plan_cancel: "Отмена",
    agents: {understander: "Разбираю вопрос", planner: "Составляю план", executor: "Выполняю запросы",
             analyst: "Пишу ответ", validator: "Проверяю каждое число", educator: "Объясняю",
             summary_fallback: "Подвожу итог", confirm_action: "Жду подтверждения",
             execute_action: "Выполняю подтверждённое действие"},
    months: ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь",
             "октябрь", "ноябрь", "декабрь"],
    ex_stats: "Статистика {s} за {m} {y}", ex_rsi: "RSI {s} за {m} {y}",
    ex_profile: "Профиль объёма {s} за {m} {y}", ex_concept: "Что такое RSI?",
    claim: {open: "Открытие", close: "Закрытие", high: "Максимум", low: "Минимум", pct_change: "Изменение",
            total_volume: "Общий объём", avg_daily_volume: "Средний дневной объём",
            trading_days: "Торговых дней", avg_daily_range: "Средний дневной диапазон", up_days: "Дней роста",
            down_days: "Дней падения", volatility: "Волатильность (дневные доходности)",
            daily_pct_change: "Изменение за день", event_count: "Подходящих дней",
            avg_return_after: "Средняя доходность после", median_return_after: "Медианная доходность после",
            win_rate_after: "Доля роста после", rsi: "RSI (14)", change_points: "Изменение в пунктах",
            return_prev_close: "Доходность", max_drawdown: "Максимальная просадка"},
    basis_first_open: "от первого открытия", basis_prev_close: "от предыдущего закрытия",
    basis_day_prev_close: "от закрытия предыдущего дня", basis_event_close: "от закрытия дня события",
    basis_peak: "от пика до дна",
    axis: {date: "Торговый день", day_n: "Торговый день периода", price: "Цена", pct_from_start: "% от начала", rsi: "RSI (14)",
           volume: "Объём", value: "Значение"},
    chart_kind: {compare: "изменение от начала", rsi: "RSI (14)", volume_profile: "профиль объёма",
                 events: "дни событий", price: "цена"},
    poc: "точка контроля", value_area: "зона стоимости", events: "дни событий",
    panels: "Счёт", watchlist: "Список наблюдения", orders: "Ожидающие ордера", portfolio: "Бумажный портфель",
    alerts: "Алерты", memory: "Что я о вас помню", forget: "Забыть всё", forgotten: "Забыто.",
    nothing: "пока ничего", add: "Добавить", remove: "Убрать", symbol_ph: "тикер",
    cash: "Деньги", equity: "Капитал", pnl: "P&L", favorites: "Любимые инструменты", style: "Стиль торговли",
    questions: "Частые вопросы", notes: "Заметки", preferences: "Предпочтения", strategies: "Стратегии",
    token_title: "Этому серверу нужен API-токен", token_hint: "Его печатает `askbar users add ИМЯ`.",
    token_bad: "Этот токен не принят.", token_save: "Использовать", token_label: "API-токен",
    notif_fill: "Ордер исполнен", notif_alert: "Алерт", buy: "покупка", sell: "продажа", at: "по", bar: "бар",
    reached: "сработал по", dismiss: "Скрыть", close_panel: "Закрыть",
  },
  es: {
    tagline: "cifras verificadas con las barras", new_chat: "Nuevo chat", send: "Preguntar",
    hello: "Pregunta sobre tus datos de mercado",
    hint: "Cada número de la respuesta se comprueba con los datos antes de mostrarlo.",
    placeholder: "Pregunta por un símbolo y un periodo", thinking: "Trabajando…",
    steps: "Pasos", plan: "Plan", sql: "SQL", claims: "Cifras verificadas", chart: "Gráfico",
    type: "Medida", value: "Valor", date: "Fecha", symbol: "Símbolo", period: "Periodo", basis: "Cálculo",
    clarification: "Necesito un detalle", no_data: "No hay datos", confirm_plan: "Confirma el plan",
    confirm_action: "Confirma la acción", action_execute: "Sí, hazlo", action_cancel: "No, cancelar",
    answer_here: "o escribe tu respuesta abajo", error: "Algo salió mal", rows: "filas",
    validation_ok: "verificado", validation_rewrite: "reescribiendo", validation_need_more_data: "faltan datos",
    validation_skipped: "sin verificar",
    reconnecting: "Conexión perdida, reconectando…", data_none: "sin datos cargados",
    coverage: "Datos cargados", bars_daily: "barras diarias", bars_1min: "barras de 1 min", to: "a",
    plan_execute: "Ejecutar", plan_simplify: "Simplificar", plan_cancel: "Cancelar",
    agents: {understander: "Entendiendo la pregunta", planner: "Planificando", executor: "Ejecutando consultas",
             analyst: "Redactando la respuesta", validator: "Comprobando cada número", educator: "Explicando",
             summary_fallback: "Resumiendo", confirm_action: "Esperando tu confirmación",
             execute_action: "Ejecutando la acción confirmada"},
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
             "octubre", "noviembre", "diciembre"],
    ex_stats: "Estadísticas de {s} en {m} de {y}", ex_rsi: "RSI de {s} en {m} de {y}",
    ex_profile: "Perfil de volumen de {s} en {m} de {y}", ex_concept: "¿Qué es el RSI?",
    claim: {open: "Apertura", close: "Cierre", high: "Máximo", low: "Mínimo", pct_change: "Variación",
            total_volume: "Volumen total", avg_daily_volume: "Volumen diario medio",
            trading_days: "Días de negociación", avg_daily_range: "Rango diario medio", up_days: "Días al alza",
            down_days: "Días a la baja", volatility: "Volatilidad (rendimientos diarios)",
            daily_pct_change: "Variación diaria", event_count: "Días que cumplen",
            avg_return_after: "Rentabilidad media después", median_return_after: "Rentabilidad mediana después",
            win_rate_after: "Porcentaje positivo después", rsi: "RSI (14)", change_points: "Variación en puntos",
            return_prev_close: "Rentabilidad", max_drawdown: "Caída máxima"},
    basis_first_open: "desde la primera apertura", basis_prev_close: "desde el cierre anterior",
    basis_day_prev_close: "desde el cierre del día anterior", basis_event_close: "desde el cierre del día del evento",
    basis_peak: "de máximo a mínimo",
    axis: {date: "Día de negociación", day_n: "Día de negociación del periodo", price: "Precio", pct_from_start: "% desde el inicio", rsi: "RSI (14)",
           volume: "Volumen", value: "Valor"},
    chart_kind: {compare: "variación desde el inicio", rsi: "RSI (14)", volume_profile: "perfil de volumen",
                 events: "días del evento", price: "precio"},
    poc: "punto de control", value_area: "área de valor", events: "días del evento",
    panels: "Cuenta", watchlist: "Lista de seguimiento", orders: "Órdenes pendientes", portfolio: "Cartera simulada",
    alerts: "Alertas", memory: "Lo que recuerdo de ti", forget: "Olvidar todo", forgotten: "Olvidado.",
    nothing: "nada todavía", add: "Añadir", remove: "Quitar", symbol_ph: "símbolo",
    cash: "Efectivo", equity: "Patrimonio", pnl: "P&L", favorites: "Símbolos favoritos", style: "Estilo de trading",
    questions: "Preguntas frecuentes", notes: "Notas", preferences: "Preferencias", strategies: "Estrategias",
    token_title: "Este servidor necesita un token de API", token_hint: "`askbar users add NOMBRE` imprime uno.",
    token_bad: "Ese token no fue aceptado.", token_save: "Usar token", token_label: "Token de API",
    notif_fill: "Orden ejecutada", notif_alert: "Alerta", buy: "compra", sell: "venta", at: "a", bar: "barra",
    reached: "alcanzada a", dismiss: "Cerrar", close_panel: "Cerrar",
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

// A key inside one of the nested tables (claim, axis, chart_kind, agents).
function tt(table, key) {
  return ((I18N[LANG] || {})[table] || {})[key] || (I18N.en[table] || {})[key] || key;
}

function agentLabel(name) {
  return tt("agents", name);
}

function applyI18n() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
}
