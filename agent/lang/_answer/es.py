"""Spanish: the answer side"s closed word lists and prose templates (see __init__)."""
ANSWER = {
    "TEMPLATES": {
        "volume_profile": "{s}, {p}, perfil de volumen: punto de control {poc}; área de valor de {val} a "
                          "{vah}; rango de precios {lo} – {hi}; volumen total {vol}.",
        "gaps": "{s}, {p}: {n} gaps de apertura superiores a {t} ({up} al alza, {down} a la baja); "
                "cerrados el mismo día: {filled} ({rate}); gap medio {avg}, tamaño medio {size}; "
                "sesiones revisadas: {days}.",
        "gaps_none": "{s}, {p}: gaps de apertura superiores a {t}: {n}.",
        "volume_spikes": "{s}, {p}: picos de volumen (volumen de al menos {t}× la media de las {lb} "
                         "sesiones anteriores): {n}.",
        "spike_ratios": "Relación media {avg}×, máxima {max}×.",
        "price_levels": "{s}, {p}, soportes y resistencias (sesiones: {days}; puntos de giro: "
                        "{points}). Un máximo de giro es una sesión cuyo máximo es el más alto desde {w} sesiones "
                        "antes hasta {w} después, un mínimo de giro igual con los mínimos; los puntos a menos de "
                        "{t} entre sí forman un nivel, a su precio medio; un nivel por debajo del último cierre, "
                        "{close} el {cd}, es soporte y los demás, resistencia. Resistencias, la más cercana "
                        "primero: {res}. Soportes, el más cercano primero: {sup}.",
        "price_level_item": "{level} (puntos de giro: {touches}, el último el {date})",
        "price_levels_none": "ninguno",
        "hourly_profile": "{s}, {p}, por hora del día ({bars} barras horarias): mayor volumen medio en la "
                          "hora {busiest}, rango medio más amplio en la hora {volatile}, mejor rendimiento "
                          "medio en la hora {best}, peor en la hora {worst}.",
        "intraday": "{s}, {p}, barras de un minuto ({n}): apertura {open}, cierre {close}, variación {pct}; "
                    "volumen {vol}.",
        "intraday_capped": "{s}, {p}: solo se listan las primeras {n} barras (el límite de filas), del {first} al {last}; "
                           "en esas barras: apertura {open}, cierre {close}, variación {pct}, volumen {vol}. No cubren "
                           "todo el periodo.",
        "intraday_extremes": "Máximo {high} a las {high_ts}; mínimo {low} a las {low_ts}.",
        "indicator_parts": {"macd": "línea MACD {macd}, señal {signal}, histograma {histogram}",
                            "bollinger": "banda media {middle}, banda superior {upper}, banda inferior {lower}",
                            "adx": "ADX {adx}, +DI {plus_di}, −DI {minus_di}"},
    },
    "DIR": {"up": "subió", "down": "bajó", "flat": "no varió"},
    "DIR_FORMS": {"f": {"up": "subió", "down": "bajó", "flat": "no varió"},
                  "n": {"up": "subió", "down": "bajó", "flat": "no varió"},
                  "pl": {"up": "subieron", "down": "bajaron", "flat": "no variaron"}},
    "CMP": {"gt": "superior a", "lt": "inferior a", "eq": "igual a"},
    "SHARE": "{a} de {b}",
    "SUPERLATIVES": [r"(?:el|la|los|las) mejor\w*", r"(?:el|la|los|las) peor\w*", r"record\w*",
                     r"(?:maximo|minimo|record) historic\w*", r"(?:el|la|los|las) \w+ mas \w+", r"mas fuerte", r"mas debil",
                     r"de todos los tiempos"],
    "QUANTIFIERS": [r"mayoria", r"todos", r"todas", r"cada"],
    "NEGATIONS": [r"nunca", r"ni un\w*", r"ningun\w*", r"jamas"],
    "CAUSAL": [r"debido al?", r"por culpa del?", r"gracias al?", r"impulsad\w* por", r"en medio de",
               r"a raiz de", r"como consecuencia de", r"tras (?:el|la|los|las) (?:informe|dato|decision|"
               r"reunion|anuncio|resultado)\w*"],
    "EVENTS": [r"resultados", r"informe de empleo", r"nominas", r"ipc", r"inflacion", r"la fed",
               r"reserva federal", r"tipos de interes", r"suspendid\w*", r"suspension", r"elecciones",
               r"recesion", r"pandemia", r"guerra", r"aranceles", r"coronavirus", r"covid\S*"],
    "NAMES": [("microsoft", ["MSFT"]), ("tesla", ["TSLA"]), ("amazon", ["AMZN"]), ("google", ["GOOGL", "GOOG"]), ("meta", ["META"]), ("nasdaq inc", ["NDAQ"]), ("nasdaq", ["NQ", "MNQ", "QQQ", "NDX"]), ("dow", ["YM", "MYM", "DJI"]), ("euro", ["6E", "M6E"]), ("yen", ["6J"]), ("bitcoin", ["BTCUSD", "BTC"]), ("oro", ["GC"]), ("petroleo", ["CL"]), ("apple", ["AAPL"]), ("nvidia", ["NVDA"])],
    "NOT_AVAILABLE": [r"no (?:esta|estan) disponible\w*", r"no disponible\w*", r"sin datos", r"no hay datos"],
    "PERCENT_WORDS": [r"por ?ciento", r"porcentaje"],
    "CURRENCY_WORDS": [r"dolar\w*", r"usd", r"\$", r"euros"],
    "POINT_WORDS": [r"puntos?", r"pts"],
    "RATIO_WORDS": [("el doble", 2.0), ("la mitad", 0.5), ("el triple", 3.0)],
    "NUMBER_IDIOMS": [r"en un momento", r"un\w* de (?:los|las)", r"por un lado"],
    "PERIOD_NOUNS": [r"mes\w*", r"trimestre\w*", r"anos?", r"periodos?", r"semanas?", r"semestres?"],
    "QUANTITY_IDIOMS": [r"de como maximo", r"como maximo", r"como minimo", r"al menos", r"por lo menos",
                        r"a lo sumo"],
    "DIRECTION_TERMS": [
                        r"\b(?:sesiones|dias) (?:cerraron|terminaron) (?:al alza|a la baja|en positivo|en negativo)\b",
r"\b(?:dias?|sesion\w*) (?:de )?(?:subida|caida|alza|baja|alcistas?|bajistas?)\b",
                        r"\b(?:tras|despues de|cada) (?:\w+ )?(?:caida|bajada|subida|desplome|alza)s?\b",
                        r"\b(?:caidas|subidas) diarias\b", r"\bal alza\b", r"\ba la baja\b",
                        r"\bcierres (?:al alza|a la baja) sin interrupcion\b"],   # la racha más larga (claim)
    "EXTRA_UP": ["subier", "subian", "subia", "ganaron", "ganaba", "crecier", "aumentaron", "dispar", "repunt", "recuper", "escal"],
    "EXTRA_DOWN": ["cayer", "caian", "caia", "bajaron", "bajaba", "bajar", "perdier", "descendier", "retrocedier", "hundi", "desplom", "retroced", "debilit", "se hunde"],
    "LINKERS": ["un", "una", "del", "de", "el", "la", "en", "a", "hasta", "casi", "alrededor", "cerca", "solo",
                "apenas", "fuertemente", "ligeramente"],
    "CONJUNCTIONS": ["y", "pero", "aunque", "mientras", "sin", "embargo", "aun"],
    # Empresas e instituciones: ver en.
    "INSTITUTIONS": ["powell", "lagarde", "fed", "la fed", "reserva federal", "bce", "banco central europeo", "banco de japon", "opep",
                     "fmi", "tesoro", "congreso", "casa blanca"],
    "TERMS": ["askbar", "e-mini", "mini", "micro", "nyse", "cboe", "nueva york", "chicago", "rsi", "macd", "adx", "di", "atr", "ema", "sma", "vwap", "obv", "poc", "ohlc", "utc", "cme", "ee",
              "uu", "ee.uu", "eeuu", "bollinger", "i", "ii", "iii", "iv", "no", "si"],
    "EVENT_CONCEPTS": {
        "guidance": [r"previsiones", r"perspectivas"], "downgrade": [r"rebaja\w* de (?:rating|calificacion)"], "upgrade": [r"mejora\w* de (?:rating|calificacion)"],
        "fed": [r"la fed", r"fed", r"reserva federal", r"powell"], "ecb": [r"bce", r"banco central europeo"],
        "earnings": [r"resultados", r"beneficios?", r"ganancias"], "jobs": [r"informe de empleo", r"nominas", r"empleo", r"desempleo"],
        "inflation": [r"ipc", r"inflacion"], "rates": [r"tipos de interes", r"tasas? de interes", r"tipos"],
        "halt": [r"suspendid\w*", r"suspension"], "election": [r"elecciones"], "recession": [r"recesion"],
        "pandemic": [r"pandemia", r"coronavirus", r"covid\S*"], "war": [r"guerra"], "tariffs": [r"aranceles"],
        "opec": [r"opep"], "oil": [r"petroleo", r"crudo"]},
    "NEWS_LINKS": [r"en medio de", r"el dia de", r"el mismo dia que", r"el mismo dia de", r"en la sesion de",
                   r"la misma sesion que"],
}

from agent.lang._answer.checks_es import CHECKS, FORMAT  # noqa: E402 (the checks' and formatter's words)
from agent.lang._answer.closed_es import CLOSED  # noqa: E402 (the closed vocabulary)

ANSWER.update(CLOSED)
ANSWER.update(CHECKS)
ANSWER.update(FORMAT)
