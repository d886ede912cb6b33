"""Spanish: see __init__."""
from typing import Any

NLU: dict[str, Any] = {
    # conditions.py: move words, thresholds, post-event windows, top-N largest moves
    "conditions": {
        "up": [r"subi\w*", r"sube\w*", r"subir", r"gan[oóae]\w*", r"alz\w*", r"aument\w*", r"repunt\w*", r"crec\w*",
               r"avanz\w*", r"dispar\w*", r"verde\w*", r"mejor\w*", r"alcista\w*"],
        "down": [r"ca[iy]\w*", r"cae[rn]?\b", r"baj\w*", r"descen\w*", r"perd\w*", r"perdid\w*", r"desplom\w*",
                 r"retroce\w*", r"rojo\w*", r"peor\w*"],
        "move": [r"movimient\w*", r"cambio\w*", r"variaci\w*", r"oscilac\w*"],
        "percent": [r"por\s*ciento"],
        "gte": [r"al\s+menos", r"como\s+minimo", r"o\s+mas", r"por\s+lo\s+menos"],
        "gt": [r"mas\s+de", r"mas\s+del", r"superior\w*", r"por\s+encima", r"mayor(?:es)?\s+(?:al|a|que|del?)(?!\w)"],
        "gap": [r"hueco\w*", r"brecha\w*"],
        # el rango del día en porcentaje ("días con un rango superior al 1%")
        "range": [r"rango\w*(?:\s+diario)?", r"amplitud\w*", r"recorrido\w*"],
        "at_most": [r"como\s+maximo", r"o\s+menos", r"a\s+lo\s+sumo", r"no\s+mas\s+de"],
        "less": [r"menos\s+de", r"menos\s+del", r"inferior\w*", r"por\s+debajo", r"menor(?:es)?\s+(?:al|a|que|del?)(?!\w)"],
        # the unit of a window after the events ("los 5 días siguientes")
        "units": [r"dias?(?:\s+(?:habiles|de\s+negociacion|de\s+trading))?", r"sesion\w*", r"semanas?", r"mes(?:es)?"],
        "unit_week": [r"semana"],
        "unit_month": [r"mes"],
        # windows after the events, tried in order of the slot then of the language: {n} the count,
        # {u} the unit
        "horizon_counted": [
            r"(?:los|las)\s+{n}\s+{u}\s+(?:siguientes|posteriores|despues|proxim[oa]s)",
            r"(?:proxim[oa]s|siguientes)\s+{n}\s+{u}",
            r"{n}\s+{u}\s+(?:despues|mas\s+tarde|tras|luego|posteriores?)",   # "20 sesiones tras una subida"
            r"(?:a\s+los|tras|durante\s+los|en\s+los)\s+{n}\s+{u}",
        ],
        "horizon_single": [r"(?:la|el)\s+(?P<u>semana|mes|dia|sesion)\s+(?:siguiente|despues|posterior)",
                           r"(?:una|un)\s+(?P<u>semana|mes|dia)\s+despues"],
        # a window given on its own (often a reply to a clarification): "a diez sesiones"
        "horizon_a": [r"(?<!\w)a\s+{n}\s+{u}"],
        "horizon_on": [],
        "horizon_of": [r"horizonte\s+de", r"ventana\s+de"],
        "horizon_window": [],
        # the span of the move itself ("cayó un 4% en una sola sesión")
        "span_percent": [r"por\s*ciento"],
        "span_in": [r"en"],
        "span_one": [r"un\s+(?:solo\s+)?", r"una\s+(?:sola\s+)?"],
        "span_day": [r"dia", r"sesion"],
        # top-N largest moves
        "superlative": [r"mayor(?:es)?", r"peor(?:es)?", r"mejor(?:es)?", r"grandes", r"fuertes", r"principales",
                        r"mas\s+(?:grandes|fuertes)"],
        "top_noun": [r"subidas?", r"caidas?", r"ganancias?", r"perdidas?", r"movimientos?", r"alzas?", r"bajadas?", r"dias?",
                     r"sesion(?:es)?", r"desplomes?", r"repuntes?"],
        "top_of": [],
        "count_trading": [],
        "count_days": [r"dias", r"sesiones"],
        "count_with": [r"de", r"con"],
        "count_article": [r"la\s+", r"el\s+"],
        "top_explicit": [r"mayores"],
        "plural_endings": [],
        "best": [r"mejor"],
        "worst": [r"peor"],
        "and": [r"y"],
        "gains": [r"subidas?"],
        "falls": [r"caidas?"],
        "losses": [],
    },
    # tool_intents.py: the vocabulary of the questions a catalogue tool answers directly
    "tool_intents": {
        "watchlist": [r"lista\s+de\s+(?:seguimiento|vigilancia)"],
        "add": [r"agreg\w*", r"añad\w*", r"anad\w*", r"incluy\w*", r"pon\w*", r"mete\w*"],
        "remove": [r"quit\w*", r"elimin\w*", r"borr\w*", r"sac\w*"],
        "position": [r"tamaño\s+de\s+(?:la\s+|mi\s+)?posici\w*", r"tamano\s+de\s+(?:la\s+|mi\s+)?posici\w*",
                     r"cuant[oa]s\s+(?:contratos|acciones|lotes)"],
        "risk_reward": [r"riesgo\s*[/-]?\s*(?:a\s+)?(?:beneficio|recompensa)"],
        "candles": [r"velas?"],
        "price": [r"precio", r"cotizaci\w*", r"cuanto\s+(?:vale|cuesta)", r"a\s+cuanto\s+esta", r"ahora", r"ahorita"],
        # number suffixes ("10 mil")
        "thousand": [r"mil"],
        "million": [],
        "entry": [r"entrada", r"entrar", r"compra\s+en"],
        "entry_then": [r"en", r"a", r"de"],
        "stop": [r"stop\s+de\s+perdidas"],
        "target": [r"objetivo", r"toma\s+de\s+ganancias"],
        "level_then": [r"en", r"a"],
        "percent": [r"por\s*ciento"],
        "capital": [r"para", r"con", r"cuenta"],
        "capital_of": [r"de\s+"],
        "point_value": [r"valor\s+del\s+punto"],
        # bar sizes, tried in the module's order (the first found wins)
        "timeframes": {
            "15m": [],
            "5m": [],
            "1m": [r"de\s+1\s+minuto", r"de\s+un\s+minuto"],
            "4h": [r"4\s*-?\s*horas?"],
            "1h": [r"horari\w*", r"de\s+1\s+hora", r"de\s+una\s+hora"],
            "1w": [r"semanal\w*"],
            "1d": [r"diari\w*"],
        },
        "last_candles": [r"ultim\w*"],
        "candle_units": [r"velas?"],
        "last_days": [r"ultim\w*"],
        "days": [r"dias?"],
        "last_day": [r"ultimo", r"pasado"],
        "day_trading": [],
        "day": [r"dia", r"sesion"],
        "last_week": [r"ultima", r"pasada"],
        "week": [r"semana"],
        # letters and words that show the language of a tool question no detector is sure of
        "letters": [],
        "cues": [r"lista", r"posicion", r"velas?", r"precio", r"cotizacion", r"noticias", r"titulares", r"señal", r"modelo",
                 r"sentimiento", r"agreg\w*", r"anad\w*", r"quit\w*", r"elimin\w*", r"riesgo", r"entrada", r"objetivo", r"mi",
                 r"de", r"del", r"para", r"con"],
    },
    # memory_statements.py: statements of the user about themselves (remember / forget)
    "memory_statements": {
        "remember": [r"recuerda\w*", r"ten\s+en\s+cuenta", r"anota\w*", r"apunta\w*", r"toma\s+nota", r"guarda\s+que"],
        # "SPY es mi mercado favorito", either order
        "my": [r"mi", r"mis"],
        "instruments": [r"instrumentos?", r"simbolos?", r"mercados?", r"activos?", r"contratos?"],
        "and": [r"y"],
        "is": [r"es", r"son"],
        "is_after": [r"es"],
        "trade_verb": [r"opero"],
        "everything": [r"todo", r"de\s+m[ií]", r"sobre\s+m[ií]", r"lo\s+que\s+sabes"],
        # first-person statements of how one trades: a lead word, the subject or a frequency adverb
        # (or a first-person verb), then the verb
        "lead_and": [r"y", r"pero"],
        "question_words": [r"como", r"que", r"cuando", r"donde", r"por"],
        "subject": [r"yo"],
        "adverbs": [r"normalmente", r"principalmente", r"suelo", r"generalmente"],
        "first_person_verbs": [r"opero", r"sigo", r"miro", r"invierto", r"negocio", r"soy", r"hago", r"me\s+centro"],
        "self_trade": [r"opero", r"operar", r"negocio", r"invierto",
                       r"soy\s+(?:un\s+|una\s+)?(?:trader|inversor\w*|scalp\w*|swing\w*|day\s*trader|especulador\w*)",
                       r"hago\s+(?:scalp\w*|swing\w*|day\s*trading|trading)"],
        "self_follow": [r"sigo", r"seguir", r"miro", r"mirar", r"me\s+centro"],
        "forget": [r"olvida\w*", r"borra\s+(?:lo\s+que\s+sabes|mi\s+memoria)"],
        "intraday": [r"intrad[ií]a", r"intrad[ií]a\w*"],
        # what a forget statement names, tried in the module's order
        "forget_kinds": {
            "preferences": [r"habitual", r"s[íi]mbolo", r"preferencia\w*"],
            "style": [r"estilo", r"intrad[ií]a", r"largo\s+plazo", r"invier\w*"],
            "notes": [r"notas?"],
            "favorites": [r"favoritos"],
            "questions": [r"preguntas"],
            "strategies": [r"estrategias?"],
        },
    },
    # periods.py: quarter and half ordinals, the words that mark a quarter, a half, a session
    "periods": {
        # the stems of the 1st..4th ordinal (a longer word starting with a stem reads the same)
        "ordinal_stems": [[r"primer"], [r"segundo", r"segund"], [r"tercer"], [r"cuarto"]],
        "last_part": [r"ultimo"],
        "quarter": [r"trimestre"],
        "quarter_ordinals": [r"primer", r"segundo", r"tercer", r"cuarto"],
        "half": [r"semestre", r"mitad", r"quincena"],
        "half_ordinals": [r"primer", r"segund"],
        # "la primera y la segunda mitad de enero"
        "coord_first": [r"primer\w*"],
        "coord_and": [r"y", r"o", r"contra", r"frente\s+a"],
        "coord_article": [r"la\s+", r"el\s+"],
        "coord_second": [r"segund\w*"],
        "coord_halves": [r"mitad(?:es)?", r"quincenas?"],
        "coord_of": [r"de\s+", r"del\s+"],
        "session_words": [r"dia", r"sesion"],
        "last_week": [r"ultima"],
        "between": [r"entre"],
        # a comparison connective ending in a word that also opens a range: the date after it is the
        # compared period (compared.py)
        "compare_lead": [r"comparad[oa]s?", r"en\s+comparacion", r"respecto"],
    },
    # volume_rank.py: the days ranked by volume ("los 3 días de mayor volumen")
    # range_rank.py: días por su rango ("el día de mayor rango", "el mayor rango diario")
    "range_rank": {
        "patterns": [
            r"(?:(?:el|los|las)\s+)?(?:(?P<n>{COUNT})\s+)?(?:(?P<noun>dias?|sesion(?:es)?)\s+(?:de|con)\s+(?:(?:el|la)\s+)?)?(?:(?:el|la|los|las)\s+)?(?:mayor(?:es)?|maxim[oa]s?|mas\s+amplio)\s+(?:rangos?|amplitud(?:es)?|recorridos?)(?:\s+diari[oa]s?|\s+intradia)?",
        ],
        "plural_days": [r"dias", r"sesiones", r"rangos", r"amplitudes"],
    },
    "volume_rank": {
        "up": [r"mayor(?:es)?", r"maxim[oa]s?", r"mas"],
        "down": [r"menor(?:es)?", r"minim[oa]s?", r"menos"],
        "volume_lead": [],
        "volume": [r"volumen"],
        "day": [r"(?:dias?|sesion(?:es)?)(?:\s+de\s+(?:negociacion|mercado))?"],
        # what a volume word names when it is not the day's ("volumen por precio", "por horas")
        "not_days": [r"precio", r"nivel", r"horas?"],
        "lead_article": [r"los\s+", r"las\s+", r"el\s+", r"la\s+"],
        "lead_with": [r"de", r"con"],
        "with_article": [r"el\s+", r"la\s+"],
        "rank_article": [],
        "top": [],
        "by": [r"por"],
        "ranked": [r"ordenad[oa]s", r"clasificad[oa]s"],
        # an adjective of volume before the day ("самые объёмные дни")
        "most_adj": [],
        "least_adj": [],
        "voluminous": [],
        "plural_days": [r"dias", r"sesiones"],
        "singular_day": [r"dia", r"sesion"],
    },
    # clarify.py: clarifying questions and the suggested answers built around them
    "clarify": {
        "questions": {
            "symbol": "¿Qué instrumento?",
            "period": "¿Para qué período?",
            "threshold": "¿De qué tamaño es el movimiento y en qué dirección (por ejemplo, una subida diaria de más del 3%)?",
            "condition": "¿Subidas o caídas? La condición necesita una dirección.",
        },
        # a suggested condition ({s} the symbol's prefix, {t} the threshold): with the window after
        # the events (move), or alone (event)
        "move": {"rise": "{s}subida de más del {t}% en un día, en los 5 días siguientes",
                 "fall": "{s}caída de más del {t}% en un día, en los 5 días siguientes"},
        "event": {"rise": "{s}subió más de un {t}% en un día", "fall": "{s}cayó más de un {t}% en un día"},
        "gap_event": {"rise": "{s}gap al alza de más del {t}%", "fall": "{s}gap a la baja de más del {t}%"},
        "last_month": "el mes pasado",
        "nothing_new": "¿Qué cambio respecto a la pregunta anterior: el instrumento, el período o la medida?",
    },
    # followup_days.py: a follow-up naming only a day ("¿y el día 28?") or an ordinal part ("¿y la
    # segunda?") of the previous period
    "followup_days": {
        "day_patterns": [r"(?<!\w)(?:el|d[ií]a)\s+(?:d[ií]a\s+)?(\d{1,2})(?![\w.,%]|\s*%)"],   # el (día) 28
        # the 1st..5th written as words (any gender)
        "ordinals": [[r"primer[oa]?"], [r"segund[oa]"], [r"tercer[oa]?"], [r"cuart[oa]"], [r"quint[oa]"]],
        "day_words": [],
    },
    # followup_shifts.py: a follow-up moving the previous period ("¿y al día siguiente?", "¿y todo el
    # mes?"); "pasado" counts back from today (the period grammar's), never from the period asked
    "followup_shifts": {
        "next": [r"siguientes?", r"posterior", r"despu[eé]s"],
        "prev": [r"anterior", r"previo", r"antes"],
        "whole": [r"todo", r"toda", r"completo", r"completa", r"entero", r"entera"],
        "units": {
            "day": [r"d[ií]as?", r"sesi[oó]n"],
            "week": [r"semanas?"],
            "month": [r"mes(?:es)?"],
            "quarter": [r"trimestres?"],
            "year": [r"a[nñ]os?"],
        },
    },
    # ref_days.py: days of the period talked about ("and only the 1st to the 5th?")
    "ref_days": {
        "day_suffixes": [],
        # the week ordinals by their start ("first", "первую", "primera")
        "week_ordinals": [["primera"], ["segunda"], ["tercera"], ["cuarta"]],
        # "the first 5 sessions" counts trading dates (a unit starting so), else calendar days
        "session_units": ["sesi", r"dias\s+\w"],
        "second_half": ["segunda"],
    },
    # coverage.py: the words a question may leave unused, the moves a period word implies, the notes
    "coverage": {
        # function words, question words, generic verbs and politeness: using them or not changes nothing
        "stopwords": (
            "el la los las un una unos unas de del al en y o u que qué cual cuál cuales como cómo cuanto cuánto "
            "cuantos cuántos cuantas fue fueron es son era eran ha han hay ser estar esta este esto estos estas "
            "ese esa eso mi me te se le les lo nos por para con sin sobre entre hasta desde muestra muestrame "
            "muéstrame dame dime enseña calcula busca quiero puedes podrias podrías favor necesito tambien "
            "también solo sólo mas más muy todo toda todos todas datos precio precios valor instrumento mercado "
            "indice índice periodo período dia día dias días año años mes meses semana semanas tiempo hoy cuál "
            "paso pasó pasa ocurrio ocurrió sucedio sucedió significa intenta prueba cuando cuándo donde dónde "
            "porque cuanta cuantas tuvo tuvieron tiene tienen tenia tenian tener hubo habia haya sea sean estuvo "
            "estaba estaban cual cuales cuya cuyo aqui alli asi pues luego entonces ahora aun todavia hizo hace "
            "hacen hacia hacía hicieron hecho hacer ella ello él ellos ellas"
        ),
        "letters": "ñ",
        # a period word that says the move is measured over it ("daily", "за день"), counted as used
        "implied": ["diari[oa]s?", r"en\s+un\s+dia", r"anual\w*", r"mensual\w*", r"semanal\w*", r"cambi\w*"],
        "notes": {
            "unused": "No utilicé: {w}.",
            # measures recognised but computed by nothing: named, never dropped in silence
            "not_computed": "No se calcula aquí: {w}.",
            "read_as": "Leí {pairs}.",
            "read_pair": "«{a}» como «{b}»",
        },
    },
    # notes.py: sentences added to an answer for parts declined for want of data
    "notes": {
        "no_data": "Sin respuesta para {what}: no hay datos guardados ({ranges}).",
        "range": "{s} tiene del {a} al {b}",
        "in": "{s} en {p}",
        "only_last": "Solo se comparan los últimos {n} periodos (desde el {d}).",
        # a bar size that bars are not built at (7 minutes) is said, with the size used instead
        "bar_size": "No se construyen barras de {n} minutos; se usan barras de {m} minutos.",
        "daily_window": "{names} se calcula con barras diarias: la ventana horaria no se le aplica.",
    },
    # price_levels.py: a price level a count of days is filtered by ("por encima de 3.000")
    "price_levels": {
        # what a number is when it is no level: a percent, points, a count of days
        "not_level": [r"por\s*ciento", r"puntos?", r"dias?"],
        # the words that make a year-like number a level ("por encima de 2019")
        "strong": [r"por\s+(?:encima|debajo)"],
        "ask": "Puedo contar días por su variación porcentual (por ejemplo, días con subidas de más del 2 %) "
               "o por su cierre, máximo o mínimo frente a un precio, no por un movimiento en puntos ({lvl}). "
               "¿Qué variación porcentual cuento?",
        # el lado del nivel y el precio del día que se compara ("cerró por encima de 520")
        "below": [r"por\s+debajo", r"bajo", r"menos\s+de", r"inferior\s+a"],
        "not_below": [r"no\s+(?:por\s+debajo|inferior)", r"igual\s+o\s+(?:superior|mayor)"],
        "not_above": [r"no\s+(?:por\s+encima|superior)", r"igual\s+o\s+(?:inferior|menor)"],
        "intraday": [r"cotiz\w*", r"oper\w*", r"toc\w*", r"alcanz\w*", r"lleg\w*", r"perfor\w*",
                     r"romp\w*"],
        "close": [r"cerr\w*", r"cierr\w*", r"cierre\w*", r"termin\w*", r"finaliz\w*"],
    },
    # resumes.py: short answers to what the assistant offered
    "resumes": {
        "yes": [r"si", r"claro", r"vale", r"dale", r"por\s+favor", r"de\s+acuerdo", r"adelante"],
        "yes_tail": [r"por\s+favor", r"gracias"],
        "available": [r"datos\s+disponibles", r"rango\s+disponible", r"lo\s+que\s+(?:hay|tengas)"],
        "another": [r"otro\s+(?:instrumento|simbolo|ticker|activo|mercado)"],
    },
    # analyses.py: "how did it do" after an event; the term after "what is"
    "analyses": {
        "how_did": [r"c[oó]mo\s+(?:le\s+fue|se\s+comport)"],
        "concept_lead": [r"que\s+es", r"que\s+son", r"que\s+significa", r"explica(?:me)?", r"define"],
        "concept_article": [r"el\s+", r"la\s+", r"los\s+", r"las\s+", r"un\s+", r"una\s+"],
    },
    # shaping.py: the units best periods are compared by ("el mejor trimestre")
    "shaping": {
        "quarter": [r"trimestre"],
        "year": [r"año"],
        "month": [r"mes", r"mensual"],
    },
    # to_intent.py: a large move's span said as a day or a week ("una subida del 15% en un día")
    "to_intent": {
        "span_day": [r"diari[oa]s?", r"en\s+un\s+dia", r"en\s+una\s+sesion"],
        "span_week": [r"en\s+una\s+semana", r"semanal\w*"],
    },
    # understand.py: the clarification naming the words read as nothing
    "understand": {
        "not_read": "No entendí: {w}. ¿Qué instrumento y período, y qué quieres saber?",
    },
    # year_to_date.py: the words between a to-date phrase and its year ("en lo que va de 2020")
    "year_to_date": {
        "of": [r"de", r"del"],
    },
    # magnitude.py: how much the instrument moved ("cuánto perdió", "cuántos por ciento ganó"):
    # the period's change, never a count of days; a day noun after the question word keeps the
    # count
    "magnitude": {
        "lead": [r"cuant[oa]s?", r"que\s+porcentaje", r"que\s+tanto"],
        "pct_units": [r"puntos?\s+porcentuales?", r"por\s*ciento", r"porcentaje"],
        "point_units": [r"puntos?"],
        "verbs": [r"gan\w*", r"perd\w*", r"sub\w*", r"baj\w*", r"ca[iy]\w*", r"dio", r"rindi\w*",
                  r"se\s+dej\w*", r"avanz\w*", r"retroced\w*", r"desplom\w*",
                  r"se\s+(?:movi|revaloriz|devalu|apreci|depreci)\w*",
                  r"(?:movi|vari|cambi|revaloriz|devalu|apreci|depreci)\w*"],
        "count_nouns": [r"dias?", r"sesion(?:es)?", r"veces", r"semanas?", r"mes(?:es)?", r"velas?", r"barras?",
                        r"anos?", r"jornadas?"],
    },
    # alert_conditions.py: hours of a move's window ("en 2 horas")
    "alert_conditions": {
        "hours": [r"horas?"],
    },
    # subperiods.py: "los primeros 10 dias de abril", "la ultima semana de marzo" (una parte en el
    # borde del periodo); los dias son sesiones salvo dias naturales/calendario
    "subperiods": {
        "first": [r"primer(?:os|as|o|a)?", r"inicial(?:es)?"],
        "last": [r"ultim(?:os|as|o|a)", r"final(?:es)?"],
        "calendar_days": [r"dias?\s+(?:naturales|calendario|corridos)"],
        "sessions": [r"(?:dias?|sesion(?:es)?|jornadas?|ruedas?)\s+(?:habil(?:es)?|de\s+negociacion|bursatil(?:es)?|de\s+mercado|de\s+trading)",
                     r"sesion(?:es)?", r"jornadas?", r"ruedas?", r"dias?"],
        "weeks": [r"semanas?"],
        "months": [r"mes(?:es)?"],
        "halves": [r"mitad"],
        "of": [r"del?", r"en"],
        "year": [r"el\s+a[nñ]o", r"a[nñ]o"],
        # plural sin número ("los últimos días de marzo"): cuántos no se dice, no se lee como uno
        "plural": [r"(?:primeros|primeras|ultimos|ultimas|finales|iniciales)(?!\w)"],
    },
    # as_of_days.py: a to-date span ending on a written date ("en lo que va de 2024 hasta el 30 de
    # abril") and the n-th weekday of a month ("el primer lunes de abril de 2024")
    "as_of_days": {
        "year": [r"en\s+lo\s+que\s+va\s+(?:del\s+(?:año|ano)|de\s+(?:este\s+)?(?:año|ano)|de(?=\s+(?:19|20)\d\d))",
                 r"desde\s+(?:principios|inicios|comienzos|el\s+(?:inicio|principio|comienzo))\s+(?:del?\s+)?(?:año|ano)",
                 r"desde\s+(?:principios|inicios|comienzos|el\s+(?:inicio|principio|comienzo))\s+de(?=\s+(?:19|20)\d\d)",
                 r"ytd"],
        "quarter": [r"en\s+lo\s+que\s+va\s+del\s+trimestre",
                    r"desde\s+(?:principios|inicios|comienzos|el\s+(?:inicio|principio|comienzo))\s+del\s+trimestre"],
        "month": [r"en\s+lo\s+que\s+va\s+del\s+mes",
                  r"desde\s+(?:principios|inicios|comienzos|el\s+(?:inicio|principio|comienzo))\s+del\s+mes"],
        "measure": [r"hasta\s+ahora"],
        "year_of": [r"de", r"del"],
        "until": [r"hasta", r"al", r"a", r"a\s+fecha\s+del?", r"con\s+corte\s+al"],
        "article": [r"el"],
        "first": [r"primer[oa]?"], "second": [r"segund[oa]"], "third": [r"tercer[oa]?"],
        "fourth": [r"cuart[oa]"], "fifth": [r"quint[oa]"], "last": [r"[uú]ltim[oa]"],
        "mon": [r"lunes"], "tue": [r"martes"], "wed": [r"mi[eé]rcoles"], "thu": [r"jueves"],
        "fri": [r"viernes"], "sat": [r"s[aá]bados?"], "sun": [r"domingos?"],
        "of_month": [r"de", r"del"],
    },
}
