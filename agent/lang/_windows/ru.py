"""Russian window words (see __init__)."""
WINDOWS = {
    # the word after a segment ("overnight session vs ..."); the words of a clock range ("13:00 to")
    "segment_tail": [r"сесси\w*"],
    "range_to": [r"до", r"по", r"и"],
    # daily bars named as a bar size ("daily candles", "дневные свечи", "velas diarias")
    "daily_bars": [r"дневн\w+\s+(?:свеч\w*|бар\w*)", r"(?:свеч\w*|бар\w*)\s+дневн\w+"],
    # a list of indicator windows ("50-day and 200-day moving averages", "EMA 9 и 21")
    "list_and": [r"и"],
    "articles": [],
    "contrast": [r"против", r"vs\.?", r"в\s+сравнении\s+с", r"по\s+сравнению\s+с", r"и", r"или"],
    "regular_short": [r"основн\w*(?:\s+сесси\w*)?", r"регулярн\w*(?:\s+(?:сесси\w*|час\w*))?",
                      r"дневн\w+\s+сесси\w*"],
    "noon": [r"полдень", r"полудня"],
    "midnight": [r"полночь", r"полуночи"],
    "am": [r"утра"],
    "pm": [r"дня", r"вечера"],
}
