"""Answer templates per language. Numbers are filled in by analyze.py with texts.fmt_* only."""
from __future__ import annotations

METRIC = {
    "en": {"open": "open {v}", "close": "close {v}", "pct_change": "change {v}",
           "high": "high {v} on {d}", "low": "low {v} on {d}", "trading_days": "trading days {v}",
           "up_days": "up days {v}", "down_days": "down days {v}",
           "avg_daily_range": "average daily range {v}",
           "volatility": "volatility (std of daily returns) {v}",
           "total_volume": "total volume {v}", "avg_daily_volume": "average daily volume {v}",
           "change_points": "change in points {v} (close minus open)",
           "return_prev_close": "return vs the previous close {v}",
           "max_drawdown": "max drawdown of closes {v} (peak {c}, trough {d})"},
    "ru": {"open": "открытие {v}", "close": "закрытие {v}", "pct_change": "изменение {v}",
           "high": "максимум {v} ({d})", "low": "минимум {v} ({d})", "trading_days": "торговых дней: {v}",
           "up_days": "дней роста: {v}", "down_days": "дней падения: {v}",
           "avg_daily_range": "средний дневной диапазон {v}",
           "volatility": "волатильность (ст. отклонение дневных доходностей) {v}",
           "total_volume": "общий объём {v}", "avg_daily_volume": "средний дневной объём {v}",
           "change_points": "изменение в пунктах {v} (закрытие минус открытие)",
           "return_prev_close": "доходность к предыдущему закрытию {v}",
           "max_drawdown": "максимальная просадка по закрытиям {v} (пик {c}, дно {d})"},
    "es": {"open": "apertura {v}", "close": "cierre {v}", "pct_change": "variación {v}",
           "high": "máximo {v} el {d}", "low": "mínimo {v} el {d}", "trading_days": "días de negociación: {v}",
           "up_days": "días alcistas: {v}", "down_days": "días bajistas: {v}",
           "avg_daily_range": "rango diario medio {v}",
           "volatility": "volatilidad (desv. estándar de rendimientos diarios) {v}",
           "total_volume": "volumen total {v}", "avg_daily_volume": "volumen medio diario {v}",
           "change_points": "variación en puntos {v} (cierre menos apertura)",
           "return_prev_close": "rentabilidad frente al cierre anterior {v}",
           "max_drawdown": "caída máxima (drawdown) de cierres {v} (pico {c}, mínimo {d})"},
}
COVERAGE = {"en": "data {a} – {b}, {n} trading days", "ru": "данные {a} – {b}, торговых дней: {n}",
            "es": "datos {a} – {b}, {n} días de negociación"}
ALL_DATA = {"en": "all available data", "ru": "вся доступная история", "es": "todo el histórico disponible"}
SINCE = {"en": "since {d}", "ru": "с {d}", "es": "desde {d}"}
IN_PERIOD = {"en": "in {p}", "ru": "за {p}", "es": "en {p}"}

TOP = {
    "en": {"up": "The {n} largest daily gains of {s} ({p}):", "down": "The {n} largest daily falls of {s} ({p}):"},
    "ru": {"up": "Крупнейшие дневные росты {s} ({p}), топ {n}:", "down": "Крупнейшие дневные падения {s} ({p}), топ {n}:"},
    "es": {"up": "Las {n} mayores subidas diarias de {s} ({p}):", "down": "Las {n} mayores caídas diarias de {s} ({p}):"},
}
OPS = {
    "en": {"gt": "above", "gte": "of at least", "lt": "below", "lte": "of at most"},
    "ru": {"gt": "больше", "gte": "не меньше", "lt": "ниже", "lte": "не выше"},
    "es": {"gt": "superior a", "gte": "de al menos", "lt": "inferior a", "lte": "de como máximo"},
}
METRIC_NAME = {
    "en": {"daily_pct_change": "daily change", "gap_pct": "opening gap", "range_pct": "daily range"},
    "ru": {"daily_pct_change": "дневным изменением", "gap_pct": "гэпом на открытии", "range_pct": "дневным диапазоном"},
    "es": {"daily_pct_change": "variación diaria", "gap_pct": "gap de apertura", "range_pct": "rango diario"},
}
EVENTS = {
    "en": "{s}, {p}: {c} days with a {m} {op} {t}.",
    "ru": "{s}, {p}: дней с {m} {op} {t} — {c}.",
    "es": "{s}, {p}: {c} días con una {m} {op} {t}.",
}
EVENT_LIST = {"en": "Days", "ru": "Дни", "es": "Días"}
EVENT_MORE = {"en": "(the first ones; more in the data)", "ru": "(показаны первые; остальные в данных)",
              "es": "(se muestran los primeros; el resto está en los datos)"}
AFTER = {
    "en": "Over the next {h} trading days ({w} events with a full window): average return {avg}, median {med}, positive in {win} of cases.",
    "ru": "Через {h} торговых дней (событий с полным окном: {w}): средняя доходность {avg}, медиана {med}, доля положительных исходов {win}.",
    "es": "En los {h} días de negociación siguientes ({w} eventos con ventana completa): rendimiento medio {avg}, mediana {med}, positivos en el {win} de los casos.",
}
NO_EVENTS_AFTER = {"en": "No event to measure what followed.", "ru": "Нет событий, чтобы оценить, что было дальше.",
                   "es": "No hay eventos para medir lo que siguió."}
COMPARE_BEST = {"en": "Stronger period: {p}.", "ru": "Сильнее был период: {p}.", "es": "Periodo más fuerte: {p}."}
RSI = {
    "en": "RSI({w}) of {s} on {d}: {v} ({zone}).",
    "ru": "RSI({w}) {s} на {d}: {v} ({zone}).",
    "es": "RSI({w}) de {s} el {d}: {v} ({zone}).",
}
RSI_RANGE = {"en": "Over {p}: lowest {lo} on {lod}, highest {hi} on {hid}.",
             "ru": "За {p}: минимум {lo} ({lod}), максимум {hi} ({hid}).",
             "es": "En {p}: mínimo {lo} el {lod}, máximo {hi} el {hid}."}
ZONES = {"en": ("oversold zone", "neutral zone", "overbought zone"),
         "ru": ("зона перепроданности", "нейтральная зона", "зона перекупленности"),
         "es": ("zona de sobreventa", "zona neutral", "zona de sobrecompra")}
INDICATOR = {"en": "{name} of {s} on {d}: {v}.", "ru": "{name} {s} на {d}: {v}.", "es": "{name} de {s} el {d}: {v}."}
INDICATOR_NA = {
    "en": "{name} of {s} cannot be computed for this period: there are not enough daily bars before it.",
    "ru": "{name} {s} за этот период посчитать нельзя: недостаточно дневных баров до него.",
    "es": "{name} de {s} no se puede calcular para este periodo: no hay suficientes barras diarias previas."}
NO_DATA = {"en": "No data for {s} {p}.", "ru": "Нет данных по {s} {p}.", "es": "No hay datos de {s} {p}."}
SYNTHETIC = {"en": "Note: {s} is synthetic demo data, not real market prices.",
             "ru": "Внимание: {s} — синтетические демо-данные, а не реальные цены.",
             "es": "Nota: {s} son datos sintéticos de demostración, no precios reales."}
GENERIC = {"en": "{s}, {p} ({a}):", "ru": "{s}, {p} ({a}):", "es": "{s}, {p} ({a}):"}
ACTIONS = {
    "en": {"aggregate_patterns": "patterns", "get_volume_profile": "volume profile",
           "get_intraday_data": "intraday bars", "get_price_extremes": "extremes"},
    "ru": {"aggregate_patterns": "паттерны", "get_volume_profile": "профиль объёма",
           "get_intraday_data": "внутридневные бары", "get_price_extremes": "экстремумы"},
    "es": {"aggregate_patterns": "patrones", "get_volume_profile": "perfil de volumen",
           "get_intraday_data": "barras intradía", "get_price_extremes": "extremos"},
}
