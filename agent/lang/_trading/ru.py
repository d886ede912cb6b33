"""Russian: see __init__."""
from typing import Any

TRADING: dict[str, Any] = {
    # agent/trading/commands.py
    "commands": {
        "buy": [r"купи\w*", r"покуп\w*", r"лонг"],
        "sell": [r"продай\w*", r"прода\w*", r"шорт\w*"],
        "order": [r"ордер\w*", r"заявк\w*"],
        "orders": [r"ордер(?:а|ов|ы)", r"заявк(?:и|ок)", r"мо[йиюе]\w* (?:ордер|заявк)\w*"],
        "alert_noun": [r"алерт\w*", r"оповещени\w*"],
        "alert": [r"алерт\w*", r"уведом\w*", r"оповести\w*", r"сообщи\w*"],
        "cancel": [r"отмен\w*", r"удали\w*", r"убери\w*"],
        "market": [r"по рынку", r"рыночн\w*"],
        "stop": [r"стоп\w*"],
        "limit": [r"лимит\w*"],
        "above": [r"выше", r"больше", r"поднимется", r"превысит"],
        "below": [r"ниже", r"меньше", r"опустится", r"упад\w*"],
        "touch": [r"пересеч\w*", r"пробь[её]т", r"достигнет", r"коснется", r"коснётся"],
        "portfolio": [r"позици\w*", r"портфел\w*", r"мо[яию]\w* прибыл\w*", r"пнл"],
        # "размер позиции": the sizing calculator, not the account
        "sizing": [r"размер\w*", r"сколько"],
        "history": [r"истори\w*", r"сдел\w*"],
        "trade": [r"сдел\w*"],
        "units": [r"акци\w*", r"контракт\w*", r"лот\w*", r"штук\w*"],
        # "по цене 16 000"
        "price_words": [r"цен[аеуы]", r"ценой", r"ордер\w*", r"заявк\w*"],
        "price_at": [r"по", r"за"],
        "price_lead": [r"по", r"на"],
        # any Cyrillic letter: a Russian order's decimal mark is a comma
        "comma_decimal": [r"[а-яё]"],
    },
    # agent/trading/graph_turn.py: Russian is told apart by its letters (agent/nlu/lang.py)
    "language_cues": [],
    "ask": {
        "symbol": "Какой инструмент? В базе: {known}.",
        "quantity": "Сколько? Например: «купи 2 {symbol} по рынку».",
        "price": "По какой цене?",
        "condition": "Выше или ниже какой цены?",
        "none_alert": "У вас нет активных алертов.",
        "none_order": "У вас нет ожидающих ордеров.",
        "no_data": "По {symbol} нет данных, поэтому ордер или алерт по нему создать нельзя. В базе: {known}.",
        "which": "Какой именно? Укажите id: {ids}.",
    },
    "confirm": {
        "yes": ["да", "ага", "угу", "конечно", "подтверждаю", "подтвердить", "выполняй", "выполни", "выполнить",
                "давай", "ок", "окей", "пожалуйста", "верно", "исполняй", "разместить", "размести"],
        "no": ["нет", "не", "отмена", "отменить", "отмени", "стоп", "неа", "отбой", "не надо"],
        "message": "Подтвердите: {action} Ответьте «да», чтобы выполнить, или «нет», чтобы отменить.",
        "again": "Не понял ответ. ",
    },
    "texts": {
        "side": {"buy": "купить", "sell": "продать"},
        "order_type": {"market": "по рынку", "limit": "лимит {limit}", "stop": "стоп {stop}",
                       "stop_limit": "стоп {stop}, лимит {limit}"},
        "actions": {
            "create_paper_order": "Разместить бумажный ордер: {side} {qty} {symbol} {type}{asof}.",
            "cancel_paper_order": "Отменить бумажный ордер {order_id}{desc}.",
            "create_alert": "Создать алерт: {symbol} {condition} {price}{message}.",
            "delete_alert": "Удалить алерт {alert_id}{desc}.",
        },
        "asof": " (исполнится по закрытию последнего бара в базе, {ts})",
    },
    "answers": {
        "side": {"buy": "куплено", "sell": "продано"},
        "templates": {
            "filled": "Готово: {order.side} {order.quantity} {order.symbol} по {fill.price}, закрытию "
                      "последнего бара в базе ({fill.time}). Ордер {order.id}.",
            "placed": "Ордер {order.id} размещён: {order.terms}; он ожидает и проверяется на каждом "
                      "баре, загруженном позже.",
            "again_filled": "Уже выполнено: этот ордер был размещён раньше, новый не размещён. "
                            "{order.side} {order.quantity} {order.symbol} по {fill.price}, закрытию бара "
                            "{fill.time}. Ордер {order.id}.",
            "again_placed": "Ордер {order.id} уже был размещён раньше ({order.terms}); новый не размещён.",
            "again_alert": "Алерт {alert.id} уже был создан раньше ({alert.symbol} {alert.condition} "
                           "{alert.price}); новый не создан.",
            "again_cancelled": "Ордер {order.id} уже был отменён ({order.terms}); больше ничего не "
                               "изменено.",
            "again_deleted": "Алерт {alert.id} уже был удалён ({alert.symbol} {alert.condition} "
                             "{alert.price}); больше ничего не изменено.",
            "cancelled": "Ордер {order.id} отменён ({order.terms}).",
            "alert": "Алерт {alert.id} создан: {alert.symbol} {alert.condition} {alert.price}, "
                     "проверяется на каждом баре, загруженном позже.",
            "deleted": "Алерт {alert.id} удалён ({alert.symbol} {alert.condition} {alert.price}).",
            "account": "Деньги {cash}, капитал {equity}; реализованный P&L {realized_pnl}, "
                       "нереализованный P&L {unrealized_pnl}{as_of}.",
            "as_of": " (на {as_of})",
            "position": " {p.symbol}: {p.quantity} по {p.avg_price}, последняя {p.last_price}, "
                        "нереализованный {p.unrealized_pnl}.",
            "no_positions": " Открытых позиций нет.",
            "orders": "Ожидающих ордеров: {count}.",
            "alerts": "Алертов: {count}.",
            "condition_alert": "Алерт создан ({id}): ",
            "again_condition_alert": "Уже сделано: алерт {id}: ",
            "condition_deleted": "Алерт {id} удалён: ",
            "trades": "Исполнений: {count}.",
        },
        "mismatch": "Результат не сходится с записями вашего счёта; проверьте ордера и позиции.",
    },
    "refusals": {
        "whole": "{s} торгуется целыми контрактами: количество {q} не целое.",
        "cash": "Недостаточно денег: {q} {s} по {a} стоят {b}, доступно {c}.",
        "carry": "Счёт не выдержит такую позицию: {q} {s} по {a} требуют {b}, доступный капитал {c}.",
    },
    "styles": {
        "scalping": [r"скальп\w*"],
        "day_trading": [r"дейтрейд\w*", r"интрадей\w*", r"внутридн\w*"],
        "swing": [r"свинг\w*"],
        "long_term": [r"долгосро\w*", r"в долгую", r"инвест\w* надолго"],
    },
    "preference_cues": [r"предпочитаю", r"обычно", r"всегда", r"в основном", r"люблю", r"мой основной"],
    "self_cues": [r"\bя\s+(?:торгую|трейдер|инвестир|скальпир)\w*"],
    "usual_symbol_note": "Использую {symbol} — ваш обычный инструмент.",
    "prompt_examples": {
        "aliases": ["насдак"],
        # a direction word agrees with a feminine, neuter or plural subject
        "gender": ["цена {dir.f:pct_change}"],
        "advice": ["сигнал к покупке"],
        "streaks": ["подряд"],
        "units": ["рублей"],
        "labels": ["почти не изменился", "резкий", "спокойный"],
        "relative_time": ["вчера"],
        "answer": ["{symbol} за {period}: закрытие {close}, изменение {pct_change}; максимум {high} "
                   "({high.date})."],
        "follow_up": ["а за апрель?"],
    },
    "claim_templates": {
        "max_close": "максимальная цена закрытия {v} ({d})",
        "min_close": "минимальная цена закрытия {v} ({d})",
        "longest_up_streak": "самый длинный рост закрытий без перерыва {v} ({c} – {d})",
        "longest_down_streak": "самое длинное снижение закрытий без перерыва {v} ({c} – {d})",
        "backtest_trades": "сделок {v}",
        "backtest_total_return": "итоговая доходность {v}",
        "backtest_win_rate": "доля прибыльных сделок {v}",
        "backtest_avg_trade": "средняя сделка {v}",
        "backtest_max_drawdown": "максимальная просадка капитала {v}",
        "buy_hold_return": "купить и держать {v}",
    },
}
