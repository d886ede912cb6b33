"""Russian: see __init__."""
from typing import Any

TOOLS: dict[str, Any] = {
    # agent/tools/relevance.py: the words that name what a catalogue tool does, matched at word
    # starts (plain text, not patterns); a question naming one is offered the tool
    "cues": {
        "get_price": ["цен", "котиров", "сколько стоит", "сейчас", "текущ"],
        "get_ohlcv": ["свеч"],
        "get_indicators": ["индикатор"],
        "get_fundamentals": ["фундамент", "выручк", "прибыль на акцию", "мультипликатор"],
        "get_news": ["новост", "заголов"],
        "get_sentiment": ["сентимент", "настроени"],
        "get_ml_signals": ["сигнал", "прогноз", "предсказ"],
        "get_ml_features": ["признак"],
        "get_portfolio": ["портфел", "позици", "счёт", "счет"],
        "get_trade_history": ["сделк", "истори"],
        "get_pending_orders": ["заявк", "ордер"],
        "list_alerts": ["алерт", "оповещ", "уведомл"],
        "get_watchlist": ["вотчлист", "список наблюд"],
        "calculate_position_size": ["размер позиции", "сколько контракт", "сколько акций"],
        "calculate_risk_reward": ["риск", "прибыль к риску"],
        "explain_concept": ["что такое", "объясни", "что значит"],
        "recall": ["помнишь", "запомн"],
    },
    # agent/tools/answers.py: a tool result said by code (every figure read from the result);
    # the mem_ entries say back what was remembered or forgotten
    "answers": {
        "price": "{symbol}: {price} на {as_of} ({kind}){chg}.",
        "kind_bar": "последний сохранённый бар",
        "kind_day": "последнее дневное закрытие",
        "chg": ", {pct} к закрытию {date} ({prev})",
        "ohlcv": "{symbol}, свечи {tf}: {n} с {first} по {last} (UTC): максимум {high}, минимум {low}, последнее "
            "закрытие {close}.",
        "no_candles": "Свечей {tf} для {symbol} нет в базе.",
        "position": "Риск {risk_pct} от {capital} = {risk}; до стопа {dist}, поэтому позиция — {size} ед. ({whole} "
            "целых, {direction}).",
        "rr": "Риск {risk}, прибыль {reward}: соотношение 1:{ratio} ({direction}); безубыточный процент выигрышей "
            "{be}.",
        "wl": "Ваш список наблюдения: {items}.",
        "wl_empty": "Ваш список наблюдения пуст.",
        "wl_added": "{symbol} добавлен в список наблюдения. ",
        "wl_had": "{symbol} уже в списке наблюдения. ",
        "wl_removed": "{symbol} удалён из списка наблюдения. ",
        "wl_absent": "{symbol} не было в списке наблюдения. ",
        "mem_note": "Запомнил: «{note}».",
        "mem_symbol": " Ваш обычный инструмент теперь {symbol}.",
        "mem_style": " Стиль торговли: {style}.",
        "mem_forgot": "Забыл: {kinds}.",
        "mem_nothing": "Забывать было нечего.",
    },
    # agent/tools/answers.py: a trading style and a memory kind as the answer names them
    "style_words": {
        "scalping": "скальпинг",
        "day_trading": "внутридневная торговля",
        "swing": "свинг-трейдинг",
        "long_term": "долгосрочные инвестиции",
    },
    "kind_words": {
        "preferences": "ваши предпочтения (обычный инструмент)",
        "style": "ваш стиль торговли",
        "notes": "ваши заметки",
        "favorites": "избранные инструменты",
        "questions": "частые вопросы",
        "strategies": "недавние стратегии",
        "short_term": "разговоры",
    },
    "direction": {
        "long": "лонг",
        "short": "шорт",
    },
    # agent/tools/tool_drafts.py: the code draft of a tool result, written with slots
    "drafts": {
        "price": "{sym}: {price} на {as_of}",
        "chg": ", {pct} к закрытию {date} ({prev})",
        "position": "Размер позиции: {size} (целых единиц: {whole}); сумма риска {risk}.",
        "rr": "Риск {risk}, прибыль {reward}: отношение прибыли к риску {ratio}.",
        "news": "Новости {sym}: заголовков {count} (позитивных {pos}, негативных {neg})",
        "news_item": "; среди них, {date}: «{headline}»",
        "no_data": "{message}",
        "generic": "Результат инструмента {tool}: ",
    },
    # agent/tools/messages.py: the executor's refusals (upgrade texts: seed 000's getUpgradeMessage)
    "upgrade": {
        "free_to_pro": "Эта функция доступна в тарифе Pro. Перейдите на него, чтобы получить ML-сигналы, бумажную "
            "торговлю и многое другое.",
        "premium": "Эта функция доступна в тарифе Premium. Перейдите на него, чтобы получить полный доступ ко всем "
            "возможностям.",
        "other": "Эта функция доступна в тарифе {plan}.",
    },
    "executor": {
        "not_found": "Инструмент {name} не найден.",
        "rate_limit": "Превышен лимит вызовов {name} ({limit}); повторите через {retry} с.",
        "validation": "Неверные параметры {name}: {detail}",
        "execution": "Ошибка {name}: {detail}",
    },
    "periods": {
        "minute": "в минуту",
        "hour": "в час",
        "day": "в день",
    },
    # agent/tools/tool_results.py: a tool call still running when the answer is written
    "pending": "{name} ещё выполняется (задача {task}); результат придёт, когда она завершится.",
}
