"""Spanish: see __init__."""
from typing import Any

TRADING: dict[str, Any] = {
    # agent/trading/commands.py. Verb forms listed, not stems: "compr-" / "vend-" also start
    # "compressor", "vendor".
    "commands": {
        "buy": [r"c[óo]mpr(?:a|ar|o|e|en|ame|eme|emos)", r"compra(?:r|me|le)"],
        "sell": [r"v[ée]nd(?:e|er|o|a|an|eme|ame|emos)", r"vende(?:r|me|le)", r"venta"],
        "order": [r"[óo]rden(?:es)?"],
        "orders": [r"[óo]rdenes", r"mis [óo]rden\w*", r"mi [óo]rden"],
        "alert_noun": [r"alertas?"],
        "alert": [r"alerta\w*", r"av[íi]same", r"notif[íi]ca\w*"],
        "cancel": [r"elimin\w*", r"borr\w*", r"quit\w*"],
        "market": [r"a mercado", r"mercado"],
        "stop": [],
        "limit": [r"l[íi]mite"],
        "above": [r"por encima", r"supere", r"mayor", r"sub\w*"],
        "below": [r"por debajo", r"baj\w*", r"menor", r"caiga", r"cae"],
        "touch": [r"alcance", r"toque", r"cruce"],
        "portfolio": [r"posici[óo]n(?:es)?", r"cartera", r"mis ganancias", r"portafolio", r"pyg"],
        # "tamaño de posición": the sizing calculator, not the account
        "sizing": [r"tama[ñn]o", r"cu[áa]nt[oa]s"],
        "history": [r"historial", r"operaciones"],
        "trade": [r"operaci\w*"],
        "units": [r"acciones", r"contratos?", r"unidades", r"lotes?"],
        # "a precio de 500"
        "price_words": [r"precio", r"de", r"del", r"al", r"orden"],
        "price_at": [r"a", r"en"],
        "price_lead": [r"a", r"en", r"de"],
        # "vende 5 GC a 2.350,5": a Spanish order's decimal mark is a comma
        "comma_decimal": [r"(?<!\w)(?:compr\w*|vend\w*|venta|l[ií]mite|orden|acciones|contratos|alerta|avísame|avisame"
                          r"|mercado|precio|cuando|supere)(?!\w)"],
    },
    # agent/trading/graph_turn.py: the generic detector counts "a" as English ("compra 2 NQ a
    # mercado"), so these words decide first
    "language_cues": [r"c[óo]mpr\w+", r"v[ée]nd\w+", r"alertas?", r"av[íi]same", r"notif[íi]ca\w*", r"mis?",
                      r"[óo]rden\w*", r"posici\w+", r"cartera", r"mercado", r"cuando", r"cancela\w*",
                      r"elimina\w*", r"borra\w*", r"l[íi]mite", r"quiero", r"ganancias?", r"pendientes?",
                      r"supere", r"encima", r"debajo", r"venta", r"precio", r"acciones", r"contratos"],
    "ask": {
        "symbol": "¿Qué instrumento? Cargados: {known}.",
        "quantity": "¿Cuántos? Por ejemplo: «compra 2 {symbol} a mercado».",
        "price": "¿A qué precio?",
        "condition": "¿Por encima o por debajo de qué precio?",
        "none_alert": "No tienes alertas activas.",
        "none_order": "No tienes órdenes pendientes.",
        "no_data": "No hay datos de {symbol}, así que no se puede crear una orden ni una alerta. Cargados: {known}.",
        "which": "¿Cuál? Indica su id: {ids}.",
    },
    "confirm": {
        "yes": ["si", "sí", "claro", "confirmo", "confirmar", "ejecuta", "ejecutar", "adelante", "vale", "dale",
                "hazlo", "por", "favor", "correcto", "de", "acuerdo", "perfecto"],
        "no": ["no", "cancelar", "cancela", "detener", "nunca", "para"],
        "message": "Confirme: {action} Responda «sí» para ejecutar o «no» para cancelar.",
        "again": "No entendí la respuesta. ",
    },
    "texts": {
        "side": {"buy": "comprar", "sell": "vender"},
        "order_type": {"market": "a mercado", "limit": "límite {limit}", "stop": "stop {stop}",
                       "stop_limit": "stop {stop}, límite {limit}"},
        "actions": {
            "create_paper_order": "Colocar una orden simulada: {side} {qty} {symbol} {type}{asof}.",
            "cancel_paper_order": "Cancelar la orden simulada {order_id}{desc}.",
            "create_alert": "Crear una alerta: {symbol} {condition} {price}{message}.",
            "delete_alert": "Eliminar la alerta {alert_id}{desc}.",
        },
        "asof": " (se ejecuta al cierre de la última barra guardada, {ts})",
    },
    "answers": {
        "side": {"buy": "comprado", "sell": "vendido"},
        "templates": {
            "filled": "Hecho: {order.side} {order.quantity} {order.symbol} a {fill.price}, el cierre de la "
                      "última barra guardada ({fill.time}). Orden {order.id}.",
            "placed": "Orden {order.id} colocada: {order.terms}; queda pendiente y se evalúa con cada "
                      "barra cargada después.",
            "again_filled": "Ya hecho: esta orden ya se colocó antes, no se colocó otra. {order.side} "
                            "{order.quantity} {order.symbol} a {fill.price}, el cierre de la barra de "
                            "{fill.time}. Orden {order.id}.",
            "again_placed": "La orden {order.id} ya se colocó antes ({order.terms}); no se colocó otra.",
            "again_alert": "La alerta {alert.id} ya se creó antes ({alert.symbol} {alert.condition} "
                           "{alert.price}); no se creó otra.",
            "again_cancelled": "La orden {order.id} ya estaba cancelada ({order.terms}); no cambió nada "
                               "más.",
            "again_deleted": "La alerta {alert.id} ya estaba eliminada ({alert.symbol} {alert.condition} "
                             "{alert.price}); no cambió nada más.",
            "cancelled": "Orden {order.id} cancelada ({order.terms}).",
            "alert": "Alerta {alert.id} creada: {alert.symbol} {alert.condition} {alert.price}, se "
                     "evalúa con cada barra cargada después.",
            "deleted": "Alerta {alert.id} eliminada ({alert.symbol} {alert.condition} {alert.price}).",
            "account": "Efectivo {cash}, patrimonio {equity}; P&L realizado {realized_pnl}, P&L no "
                       "realizado {unrealized_pnl}{as_of}.",
            "as_of": " (a {as_of})",
            "position": " {p.symbol}: {p.quantity} a {p.avg_price}, último {p.last_price}, no realizado "
                        "{p.unrealized_pnl}.",
            "no_positions": " No hay posiciones abiertas.",
            "orders": "Órdenes pendientes: {count}.",
            "alerts": "Alertas: {count}.",
            "condition_alert": "Alerta creada ({id}): ",
            "again_condition_alert": "Ya hecho: alerta {id}: ",
            "condition_deleted": "Alerta {id} eliminada: ",
            "trades": "Ejecuciones: {count}.",
        },
        "mismatch": "El resultado no coincide con los registros de tu cuenta; revisa tus órdenes y "
                    "posiciones.",
    },
    "refusals": {
        "whole": "{s} se negocia en contratos enteros: la cantidad {q} no es un número entero.",
        "cash": "No hay efectivo suficiente: {q} {s} a {a} cuestan {b}, disponible {c}.",
        "carry": "La cuenta no puede sostener esta posición: {q} {s} a {a} requieren {b}, capital disponible {c}.",
    },
    "styles": {
        "scalping": [],
        # "intrad[aií]" reads the English "intraday" too
        "day_trading": [r"\bintrad[aií]\w*", r"trading diario"],
        "swing": [],
        "long_term": [r"largo plazo"],
    },
    "preference_cues": [r"\bprefiero\b", r"\bme gusta\b", r"\bsiempre\b", r"\bnormalmente\b", r"\bsuelo\b",
                        r"\bprincipalmente\b"],
    "self_cues": [r"\bopero\b", r"\bsoy (?:un )?(?:trader|inversor)\b", r"\bhago (?:day ?trading|scalping|swing)\b"],
    "usual_symbol_note": "Uso {symbol}, tu símbolo habitual.",
    "prompt_examples": {
        "aliases": [],
        "gender": [],
        "advice": ["va a subir"],
        "streaks": [],
        "units": [],
        "labels": ["apenas varió", "brusco", "tranquilo"],
        "relative_time": ["el lunes pasado"],
        "answer": ["{symbol} cerró {period} en {close} ({pct_change}); el cierre de {p2.period} fue "
                   "{cmp:p2.close,p1.close} el de {p1.period}."],
        "follow_up": ["¿y en abril?"],
    },
    "claim_templates": {
        "max_close": "máximo de cierre {v} el {d}",
        "min_close": "mínimo de cierre {v} el {d}",
        "longest_up_streak": "mayor número de cierres al alza sin interrupción {v} ({c} – {d})",
        "longest_down_streak": "mayor número de cierres a la baja sin interrupción {v} ({c} – {d})",
        "backtest_trades": "operaciones {v}",
        "backtest_total_return": "rendimiento total {v}",
        "backtest_win_rate": "operaciones ganadoras {v}",
        "backtest_avg_trade": "operación media {v}",
        "backtest_max_drawdown": "caída máxima (drawdown) del capital {v}",
        "buy_hold_return": "comprar y mantener {v}",
    },
}
