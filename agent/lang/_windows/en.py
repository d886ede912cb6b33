"""English window words (see __init__)."""
WINDOWS = {
    # the word after a segment ("overnight session vs ..."); the words of a clock range ("13:00 to")
    "segment_tail": [r"session", r"hours"],
    "range_to": [r"-", r"–", r"—", r"to", r"till", r"until", r"and"],
    # daily bars named as a bar size ("daily candles", "дневные свечи", "velas diarias")
    "daily_bars": [r"daily\s+(?:bars?|candles?|candlesticks?)", r"(?:bars?|candles?)\s+of\s+(?:1|one)\s+day"],
    # a list of indicator windows ("50-day and 200-day moving averages", "EMA 9 и 21")
    "list_and": [r"and", r"&"],
    "articles": [r"the"],
    "contrast": [r"vs\.?", r"versus", r"against", r"compared\s+(?:to|with)", r"and", r"or"],
    "regular_short": [r"(?:the\s+)?regular(?:\s+(?:trading\s+)?(?:hours|session))?", r"(?:the\s+)?session",
                      r"(?:the\s+)?day\s+session", r"(?:the\s+)?cash\s+hours"],
    "noon": [r"noon", r"midday"],
    "midnight": [r"midnight"],
    "am": [r"in\s+the\s+morning"],
    "pm": [r"in\s+the\s+(?:afternoon|evening)"],
}
