"""English: see __init__."""
from typing import Any

NLU: dict[str, Any] = {
    # conditions.py: move words, thresholds, post-event windows, top-N largest moves
    "conditions": {
        "up": [r"rose", r"rise[sn]?", r"rising", r"risen", r"gain\w*", r"jump\w*", r"rall\w*", r"climb\w*", r"increas\w*",
               r"advanc\w*", r"surg\w*", r"soar\w*", r"spik\w*", r"up\b", r"higher", r"green", r"best"],
        "down": [r"fell", r"fall\w*", r"drop\w*", r"declin\w*", r"los[te]\w*", r"loss\w*", r"plung\w*", r"sank", r"sink\w*",
                 r"crash\w*", r"tumbl\w*", r"slid\w*", r"slump\w*", r"down\b", r"lower", r"red", r"sell-?off\w*", r"worst"],
        "move": [r"mov\w*", r"swing\w*", r"chang\w*"],
        "percent": [r"percent", r"per\s*cent", r"pct"],
        "gte": [r"at\s+least", r"or\s+more", r"and\s+more", r"and\s+above", r"or\s+higher", r"and\s+over", r"or\s+greater"],
        "gt": [r"more\s+than", r"over", r"above", r"greater\s+than", r"exceed\w*", r"in\s+excess\s+of"],
        "gap": [r"gap\w*"],
        # a day's range as a percent ("days with a range above 1%": high minus low over the previous close)
        "range": [r"(?:daily\s+|intraday\s+|day'?s\s+)?range", r"high[\s-]+(?:to[\s-]+)?low\s+range"],
        "at_most": [r"at\s+most", r"or\s+less", r"no\s+more\s+than", r"not\s+more\s+than"],
        "less": [r"less\s+than", r"below", r"under", r"smaller\s+than", r"narrower\s+than"],
        # the unit of a window after the events ("next 5 trading days")
        "units": [r"trading\s+days?", r"days?", r"sessions?", r"bars?", r"weeks?", r"months?"],
        "unit_week": [r"week"],
        "unit_month": [r"month"],
        # windows after the events, tried in order of the slot then of the language: {n} the count,
        # {u} the unit
        "horizon_counted": [
            r"(?:(?:in|within|over|during|for)\s+the\s+(?:next|following|subsequent)|next|following|subsequent"
            r"|within)\s+{n}\s+{u}",
            r"{n}\s+(?:trading\s+)?{u}\s+(?:later|after|afterwards|following|thereafter|ahead|forward)",
        ],
        "horizon_single": [r"(?:next|following|a|one)\s+(?P<u>week|month|day|session)(?:\s+later|\s+after)?"],
        "horizon_a": [],
        "horizon_on": [],
        "horizon_of": [r"over", r"horizon\s+of", r"window\s+of"],
        "horizon_window": [r"{n}[\s-]+(?P<u>day|session|week)s?\s+(?:horizon|window|forward\s+return)"],
        # the span of the move itself ("fell 5% in a day")
        "span_percent": [r"percent", r"pct"],
        "span_in": [r"in", r"within"],
        "span_one": [r"a\s+(?:single\s+)?", r"one\s+", r"single\s+"],
        "span_day": [r"(?:trading\s+)?day", r"session"],
        # top-N largest moves
        "superlative": [r"largest", r"biggest", r"greatest", r"strongest", r"sharpest", r"largest", r"top", r"best", r"worst",
                        r"steepest", r"most\s+extreme", r"highest", r"deepest"],
        "top_noun": [r"gains?", r"rises?", r"rall(?:y|ies)", r"jumps?", r"advances?", r"up\s+days", r"drops?", r"falls?",
                     r"declines?", r"loss(?:es)?", r"moves?", r"days?", r"sessions?", r"crash(?:es)?", r"plunges?",
                     r"sell-?offs?"],
        "top_of": [r"of\s+the\s+"],
        "count_trading": [r"trading\s+"],
        "count_days": [r"days", r"sessions"],
        "count_with": [r"of", r"with"],
        "count_article": [r"the\s+"],
        "top_explicit": [r"top", r"largest", r"biggest"],
        "plural_endings": [r"s", r"es", r"ies"],
        "best": [r"best"],
        "worst": [r"worst", r"weakest"],
        "and": [r"and"],
        "gains": [r"gains?", r"rises?"],
        "falls": [r"drops?", r"falls?"],
        "losses": [r"losses"],
    },
    # tool_intents.py: the vocabulary of the questions a catalogue tool answers directly
    "tool_intents": {
        "watchlist": [r"watch\s*-?\s*list\w*", r"watchlist"],
        "add": [r"add", r"put", r"include"],
        "remove": [r"remove", r"delete", r"drop", r"take\s+\w+\s+off"],
        "position": [r"position\s+siz\w*", r"size\s+(?:of\s+)?(?:the\s+|my\s+)?position",
                     r"how\s+many\s+(?:contracts|shares|units|lots)"],
        "risk_reward": [r"risk\s*[/-]?\s*(?:to\s*-?\s*)?reward", r"r\s*[:/]\s*r\b"],
        "candles": [r"candle\w*", r"candlestick\w*", r"ohlcv", r"bars?"],
        # "what's SPY now": a question about now is the last bar's price (with its age)
        "price": [r"price", r"quote", r"trading\s+at", r"(?:right\s+)?now", r"currently", r"at\s+the\s+moment"],
        # number suffixes ("10k", "1.5m")
        "thousand": [r"k"],
        "million": [r"m"],
        "entry": [r"entry", r"enter", r"buy\s+at"],
        "entry_then": [r"price", r"at"],
        "stop": [r"stop(?:\s*-?\s*loss)?", r"sl"],
        "target": [r"target", r"take\s*-?\s*profit", r"tp", r"take\s+profit"],
        "level_then": [r"at"],
        "percent": [r"percent"],
        "capital": [r"for", r"with", r"capital", r"account", r"balance"],
        "capital_of": [r"of\s+"],
        "point_value": [r"point\s+value", r"multiplier"],
        # bar sizes, tried in the module's order (the first found wins)
        "timeframes": {
            "15m": [r"15\s*-?\s*(?:m|min\w*)"],
            "5m": [r"5\s*-?\s*(?:m|min\w*)"],
            "1m": [r"1\s*-?\s*(?:m|min|minute)", r"one\s+minute"],
            "4h": [r"4\s*-?\s*(?:h|hr|hour\w*)"],
            "1h": [r"1\s*-?\s*(?:h|hr|hour)", r"hourly"],
            "1w": [r"1\s*-?\s*(?:w|wk|week)", r"weekly"],
            "1d": [r"1\s*-?\s*(?:d|day)", r"daily"],
        },
        "last_candles": [r"last", r"past"],
        "candle_units": [r"candle\w*", r"bar\w*"],
        "last_days": [r"last", r"past"],
        "days": [r"days?"],
        "last_day": [r"last", r"past", r"previous"],
        "day_trading": [r"trading\s+"],
        "day": [r"day", r"session"],
        "last_week": [r"last", r"past"],
        "week": [r"week"],
        # letters and words that show the language of a tool question no detector is sure of
        "letters": [],
        "cues": [],
    },
    # memory_statements.py: statements of the user about themselves (remember / forget)
    "memory_statements": {
        "remember": [r"remember", r"keep\s+in\s+mind", r"(?:please\s+)?note\s+that", r"take\s+note", r"make\s+a\s+note"],
        # "my usual / main / favourite instrument (symbol, ticker, market) is X", either order
        "my": [r"my"],
        "instruments": [r"instruments?", r"symbols?", r"tickers?", r"markets?", r"assets?", r"contracts?"],
        "and": [r"and", r"also"],
        "is": [r"is", r"are"],
        "is_after": [r"is"],
        "trade_verb": [r"i\s+(?:\w+\s+)?trade"],
        "everything": [r"everything", r"all", r"about\s+me"],
        # first-person statements of how one trades: a lead word, the subject or a frequency adverb
        # (or a first-person verb), then the verb
        "lead_and": [r"and", r"also", r"but"],
        "question_words": [r"how", r"what", r"when", r"why", r"which"],
        "subject": [r"i(?:'m|\s+am)?"],
        "adverbs": [r"mostly", r"mainly", r"usually", r"generally"],
        "first_person_verbs": [],
        "self_trade": [r"trade", r"trading", r"trader", r"scalp\w*", r"invest\w*", r"swing\w*", r"day[\s-]?trad\w*"],
        "self_follow": [r"follow\w*", r"watch\w*", r"look(?:ing)?\s+at", r"focus\w*\s+on"],
        "forget": [r"forget"],
        "intraday": [r"intraday", r"day[\s-]?trad\w*"],
        # what a forget statement names, tried in the module's order
        "forget_kinds": {
            "preferences": [r"usual", r"favou?rite", r"main\s+symbol", r"my\s+symbol", r"preferences?"],
            "style": [r"style", r"intraday", r"day[\s-]?trad\w*", r"swing\w*", r"scalp\w*", r"long[\s-]term", r"invest\w*"],
            "notes": [r"notes?"],
            "favorites": [r"favou?rites"],
            "questions": [r"questions"],
            "strategies": [r"strateg\w*"],
        },
    },
    # periods.py: quarter and half ordinals, the words that mark a quarter, a half, a session
    "periods": {
        # the stems of the 1st..4th ordinal (a longer word starting with a stem reads the same)
        "ordinal_stems": [[r"first", r"1st"], [r"second", r"2nd"], [r"third", r"3rd"], [r"fourth", r"4th"]],
        "last_part": [r"last"],
        "quarter": [r"quarter"],
        "quarter_ordinals": [r"first", r"second", r"third", r"fourth", r"1st", r"2nd", r"3rd", r"4th"],
        "half": [r"half"],
        "half_ordinals": [r"first", r"second", r"1st", r"2nd"],
        # "the first and second half of January 2024"
        "coord_first": [r"first", r"1st"],
        "coord_and": [r"and", r"vs\.?", r"versus", r"or"],
        "coord_article": [r"the\s+"],
        "coord_second": [r"second", r"2nd"],
        "coord_halves": [r"halves", r"half"],
        "coord_of": [r"of\s+"],
        "session_words": [r"day", r"session"],
        "last_week": [r"last"],
        "between": [r"between"],
        # a comparison connective ending in a word that also opens a range: the date after it is the
        # compared period (compared.py)
        "compare_lead": [r"compared", r"in\s+comparison", r"relative"],
    },
    # volume_rank.py: the days ranked by volume ("the 3 highest-volume days")
    # range_rank.py: days ranked by their range ("the day with the widest range", "3 largest daily ranges")
    "range_rank": {
        "patterns": [
            r"(?:(?:the\s+)?(?P<n>{COUNT})\s+)?(?:(?:the\s+)?(?P<noun>(?:trading\s+)?(?:days?|sessions?))\s+(?:with|of|having|had)\s+(?:the\s+)?)?(?:(?P<n2>{COUNT})\s+)?(?:widest|largest|biggest|greatest|highest|max(?:imum)?)\s+(?:daily\s+|intraday\s+|day'?s\s+)?(?:high[\s-]+(?:to[\s-]+)?low\s+)?(?:range|ranges|trading\s+range)(?:\s+(?P<noun2>(?:trading\s+)?(?:days?|sessions?)))?",
        ],
        "plural_days": [r"days", r"sessions", r"ranges"],
    },
    "volume_rank": {
        "up": [r"highest", r"largest", r"biggest", r"heaviest", r"most", r"max(?:imum|imal)?"],
        "down": [r"lowest", r"smallest", r"lightest", r"least", r"min(?:imum|imal)?"],
        "volume_lead": [r"trading\s+"],
        "volume": [r"volume"],
        "day": [r"(?:trading\s+)?(?:days?|sessions?)"],
        # what a volume word names when it is not the day's ("volume price level", "volume by hours")
        "not_days": [r"price", r"level", r"node", r"bin", r"area", r"hours?", r"minutes?"],
        "lead_article": [r"the\s+"],
        "lead_with": [r"with", r"of", r"having", r"had", r"has", r"saw"],
        "with_article": [r"the\s+"],
        "rank_article": [r"the\s+"],
        "top": [r"top"],
        "by": [r"by"],
        "ranked": [r"ranked", r"sorted", r"ordered"],
        # an adjective of volume before the day ("самые объёмные дни")
        "most_adj": [],
        "least_adj": [],
        "voluminous": [],
        "plural_days": [r"days", r"sessions"],
        "singular_day": [r"day", r"session"],
    },
    # clarify.py: clarifying questions and the suggested answers built around them
    "clarify": {
        "questions": {
            "symbol": "Which instrument?",
            "period": "For which period?",
            "threshold": "How big a move, and up or down (for example, a daily rise of more than 3%)?",
            "condition": "Rises or falls? The condition needs a direction.",
        },
        # a suggested condition ({s} the symbol's prefix, {t} the threshold): with the window after
        # the events (move), or alone (event)
        "move": {"rise": "{s}rise of more than {t}% in a day, next 5 trading days",
                 "fall": "{s}fall of more than {t}% in a day, next 5 trading days"},
        "event": {"rise": "{s}rose more than {t}% in a day", "fall": "{s}fell more than {t}% in a day"},
        "gap_event": {"rise": "{s}gapped up more than {t}%", "fall": "{s}gapped down more than {t}%"},
        "last_month": "last month",
        "nothing_new": "What should change from the last question: the instrument, the period or the measure?",
    },
    # followup_days.py: a follow-up naming only a day ("and the 28th?") or an ordinal part ("and the
    # second?") of the previous period
    "followup_days": {
        "day_patterns": [r"(?<![\w.,])(\d{1,2})(?:st|nd|rd|th)(?!\w)"],   # the 28th
        # the 1st..5th written as words (any case or gender) or as 2nd
        "ordinals": [[r"first", r"1st"], [r"second", r"2nd"], [r"third", r"3rd"], [r"fourth", r"4th"], [r"fifth", r"5th"]],
        "day_words": [],
    },
    # followup_shifts.py: a follow-up moving the previous period ("and the next day?", "and the whole
    # month?"); "last" counts back from today (the period grammar's), never from the period asked
    "followup_shifts": {
        "next": [r"next", r"following", r"later", r"after", r"subsequent"],
        "prev": [r"previous", r"prior", r"before", r"preceding", r"earlier"],
        "whole": [r"whole", r"entire", r"full"],
        "units": {
            "day": [r"days?", r"sessions?"],
            "week": [r"weeks?"],
            "month": [r"months?"],
            "quarter": [r"quarters?"],
            "year": [r"years?"],
        },
    },
    # ref_days.py: days of the period talked about ("and only the 1st to the 5th?")
    "ref_days": {
        "day_suffixes": ["st", "nd", "rd", "th"],
        # the week ordinals by their start ("first", "первую", "primera")
        "week_ordinals": [["first", "1st"], ["second", "2nd"], ["third", "3rd"], ["fourth", "4th"]],
        # "the first 5 sessions" counts trading dates (a unit starting so), else calendar days
        "session_units": ["trading", "sess"],
        "second_half": ["second", "2nd"],
    },
    # coverage.py: the words a question may leave unused, the moves a period word implies, the notes
    "coverage": {
        # function words, question words, generic verbs and politeness: using them or not changes nothing
        "stopwords": (
            "a an the of in on at to for from by with and or but vs versus than then as is are was were be been "
            "being do does did done what whats which who whom how when where why whose it its it's this that "
            "these those me my i you your we our us they their he she his her them there here please show give "
            "tell get got display list let see find compute calculate look looking need want would like could can "
            "may might will shall should must about during over under into onto per all any some each every much "
            "many more most very also just only same such other another one ones both either data price prices "
            "value values chart figure figures number numbers stock ticker symbol instrument market index etf "
            "futures future was were has have had having been did happen happened happens going go went performed "
            "perform result results summary info information tell me stat something thing things day days time "
            "times period periods year years month months week weeks quarter today overall total whole entire "
            "full s mean means meaning stand stands happen doing went try trying had has having does did got gets "
            "getting been into onto upon whether which while though although"
        ),
        "letters": "a-z",
        # a period word that says the move is measured over it ("daily", "за день"), counted as used
        "implied": ["daily", "day-to-day", r"single[\s-]day", r"one[\s-]day", r"in\s+a\s+day", r"annual\w*", "yearly", "monthly", "weekly", "changed", r"return\w*"],
        "notes": {
            "unused": "I did not use: {w}.",
            # measures recognised but computed by nothing: named, never dropped in silence
            "not_computed": "Not computed here: {w}.",
            "read_as": "I read {pairs}.",
            "read_pair": "“{a}” as “{b}”",
        },
    },
    # notes.py: sentences added to an answer for parts declined for want of data
    "notes": {
        "no_data": "Not answered for {what}: no stored data there ({ranges}).",
        "range": "{s} has {a} to {b}",
        "in": "{s} in {p}",
        "only_last": "Only the last {n} periods are compared (from {d}).",
        # a bar size that bars are not built at (7 minutes) is said, with the size used instead
        "bar_size": "Bars of {n} minutes are not built; {m}-minute bars are used.",
        "daily_window": "{names} is computed from daily bars: the time-of-day window is not applied to it.",
    },
    # price_levels.py: a price level a count of days is filtered by ("days SPX closed above 3,000")
    "price_levels": {
        # what a number is when it is no level: a percent, points, a count of days
        "not_level": [r"percent", r"pct", r"per\s*cent", r"points?", r"days?"],
        # the words that make a year-like number a level ("above 2019")
        "strong": [r"above", r"below", r"beneath"],
        "ask": "I can count days by their percent move (for example, days up more than 2 %) or by their "
               "close, high or low against a price, not by a move in points ({lvl}). Which percent move "
               "should I count?",
        # a level's side and the day's price it is compared with ("closed above 520", "traded below 500")
        "below": [r"below", r"under", r"beneath", r"lower\s+than", r"less\s+than"],
        "not_below": [r"not\s+(?:below|under|lower\s+than|less\s+than)", r"at\s+or\s+above"],
        "not_above": [r"not\s+(?:above|over|higher\s+than|more\s+than)", r"at\s+or\s+below"],
        "intraday": [r"trad\w*", r"hit\w*", r"reach\w*", r"touch\w*", r"went", r"go(?:es)?", r"got",
                     r"broke", r"break\w*", r"spik\w*", r"dip\w*", r"print\w*"],
        "close": [r"clos\w*", r"settl\w*", r"finish\w*", r"end(?:ed|s)?"],
    },
    # resumes.py: short answers to what the assistant offered
    "resumes": {
        "yes": [r"yes", r"yeah", r"yep", r"sure", r"ok", r"okay", r"please", r"please\s+do", r"go\s+ahead", r"do\s+it",
                r"run\s+it"],
        "yes_tail": [r"please", r"thanks"],
        "available": [r"available\s+(?:data|range)", r"what\s+(?:data\s+)?(?:is|you\s+have)\s+available"],
        "another": [r"(?:another|other|different)\s+(?:instrument|symbol|ticker|market)"],
    },
    # analyses.py: "how did it do" after an event; the term after "what is"
    "analyses": {
        "how_did": [r"\b(?:how\s+(?:did|was|has)|what\s+did)\b"],
        "concept_lead": [r"what\s+is", r"what's", r"what\s+are", r"define", r"explain", r"meaning\s+of"],
        "concept_article": [r"a\s+", r"an\s+", r"the\s+"],
    },
    # shaping.py: the units best periods are compared by ("the best quarter")
    "shaping": {
        "quarter": [r"quarter"],
        "year": [r"year"],
        "month": [r"month"],
    },
    # to_intent.py: a large move's span said as a day or a week ("a 15% rise in a day")
    "to_intent": {
        "span_day": [r"daily", r"in\s+(?:a|one)\s+day", r"one-day", r"single[\s-]day", r"intraday"],
        "span_week": [r"in\s+a\s+week", r"weekly", r"over\s+a\s+week"],
    },
    # understand.py: the clarification naming the words read as nothing
    "understand": {
        "not_read": "I did not understand: {w}. Which instrument and period, and what about them?",
    },
    # year_to_date.py: the words between a to-date phrase and its year ("ytd of 2020")
    "year_to_date": {
        "of": [r"of"],
    },
    # magnitude.py: how much the instrument moved ("how much did X lose", "how many percent"): the
    # period's change, never a count of days; a day noun after the question word keeps the count
    "magnitude": {
        "lead": [r"how\s+much", r"how\s+many", r"what\s+percent(?:age)?"],
        "pct_units": [r"percent(?:age)?\s+points?", r"percent(?:age)?", r"per\s*cent", r"pct"],
        "point_units": [r"points?", r"pts?"],
        "verbs": [r"earn\w*", r"made", r"make", r"shed", r"add(?:ed)?", r"give\s+up", r"gave\s+up", r"go\s+(?:up|down)",
                  r"went\s+(?:up|down)", r"gone\s+(?:up|down)", r"mov\w*", r"chang\w*", r"return\w*"],
        "count_nouns": [r"days?", r"sessions?", r"times", r"bars?", r"candles?", r"weeks?", r"months?", r"years?",
                        r"trading"],
    },
    # alert_conditions.py: hours of a move's window ("within 2 hours")
    "alert_conditions": {
        "hours": [r"h", r"hours?"],
    },
    # subperiods.py: "the first/last N days / weeks / months / half of <period>" (a part at the
    # period's edge); days are trading sessions unless called calendar days
    "subperiods": {
        "first": [r"first", r"opening", r"initial"],
        "last": [r"last", r"final", r"closing", r"concluding"],
        "calendar_days": [r"calendar\s+days?"],
        "sessions": [r"trading\s+(?:days?|sessions?)", r"sessions?", r"days?"],
        "weeks": [r"weeks?"],
        "months": [r"months?"],
        "halves": [r"half"],
        "of": [r"of", r"in"],
        "year": [r"the\s+year", r"year"],
        # a plural without a count ("the closing days of 2008"): how many is not said, not read as one
        "plural": [r"(?:days|sessions|weeks|months)(?!\w)"],
    },
    # as_of_days.py: a to-date span ending on a written date ("ytd as of April 30 2024") and the
    # n-th weekday of a month ("the first Monday of April 2024")
    "as_of_days": {
        "year": [r"(?:the\s+)?year[\s-]to[\s-]date", r"ytd", r"(?:from|since)\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:(?:the|this)\s+year|(?=(?:19|20)\d\d))"],
        "quarter": [r"(?:the\s+)?quarter[\s-]to[\s-]date", r"qtd", r"(?:from|since)\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the|this)\s+quarter"],
        "month": [r"(?:the\s+)?month[\s-]to[\s-]date", r"mtd", r"(?:from|since)\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the|this)\s+month"],
        "measure": [r"performance", r"returns?", r"change", r"gains?", r"loss(?:es)?", r"move", r"so\s+far"],
        "year_of": [r"of", r"for"],
        "until": [r"as\s+(?:of|at)", r"through", r"thru", r"until", r"till", r"up\s+to", r"to", r"ending(?:\s+on)?",
                  r"ended(?:\s+on)?", r"on"],
        "article": [r"the"],
        "first": [r"first", r"1st"], "second": [r"second", r"2nd"], "third": [r"third", r"3rd"],
        "fourth": [r"fourth", r"4th"], "fifth": [r"fifth", r"5th"], "last": [r"last", r"final"],
        "mon": [r"mondays?"], "tue": [r"tuesdays?"], "wed": [r"wednesdays?"], "thu": [r"thursdays?"],
        "fri": [r"fridays?"], "sat": [r"saturdays?"], "sun": [r"sundays?"],
        "of_month": [r"of", r"in"],
    },
}
