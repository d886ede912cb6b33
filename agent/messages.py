"""User-facing system messages in the three languages (interrupt texts, disclaimers, errors).

The analyst's answers come from the provider; these are what the graph itself says.
"""
from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "clarify": {"en": "Could you clarify?", "ru": "Уточните, пожалуйста:", "es": "¿Puedes precisar?"},
    "not_understood": {
        "en": "I could not work out which instrument and period you mean. Try e.g. \"{example}\".",
        "ru": "Не удалось понять инструмент и период. Попробуйте, например: «{example}».",
        "es": "No pude entender el instrumento y el periodo. Prueba, por ejemplo: «{example}».",
    },
    "no_data": {
        "en": "There is no {symbol} data for {period}.",
        "ru": "Данных по {symbol} за {period} нет.",
        "es": "No hay datos de {symbol} para {period}.",
    },
    "no_data_range": {
        "en": " Stored data covers {first} to {last}.",
        "ru": " Есть данные с {first} по {last}.",
        "es": " Hay datos del {first} al {last}.",
    },
    "unknown_symbol": {
        "en": "There is no data for {symbol}. Available: {symbols}.",
        "ru": "По {symbol} данных нет. Есть: {symbols}.",
        "es": "No hay datos de {symbol}. Disponibles: {symbols}.",
    },
    "store_empty": {
        "en": "No market data is loaded yet. Run `askbar demo` for a synthetic sample, or "
              "`askbar load FILE --symbol SYM` for your own bars.",
        "ru": "Рыночные данные ещё не загружены. Запустите `askbar demo` (синтетический пример) "
              "или `askbar load ФАЙЛ --symbol SYM` для своих баров.",
        "es": "Todavía no hay datos de mercado. Ejecuta `askbar demo` para un ejemplo sintético o "
              "`askbar load ARCHIVO --symbol SYM` para tus propias barras.",
    },
    "confirm_plan": {
        "en": "This is a multi-step analysis ({n} steps). Run it?",
        "ru": "Это сложный анализ из нескольких шагов ({n}). Выполнить?",
        "es": "Es un análisis de varios pasos ({n}). ¿Lo ejecuto?",
    },
    "cancelled": {"en": "Cancelled.", "ru": "Отменено.", "es": "Cancelado."},
    "timeout_partial": {
        "en": "The analysis did not finish in time; this is a partial result.",
        "ru": "Анализ не завершён из-за таймаута; это частичный результат.",
        "es": "El análisis no terminó a tiempo; este es un resultado parcial.",
    },
    "timeout_nothing": {
        "en": "The service is answering slowly and could not finish. Please try again.",
        "ru": "Сервис медленно отвечает и не успел. Попробуйте ещё раз.",
        "es": "El servicio responde lento y no pudo terminar. Inténtalo de nuevo.",
    },
    "auto_summary": {
        "en": "Automatic summary (the detailed analysis was unavailable or failed verification).",
        "ru": "Автоматическая сводка (детальный анализ недоступен или не прошёл проверку).",
        "es": "Resumen automático (el análisis detallado no estuvo disponible o no pasó la verificación).",
    },
    "unverified": {
        "en": "I could not verify the numbers for this answer against the data, so I am not showing them.",
        "ru": "Не удалось сверить цифры ответа с данными, поэтому я их не показываю.",
        "es": "No pude verificar las cifras de esta respuesta con los datos, así que no las muestro.",
    },
    "validator_skipped": {
        "en": "Note: automatic verification was unavailable for this answer.",
        "ru": "Примечание: автоматическая проверка этого ответа была недоступна.",
        "es": "Nota: la verificación automática no estuvo disponible para esta respuesta.",
    },
    "synthetic": {
        "en": "Note: {symbols} is synthetic demo data, not real market data.",
        "ru": "Примечание: {symbols} — синтетические демо-данные, не реальный рынок.",
        "es": "Nota: {symbols} son datos sintéticos de demostración, no datos reales.",
    },
    "execution_failed": {
        "en": "I could not fetch the data for this question. Please try a shorter period.",
        "ru": "Не удалось получить данные. Попробуйте сократить период.",
        "es": "No pude obtener los datos. Prueba con un periodo más corto.",
    },
    "internal_error": {
        "en": "Something went wrong on our side (request {request_id}). Please try again.",
        "ru": "Что-то пошло не так (запрос {request_id}). Попробуйте ещё раз.",
        "es": "Algo salió mal (solicitud {request_id}). Inténtalo de nuevo.",
    },
}

NO_DATA_SUGGESTIONS = {
    "en": ["Show the available data", "Try another instrument"],
    "ru": ["Показать доступные данные", "Другой инструмент"],
    "es": ["Mostrar los datos disponibles", "Otro instrumento"],
}


def msg(key: str, lang: str | None, **fields) -> str:
    table = MESSAGES[key]
    return table.get(lang or "en", table["en"]).format(**fields)
