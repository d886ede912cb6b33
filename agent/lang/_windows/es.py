"""Spanish window words (see __init__)."""
WINDOWS = {
    # the word after a segment ("overnight session vs ..."); the words of a clock range ("13:00 to")
    "segment_tail": [r"sesion", r"horario"],
    "range_to": [r"a", r"hasta", r"y"],
    # daily bars named as a bar size ("daily candles", "дневные свечи", "velas diarias")
    "daily_bars": [r"(?:velas?|barras?)\s+diari[oa]s?", r"(?:velas?|barras?)\s+de\s+(?:1|un)\s+dia"],
    # weekly and monthly bars named as a bar size
    "weekly_bars": [r"(?:velas?|barras?)\s+semanal(?:es)?", r"(?:velas?|barras?)\s+de\s+(?:1|una)\s+semana",
                    r"semana\s+(?:a|por)\s+semana"],
    "monthly_bars": [r"(?:velas?|barras?)\s+mensual(?:es)?", r"(?:velas?|barras?)\s+de\s+(?:1|un)\s+mes",
                     r"mes\s+(?:a|por)\s+mes"],
    # a list of indicator windows ("50-day and 200-day moving averages", "EMA 9 и 21")
    "list_and": [r"y", r"e"],
    "articles": [r"la", r"el", r"los", r"las"],
    "contrast": [r"frente\s+a(?:l)?", r"contra", r"vs\.?", r"comparad[oa]s?\s+con", r"y", r"o"],
    "regular_short": [r"(?:la\s+|el\s+)?(?:sesion|horario)\s+regular", r"(?:la\s+)?sesion(?:\s+diurna)?",
                      r"(?:el\s+)?regular"],
    "noon": [r"mediodia"],
    "midnight": [r"medianoche"],
    "am": [r"de\s+la\s+ma[nñ]ana"],
    "pm": [r"de\s+la\s+(?:tarde|noche)"],
    # a clock range ("entre 9:30 y 10"): the word before it, between its ends
    "between_from": [r"entre", r"desde", r"de"],
    "between_and": [r"y", r"a", r"hasta"],
    "bare_to": [r"a", r"hasta"],
    # a window with one end at the session's open or close ("desde la apertura hasta las 11:00",
    # "de las 14:00 al cierre"): the words naming that end, those before and between, a month after
    # a bare hour
    "session_open": [r"(?:la\s+)?(?:apertura|campana\s+de\s+apertura)(?:\s+del?\s+(?:mercado|sesion))?"],
    "session_close": [r"(?:el\s+|la\s+)?(?:cierre|campana\s+de\s+cierre)(?:\s+del?\s+(?:mercado|sesion))?"],
    "anchor_from": [r"desde", r"de", r"entre", r"despues\s+de"],
    "anchor_to": [r"a", r"al", r"hasta", r"y", r"-", r"–"],
    "month_lead": [r"de"],
    # the first / last N minutes or hours of the session
    "edge_first": [r"primer[oa]?s?"],
    "edge_last": [r"ultim[oa]s?"],
    "edge_units": [r"media\s+hora", r"horas?", r"minutos?"],
    "edge_tail": [r"de\s+(?:la\s+)?(?:sesion|negociacion)"],
    "half_hour": [r"media\s+hora"],
    "hour_prefix": [r"hora"],
    # a time zone after a clock window, per IANA zone; the words that may lead it
    "zone_lead": [],
    "zone_article": [],
    "zones": {
        "America/New_York": [r"(?:hora\s+)?(?:de\s+)?nueva\s+york", r"hora\s+del\s+este"],
        "UTC": [r"(?:hora\s+)?utc"],
        "Europe/Moscow": [r"(?:hora\s+de\s+)?mosc[uú]"],
        "Europe/Berlin": [r"hora\s+de\s+europa\s+central"],
        "America/Chicago": [r"hora\s+de\s+chicago"],
    },
    # named windows of the session ("nocturnos": the overnight session)
    "named": {
        "opening_range": [r"rango\s+de\s+apertura"],
        "closing_range": [r"rango\s+de\s+cierre"],
        "rth": [r"horario\s+regular", r"sesion\s+regular"],
        "overnight": [r"sesion\s+nocturna", r"nocturn[oa]s?", r"de\s+noche"],
        "premarket": [r"preapertura", r"pre-?mercado"],
        "after_hours": [r"fuera\s+de\s+horario", r"post-?mercado"],
    },
    # bar sizes ("velas de 15 minutos", "velas horarias")
    "bar_units": [r"minutos?"],
    "bar_words": [r"velas?", r"barras?"],
    "bar_of_words": [r"velas?", r"barras?"],
    "bar_of": [r"de"],
    "bar_of_units": [r"minutos?", r"horas?"],
    "hourly": [r"horari[oa]s?"],
    "bars_before_hourly": [r"velas?", r"barras?"],
    "hourly_after": [r"horari[oa]s?"],
    "minute_slang": [],
    "hour_slang": [],
    # one bar named before its clock ("la vela horaria de las 15:00")
    "candle_units": [],
    "candle_hourly": [],
    "candle_word": [],
    "candle_phrase": [r"(?:vela|barra)s?\s+(?:horari[oa]s?|de\s+\d{1,3}\s+minutos?)"],
    "candle_at": [r"de\s+las?", r"a\s+las?"],
    "hour_words": [r"horas?"],
}
