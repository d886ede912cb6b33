"""Spanish window words (see __init__)."""
WINDOWS = {
    # the word after a segment ("overnight session vs ..."); the words of a clock range ("13:00 to")
    "segment_tail": [r"sesion", r"horario"],
    "range_to": [r"a", r"hasta", r"y"],
    # daily bars named as a bar size ("daily candles", "дневные свечи", "velas diarias")
    "daily_bars": [r"(?:velas?|barras?)\s+diari[oa]s?", r"(?:velas?|barras?)\s+de\s+(?:1|un)\s+dia"],
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
}
