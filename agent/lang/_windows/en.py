"""English window words (see __init__)."""
WINDOWS = {
    # the word after a segment ("overnight session vs ..."); the words of a clock range ("13:00 to")
    "segment_tail": [r"session", r"hours"],
    "range_to": [r"-", r"–", r"—", r"to", r"till", r"until", r"and"],
    # daily bars named as a bar size ("daily candles", "дневные свечи", "velas diarias")
    "daily_bars": [r"daily\s+(?:bars?|candles?|candlesticks?)", r"(?:bars?|candles?)\s+of\s+(?:1|one)\s+day"],
    # weekly and monthly bars named as a bar size ("weekly candles", "недельные свечи", "velas semanales")
    "weekly_bars": [r"weekly\s+(?:bars?|candles?|candlesticks?|ohlc)", r"(?:bars?|candles?)\s+of\s+(?:1|one|a)\s+week",
                    r"week\s+by\s+week"],
    "monthly_bars": [r"monthly\s+(?:bars?|candles?|candlesticks?|ohlc)",
                     r"(?:bars?|candles?)\s+of\s+(?:1|one|a)\s+month", r"month\s+by\s+month"],
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
    # a clock range ("between 9:30 and 10:00", "10:00-11:00"): the word before it, between its ends
    "between_from": [r"between", r"from"],
    "between_and": [r"and", r"to", r"till", r"until", r"-", r"–"],
    "bare_to": [r"-", r"–", r"—", r"to", r"till", r"until"],
    # a window with one end at the session's open or close ("from the open to 11:00", "from 3pm
    # into the close"): the words naming that end, those before and between, a month after a bare hour
    "session_open": [r"(?:the\s+)?(?:market\s+|cash\s+|session\s+|daily\s+|day'?s\s+)?open(?:ing)?(?:\s+bell)?"],
    "session_close": [r"(?:the\s+)?(?:market\s+|cash\s+|session\s+|daily\s+|day'?s\s+)?clos(?:e|ing)(?:\s+bell)?"],
    "anchor_from": [r"from", r"between", r"after", r"since"],
    "anchor_to": [r"to", r"till", r"until", r"through", r"thru", r"into", r"and", r"-", r"–"],
    "month_lead": [r"of"],
    # the first / last N minutes or hours of the session
    "edge_first": [r"first", r"opening"],
    "edge_last": [r"last", r"closing", r"final"],
    "edge_units": [r"half\s+(?:an\s+)?hour", r"hours?", r"minutes?", r"mins?"],
    "edge_tail": [r"of\s+(?:the\s+)?(?:session|trading|day)"],
    "half_hour": [r"half\s+(?:an\s+)?hour"],
    "hour_prefix": [r"h"],
    # a time zone after a clock window, per IANA zone; the words that may lead it
    "zone_lead": [r"in\s+", r"at\s+"],
    "zone_article": [r"the\s+"],
    "zones": {
        "America/New_York": [r"e[sd]?t", r"eastern(?:\s+time)?", r"new\s+york(?:\s+time)?", r"ny(?:\s+time)?"],
        "UTC": [r"utc", r"gmt"],
        "Europe/Moscow": [r"msk"],
        "Europe/Berlin": [r"cet", r"cest"],
        "America/Chicago": [r"c[sd]?t", r"central(?:\s+time)?"],
    },
    # named windows of the session
    "named": {
        "opening_range": [r"opening\s+range", r"or\s+high", r"or\s+low"],
        "closing_range": [r"closing\s+range"],
        "rth": [r"rth", r"regular\s+(?:trading\s+)?(?:hours|session)", r"cash\s+session"],
        "overnight": [r"overnight", r"over\s+night", r"eth", r"globex(?:\s+session)?"],
        "premarket": [r"pre-?\s?market"],
        "after_hours": [r"after-?\s?hours", r"post-?market"],
    },
    # bar sizes ("5-minute bars", "bars of 15 minutes", "hourly candles")
    "bar_units": [r"minutes?", r"mins?", r"m", r"hours?", r"h"],
    "bar_words": [r"bars?", r"candles?", r"candlesticks?"],
    "bar_of_words": [r"bars?", r"candles?"],
    "bar_of": [r"of"],
    "bar_of_units": [r"minutes?", r"mins?", r"hours?"],
    "hourly": [r"hourly"],
    "bars_before_hourly": [],
    "hourly_after": [],
    "minute_slang": [],
    "hour_slang": [],
    # one bar named before its clock ("hourly candle 13:00")
    "candle_units": [r"minutes?", r"mins?", r"hours?"],
    "candle_hourly": [r"hourly\s+"],
    "candle_word": [r"bar", r"candle"],
    "candle_phrase": [],
    "candle_at": [r"at", r"of", r"from"],
    "hour_words": [r"h", r"hrs?", r"hours?", r"o'?clock"],
}
