"""Russian window words (see __init__)."""
WINDOWS = {
    # the word after a segment ("overnight session vs ..."); the words of a clock range ("13:00 to")
    "segment_tail": [r"сесси\w*"],
    "range_to": [r"до", r"по", r"и"],
    # daily bars named as a bar size ("daily candles", "дневные свечи", "velas diarias")
    "daily_bars": [r"дневн\w+\s+(?:свеч\w*|бар\w*)", r"(?:свеч\w*|бар\w*)\s+дневн\w+"],
    # weekly and monthly bars named as a bar size
    "weekly_bars": [r"недельн\w+\s+(?:свеч\w*|бар\w*)", r"(?:свеч\w*|бар\w*)\s+недельн\w+",
                    r"(?:свеч\w*|бар\w*)\s+по\s+неделям", r"неделя\s+за\s+неделей"],
    "monthly_bars": [r"месячн\w+\s+(?:свеч\w*|бар\w*)", r"(?:свеч\w*|бар\w*)\s+месячн\w+",
                     r"(?:свеч\w*|бар\w*)\s+по\s+месяцам", r"месяц\s+за\s+месяцем"],
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
    # a clock range ("с 10 до 11"): the word before it, between its ends
    "between_from": [r"между", r"с", r"со"],
    "between_and": [r"и", r"до", r"по"],
    "bare_to": [r"до"],
    # a window with one end at the session's open or close ("с открытия до 11:00", "с 14:00 до
    # закрытия"): the words naming that end, those before and between, a month after a bare hour
    "session_open": [r"(?:сам\w+\s+)?открыти\w*(?:\s+(?:рынка|сессии|торгов|биржи))?",
                     r"начал\w*\s+(?:торгов|сесси\w*)"],
    "session_close": [r"(?:сам\w+\s+)?закрыти\w*(?:\s+(?:рынка|сессии|торгов|биржи))?",
                      r"конц\w*\s+(?:торгов|сесси\w*)"],
    "anchor_from": [r"с", r"со", r"от", r"между", r"после"],
    "anchor_to": [r"до", r"по", r"и(?:\s+до)?", r"-", r"–"],
    "month_lead": [],
    # the first / last N minutes or hours of the session
    "edge_first": [r"перв\w*"],
    "edge_last": [r"последн\w*"],
    "edge_units": [r"полчаса", r"час\w*", r"минут\w*"],
    "edge_tail": [r"торгов\w*", r"сесси\w*"],
    "half_hour": [r"полчаса"],
    "hour_prefix": [r"час"],
    # a time zone after a clock window, per IANA zone; the words that may lead it
    "zone_lead": [],
    "zone_article": [],
    "zones": {
        "America/New_York": [r"(?:по\s+)?нью-?\s?йорк\w*(?:\s+времени)?", r"(?:по\s+)?восточн\w+(?:\s+времени)?"],
        "UTC": [r"(?:по\s+)?(?:utc|gmt|гринвич\w*)"],
        "Europe/Moscow": [r"(?:по\s+)?(?:msk|мск|москв\w*|московск\w+(?:\s+времени)?)"],
        "Europe/Berlin": [r"(?:по\s+)?(?:cet|cest)"],
        "America/Chicago": [r"(?:по\s+)?чикаг\w*"],
    },
    # named windows of the session; any form of the adjective ("ночной диапазон", "ночного
    # максимума"): said of a market, night is the overnight session, never the whole day
    "named": {
        "opening_range": [r"диапазон\w*\s+открыти\w*", r"рейндж\w*\s+открыти\w*"],
        "closing_range": [r"диапазон\w*\s+закрыти\w*"],
        "rth": [r"основн\w+\s+сесси\w*", r"регулярн\w+\s+(?:сесси\w*|час\w*)"],
        "overnight": [r"ночн\w*", r"ночью", r"овернайт\w*"],
        "premarket": [r"премаркет\w*", r"пре-?маркет\w*"],
        "after_hours": [r"постмаркет\w*", r"после\s+закрытия"],
    },
    # bar sizes ("5-минутные бары", "свечи по 15 минут", "часовые свечи")
    "bar_units": [r"минутн\w*", r"мин\w*", r"часов\w*", r"час\w*"],
    "bar_words": [r"бар\w*", r"свеч\w*"],
    "bar_of_words": [r"бар\w*", r"свеч\w*"],
    "bar_of": [r"по", r"в"],
    "bar_of_units": [r"минут\w*", r"час\w*"],
    "hourly": [r"часов\w*"],
    "bars_before_hourly": [],
    "hourly_after": [],
    # trader slang: "на 15-минутках" (15-minute bars), "на часовиках" (hourly bars)
    "minute_slang": [r"минутк\w*"],
    "hour_slang": [r"часовик\w*"],
    # one bar named before its clock ("часовая свеча в 15:00")
    "candle_units": [r"минутн\w*", r"часов\w*"],
    "candle_hourly": [r"часов\w*\s+"],
    "candle_word": [r"свеч\w*", r"бар\w*"],
    "candle_phrase": [],
    "candle_at": [r"в", r"на", r"за"],
    "hour_words": [r"ч\.?", r"час\w*"],
}
