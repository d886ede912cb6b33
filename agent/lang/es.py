"""Spanish (español): every string of the language (see agent/lang/__init__.py). Generated once from
the tables it replaces; edit it by hand from now on."""

from __future__ import annotations

from typing import Any

from agent.lang._agents.es import AGENTS
from agent.lang._answer.es import ANSWER
from agent.lang._backtest.es import BACKTEST
from agent.lang._nlu.es import NLU
from agent.lang._reading.es import READING
from agent.lang._tools.es import TOOLS
from agent.lang._trading.es import TRADING
from agent.lang._windows.es import WINDOWS
from agent.lang._words.es import WORDS

# Month names, used by the offline parser/templates and by the UI's date texts.
_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre")

PACK: dict[str, Any] = {
    "name": "Spanish",
    "messages": {
        "MESSAGES": {
            "clarify": "¿Puedes precisar?",
            "not_understood": "No pude entender el instrumento y el periodo. Prueba, por ejemplo: «{example}».",
            "no_data": "No hay datos de {symbol} para {period}.",
            "no_data_range": " Hay datos del {first} al {last}.",
            "unknown_symbol": "No hay datos de {symbol}. Disponibles: {symbols}.",
            "store_empty": "Todavía no hay datos de mercado. Ejecuta `askbar demo` para un "
            "ejemplo sintético o `askbar load ARCHIVO --symbol SYM` para tus "
            "propias barras.",
            "confirm_plan": "Es un análisis de varios pasos ({n}). ¿Lo ejecuto?",
            "cancelled": "Cancelado.",
            "timeout_partial": "El análisis no terminó a tiempo; este es un resultado parcial.",
            "timeout_nothing": "El servicio responde lento y no pudo terminar. Inténtalo de nuevo.",
            "auto_summary": "Resumen automático (el análisis detallado no estuvo disponible o "
            "no pasó la verificación).",
            "unverified": "No pude verificar las cifras de esta respuesta con los datos, así que no las muestro.",
            "validator_skipped": "Nota: la verificación automática no estuvo disponible para esta respuesta.",
            "synthetic": "Nota: {symbols} son datos sintéticos de demostración, no datos reales.",
            "execution_failed": "No pude obtener los datos. Prueba con un periodo más corto.",
            "internal_error": "Algo salió mal (solicitud {request_id}). Inténtalo de nuevo.",
        },
        "NO_DATA_SUGGESTIONS": ["Mostrar los datos disponibles", "Otro instrumento"],
    },
    "capabilities": {
        "_TEXT": {
            "title": "Lo que puedo calcular",
            "actions": "Análisis",
            "indicators": "Indicadores",
            "patterns": "Patrones",
            "granularity": "Tamaño de barra",
            "missing": "No disponible",
            "unavailable": "{what} no está disponible en AskBar: solo trabaja con barras "
            "históricas de precio y volumen.",
            "closest": "Lo más cercano que puedo calcular: {alt}.",
            "needs_intraday": "{what} necesita barras intradía (de 1 minuto) y este símbolo solo tiene barras diarias.",
            "bars_need_intraday": "{symbol} solo tiene barras diarias, así que no se pueden construir barras de {n} minutos.",
            "unknown": "Eso no se puede calcular con barras de precio y volumen.",
        },
        "_ALTERNATIVE_TEXT": {
            "get_period_stats": "estadísticas de precio y volumen del periodo "
            "(apertura, cierre, máximo, mínimo, cambio, "
            "volatilidad)",
            "find_events": "los días con los mayores movimientos, para cruzarlos con las noticias",
            "get_intraday_data": "las últimas barras guardadas",
            "get_periods_after": "qué pasó históricamente N días después de movimientos similares",
            "compare_periods": "las estadísticas de cada periodo lado a lado",
            "aggregate_patterns": "gaps, picos de volumen y el perfil horario",
            "get_volume_profile": "el perfil de volumen por precio (POC, área de valor)",
            "sma": "una media móvil de cierres (SMA)",
        },
        "_THIS_SYMBOL": "este símbolo",
    },
    "offline_templates": {
        "METRIC": {
            "open": "apertura {v}",
            "close": "cierre {v}",
            "pct_change": "variación {v}",
            "high": "máximo {v} el {d}",
            "low": "mínimo {v} el {d}",
            "trading_days": "días de negociación: {v}",
            "up_days": "días alcistas: {v}",
            "down_days": "días bajistas: {v}",
            "avg_daily_range": "rango diario medio {v}",
            "volatility": "volatilidad (desv. estándar de rendimientos diarios) {v}",
            "total_volume": "volumen total {v}",
            "avg_daily_volume": "volumen medio diario {v}",
            "change_points": "variación en puntos {v} (cierre menos apertura)",
            "return_prev_close": "rentabilidad frente al cierre anterior {v}",
            "max_drawdown": "caída máxima (drawdown) de cierres {v} (pico {c}, mínimo {d})",
            "max_close": "máximo de cierre {v} el {d}",
            "min_close": "mínimo de cierre {v} el {d}",
            "longest_up_streak": "mayor número de cierres al alza sin interrupción {v} ({c} – {d})",
            "longest_down_streak": "mayor número de cierres a la baja sin interrupción {v} ({c} – {d})",
        },
        "COVERAGE": "datos {a} – {b}, {n} días de negociación",
        "ALL_DATA": "todo el histórico disponible",
        "SINCE": "desde {d}",
        "IN_PERIOD": "en {p}",
        "TOP": {
            "up": {"one": "La mayor subida diaria de {s} ({p}), top {n}:", "many": "Las {n} mayores subidas diarias de {s} ({p}):",
                   "other": "Las {n} mayores subidas diarias de {s} ({p}):"},
            "down": {"one": "La mayor caída diaria de {s} ({p}), top {n}:", "many": "Las {n} mayores caídas diarias de {s} ({p}):",
                     "other": "Las {n} mayores caídas diarias de {s} ({p}):"},
            # días por su rango (máximo menos mínimo sobre el cierre anterior)
            "range": {"one": "El mayor rango diario de {s} ({p}), top {n}, en porcentaje del cierre anterior:",
                      "many": "Los {n} mayores rangos diarios de {s} ({p}), en porcentaje del cierre anterior:",
                      "other": "Los {n} mayores rangos diarios de {s} ({p}), en porcentaje del cierre anterior:"},
        },
        "OPS": {"gt": "superior a", "gte": "de al menos", "lt": "inferior a", "lte": "de como máximo"},
        "METRIC_NAME": {
            "daily_pct_change": "una variación diaria",
            "gap_pct": "un gap de apertura",
            "range_pct": "un rango diario",
            "close_level": "un cierre", "high_level": "un máximo", "low_level": "un mínimo",
        },
        "EVENTS": "{s}, {p}: {c} días con {m} {op} {t}.",
        "EVENT_LIST": "Días",
        "EVENT_MORE": "(se muestran los primeros; el resto está en los datos)",
        "AFTER": "En los {h} días de negociación siguientes ({w} eventos con ventana "
        "completa): rendimiento medio {avg}, mediana {med}, positivos en el {win} de "
        "los casos.",
        "NO_EVENTS_AFTER": "No hay eventos para medir lo que siguió.",
        "COMPARE_BEST": "Periodo más fuerte: {p}.",
        "COMPARE_WORST": "Menor rentabilidad: {p}.",
        "COMPARE_HIGHEST": "Valor más alto ({m}): {p}.",
        "COMPARE_NONE": "no calculado para este periodo",
        "RSI": "RSI({w}) de {s} el {d}: {v} ({zone}).",
        "RSI_RANGE": "En {p}: mínimo {lo} el {lod}, máximo {hi} el {hid}.",
        "ZONES": ("zona de sobreventa", "zona neutral", "zona de sobrecompra"),
        "INDICATOR": "{name} de {s} el {d}: {v}.",
        "INDICATOR_NA": "{name} de {s} no se puede calcular para este periodo: no hay "
        "suficientes barras diarias previas.",
        "NO_DATA": "No hay datos de {s} {p}.",
        "SYNTHETIC": "Nota: {s} son datos sintéticos de demostración, no precios reales.",
        "GENERIC": "{s}, {p} ({a}):",
        "ACTIONS": {
            "aggregate_patterns": "patrones",
            "get_volume_profile": "perfil de volumen",
            "get_intraday_data": "barras intradía",
            "get_price_extremes": "extremos",
        },
    },
    "offline_texts": {
        "_ORD": ["primer", "segundo", "tercer", "cuarto"],
        "_HALF": ["primer", "segundo"],
        "month_year": "{name} de {y}",
        "quarter": "el {o} trimestre de {y}",
        "half": "el {o} semestre de {y}",
        "for_month": "en {p}",
        "for_year": "en {y}",
        "on_day": "el {d}",
        "from_to": "del {a} al {b}",
    },
    # Words of the offline parser's date expressions (period_patterns.py): regex alternatives.
    "offline_periods": {
        # Unit of a relative period by the start of its word (relative.py; "tday": trading days).
        "UNIT_NAMES": {
            "tday": ["sesion", "dias?\\s+(?:habiles|de\\s)"],
            "day": ["dia"],
            "week": ["semana"],
            "month": ["mes"],
            "quarter": ["trimestre"],
            "year": ["año"],
        },
        "QUARTER_WORDS": [
            "(?<!\\w)t[1-4](?!\\w)",
            "(?<!\\w)[1-4]t(?=\\s*(?:de\\s+|del\\s+)?(?:1[89]\\d\\d|20\\d\\d|'\\d\\d))",
            "(?:primer|primero|segundo|tercer|tercero|cuarto|ultimo)\\s+trimestre",
            "(?<!\\d)[1-4](?:er|o|º|°)?\\s+trimestre",
        ],
        "HALF_WORDS": ["(?:primer[oa]?|segund[oa])\\s+(?:semestre|mitad|quincena)", "(?<!\\d)[12](?:er|o)?\\s+semestre"],
        "ISO_WEEK_WORDS": ["semana"],
        "ISO_WEEK_NUMBER": ["n[uo]mero", "nº"],
        "ORDINAL_SUFFIXES": [],
        # Relative periods: [kind, pattern] (kinds: see period_patterns.RELATIVE_KINDS); {COUNT}, {NOT_OF} are code fragments.
        "RELATIVE": [
            ["trail", "(?:los|las)\\s+(?:ultim[oa]s|pasad[oa]s)\\s+(?P<n>{COUNT})\\s+(?P<u>dias?\\s+(?:habiles|de\\s+negociacion|de\\s+trading)|dias?|sesion\\w*|semanas?|mes(?:es)?|trimestres?|años?)"],
            ["trail", "(?:los|las)\\s+(?P<n>{COUNT})\\s+(?P<u>dias?\\s+(?:habiles|de\\s+negociacion|de\\s+trading)|dias?|sesion\\w*|semanas?|mes(?:es)?|trimestres?|años?)\\s+(?:pasad[oa]s|anteriores|previ[oa]s)"],
            ["trail1", "(?:el|la)\\s+ultim[oa]\\s+(?P<u>semana|mes|trimestre|año){NOT_OF}"],
            ["prev", "(?:el|la)\\s+(?P<u>semana|mes|trimestre|año)\\s+(?:pasad[oa]|anterior)"],
            ["this", "(?:esta|este)\\s+(?P<u>semana|mes|trimestre|año)"],
            ["this", "(?:en\\s+lo\\s+que\\s+va|desde\\s+(?:principios|inicios|el\\s+inicio))\\s+(?:de|del)\\s+(?:la\\s+|el\\s+)?(?P<u>año|mes|semana|trimestre)"],
            ["day2", "anteayer|antier"],
            ["day1", "(?<!\\w)ayer(?!\\w)"],
            ["day0", "(?<!\\w)hoy(?!\\w)"],
        ],
        # Date patterns, one per language; {DAYDATE}, {DATE}, {COUNT} are period_patterns.py fragments.
        "AFTER_DATE": "(?:(?P<n>{COUNT})\\s+)?(?P<u>semanas?|mes(?:es)?|dias?(?:\\s+(?:habiles|de\\s+negociacion|de\\s+trading))?|sesion(?:es)?)\\s+(?:siguientes?|posteriores?|despues)\\s+(?:a\\s+|al\\s+|del?\\s+)?(?:la\\s+fecha\\s+)?(?:(?:del?|al)\\s+)?(?P<a>{DAYDATE})",
        "WEEK": "semana\\s+(?:del?|que\\s+empieza\\s+el)\\s+(?P<a>{DAYDATE})",
        "WEEK_END": "semana\\s+(?:que\\s+(?:termina|terminó|termino|acaba|acabo)\\s+el|hasta\\s+el|al)\\s+(?P<a>{DAYDATE})",
        "END_OF": "(?:(?:a|al|en)\\s+)?(?:finales|fines|final|cierre)\\s+(?:de|del)\\s+(?P<a>{DATE})",
        "START_OF": "(?:(?:a|al|en)\\s+)?(?:principios|inicios|comienzos|inicio)\\s+(?:de|del)\\s+(?P<a>{DATE})",
        "NTH_WEEK_ORDINALS": ["primera", "segunda", "tercera", "cuarta", "ultima"],
        "WEEK_WORDS": ["semana"],
        "FROM": ["desde", "del", "de"],
        "TO": ["a", "al", "hasta"],
        "TO_BARE": ["hasta", "al"],
        # Extremos de un rango como borde de un periodo: "desde principios de 2024 hasta finales de abril"
        "RANGE_START_EDGE": ["(?:el\\s+)?(?:principios?|inicios?|comienzos?)\\s+(?:de|del)\\s+"],
        "RANGE_END_EDGE": ["(?:el\\s+)?(?:finales|fines|final|fin)\\s+(?:de|del)\\s+"],
        "BETWEEN": ["entre"],
        "AND": ["y"],
        "UNTIL": ["hasta"],
        "NOW": ["hoy", "ahora", "la\\s+fecha"],
        "SINCE": ["desde", "a\\s+partir\\s+de"],
    },
    # Typo-tolerant vocabulary (fuzzy.py): words a misspelling is read as, words kept as written,
    # grammatical endings that are not typos.
    "fuzzy": {
        "MONTHS": (
            "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre "
            "diciembre"
        ),
        "METRICS": (
            "maximo minimo volatilidad volumen promedio estadisticas rendimiento variacion apertura "
            "cierre trimestre semestre sesiones"
        ),
        "KEEP": "abrir cierra cierre julia junto marco maxima mayo mayor mayoria menor minima volumen",
        "ENDINGS": ["es", "s"],
    },
    # What the user reads when a model call fails (agent/llm/errors.py): the reason and what was done instead.
    "llm_errors": {
        "USER_MESSAGES": {
            "timeout": "El servicio responde con lentitud.",
            "unavailable": "El servicio no está disponible.",
            "rate_limited": "El servicio está saturado. Inténtalo de nuevo en un momento.",
            "config": "El modelo de lenguaje no está bien configurado.",
            "invalid_output": "No se pudo usar la respuesta del modelo.",
        },
        "FALLBACKS": {
            "understander": "La pregunta la interpretó el analizador integrado.",
            "planner": "Se usó un plan simple integrado.",
            "analyst": "Este es un resumen automático.",
            "educator": "La explicación viene del glosario integrado.",
        },
    },
    "offline_lang": {
        # Month words per month (regex alternatives on normalised text: full and abbreviated forms, case endings).
        "MONTH_PATTERNS": [
            "enero|ene", "febrero|feb", "marzo|mar", "abril|abr", "mayo|may", "junio|jun", "julio|jul",
            "agosto|ago", "septiembre|setiembre|sept|sep", "octubre|oct", "noviembre|nov", "diciembre|dic",
        ],
        # Month words that say nothing about the language (shared with another language: 'mar', 'may').
        "MONTH_NOT_EVIDENCE": ["mar", "may", "feb", "jun", "jul", "sep", "sept", "oct", "nov"],
        # Month abbreviations not read as months in free text (another language's word: 'ago').
        "MONTH_AMBIGUOUS": ["ago"],
        # Function words that show the language (lang.language_evidence; Russian shows by its letters).
        "DETECTION_WORDS": [
            "al", "apertura", "año", "caidas", "cayo", "cierre", "como", "compara", "con", "cual", "cuales",
            "cuantas", "cuanto", "cuantos", "de", "del", "desde", "despues", "dia", "dias", "el", "en", "entre",
            "es", "estadisticas", "explica", "fue", "fueron", "hasta", "la", "las", "le", "lo", "los", "mas",
            "maximo", "mayores", "menores", "mes", "minimo", "muestra", "muestrame", "para", "pasado", "por",
            "precio", "que", "se", "semana", "semestre", "significa", "siguientes", "sobre", "subidas", "subio",
            "trimestre", "ultimo", "ultimos", "un", "una", "volumen", "y",
        ],
        "MONTH_NAMES": list(_MONTHS)
    },
    "glossary": {
        "_UNKNOWN": 'No tengo "{term}" en mi glosario. Los conceptos más cercanos que puedo explicar: {near}.',
        "_SEE_ALSO": "Relacionado: {rel}.",
        "entries": {
            "rsi": {
                "name": "RSI (índice de fuerza relativa)",
                "aliases": "rsi;indice de fuerza relativa;fuerza relativa",
                "text": "Oscilador de momento de 0 a 100 que compara el tamaño de las "
                "subidas recientes con el de las bajadas, normalmente en 14 barras "
                "con el suavizado de Wilder. Por encima de 70 se considera "
                "sobrecompra y por debajo de 30 sobreventa; las divergencias con "
                "el precio pueden anticipar un tendencia que se debilita.",
            },
            "macd": {
                "name": "MACD (convergencia/divergencia de medias móviles)",
                "aliases": "macd;convergencia divergencia de medias moviles",
                "text": "La diferencia entre una media móvil exponencial rápida y una "
                "lenta del precio (normalmente 12 y 26), con una línea de señal "
                "que es la EMA de 9 periodos de esa diferencia. Los cruces con la "
                "señal y con cero se usan como señales de momento y tendencia; el "
                "histograma muestra la distancia entre el MACD y su señal.",
            },
            "bollinger": {
                "name": "Bandas de Bollinger",
                "aliases": "bandas de bollinger;bollinger",
                "text": "Una media móvil (normalmente de 20 barras) con bandas a dos "
                "desviaciones estándar por encima y por debajo. Las bandas "
                "se ensanchan cuando sube la volatilidad y se estrechan "
                "cuando baja; el precio cerca de una banda indica un "
                "movimiento extendido, y un estrechamiento suele preceder a "
                "una ruptura.",
            },
            "sma": {
                "name": "Media móvil simple (SMA)",
                "aliases": "sma;media movil simple;media movil;medias moviles",
                "text": "El promedio simple de los últimos N cierres (por ejemplo 20, 50 o "
                "200 días), recalculado en cada barra. Suaviza el ruido y muestra "
                "la tendencia: el precio por encima de una media creciente es "
                "señal alcista; los cruces de una media rápida y una lenta son "
                "señales clásicas.",
            },
            "ema": {
                "name": "Media móvil exponencial (EMA)",
                "aliases": "ema;media movil exponencial",
                "text": "Una media móvil que da más peso a los cierres recientes (factor "
                "de suavizado 2/(N+1)), por lo que reacciona más rápido que una "
                "media simple de la misma longitud. Es la base del MACD.",
            },
            "atr": {
                "name": "Rango verdadero medio (ATR)",
                "aliases": "atr;rango verdadero medio;rango verdadero promedio",
                "text": "La media del rango verdadero en N barras (normalmente 14): el "
                "mayor entre máximo menos mínimo, máximo menos el cierre anterior "
                "y el cierre anterior menos el mínimo. Mide la volatilidad en "
                "unidades de precio y se usa para fijar stops y tamaños de "
                "posición.",
            },
            "vwap": {
                "name": "VWAP (precio medio ponderado por volumen)",
                "aliases": "vwap;precio medio ponderado por volumen;precio promedio ponderado por volumen",
                "text": "El precio medio de la sesión ponderado por el volumen negociado "
                "en cada precio, que se reinicia cada día. Las instituciones lo "
                "usan como referencia de ejecución; el precio por encima del VWAP "
                "indica que los compradores pagaron más en promedio.",
            },
            "obv": {
                "name": "Volumen en balance (OBV)",
                "aliases": "obv;volumen en balance",
                "text": "Un total acumulado del volumen: se suma el volumen del día cuando "
                "el cierre sube y se resta cuando baja. Un OBV creciente con el "
                "precio plano sugiere acumulación; las divergencias con el precio "
                "indican que al movimiento le falta volumen.",
            },
            "adx": {
                "name": "Índice direccional medio (ADX)",
                "aliases": "adx;indice direccional medio;movimiento direccional",
                "text": "Una medida de 0 a 100 de la fuerza de la tendencia (no de su "
                "dirección), normalmente en 14 barras, construida con las líneas "
                "+DI y -DI. Valores por encima de 25 indican tendencia; por debajo "
                "de 20, rango lateral.",
            },
            "volatility": {
                "name": "Volatilidad",
                "aliases": "volatilidad",
                "text": "Cuánto fluctúan los precios. Aquí es la desviación "
                "estándar muestral de los rendimientos diarios de cierre a "
                "cierre, en porcentaje, dentro del periodo; la anualizada "
                "se obtiene multiplicando por la raíz de 252. Más "
                "volatilidad significa movimientos diarios más amplios y "
                "más riesgo.",
            },
            "drawdown": {
                "name": "Drawdown (caída desde máximos)",
                "aliases": "drawdown;caida desde maximos;reduccion maxima",
                "text": "La caída desde un máximo acumulado hasta un mínimo "
                "posterior, en porcentaje. El drawdown máximo de un periodo "
                "es la peor de esas caídas y mide el peor trago que habría "
                "sufrido un inversor.",
            },
            "gap": {
                "name": "Gap (hueco)",
                "aliases": "gap;gaps;hueco;huecos",
                "text": "Un salto entre el cierre anterior y la siguiente apertura, que "
                "deja una zona de precios sin negociación. Gap alcista: apertura "
                "por encima del cierre previo; bajista: por debajo. Suelen seguir "
                "a noticias nocturnas; se vigila si el hueco se cierra.",
            },
            "support_resistance": {
                "name": "Soporte y resistencia",
                "aliases": "soporte;resistencia;soporte y resistencia",
                "text": "Zonas de precio donde las compras (soporte) o las "
                "ventas (resistencia) han frenado el movimiento "
                "varias veces: máximos y mínimos previos, números "
                "redondos o precios muy negociados. Al romperse, la "
                "antigua resistencia suele convertirse en soporte y "
                "viceversa.",
            },
            "futures_session": {
                "name": "Sesión de futuros",
                "aliases": "sesion;sesion de futuros;sesion de negociacion",
                "text": "Los futuros de índices del CME (NQ, ES...) cotizan "
                "casi 24 horas: de 18:00 a 17:00 hora de Nueva York, "
                "de domingo a viernes, con una pausa diaria de una "
                "hora. La fecha de negociación es el día en que cierra "
                "la sesión, así que el domingo por la tarde cuenta "
                "como lunes. El horario regular (RTH) de acciones de "
                "EE. UU. es 09:30-16:00 de Nueva York.",
            },
            "rollover": {
                "name": "Rollover (cambio de contrato)",
                "aliases": "rollover;cambio de contrato;renovacion de contrato;vencimiento",
                "text": "Los futuros vencen, así que las posiciones se pasan del "
                "contrato que vence al siguiente, normalmente una semana "
                "antes (en los futuros trimestrales de índices: marzo, junio, "
                "septiembre, diciembre). Los gráficos continuos unen "
                "contratos en el cambio, lo que puede crear un salto "
                "artificial si no se ajustan.",
            },
            "contango": {
                "name": "Contango y backwardation",
                "aliases": "contango;backwardation",
                "text": "Contango: los contratos más lejanos cotizan por encima del "
                "contado o de los cercanos (costes de almacenaje, intereses). "
                "Backwardation: lo contrario, típico cuando hay escasez "
                "ahora. La forma de la curva afecta al rollover: en contango "
                "renovar cuesta dinero, en backwardation lo aporta.",
            },
            "open_interest": {
                "name": "Interés abierto",
                "aliases": "interes abierto;posiciones abiertas",
                "text": "El número de contratos de futuros u opciones abiertos y "
                "aún no cerrados. Un interés abierto creciente con el "
                "precio al alza sugiere dinero nuevo en la tendencia; si "
                "baja, se están cerrando posiciones.",
            },
            "volume_profile": {
                "name": "Perfil de volumen",
                "aliases": "perfil de volumen;punto de control;area de valor",
                "text": "Un histograma del volumen negociado por nivel de "
                "precio en un periodo, en lugar de por tiempo. El "
                "precio con más volumen es el punto de control (POC); "
                "el área de valor contiene cerca del 70% del volumen. "
                "Los precios con mucho volumen suelen actuar como "
                "soporte o resistencia.",
            },
            "liquidity": {
                "name": "Liquidez",
                "aliases": "liquidez;liquido",
                "text": "La facilidad para negociar tamaño sin mover el precio: "
                "libros de órdenes profundos, spreads estrechos y mucho "
                "volumen indican alta liquidez. En mercados ilíquidos hay "
                "spreads más amplios, más deslizamiento y movimientos "
                "bruscos con órdenes pequeñas.",
            },
            "spread": {
                "name": "Spread (diferencial compra/venta)",
                "aliases": "spread;diferencial;horquilla",
                "text": "La diferencia entre la mejor oferta de compra (bid) y la mejor "
                "de venta (ask). Es un coste en cada operación con órdenes a "
                "mercado; los futuros líquidos como NQ suelen cotizar con un "
                "tick de diferencia.",
            },
            "stop_loss": {
                "name": "Stop loss",
                "aliases": "stop loss;stop;orden stop;stop de perdidas",
                "text": "Una orden que cierra la posición cuando el precio alcanza "
                "un nivel fijado, limitando la pérdida. Al activarse se "
                "convierte en orden a mercado, así que con movimientos "
                "rápidos o huecos la ejecución puede ser peor que el precio "
                "del stop.",
            },
            "take_profit": {
                "name": "Take profit (toma de beneficios)",
                "aliases": "take profit;toma de beneficios;objetivo de beneficio",
                "text": "Una orden limitada que cierra una posición ganadora en un "
                "precio objetivo, asegurando el beneficio. Junto con el "
                "stop loss define la relación beneficio/riesgo.",
            },
            "leverage": {
                "name": "Apalancamiento",
                "aliases": "apalancamiento;apalancado",
                "text": "Controlar una posición mayor que el dinero aportado. Los "
                "futuros están apalancados por diseño: un contrato NQ vale 20 "
                "veces el índice y el margen es solo una fracción. El "
                "apalancamiento multiplica ganancias y pérdidas.",
            },
            "margin": {
                "name": "Margen",
                "aliases": "margen;margen inicial;llamada de margen",
                "text": "La garantía que exige el bróker o la bolsa para mantener una "
                "posición apalancada. El margen inicial la abre y el de "
                "mantenimiento la sostiene; si las pérdidas bajan el capital "
                "por debajo, llega una llamada de margen o se cierra la "
                "posición.",
            },
            "short_selling": {
                "name": "Venta en corto",
                "aliases": "venta en corto;posicion corta;corto;ponerse corto",
                "text": "Vender primero y recomprar después para ganar con una "
                "caída. En acciones se piden prestadas; en futuros basta "
                "con vender el contrato. Las pérdidas de un corto son "
                "teóricamente ilimitadas porque el precio puede seguir "
                "subiendo.",
            },
            "candlestick": {
                "name": "Vela japonesa (barra OHLC)",
                "aliases": "vela;velas;vela japonesa;ohlc;barra",
                "text": "Una barra de precio: apertura, máximo, mínimo y cierre en "
                "un intervalo (un minuto, una hora, un día). El cuerpo va "
                "de la apertura al cierre y las mechas llegan al máximo y "
                "al mínimo; un cierre por encima de la apertura es una "
                "vela alcista (verde).",
            },
            "trend": {
                "name": "Tendencia",
                "aliases": "tendencia;tendencia alcista;tendencia bajista",
                "text": "La dirección predominante del precio: máximos y mínimos "
                "crecientes en tendencia alcista, decrecientes en bajista. Se "
                "mide con medias móviles y ADX; un mercado sin tendencia está en "
                "rango.",
            },
            "volume": {
                "name": "Volumen",
                "aliases": "volumen;volumen de negociacion",
                "text": "El número de contratos o acciones negociados en una barra o "
                "periodo. Los movimientos con mucho volumen se consideran más "
                "fiables; aquí el volumen total suma las barras del periodo y "
                "el volumen medio diario lo divide entre los días de "
                "negociación.",
            },
            "breakout": {
                "name": "Ruptura (breakout)",
                "aliases": "ruptura;breakout;rotura",
                "text": "El precio atraviesa con decisión un soporte, una resistencia "
                "o un rango, idealmente con volumen creciente. Las rupturas "
                "falsas que se revierten rápido son frecuentes, por eso se "
                "suele esperar un cierre más allá del nivel.",
            },
            "slippage": {
                "name": "Deslizamiento (slippage)",
                "aliases": "deslizamiento;slippage",
                "text": "La diferencia entre el precio esperado de una orden y el "
                "realmente ejecutado, por mercados rápidos o poca liquidez. "
                "Afecta sobre todo a órdenes a mercado y stops.",
            },
            "limit_order": {
                "name": "Órdenes limitadas y a mercado",
                "aliases": "orden limitada;orden a mercado;orden de mercado",
                "text": "Una orden a mercado se ejecuta al instante al mejor "
                "precio disponible; una limitada solo al precio dado o "
                "mejor y puede no ejecutarse. Las limitadas aportan "
                "liquidez y evitan deslizamiento; las de mercado la "
                "consumen y garantizan la ejecución, no el precio.",
            },
            "tick": {
                "name": "Tick (variación mínima)",
                "aliases": "tick;variacion minima;valor del tick",
                "text": "El incremento mínimo de precio de un contrato y su valor. NQ se "
                "mueve en ticks de 0.25 puntos que valen 5 dólares (20 dólares "
                "por punto); ES en ticks de 0.25 que valen 12.50 dólares.",
            },
            "pct_change": {
                "name": "Variación porcentual (rendimiento)",
                "aliases": "variacion porcentual;rendimiento;rentabilidad;cambio porcentual",
                "text": "Cuánto se movió el precio respecto al inicio: (final / "
                "inicio - 1) x 100. En un periodo se mide de la apertura de "
                "la primera barra al cierre de la última; la variación "
                "diaria es de cierre a cierre frente al día anterior.",
            },
            "overbought_oversold": {
                "name": "Sobrecompra y sobreventa",
                "aliases": "sobrecompra;sobreventa;sobrecomprado;sobrevendido",
                "text": "Situaciones en que un oscilador como el RSI o el "
                "estocástico está en un extremo (RSI por encima de "
                "70 o por debajo de 30): el movimiento reciente ha "
                "sido inusualmente unilateral. En tendencias "
                "fuertes puede durar mucho, así que es una "
                "advertencia, no una señal por sí sola.",
            },
            "divergence": {
                "name": "Divergencia",
                "aliases": "divergencia;divergencias",
                "text": "Cuando el precio y un indicador (RSI, MACD, OBV) no "
                "coinciden: por ejemplo, el precio marca un máximo más alto "
                "y el RSI uno más bajo. Sugiere pérdida de impulso y un "
                "posible giro.",
            },
            "stochastic": {
                "name": "Oscilador estocástico",
                "aliases": "estocastico;oscilador estocastico",
                "text": "Muestra dónde está el cierre dentro del rango "
                "máximo-mínimo de las últimas N barras (normalmente 14), de "
                "0 a 100, con una línea de señal suavizada. Como el RSI, se "
                "usa para sobrecompra, sobreventa y cruces.",
            },
            "fibonacci": {
                "name": "Retrocesos de Fibonacci",
                "aliases": "fibonacci;retrocesos de fibonacci;niveles de fibonacci",
                "text": "Niveles horizontales al 23.6%, 38.2%, 50%, 61.8% y 78.6% de "
                "un movimiento previo, donde se espera que un retroceso se "
                "detenga. Son una convención, no una ley; valen porque "
                "muchos operadores los miran.",
            },
        },
    },
    "answer": ANSWER,  # the answer side: agent/lang/_answer/
    "windows": WINDOWS,  # the offline parser's window words: agent/lang/_windows/
    "reading": READING,  # the stated reading and declines: agent/lang/_reading/
    "trading_words": TRADING,  # agent/lang/_trading/
    "tool_words": TOOLS,  # agent/lang/_tools/
    "words": WORDS,  # agent/lang/_words/
    "nlu_words": NLU,  # agent/lang/_nlu/
    "agent_words": AGENTS,  # agent/lang/_agents/
    "wording": {
        "METRIC_STEMS": {
            "close": ("cierre", "cerro", "cerr"),
            "open": ("apertura", "abrio", "abri"),
            "high": ("maximo", "maxima", "pico"),
            "low": ("minimo", "minima"),
            "volume": ("volumen",),
            "volatility": ("volatilidad",),
        },
        "METRIC_EXACT": (),
        "UP_STEMS": ("subio", "subid", "sube", "gano", "ganan", "aument", "alza", "creci", "avanz", "repunt"),
        "DOWN_STEMS": ("bajo", "baj", "cayo", "caid", "cae", "perdi", "perdid", "descen", "retroced", "disminu"),
        "DIRECTION_EXACT": ("baj", "cae"),
        "COMPARE_ABOVE": ("por encima", "superior", "mas de", "mas que", "supero", "al menos", "como minimo"),
        "COMPARE_BELOW": ("por debajo", "inferior", "menos de", "menos que", "como maximo", "a lo sumo"),
        "COMPARE_NEUTRAL": ("umbral", "compar"),
        "ONE": ("uno", "una", "un"),
        "ONE_UNITS": ("por", "punto", "mil", "millon"),
        "NUMBER_WORDS": (
            "dos",
            "tres",
            "cuatro",
            "cinco",
            "seis",
            "siete",
            "ocho",
            "nueve",
            "diez",
            "once",
            "doce",
            "trece",
            "catorce",
            "quince",
            "dieciseis",
            "veinte",
            "veinti",
            "treinta",
            "cuarenta",
            "cincuenta",
            "sesenta",
            "setenta",
            "ochenta",
            "noventa",
            "cien",
            "ciento",
            "cientos",
            "doscientos",
            "quinientos",
            "mil",
            "millon",
            "millones",
            "cero",
        )
    },
    "executor": {"_RANGE_SUGGESTION": "{s} del {a} al {b}",
                 "_PARTIAL": "Los datos cubren solo parte del periodo pedido: {s} tiene barras del {a} al {b} del periodo del {start} al {end}.",
                 "_PARTIAL_HOUR": "La hora {h} cubre solo {span} (hora parcial: {m} minutos de barras)."},
    "offline_parser": {
        # Cue words deciding the kind of question (cues.py, metrics.py): regex alternatives.
        "cues": {
            "WINDOW_UNITS": ["dias?", "periodos?", "sesiones"],
            "WINDOW_WORDS": ["periodo"],
            "WINDOW_OF": ["de"],
            "CONCEPT": [
                "que\\s+es",
                "que\\s+son",
                "que\\s+significa",
                "explica",
                "que\\s+quiere\\s+decir",
                "como\\s+funciona",
                "definicion",
                "(?<!\\w)define",
            ],
            "EXPLAIN": ["explica", "que\\s+significa", "que\\s+es\\s+eso"],
            "STATS": [
                "estadistic\\w*",
                "resumen",
                "como\\s+le\\s+fue",
                "como\\s+se\\s+comporto",
                "rendimiento",
                "desempeño",
                "balance\\s+de",
            ],
            "FOLLOWUP": ["y", "que\\s+tal", "y\\s+en", "ahora"],
            "ALL_HISTORY": [
                "tod[oa]s?\\s+(?:el\\s+|la\\s+|los\\s+)?(?:historic[oa]|historia|datos)(?:\\s+disponibles)?",
                "desde\\s+siempre",
            ],
            "BEST_WORDS": ["mejor(?:es)?", "peor(?:es)?"],
            "PERIOD_UNITS": ["mes(?:es)?", "semanas?", "trimestres?", "años?"],
            "VOLUME_PROFILE": ["perfil\\s+de\\s+volumen"],
            "INTRADAY": ["intradia", "dentro\\s+del\\s+dia"],
            "COMPARE": ["frente\\s+a", "contra(?!\\w)", "(?<!\\w)compar\\w*", "respecto\\s+(?:a|al|de|del)(?!\\w)",
                        "en\\s+relacion\\s+(?:a|al|con)(?!\\w)", "a\\s+diferencia\\s+del?(?!\\w)"],
            "AFTER": ["despues", "tras", "luego", "siguientes?"],
            "COUNT_Q": ["cuant[oa]s", "con\\s+que\\s+frecuencia"],
            "VAGUE_MOVE": ["gran\\w*\\s+(?:movimiento|caida|subida)", "fuerte\\s+(?:movimiento|caida|subida)"],
        },
        # Claim types named in a question ("a+b": both), specific phrases first: see metrics.py.
        "metrics": {
            "max_drawdown": [
                "(?:maxim[oa]\\s+|mayor\\s+)?(?:draw[\\s-]?down|retroceso\\s+maximo|caida\\s+maxima\\s+desde\\s+(?:el\\s+|un\\s+)?(?:maximo|pico))",
                "(?:el\\s+)?drawdown\\s+maximo",
            ],
            "return_prev_close": [
                "(?:frente\\s+al|desde\\s+el|respecto\\s+al|sobre\\s+el)\\s+cierre\\s+(?:anterior|previo|precedente)",
            ],
            "change_points": ["en\\s+puntos(?!\\s+porcentual)", "cuantos\\s+puntos(?!\\s+porcentual)"],
            "avg_daily_volume": [
                "volumen\\s+(?:medio|promedio)(?:\\s+diario)?",
                "volumen\\s+diario\\s+(?:medio|promedio)",
            ],
            "total_volume": ["volumen\\s+total"],
            "avg_daily_range": ["rango\\s+(?:diario\\s+)?(?:medio|promedio)", "rango\\s+diario", "(?<!\\w)rango"],
            "volatility": [
                "desviacion\\s+(?:estandar|tipica)(?:\\s+de\\s+(?:los\\s+)?(?:rendimientos|cambios)(?:\\s+diarios)?)?",
                "desviacion\\s+(?:estandar|tipica)",
            ],
            "up_days+down_days": ["dias\\s+(?:alcistas|positivos|verdes)\\s+(?:y|o)\\s+(?:bajistas|negativos|rojos)"],
            "up_days": ["dias\\s+(?:alcistas|positivos|verdes|de\\s+subida)"],
            "down_days": ["dias\\s+(?:bajistas|negativos|rojos|de\\s+caida)"],
            "trading_days": ["cuantos\\s+dias\\s+(?:de\\s+negociacion|habiles|de\\s+trading)"],
            "pct_change": ["cambio", "variacion", "rentabilidad"],
            "high+low": ["maximo\\s+y\\s+(?:el\\s+)?minimo"],
            "high": ["maximo", "mas\\s+alto", "pico"],
            "low": ["minimo", "mas\\s+bajo"],
            "open": ["apertura", "abrio"],
            "close": ["(?<!\\w)cierre", "cerro"],
            "total_volume+avg_daily_volume": ["volumen"],
        },
        "indicators": {
            "rsi": ["fuerza\\s+relativa"],
            "macd": [],
            "bollinger": [],
            "ema": ["media\\s+movil\\s+exponencial"],
            "sma": ["media\\s+movil"],
            "atr": ["rango\\s+verdadero"],
            "vwap": [],
            "obv": [],
            "adx": [],
        },
        "patterns": {
            "gaps": ["huecos?", "brechas?"],
            "volume_spikes": ["picos?\\s+de\\s+volumen"],
            "hourly_profile": ["por\\s+hora", "perfil\\s+horario"],
            "price_levels": ["soportes?\\s+y\\s+resistencias?", "resistencias?\\s+y\\s+soportes?",
                             "niveles?\\s+de\\s+(?:soporte|resistencia)"],
        },
        "unsupported": {
            "forecast": ["pronostic\\w*", "predic\\w*", "prevision\\w*"],
            "backtest": ["prueba\\s+retrospectiva"],
            "advice": ["deberia\\s+(?:comprar|vender)"],
            "order_book": ["libro\\s+de\\s+ordenes"],
            "news": ["noticias"],
            "options": ["opciones\\s+(?:call|put)"],
        },
    },
    "capability_aliases": {
        "fundamentals": ["ganancias", "dividendo", "ingresos"],
        "options": ["opcion", "opción"],
        "news": ["noticia"],
        "realtime": ["en tiempo real", "ahora"],
        "forecast": ["pronóstico", "predicción"],
        "backtest": ["estrategia"],
        "advice": ["deberia comprar", "debería comprar", "deberia vender", "debería vender"],
        "correlation": ["correlación"],
        "candlestick_patterns": [],
        "order_book": ["libro de órdenes"],
        "intraday_for_daily_only": [],
    },
    # The web UI's texts (web/i18n.js reads them from /i18n/tables.js, built from the packs).
    # --- Counted phrases outside the chat: plural tables, agent/lang plural() ---
    "counts": {
        "trading_days_rebuilt": {"one": "{n} sesión recalculada", "many": "{n} de sesiones recalculadas",
                                 "other": "{n} sesiones recalculadas"},
        "orders_filled": {"one": "{n} orden ejecutada", "many": "{n} de órdenes ejecutadas",
                          "other": "{n} órdenes ejecutadas"},
        "alerts_fired": {"one": "{n} alerta disparada", "many": "{n} de alertas disparadas",
                         "other": "{n} alertas disparadas"},
    },
    "ui": {
        "tagline": "cifras verificadas con las barras",
        "new_chat": "Nuevo chat",
        "send": "Preguntar",
        "hello": "Pregunta sobre tus datos de mercado",
        "hint": "Cada número de la respuesta se comprueba con los datos antes de mostrarlo.",
        "placeholder": "Pregunta por un símbolo y un periodo",
        "placeholder_short": "Símbolo y periodo",
        "thinking": "Trabajando…",
        "steps": "Pasos",
        "plan": "Plan",
        "sql": "SQL",
        "claims": "Cifras verificadas",
        "chart": "Gráfico",
        "type": "Medida",
        "value": "Valor",
        "date": "Fecha",
        "symbol": "Símbolo",
        "period": "Periodo",
        "basis": "Cálculo",
        "clarification": "Necesito un detalle",
        "no_data": "No hay datos",
        "confirm_plan": "Confirma el plan",
        "confirm_action": "Confirma la acción",
        "action_execute": "Sí, hazlo",
        "action_cancel": "No, cancelar",
        "answer_here": "o escribe tu respuesta abajo",
        "error": "Algo salió mal",
        "rows": "filas",
        "validation_ok": "verificado",
        "validation_rewrite": "reescribiendo",
        "validation_need_more_data": "faltan datos",
        "validation_skipped": "sin verificar",
        "reconnecting": "Conexión perdida, reconectando…",
        "live_title": "Precios en vivo de los símbolos a la vista", "live_quiet": "sin datos nuevos",
        "data_none": "sin datos cargados",
        "coverage": "Datos cargados",
        "bars_daily": "barras diarias",
        "bars_1min": "barras de 1 min",
        "to": "a",
        "plan_execute": "Ejecutar",
        "plan_simplify": "Simplificar",
        "plan_cancel": "Cancelar",
        "agents": {
            "understander": "Entendiendo la pregunta",
            "planner": "Planificando",
            "executor": "Ejecutando consultas",
            "analyst": "Redactando la respuesta",
            "validator": "Comprobando cada número",
            "educator": "Explicando",
            "summary_fallback": "Resumiendo",
            "confirm_action": "Esperando tu confirmación",
            "execute_action": "Ejecutando la acción confirmada",
            "new_turn": "Nueva pregunta",
            "clarify": "Pidiendo un detalle",
            "confirm_plan": "Esperando la confirmación del plan",
            "no_data": "No hay datos para eso",
            "remember": "Recordando lo importante",
            "tools": "Usando las herramientas de la cuenta",
            "trading": "Preparando la operación",
        },
        "months": _MONTHS,
        "ex_stats": "Estadísticas de {s} en {m} de {y}",
        "ex_rsi": "RSI de {s} en {m} de {y}",
        "ex_profile": "Perfil de volumen de {s} en {m} de {y}",
        "ex_concept": "¿Qué es el RSI?",
        "claim": {
            "open": "Apertura",
            "close": "Cierre",
            "high": "Máximo",
            "low": "Mínimo",
            "pct_change": "Variación",
            "total_volume": "Volumen total",
            "avg_daily_volume": "Volumen diario medio",
            "trading_days": "Días de negociación",
            "avg_daily_range": "Rango diario medio",
            "up_days": "Días al alza",
            "down_days": "Días a la baja",
            "volatility": "Volatilidad (rendimientos diarios)",
            "daily_pct_change": "Variación diaria",
            "event_count": "Días que cumplen",
            "avg_return_after": "Rentabilidad media después",
            "median_return_after": "Rentabilidad mediana después",
            "win_rate_after": "Porcentaje positivo después",
            "rsi": "RSI (14)",
            "change_points": "Variación en puntos",
            "return_prev_close": "Rentabilidad",
            "max_drawdown": "Caída máxima",
        },
        "basis_first_open": "desde la primera apertura",
        "basis_prev_close": "desde el cierre anterior",
        "basis_day_prev_close": "desde el cierre del día anterior",
        "basis_event_close": "desde el cierre del día del evento",
        "basis_peak": "de máximo a mínimo",
        "axis": {
            "date": "Día de negociación",
            "day_n": "Día de negociación del periodo",
            "price": "Precio",
            "pct_from_start": "% desde el inicio",
            "rsi": "RSI (14)",
            "volume": "Volumen",
            "value": "Valor",
            "pct_from_event": "% desde el cierre del día del evento",
            "days_after": "Sesiones después del evento",
            "hour": "Hora del día",
            "avg_volume": "Volumen medio",
            "avg_return": "Rentabilidad media",
            "macd": "MACD",
            "atr": "ATR",
            "obv": "OBV",
            "adx": "ADX",
            "headlines": "Titulares",
            "session": "Sesión de negociación",
            "mean_score": "Sentimiento medio (−1..1)",
            "pct_change": "Variación del día, %",
            "accuracy_pct": "Días de prueba acertados, %",
            "method": "Predictor",
            "importance_pts": "Precisión perdida al barajar, puntos",
            "feature": "Variable",
            "market_value": "Valor de mercado",
            "unrealized_pnl": "P&L no realizado",
            "symbol": "Símbolo",
        },
        "chart_kind": {
            "compare": "variación desde el inicio",
            "rsi": "RSI (14)",
            "volume_profile": "perfil de volumen",
            "events": "días del evento",
            "price": "precio",
            "candles": "precio",
            "extremes": "máximo y mínimo",
            "intraday": "intradía",
            "drawdown": "caída máxima",
            "after_events": "después de los eventos",
            "gaps": "gaps de apertura",
            "volume_spikes": "picos de volumen",
            "hourly_profile": "perfil por horas",
            "price_levels": "soporte y resistencia",
            "indicator": "indicador",
            "tool_candles": "velas",
            "tool_price": "último precio guardado",
            "tool_indicators": "indicadores",
            "news": "titulares por sentimiento",
            "sentiment": "sentimiento de noticias por sesión",
            "ml_accuracy": "modelo frente a referencia",
            "ml_features": "importancia de variables",
            "portfolio": "posiciones abiertas",
        },
        "poc": "punto de control",
        "value_area": "área de valor",
        "events": "días del evento",
        "panels": "Cuenta",
        "watchlist": "Lista de seguimiento",
        "orders": "Órdenes pendientes",
        "portfolio": "Cartera simulada",
        "alerts": "Alertas",
        "memory": "Lo que recuerdo de ti",
        "forget": "Olvidar todo",
        "forgotten": "Olvidado.",
        "nothing": "nada todavía",
        "add": "Añadir",
        "remove": "Quitar",
        "symbol_ph": "símbolo",
        "cash": "Efectivo",
        "equity": "Patrimonio",
        "pnl": "P&L",
        "favorites": "Símbolos favoritos",
        "style": "Estilo de trading",
        "questions": "Preguntas frecuentes",
        "notes": "Notas",
        "preferences": "Preferencias",
        "strategies": "Estrategias",
        "token_title": "Este servidor necesita un token de API",
        "token_hint": "`askbar users add NOMBRE` imprime uno.",
        "token_bad": "Ese token no fue aceptado.",
        "token_save": "Usar token",
        "token_label": "Token de API",
        "notif_fill": "Orden ejecutada",
        "notif_alert": "Alerta",
        "notif_schedule": "Respuesta programada",
        "export": "Exportar",
        "buy": "compra",
        "sell": "venta",
        "at": "a",
        "bar": "barra",
        "reached": "alcanzada a",
        "dismiss": "Cerrar",
        "close_panel": "Cerrar",
        # --- Charts, plurals, step labels and memory in words ---
        "legend": {
            "high": "Máximo del periodo", "low": "Mínimo del periodo", "event": "Días del evento",
            "gap": "Gaps de apertura", "volume_spike": "Picos de volumen (× la media de 20 días)",
            "volume": "Volumen", "avg_volume": "Volumen medio", "avg_return": "Rentabilidad media",
            "mean": "Media de los eventos", "drawdown": "Del pico al valle", "close": "Cierre", "rsi": "RSI",
            "macd": "MACD", "signal": "Señal", "histogram": "Histograma", "middle": "Banda media",
            "upper": "Banda superior", "lower": "Banda inferior", "sma": "SMA", "ema": "EMA", "atr": "ATR",
            "vwap": "VWAP", "obv": "OBV", "adx": "ADX", "plus_di": "+DI", "minus_di": "−DI",
            "support": "Soporte", "resistance": "Resistencia", "last_close": "Último cierre",
            "positive": "Positivos",
            "neutral": "Neutrales",
            "negative": "Negativos",
            "mean_score": "Puntuación media",
            "pct_change": "Variación del día",
            "accuracy": "Precisión",
            "model": "Modelo",
            "baseline": "Referencia (dirección mayoritaria)",
            "importance": "Importancia",
            "market_value": "Valor de mercado",
            "unrealized_pnl": "P&L no realizado",
            "last_price": "Último precio guardado",
        },
        "bar_size": {
            "1min": "velas de 1 minuto", "hourly": "velas horarias", "daily": "velas diarias",
            "weekly": "velas semanales", "monthly": "velas mensuales",
        },
        "no_chart": "Sin gráfico",
        "chart_none": {
            "tool": "esta respuesta es una acción de la cuenta, no hay precios que dibujar",
            "explanation": "esta respuesta explica un concepto, no hay datos que dibujar",
            "no_rows": "no hay barras que dibujar en este periodo",
            "no_events": "ningún evento tiene una ventana completa después",
            "figures": "los fundamentales son una tabla de cifras, no hay nada en el tiempo que dibujar",
            "trades": "una lista de tus operaciones, mostrada como texto",
            "orders": "una lista de tus órdenes pendientes, mostrada como texto",
            "alerts": "una lista de tus alertas, mostrada como texto",
            "calculation": "esta respuesta es un cálculo con tus números, no hay datos de mercado que dibujar",
            "watchlist": "tu lista de seguimiento es una lista de símbolos, no hay nada que dibujar",
            "memory": "esta respuesta trata de lo que recuerdo, no hay datos que dibujar",
            "no_news": "no hay titulares guardados para este símbolo y periodo",
            "no_positions": "no tienes posiciones abiertas",
            "tool_failed": "la herramienta no devolvió datos",
        },
        # CLDR plural categories of the language (Babel's, tests/agent/test_ui_plurals.py checks them)
        "plural": {
            "rows": {"one": "{n} fila", "many": "{n} de filas", "other": "{n} filas"},
            "bars_1min": {"one": "{n} barra de 1 minuto", "many": "{n} de barras de 1 minuto",
                          "other": "{n} barras de 1 minuto"},
            "bars_daily": {"one": "{n} barra diaria", "many": "{n} de barras diarias", "other": "{n} barras diarias"},
            "questions_asked": {"one": "preguntado una vez", "many": "preguntado {n} de veces",
                                "other": "preguntado {n} veces"},
        },
        "mem_symbol": "un símbolo",
        "mem_number": "un número",
        "mem_usual_symbol": "Símbolo habitual",
        "mem_said": "Me dijiste",
        "mem_asked_about": "Preguntaste por",
        "styles": {"scalping": "scalping", "day_trading": "trading intradía", "swing": "swing trading",
                   "long_term": "inversión a largo plazo"},
        "analysis": {
            "stats": "estadísticas", "extremes": "máximos y mínimos", "volume": "volumen",
            "events": "días de eventos", "after_events": "lo que siguió a los eventos",
            "top_moves": "los mayores movimientos", "compare": "comparaciones", "indicator": "indicadores",
            "pattern": "patrones", "intraday": "barras intradía", "volume_profile": "perfil de volumen",
        },
        "order_types": {"market": "a mercado", "limit": "limitada", "stop": "stop"},
        "conditions": {"above": "por encima de", "below": "por debajo de"},
        "alert_status": {"active": "activa", "triggered": "disparada", "cancelled": "cancelada"},
    },
}


# ---- understanding v2 vocabulary (kept apart from the blocks above to ease merges) ----
_V2_METRICS = PACK["offline_parser"]["metrics"]
_V2_METRICS["up_days"] += ["sesiones\\s+alcistas", "dias\\s+de\\s+toro"]
_V2_METRICS["down_days"] += ["sesiones\\s+bajistas", "dias\\s+de\\s+oso"]
_V2_METRICS["pct_change"] += ["movimiento\\s+porcentual"]
# "performance" words ask for the usual figures (which hold the change), like "performance" in English
PACK["offline_parser"]["cues"]["STATS"] += ["rendimiento", "desempe[nñ]o"]


# ---- N-minute bars and the volume ranking (kept apart to ease merges) ----
PACK["offline_templates"]["VOLUME_RANK"] = {
    "up": {"one": "El día de mayor volumen de {s} ({p}), top {n} (sesiones ordenadas: {d}):",
           "many": "Los {n} días de mayor volumen de {s} ({p}) (sesiones ordenadas: {d}):",
           "other": "Los {n} días de mayor volumen de {s} ({p}) (sesiones ordenadas: {d}):"},
    "down": {"one": "El día de menor volumen de {s} ({p}), top {n} (sesiones ordenadas: {d}):",
             "many": "Los {n} días de menor volumen de {s} ({p}) (sesiones ordenadas: {d}):",
             "other": "Los {n} días de menor volumen de {s} ({p}) (sesiones ordenadas: {d}):"},
}
PACK["offline_templates"]["VOLUME_RANK_ITEM"] = "{date}: volumen {v}"
PACK["answer"]["TEMPLATES"]["intraday_sized"] = ("{s}, {p}, barras de {size} minutos ({n}): apertura {open}, "
                                                 "cierre {close}, variación {pct}; volumen {vol}.")
PACK["answer"]["SUPERLATIVES"] = [*PACK["answer"]["SUPERLATIVES"], r"(?:dias?|sesion\w*) (?:de|con) (?:mayor|menor|maximo|minimo|mas|menos) volumen"]
PACK["ui"]["chart_kind"]["volume_rank"] = "días por volumen"
PACK["ui"]["legend"]["volume_day"] = "Días del ranking de volumen"
PACK["ui"]["analysis"]["volume_rank"] = "ranking de días por volumen"
PACK["ui"]["bar_size"].update({"2min": "velas de 2 minutos", "3min": "velas de 3 minutos", "5min": "velas de 5 minutos",
                               "10min": "velas de 10 minutos", "15min": "velas de 15 minutos",
                               "20min": "velas de 20 minutos", "30min": "velas de 30 minutos",
                               "2h": "velas de 2 horas", "4h": "velas de 4 horas"})

# ---- words the fresh probes found (tests/agent/llm/test_understanding_v2_probes.py) ----
_V2_METRICS["return_prev_close"] = [
    *_V2_METRICS.get("return_prev_close", []),
    "(?:respecto\\s+(?:a|al|del)|frente\\s+(?:a|al)|vs\\.?|versus|comparad[oa]\\s+con|sobre|desde|contra)\\s+(?:el\\s+)?"
    "(?:precio\\s+de\\s+)?cierre\\s+(?:del?\\s+(?:ano|año)\\s+(?:anterior|pasado|previo)|de(?:l)?\\s+(?:1[89]|20)\\d\\d"
    "|(?:anual\\s+)?(?:anterior|previo))",
]
_V2_METRICS["up_days"] += ["(?:cerr|termin|finaliz)\\w*\\s+(?:al\\s+alza|en\\s+positivo|en\\s+verde|arriba|subiendo|en\\s+alza)"]
_V2_METRICS["down_days"] += ["(?:cerr|termin|finaliz)\\w*\\s+(?:a\\s+la\\s+baja|en\\s+negativo|en\\s+rojo|abajo|bajando|en\\s+baja)"]
_V2_METRICS["pct_change"] += ["cuanto\\s+(?:se\\s+)?(?:movi|vari|cambi|subi|baj|cay)\\w*", "variaci[oó]n\\s+porcentual"]
PACK["offline_parser"]["function_words"] = (
    "tal gracias porfa porfis hola indicador indicadores podrias podria decirme quisiera saber conteo "
    "porcentaje porcentajes porciento nivel niveles valor lectura oye ok vale"
).split()
PACK["offline_periods"]["REF_DAY_RANGE"] = [
    "(?:del|desde\\s+el|entre\\s+el|dias|solo\\s+del)\\s+(?P<a>{D})\\s*(?:-|al|a|hasta\\s+el|y\\s+el)\\s*(?P<b>{D})",
]
PACK["offline_periods"]["REF_FIRST"] = [
    "(?:los\\s+|las\\s+)?primer[oa]s\\s+(?P<n>{COUNT})\\s+(?P<u>dias\\s+(?:habiles|de\\s+negociacion|de\\s+trading)|sesiones|dias)",
]
PACK["offline_parser"]["cues"]["DAY_COUNT"] = ["cuant[oa]s", "con\\s+que\\s+frecuencia", "dias?", "sesion(?:es)?", "veces"]
PACK["offline_parser"]["cues"]["PRICE_LEVEL"] = [
    "(?:por\\s+encima\\s+de|por\\s+debajo\\s+de|sobre|bajo|mas\\s+de|menos\\s+de|superior\\s+a|inferior\\s+a)\\s+(?:los\\s+|las\\s+|el\\s+nivel\\s+de\\s+)?(?:\\$\\s*)?{LEVEL}",
]
PACK["offline_periods"]["WEEK"] = PACK["offline_periods"]["WEEK"].replace(
    "(?:del?|que\\s+empieza\\s+el)", "(?:del?|que\\s+(?:empieza|comienza|inicia|arranca)\\s+el|(?:iniciada|comenzada)\\s+el)")
_V2_METRICS["pct_change"] += ["qu[eé]\\s+(?:%|porcentaje)", "cuanto\\s+%"]
_V2_METRICS["down_days"] += ["(?:dias|sesiones)\\s+(?:de\\s+)?(?:bajada|baja)(?!\\w)", "y\\s+de\\s+(?:bajada|baja)(?!\\w)"]
_V2_METRICS["open+high+low+close"] = ["(?<!\\w)ohlcv?(?!\\w)"]
PACK["offline_parser"]["function_words"] += "decir dices cotizo cotizó".split()
_V2_METRICS["max_drawdown"] += ["maxima\\s+caida(?!\\s+(?:diaria|de\\s+un\\s+dia|en\\s+un\\s+dia))"]
_V2_METRICS["avg_daily_range"] += ["amplitud\\w*(?:\\s+media)?(?:\\s+diaria)?"]
PACK["offline_parser"]["function_words"] += "sesiones sesion sesión veces mismo misma negociado negociada".split()
PACK["offline_parser"]["cues"]["DAY_MOVE"] = ["movimiento", "se\\s+movi\\w*", "movi[oó]"]
PACK["offline_periods"]["REF_HALF"] = ["(?P<h>primera|segunda)\\s+(?:mitad|quincena)\\s+del\\s+mes"]
PACK["offline_parser"]["cues"]["POINTS_MOVE"] = ["(?:mas|menos)\\s+de\\s+{N}\\s*puntos?(?!\\w)"]
PACK["offline_periods"]["REF_NTH_WEEK"] = [
    "(?:la\\s+)?(?P<o>primera|segunda|tercera|cuarta)\\s+semana(?:\\s+del\\s+mes)?",
    "(?:la\\s+)?(?P<o>ultima)\\s+semana\\s+del\\s+mes"]
PACK["fuzzy"]["METRICS"] += " anterior pasado alcistas bajistas"
# "sesiones bajstas": a misspelt "bajistas" still reads as down days (the direction word "baj..." is
# already a used word, so the typo reader never sees it)
_V2_METRICS["down_days"] += ["(?:dias|sesiones)\\s+baj\\w*s(?!\\w)"]
_V2_METRICS["up_days"] += ["(?:dias|sesiones)\\s+alc\\w*s(?!\\w)"]
PACK["offline_parser"]["function_words"] += "dar darme numero número cantidad".split()
PACK["offline_parser"]["cues"]["NOT_COMPUTED"] = [
    "(?:precio\\s+de\\s+)?(?:cierre|apertura)\\s+(?:mas\\s+alto|mas\\s+bajo|maximo|minimo|promedio|medio|mediano)",
    "(?:maximo|minimo|mayor|menor)\\s+(?:precio\\s+de\\s+)?(?:cierre|apertura)"]
PACK["offline_periods"]["END_OF"] = PACK["offline_periods"]["END_OF"].replace("(?:finales|fines|final|cierre)",
                                                                              "(?:finales|fines|final|fin|cierre)")
# "máximo de 52 semanas": the trailing 52 weeks (offline_periods.RELATIVE kind "trail")
PACK["offline_periods"]["RELATIVE"].append(
    ["trail", "(?:(?<=maximo\\s)|(?<=minimo\\s)|(?<=rango\\s))de\\s+(?P<n>\\d{1,3})\\s+(?P<u>semanas|meses|dias)"])
PACK["offline_parser"]["function_words"] += "mejor peor".split()
PACK["offline_periods"]["END_OF"] = PACK["offline_periods"]["END_OF"].replace(
    "(?:finales|fines|final|fin|cierre)", "(?:finales|fines|final|fin|cierre|(?:el\\s+)?ultim[oa]\\s+(?:dia|sesion)"
    "(?:\\s+habil|\\s+de\\s+negociacion|\\s+bursatil)?)")
PACK["offline_periods"]["START_OF"] = PACK["offline_periods"]["START_OF"].replace(
    "(?:principios|inicios|comienzos|inicio)", "(?:principios|inicios|comienzos|inicio|(?:el\\s+)?primer(?:a)?\\s+(?:dia|sesion)"
    "(?:\\s+habil|\\s+de\\s+negociacion|\\s+bursatil)?)")
PACK["offline_parser"]["function_words"] += "durante".split()
# "en una sola sesión": the move's span (offline/conditions.py), no slot of its own
PACK["offline_parser"]["function_words"] += "sola solo".split()
# "velas verdes" / "velas rojas": sessions that closed above / below their open
_V2_METRICS["up_days"] += ["velas?\\s+(?:diarias?\\s+)?verdes?(?!\\w)"]
_V2_METRICS["down_days"] += ["velas?\\s+(?:diarias?\\s+)?rojas?(?!\\w)"]
_V2_METRICS["up_days+down_days"] = _V2_METRICS.get("up_days+down_days", []) + [
    "velas?\\s+verdes?\\s+(?:y|o|frente\\s+a|vs\\.?)\\s+(?:velas?\\s+)?rojas?(?!\\w)"]
# "2do trimestre", "4to trim.", "1.º trimestre": the other written ordinals of a quarter / half
PACK["offline_periods"]["QUARTER_WORDS"] += ["(?<!\\d)[1-4](?:ro|do|to|\\.?[ºª°])\\s+trimestre"]
PACK["offline_periods"]["HALF_WORDS"] += ["(?<!\\d)[12](?:ro|do|\\.?[ºª°])\\s+semestre"]
# "¿en qué fecha?" (the extreme's date is always given), "rendimiento medio" (the mean is what an
# after-events answer reports): words of what is answered, not named as unused
PACK["offline_parser"]["function_words"] += "fecha fechas medio".split()
PACK["offline_parser"]["function_words"] += "marco marcó marca marcaron registro registró registraron".split()
# Direction adjectives of a day count and the connectives joining two of them: "días alcistas vs
# bajistas" names both counts (offline/metrics.py)
PACK["offline_parser"]["cues"]["DAY_UP_WORDS"] = ["alcistas?", "positiv[oa]s?", "verdes?", "de\\s+subida",
                                                  "al\\s+alza"]
PACK["offline_parser"]["cues"]["DAY_DOWN_WORDS"] = ["bajistas?", "negativ[oa]s?", "roj[oa]s?",
                                                    "de\\s+(?:caida|bajada)", "a\\s+la\\s+baja"]
PACK["offline_parser"]["cues"]["JOIN_WORDS"] = ["y", "o", "vs\\.?", "contra", "frente\\s+a", "/"]
PACK["offline_parser"]["cues"]["DAY_NOUNS"] = ["dias?", "sesion(?:es)?", "velas?", "jornadas?", "cierres"]
# Trading words only Spanish writes: a question of them and tickers ("rendimiento anual SPX 1995",
# "rango nocturno de NQ") is answered in Spanish (offline/lang.py, language_evidence)
PACK["offline_lang"]["DETECTION_WORDS"] += (
    "rango nocturno nocturna anual mensual semanal diario diaria rendimiento rentabilidad variacion volatilidad "
    "velas quincena mitad alcistas bajistas caida subida sesion sesiones horario hora minutos mayor menor "
    "primera segunda cambio media promedio").split()
# "máx. drawdown", "máx caída desde el pico": the abbreviation belongs to the drawdown
_V2_METRICS["max_drawdown"] += ["max\\.?\\s*(?:draw[\\s-]?down|retroceso)"]
# The typed reading's grammar (agent/nlu/grammar.py): words between a symbol and a period
# that close a part ("NQ en noviembre y SPY en abril", "frente a", "comparado con"), and
# "respectivamente".
PACK["grammar"] = {
    "COORDINATORS": ["y", "e", "contra", "frente", "versus", "vs", "comparado", "comparada", "con", "mientras",
                     "luego", "también", "tambien", "además", "ademas", ",", ";", "&", "/"],
    "RESPECTIVELY": ["respectivamente", "resp"],
}

# ---- silent readings: per-unit returns, highest/lowest close, named days ----
# "rendimientos semanales", "rentabilidad por semana", "el rendimiento de cada semana": every week
# with its own close-to-close return (offline/per_unit.py)
_RET = "(?:rendimientos?|rentabilidad(?:es)?|retornos?|variacion(?:es)?|cambios?|desempe[nñ]os?|ganancias?)"
PACK["offline_parser"]["cues"]["PER_WEEK"] = [
    f"{_RET}\\s+semanales", f"{_RET}\\s+semanal", f"{_RET}\\s+(?:\\w+\\s+)?(?:por\\s+semana|de\\s+cada\\s+semana|semana\\s+a\\s+semana)"]
PACK["offline_parser"]["cues"]["PER_MONTH"] = [
    f"{_RET}\\s+mensual(?:es)?", f"{_RET}\\s+(?:\\w+\\s+)?(?:por\\s+mes|de\\s+cada\\s+mes|mes\\s+a\\s+mes)"]
PACK["offline_parser"]["cues"]["PER_QUARTER"] = [
    f"{_RET}\\s+trimestral(?:es)?", f"{_RET}\\s+(?:\\w+\\s+)?(?:por\\s+trimestre|de\\s+cada\\s+trimestre)"]
PACK["offline_parser"]["cues"]["PER_YEAR"] = [
    f"{_RET}\\s+anual(?:es)?", f"{_RET}\\s+(?:\\w+\\s+)?(?:por\\s+a[nñ]o|de\\s+cada\\s+a[nñ]o|a[nñ]o\\s+a\\s+a[nñ]o)"]
# "el cierre más alto", "el mínimo precio de cierre": the highest / lowest daily close and its date
PACK["offline_parser"]["metrics"] = {
    "max_close": ["(?:precio\\s+de\\s+)?cierres?\\s+(?:diarios?\\s+)?(?:mas\\s+altos?|maximos?|mayor(?:es)?|record)(?!\\w)",
                  "(?:maximo|mayor|mas\\s+alto)\\s+(?:precio\\s+de\\s+)?cierre"],
    "min_close": ["(?:precio\\s+de\\s+)?cierres?\\s+(?:diarios?\\s+)?(?:mas\\s+bajos?|minimos?|menor(?:es)?)(?!\\w)",
                  "(?:minimo|menor|mas\\s+bajo)\\s+(?:precio\\s+de\\s+)?cierre"],
    **PACK["offline_parser"]["metrics"]}
PACK["offline_parser"]["cues"]["NOT_COMPUTED"] = [
    "(?:precio\\s+de\\s+)?apertura\\s+(?:mas\\s+alto|mas\\s+bajo|maximo|minimo|promedio|medio|mediano)",
    "(?:precio\\s+de\\s+)?cierre\\s+(?:promedio|medio|mediano)",
    "(?:maximo|minimo|mayor|menor)\\s+(?:precio\\s+de\\s+)?apertura"]
PACK["offline_parser"]["metrics"] = {
    "max_close+min_close": [
        "(?:precio\\s+de\\s+)?cierres?\\s+(?:mas\\s+altos?|maximos?|mayor(?:es)?)\\s+(?:y|e|/|o)\\s+(?:el\\s+|los\\s+)?"
        "(?:mas\\s+bajos?|minimos?|menor(?:es)?)(?!\\w)",
        "(?:maximo|mayor|mas\\s+alto)\\s+(?:y|e|/|o)\\s+(?:el\\s+)?(?:minimo|menor|mas\\s+bajo)\\s+(?:precio\\s+de\\s+)?cierres?"],
    **PACK["offline_parser"]["metrics"]}
# "cerró por encima de su apertura", "cierre mayor que la apertura": up (down) days, not the open price
_OPEN_REF = "(?:(?:su|la|el|sus|las)\\s+)?(?:precio\\s+de\\s+)?apertura"
PACK["offline_parser"]["metrics"]["up_days"] = [
    f"(?:cerr|cierr)\\w*\\s+(?:\\w+\\s+)?(?:por\\s+encima\\s+(?:de|del)|mas\\s+alto\\s+que|mayor\\s+que|sobre)\\s+{_OPEN_REF}"] + PACK["offline_parser"]["metrics"]["up_days"]
PACK["offline_parser"]["metrics"]["down_days"] = [
    f"(?:cerr|cierr)\\w*\\s+(?:\\w+\\s+)?(?:por\\s+debajo\\s+(?:de|del)|mas\\s+bajo\\s+que|menor\\s+que|bajo)\\s+{_OPEN_REF}"] + PACK["offline_parser"]["metrics"]["down_days"]
# Named days (offline/named_days.py): one date each, never the year beside them
PACK["offline_periods"]["NAMED_HOLIDAYS"] = {
    "good_friday": ["viernes\\s+santo"], "thanksgiving": ["(?:(?:el\\s+)?dia\\s+de\\s+)?accion\\s+de\\s+gracias"],
    "black_friday": ["viernes\\s+negro"],
    "memorial_day": ["dia\\s+de\\s+los\\s+caidos"], "labor_day": ["dia\\s+del\\s+trabajo(?:\\s+de\\s+ee\\.?\\s*uu\\.?)?"],
    "mlk_day": ["dia\\s+de\\s+martin\\s+luther\\s+king"], "presidents_day": ["dia\\s+de\\s+los\\s+presidentes"],
    "christmas_eve": ["nochebuena", "vispera\\s+de\\s+navidad"], "christmas": ["navidad(?:es)?"],
    "new_years_eve": ["nochevieja"], "new_years_day": ["(?:dia\\s+de\\s+)?a[nñ]o\\s+nuevo"],
    "independence_day": ["dia\\s+de\\s+la\\s+independencia\\s+de\\s+(?:ee\\.?\\s*uu\\.?|estados\\s+unidos)"],
    "juneteenth": [],
}
PACK["offline_periods"]["NAMED_MARKET_DAYS"] = {
    "black_monday": ["lunes\\s+negro"], "black_tuesday": ["martes\\s+negro"],
    "black_thursday": ["jueves\\s+negro"], "flash_crash": [],
}
# Backtests (agent/lang/_backtest/): the rule's words, the answer's sentences, the chart's labels
PACK["backtest"] = BACKTEST
for _key in ("chart_kind", "legend", "axis"):
    PACK["ui"][_key].update(BACKTEST["ui"][_key])

# The chat's reading tools and stated preferences (see the English pack).
PACK["chat_tools"] = {
    "cues": {
        "NEWS": ["noticias?", "titular\\w*"], "SENTIMENT": ["sentimiento\\w*", "tono"],
        "ML_MODEL": ["modelo\\w*", "aprendizaje\\s+automatico"],
        "ML_SIGNAL": ["señal\\w*", "senal\\w*", "predic\\w*", "pronostic\\w*"],
        "ML_FEATURES": ["caracteristicas?", "variables", "importancia"],
        "FUNDAMENTALS": ["fundamental\\w*", "ingresos", "beneficio\\s+por\\s+accion", "capitalizacion", "per\\s+ratio"],
        "PREFER": ["prefier\\w*", "prefer\\w*", "me\\s+gusta\\w*", "quiero", "usa", "muestra\\w*", "siempre"],
        "STRONG_PREFER": ["prefier\\w*"],
        "CHART": ["graficos?", "graficas?", "velas?", "barras?", "temporalidad"],
        "HOURLY": ["horari\\w*", "por\\s+hora"], "DAILY": ["diari\\w*", "por\\s+dia"], "WEEKLY": ["semanal\\w*"],
        "ANSWER": ["respond\\w*", "contesta\\w*", "habla\\w*", "escrib\\w*"],
        "IN_RU": ["en\\s+ruso"], "IN_EN": ["en\\s+ingles"], "IN_ES": ["en\\s+espanol"],
        "TIME_ZONE": ["zona\\s+horaria", "huso\\s+horario"], "RISK": ["riesgo"],
        "CONSERVATIVE": ["conservador\\w*", "bajo"], "MODERATE": ["moderad\\w*", "medio"],
        "AGGRESSIVE": ["agresiv\\w*", "alto"],
    },
    # [name as written, IANA zone] (a list: each language names its own cities)
    "cities": [["nueva york", "America/New_York"], ["londres", "Europe/London"], ["moscu", "Europe/Moscow"], ["madrid", "Europe/Madrid"], ["mexico", "America/Mexico_City"]],
    "drafts": {
        "news_period": "Noticias de {sym}{period}: {count} titulares ({pos} positivos, {neu} neutrales, "
                       "{neg} negativos), puntuación media de sentimiento {mean}",
        "news_items": ". Los últimos {n}:", "news_line": "\n- {date}: «{headline}» ({label})",
        "sentiment": "Sentimiento de las noticias de {sym}{period}: {count} titulares en {days} sesiones "
                     "({pos} positivos, {neu} neutrales, {neg} negativos); puntuación media {mean} "
                     "(de menos uno a uno)",
        "sentiment_corr": "; correlación de la puntuación diaria con el cambio del día {corr}",
        "ml_signal": "Señal ML de {sym} con las barras hasta {as_of}: próxima sesión {dir}, probabilidad "
                     "{p}. Precisión walk-forward {acc} frente a una base de {base} en {days} días de "
                     "prueba (p-valor {pv}): {edge}. Es una descripción de datos pasados, no un consejo.",
        "ml_up": "al alza", "ml_down": "a la baja", "ml_edge": "mejor que la base más allá del azar",
        "ml_no_edge": "sin ventaja sobre la base más allá del azar",
        "ml_features": "Modelo ML de {sym} (versión {ver}): la característica en la que más se apoya es "
                       "{top}; {useful} características importan más allá del ruido (importancia por "
                       "permutación en {days} días de prueba). Predicción {pid}.",
        "fund": "Datos fundamentales de {sym} del periodo que termina el {end}: {items}.",
        "positive": "positiva", "neutral": "neutral", "negative": "negativa",
    },
    "mem_pref": " Guardado como tu preferencia: {what}; lo usaré.",
    "pref_words": {"hourly": "gráficos horarios", "daily": "gráficos diarios", "weekly": "gráficos semanales",
                   "en": "respuestas en inglés", "ru": "respuestas en ruso", "es": "respuestas en español",
                   "conservative": "riesgo conservador", "moderate": "riesgo moderado",
                   "aggressive": "riesgo agresivo", "timezone": "zona horaria {tz}"},
    "granularity_note": "Barras {what}, como prefieres.",
    "granularity_words": {"hourly": "horarias", "daily": "diarias", "weekly": "semanales"},
}

# Paper-trading notifications (fills, fired alerts: agent/trading/texts.py) and the note of a
# follow-up that continues the thread's instrument (agent/memory/defaults.py)
PACK["notify"] = {"fill": "{side} {qty} {symbol} ({kind}): ejecutada a {price} · barra de {ts}", "alert": "{symbol} {condition} {price}: alcanzado en {fired} · barra de {ts}{tail}", "order_kind": {"market": "a mercado", "limit": "límite", "stop": "stop", "stop_limit": "stop límite"}}
PACK["memory_notes"] = {"thread_symbol": "Uso {symbol}, como en esta conversación."}

# Alertas sobre estadísticas (agent/nlu/alert_conditions.py): palabras clave y la condición en palabras
PACK["alert_conditions"] = {
    "alert": ["av[íi]same", "av[íi]sa(?:me)?", "notif[íi]ca(?:me)?", "alerta(?:me)?", "dime", "cre[ae]\\s+una\\s+alerta"],
    "when": ["cuando", "en\\s+cuanto", "si"],
    "range": ["rango"], "average": ["promedio", "media"], "times": ["x", "×", "veces"],
    "day": ["d[íi]as?", "sesiones?"],
    "close": ["cierr\\w*", "cerr\\w*"], "in_row": ["seguid[oa]s", "consecutiv\\w*", "al\\s+hilo"],
    "lower": ["m[áa]s\\s+bajo", "a\\s+la\\s+baja", "por\\s+debajo", "en\\s+rojo", "abajo"],
    "higher": ["m[áa]s\\s+alto", "al\\s+alza", "por\\s+encima", "en\\s+verde", "arriba"],
    "move": ["muev\\w*", "mueva\\w*", "mov\\w*", "vari\\w*"], "rise": ["sub\\w*", "suba\\w*"],
    "fall": ["caig\\w*", "baje\\w*", "cae\\w*", "caiga\\w*"],
    "percent": ["%", "por\\s+ciento"], "hour": ["(?:una|1)\\s+hora", "hora"], "minutes": ["minutos?"],
    "cross": ["cruc\\w*", "cruza\\w*", "rompa\\w*", "sub\\w*", "baj\\w*"],
    "rsi": ["rsi"], "sma": ["sma", "media\\s+m[óo]vil(?:\\s+simple)?"],
    "ema": ["ema", "media\\s+m[óo]vil\\s+exponencial"],
    "texts": {
        "window_range": "{symbol}: avisar cuando el rango de la ventana {window} (hora de {tz}) esté {op} {ratio}x su "
                        "promedio de {days} (se comprueba al terminar la ventana)",
        "closes_in_row": "{symbol}: avisar cuando cierre {dir} {count} seguidas (cada cierre diario {dir} "
                         "que el anterior)",
        "move_within": "{symbol}: avisar cuando se mueva {dir}un {pct}% en {span} (un cierre contra el cierre de "
                       "{span} antes)",
        "indicator_level": "{symbol}: avisar cuando el {ind} diario cruce {op} {level}",
        "indicator_price": "{symbol}: avisar cuando el cierre diario cruce {op} su {ind}",
    },
    "op": {"above": "por encima de", "below": "por debajo de"}, "dir": {"above": "más alto", "below": "más bajo"},
    "move_dir": {"any": "", "up": "al alza ", "down": "a la baja "},
    "span": {"one": "{n} minuto", "many": "{n} minutos", "other": "{n} minutos", "=60": "una hora"},
    "window": "{start}-{end}",
    "sessions": {"one": "{n} sesión", "many": "{n} sesiones", "other": "{n} sesiones"},
    "fired": "Alerta: {text} — se activó en la barra de {ts} (valor {value})",
}
# Frescura de las respuestas sobre «ahora» (agent/live/freshness.py): «a las 14:31 ET, hace 12 s»
PACK["live"] = {
    "as_of": "{time}, {age}", "seconds": "hace {n} s", "minutes": "hace {n} min", "hours": "hace {n} h",
    "days": {"one": "hace {n} día", "many": "hace {n} días", "other": "hace {n} días"},
    "future": "por delante del reloj de esta máquina",
}
# "la racha alcista más larga", "cuántas sesiones seguidas subió": la racha más larga de cierres por
# encima (debajo) del anterior (claims longest_up_streak, longest_down_streak)
PACK["offline_parser"]["metrics"] = {
    "longest_up_streak": [
        "(?:mayor\\s+|mas\\s+larga\\s+)?racha\\s+(?:alcista|ganadora|positiva|de\\s+subidas|al\\s+alza)(?:\\s+mas\\s+larga)?",
        "(?:dias|sesiones)\\s+(?:seguid\\w+|consecutiv\\w+)\\s+(?:\\w+\\s+)?(?:subio|subiendo|al\\s+alza|de\\s+subida|en\\s+alza)",
        "(?:subio|subiendo|al\\s+alza)\\s+(?:\\w+\\s+)?(?:dias|sesiones)\\s+(?:seguid\\w+|consecutiv\\w+)"],
    "longest_down_streak": [
        "(?:mayor\\s+|mas\\s+larga\\s+)?racha\\s+(?:bajista|perdedora|negativa|de\\s+caidas|a\\s+la\\s+baja)(?:\\s+mas\\s+larga)?",
        "(?:dias|sesiones)\\s+(?:seguid\\w+|consecutiv\\w+)\\s+(?:\\w+\\s+)?(?:bajo|bajando|a\\s+la\\s+baja|de\\s+caida|cayo|cayendo)",
        "(?:bajo|bajando|cayo|cayendo|a\\s+la\\s+baja)\\s+(?:\\w+\\s+)?(?:dias|sesiones)\\s+(?:seguid\\w+|consecutiv\\w+)"],
    **PACK["offline_parser"]["metrics"]}
# "el máximo cierre del primer trimestre": a measure over the period, never its end
assert "fin|cierre" in PACK["offline_periods"]["END_OF"]
PACK["offline_periods"]["END_OF"] = PACK["offline_periods"]["END_OF"].replace("fin|cierre", "fin|" + "".join(
    f"(?<!{w} )" for w in ("maximo", "minimo", "mayor", "menor", "mejor", "peor", "promedio", "medio")) + "cierre", 1)
# "cuántas semanas alcistas", "meses bajistas de 2008": el rendimiento de cada semana (mes), no días
for _unit, _word in (("WEEK", "semanas"), ("MONTH", "meses"), ("QUARTER", "trimestres"), ("YEAR", "anos")):
    PACK["offline_parser"]["cues"][f"PER_{_unit}"] = [
        *PACK["offline_parser"]["cues"][f"PER_{_unit}"],
        f"(?<!\\w){_word}\\s+(?:alcistas|bajistas|positiv[oa]s|negativ[oa]s|al\\s+alza|a\\s+la\\s+baja|en\\s+positivo|en\\s+negativo)(?!\\w)"]
# "cierres semanales", "el cierre de cada mes": el último cierre de cada semana (mes)
for _unit, _adj, _noun in (("WEEK", "semanal(?:es)?", "semana"), ("MONTH", "mensual(?:es)?", "mes"),
                           ("QUARTER", "trimestral(?:es)?", "trimestre"), ("YEAR", "anual(?:es)?", "ano")):
    PACK["offline_parser"]["cues"][f"CLOSES_{_unit}"] = [
        f"(?<!\\w)(?:precios?\\s+de\\s+)?cierres?\\s+{_adj}", f"cierres?\\s+de\\s+cada\\s+{_noun}"]
# "la mayor caída semanal", "la mayor subida mensual": la peor (mejor) semana o mes
PACK["offline_parser"]["cues"]["UNIT_MOVE"] = [
    "(?:mayor|peor|mejor)\\s+(?P<mv>caida|bajada|perdida|subida|ganancia|alza|variacion)\\s+(?P<u>semanal|mensual)"]
PACK["offline_parser"]["cues"]["UNIT_MOVE_DOWN"] = ["caida", "bajada", "perdida"]
# "qué día de la semana fue el mejor": el desglose por día de la semana no se calcula; se dice
PACK["offline_parser"]["cues"]["NOT_COMPUTED"] = [*PACK["offline_parser"]["cues"]["NOT_COMPUTED"],
                                                  "dias?\\s+de\\s+la\\s+semana"]
# "qué porcentaje de días subió SPY": los días alcistas (bajistas) y los días de negociación
PACK["offline_parser"]["metrics"] = {
    "up_days+trading_days": ["(?:porcentaje|proporcion|parte)\\s+de\\s+(?:los\\s+)?(?:dias|sesiones)\\s+(?:\\S+\\s+){0,3}?(?:subio|alcistas?|al\\s+alza|en\\s+positivo)"],
    "down_days+trading_days": ["(?:porcentaje|proporcion|parte)\\s+de\\s+(?:los\\s+)?(?:dias|sesiones)\\s+(?:\\S+\\s+){0,3}?(?:bajo|cayo|bajistas?|a\\s+la\\s+baja|en\\s+negativo)"],
    **PACK["offline_parser"]["metrics"]}
