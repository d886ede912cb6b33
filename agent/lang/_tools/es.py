"""Spanish: see __init__."""
from typing import Any

TOOLS: dict[str, Any] = {
    # agent/tools/relevance.py: the words that name what a catalogue tool does, matched at word
    # starts (plain text, not patterns); a question naming one is offered the tool
    "cues": {
        "get_price": ["precio", "cotiza", "cuánto vale", "cuanto vale", "ahora", "actual"],
        "get_ohlcv": ["velas", "vela "],
        "get_indicators": ["indicador"],
        "get_fundamentals": ["ingresos", "beneficio por acción", "valoración", "ganancias"],
        "get_news": ["noticia", "titular"],
        "get_sentiment": ["sentimiento"],
        "get_ml_signals": ["señal", "predic", "pronóstico"],
        "get_ml_features": ["característica"],
        "get_portfolio": ["cartera", "posicion", "posición", "mi cuenta"],
        "get_trade_history": ["historial", "operaciones"],
        "get_pending_orders": ["orden"],
        "list_alerts": ["alerta", "aviso"],
        "get_watchlist": ["lista de seguimiento"],
        "calculate_position_size": ["tamaño de posición", "tamaño de la posición", "cuántos contratos"],
        "calculate_risk_reward": ["riesgo", "beneficio"],
        "explain_concept": ["qué es", "que es", "explica", "qué significa"],
        "recall": ["recuerdas"],
    },
    # agent/tools/answers.py: a tool result said by code (every figure read from the result);
    # the mem_ entries say back what was remembered or forgotten
    "answers": {
        "price": "{symbol}: {price} a {as_of} ({kind}){chg}.",
        "kind_bar": "última barra guardada",
        "kind_day": "último cierre diario",
        "chg": ", {pct} frente al cierre del {date} ({prev})",
        "ohlcv": "{symbol}, velas de {tf}: {n} del {first} al {last} (UTC): máximo {high}, mínimo {low}, último "
            "cierre {close}.",
        "no_candles": "No hay velas de {tf} guardadas para {symbol}.",
        "position": "Arriesgando el {risk_pct} de {capital} = {risk}; el stop está a {dist}, así que la posición "
            "es de {size} unidades ({whole} enteras, {direction}).",
        "rr": "Riesgo {risk}, beneficio {reward}: riesgo/beneficio 1:{ratio} ({direction}); tasa de acierto de "
            "equilibrio {be}.",
        "wl": "Tu lista de seguimiento: {items}.",
        "wl_empty": "Tu lista de seguimiento está vacía.",
        "wl_added": "{symbol} añadido a tu lista de seguimiento. ",
        "wl_had": "{symbol} ya estaba en tu lista de seguimiento. ",
        "wl_removed": "{symbol} eliminado de tu lista de seguimiento. ",
        "wl_absent": "{symbol} no estaba en tu lista de seguimiento. ",
        "mem_note": "Anotado: «{note}».",
        "mem_symbol": " Tu símbolo habitual ahora es {symbol}.",
        "mem_style": " Estilo de trading: {style}.",
        "mem_forgot": "Olvidado: {kinds}.",
        "mem_nothing": "No había nada que olvidar.",
    },
    # agent/tools/answers.py: a trading style and a memory kind as the answer names them
    "style_words": {
        "scalping": "scalping",
        "day_trading": "trading intradía",
        "swing": "swing trading",
        "long_term": "inversión a largo plazo",
    },
    "kind_words": {
        "preferences": "tus preferencias (símbolo habitual)",
        "style": "tu estilo de trading",
        "notes": "tus notas",
        "favorites": "tus símbolos favoritos",
        "questions": "tus preguntas frecuentes",
        "strategies": "tus estrategias recientes",
        "short_term": "las conversaciones",
    },
    "direction": {
        "long": "largo",
        "short": "corto",
    },
    # agent/tools/tool_drafts.py: the code draft of a tool result, written with slots
    "drafts": {
        "price": "{sym}: {price} a {as_of}",
        "chg": ", {pct} frente al cierre del {date} ({prev})",
        "position": "Tamaño de la posición: {size} (unidades enteras: {whole}); importe en riesgo {risk}.",
        "rr": "Riesgo {risk}, beneficio {reward}: una relación beneficio/riesgo de {ratio}.",
        "news": "Noticias de {sym}: {count} titulares ({pos} positivos, {neg} negativos)",
        "news_item": "; entre ellos, {date}: «{headline}»",
        "no_data": "{message}",
        "generic": "Resultado de {tool}: ",
    },
    # agent/tools/messages.py: the executor's refusals (upgrade texts: seed 000's getUpgradeMessage)
    "upgrade": {
        "free_to_pro": "Esta función requiere el plan Pro. Actualiza para acceder a señales ML, paper trading y "
            "más.",
        "premium": "Esta función requiere el plan Premium. Actualiza para acceso completo a todas las "
            "funcionalidades.",
        "other": "Esta función requiere el plan {plan}.",
    },
    "executor": {
        "not_found": "La herramienta {name} no existe.",
        "rate_limit": "Límite de uso superado para {name} ({limit}); inténtalo de nuevo en {retry} s.",
        "validation": "Parámetros no válidos para {name}: {detail}",
        "execution": "{name} falló: {detail}",
    },
    "periods": {
        "minute": "por minuto",
        "hour": "por hora",
        "day": "por día",
    },
    # agent/tools/tool_results.py: a tool call still running when the answer is written
    "pending": "{name} sigue en ejecución (tarea {task}); el resultado llegará cuando termine.",
}
