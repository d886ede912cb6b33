"""Spanish: the closed vocabulary of answers (agent/answer/vocabulary.py). Lemmas, normalised."""
CLOSED = {
    "HARMLESS": """
el la lo los las un una unos unas este esta esto estos estas ese esa eso esos esas aquel su sus
suyo mi nuestro se le les ello ella ellos ellas nosotros usted que quien cual cuyo donde cuando
mientras como de del a al en con sin por para sobre bajo entre desde hasta hacia durante tras
ante contra segun mediante y e o u ni pero sino aunque sin embargo ademas tambien tampoco asi
por-tanto pues luego entonces incluso mismo misma solo solamente apenas cada vez respectivamente
en-total total ser estar haber tener hay fue era es son sido siendo no si ya aun todavia
aproximadamente casi alrededor cerca unos exactamente justo
valor cifra dato datos nivel resultado numero lectura
precio cotizacion sesion dia fecha semana mes trimestre ano periodo tiempo hora minuto barra vela
apertura cierre maximo minimo cambio variacion movimiento rendimiento retorno rango
volumen promedio media mediana suma conteo cantidad parte porcentaje tasa
volatilidad desviacion estandar diario semanal mensual horario intradia
indicador banda linea senal histograma punto zona perfil control
gap hueco pico relacion tamano ventana parametro movil exponencial simple
relativo fuerza indice verdadero direccional balance ponderado caida pico
anterior previo siguiente primero ultimo final inicio comienzo fin
contrato accion unidad instrumento simbolo ticker mercado futuro negociacion
otro otra mismo igual cual quedar situarse ubicarse resultar cuanto respecto terminar acabar
llegar ocurrir suceder producirse lunes martes miercoles jueves viernes sabado domingo
alcanzar tocar terminar cerrar parte
noticia titular positivo negativo año marcar
""".split(),
    "ADVICE": [r"(?:buen\w*|excelente|ideal|gran) (?:punto|momento|oportunidad|entrada)\w*",
               r"punto de entrada", r"senal\w* de (?:compra|venta)", r"(?:conviene|hay que|deberia\w*|recomend\w*) \w+",
               r"(?:va|van) a \w+", r"se espera\w*", r"esper\w*", r"pronostic\w*", r"prevision\w*",
               r"probablemente", r"(?:comprar|vender|compra|venta)(?= [,.]|$)",
               r"infravalor\w*", r"sobrevalor\w*",
               r"potencial\w*"],
    # Outside norms code does not compute ("its long-run average"): rejected with that reason. Ranks
    # and streaks are verified (STREAK_*, ORDINALS, RANK_*: agent/answer/series_checks.py).
    "RANKS_STREAKS": [r"(?:promedio|media|norma|nivel)\w* (?:historic\w*|de largo plazo|habitual\w*)"],
    "CURRENCIES": [(r"dolar\w*|usd|\$", "USD"), (r"euros?|eur|€", "EUR"), (r"rublos?|rub|₽", "RUB"),
                   (r"libras?|gbp|£", "GBP"), (r"yenes|yen|jpy|¥", "JPY")],
    "LABELS": [
        (r"menos de la mitad", "share", "lt", 0.5), (r"mas de la mitad", "share", "gt", 0.5),
        (r"exactamente la mitad", "share", "eq", 0.5),
        (r"sobrecompr\w*", "rsi", "ge", 70.0), (r"sobrevend\w*", "rsi", "le", 30.0),
        (r"(?:practicamente |casi )?(?:plano|plana|sin cambios|estable)|apenas (?:vari\w*|cambi\w*|se movio)",
         "pct_change", "abs_lt", 0.5),
        (r"(?<!mas )(?<!menos )fuerte\w*|brusc\w*|fuertemente|abrupt\w*|marcad\w*|gran(?:de)?", "pct_change", "abs_ge", 2.0),
        (r"desplome\w*|se desplomo|hundimiento|liquidacion masiva|venta masiva|crac", "pct_change", "le", -2.0),
        (r"repunte fuerte|rally|disparo|se disparo", "pct_change", "ge", 2.0),
        (r"ligera\w*|ligero\w*|leve\w*|modest\w*|moderad\w*|pequen\w*", "pct_change", "abs_lt", 1.0),
        (r"tranquil\w*|calm\w*|sosegad\w*", "volatility", "lt", 1.0),
        (r"(?<!mas )volatil|agitad\w*|turbulent\w*|nervios\w*", "volatility", "ge", 1.5),
    ],
    "RELATIVE": [
        (r"hoy|esta manana", "day", 0), (r"ayer", "day", -1),
        (r"esta semana", "week", 0), (r"la semana pasada|semana anterior", "week", -1),
        (r"este mes", "month", 0), (r"el mes pasado|mes anterior", "month", -1),
        (r"este ano|en lo que va de ano", "year", 0), (r"el ano pasado|ano anterior", "year", -1),
        (r"el lunes pasado", "weekday", 0), (r"el martes pasado", "weekday", 1),
        (r"el miercoles pasado", "weekday", 2), (r"el jueves pasado", "weekday", 3),
        (r"el viernes pasado", "weekday", 4),
    ],
    "STREAK_MARKERS": [r"seguid\w*", r"consecutiv\w*", r"racha\w*", r"al hilo"],
    "STREAK_UNITS": [r"semanas?", r"mes(?:es)?", r"trimestres?", r"anos?"],
    "STREAK_UP": [r"al alza", r"alcista\w*", r"subidas?", r"ganancias?", r"positiv\w*", r"verdes?"],
    "STREAK_DOWN": [r"a la baja", r"bajista\w*", r"caidas?", r"perdidas?", r"negativ\w*", r"rojas?", r"bajadas?"],
    "ORDINALS": [("segund", 2), ("tercer", 3), ("cuart", 4), ("quint", 5), ("sext", 6), ("septim", 7),
                 ("octav", 8), ("noven", 9), ("decim", 10)],
    "CARDINALS": [("dos", 2), ("tres", 3), ("cuatro", 4), ("cinco", 5), ("seis", 6), ("siete", 7), ("ocho", 8),
                  ("nueve", 9), ("diez", 10)],
    "RANK_MAX": [r"mejor(?:es)?", r"mas fuerte\w*", r"mayor(?:es)?"],
    "RANK_MIN": [r"peor(?:es)?", r"mas debil\w*", r"menor(?:es)?"],
    "YEAR_SCOPE": [r"del ano", r"de \d{4}", r"en el ano"],
    "TIMES_OF_DAY": [(r"(?:justo )?(?:en|a) la (?:campana de )?apertura|en los primeros minutos|(?:justo )?tras la apertura", "open", 5),
                     (r"(?:poco despues de|cerca de) la apertura|al (?:inicio|comienzo) de la sesion|en la primera media hora", "open", 30),
                     (r"(?:justo )?(?:en|a) la campana de cierre|en los (?:ultimos|postreros) minutos|hacia el cierre", "close", 5),
                     (r"(?:poco antes del|cerca del) cierre|al final de la sesion|en la ultima media hora", "close", 30)],
    "PART_ORDER": [(r"la (?:primera|anterior) de las dos(?: \w+)?|el (?:primero|anterior) de los dos(?: \w+)?|la semana anterior|el mes anterior", "first"),
                   (r"la (?:segunda|posterior) de las dos(?: \w+)?|el (?:segundo|posterior) de los dos(?: \w+)?|la semana (?:siguiente|posterior)|el mes (?:siguiente|posterior)", "last")],
    "FINAL_SESSIONS": [(r"ambas (?:sesiones|jornadas) finales|ambas ultimas (?:sesiones|jornadas)|los dos ultimos dias|las dos ultimas sesiones", 2),
                       (r"las tres ultimas sesiones|los tres ultimos dias", 3)],
    "DESCRIPTIONS": [(r"(?:el )?indice tecnologico|(?:el )?indice de tecnologicas|(?:el )?selectivo tecnologico", ["NQ", "MNQ", "QQQ", "NDX"]),
                     (r"(?:el )?indice de (?:los )?valores de primera linea|(?:el )?indice industrial|(?:los )?valores de primera linea", ["DJI", "YM", "MYM", "DIA"]),
                     (r"(?:el )?mercado amplio|(?:el )?indice amplio", ["SPX", "ES", "MES", "SPY"]),
                     (r"(?:la )?(?:mayor|principal) criptomoneda", ["BTCUSD", "BTC"])],
}
