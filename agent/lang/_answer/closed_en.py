"""English: the closed vocabulary of answers (agent/answer/vocabulary.py). Lemmas, normalised."""
CLOSED = {
    # Words that state nothing about the data: articles, pronouns, prepositions, auxiliaries,
    # discourse connectives, hedges, and the names of the measures code computes.
    "HARMLESS": """
a an the this that these those it its itself they them their theirs there here he she we you i me
my our your his her which who whom whose what when where while whereas as of in on at by for from to
with without within into onto over under between among through throughout during across after
before since until till via per than then so also too only just both either neither nor and or but
yet however though although meanwhile still even further furthermore moreover overall instead
rather thus therefore hence respectively together alone be have do does did is are was were been
being has had not no yes so-called i.e e.g etc versus vs against toward towards upon out off
one ones other another same such own whereas whole entire more less
about around approximately roughly nearly almost some just only exactly precisely
note noted see shown show shows showed state stated report reported give given gives
value values figure figures number numbers level levels reading readings result results data
price prices quote session sessions day days trading date dates week weeks month months quarter
quarters year years period periods time times hour hours minute minutes bar bars candle candles
open opening close closing high low change changes move moves return returns range ranges
volume volumes average averages mean median total sum count share percent percentage rate
volatility deviation standard daily weekly monthly hourly intraday interday overnight
indicator indicators band bands line lines signal histogram point points area profile control
gap gaps spike spikes ratio ratios size window lookback parameter parameters setting
moving exponential simple relative strength index average true directional balance on-balance
weighted drawdown trough peak previous prior next first last final start end beginning
contract contracts share shares unit units instrument symbol ticker market futures future
whereas respectively meantime in-between case cases each-other edge as-for regard regarding stand stood come came remain remained end ended finish
come came happen occur monday tuesday wednesday thursday friday saturday sunday
reach reached hit touch touched part
news item headline headlines positive negative
""".split(),
    # Advice and predictions: never a statement of fact (rejected with that reason).
    "ADVICE": [r"(?:good|great|ideal|attractive|perfect) (?:entry|exit|time|opportunity|moment|buy)\w*",
               r"entry points?", r"buy(?:ing)? (?:signal|opportunity)", r"sell(?:ing)? signal",
               r"(?:is|are|looks?) (?:set|poised|likely|expected|bound|due) to", r"will \w+",
               r"should \w+", r"(?:we )?recommend\w*", r"expect\w*", r"forecast\w*", r"predict\w*",
               r"outlook", r"target price", r"price target", r"upside", r"downside potential",
               r"(?:a )?(?:buy|sell|hold)(?: rating)?(?= [,.]|$)", r"bullish", r"bearish", r"undervalued", r"overvalued", r"cheap", r"expensive"],
    # Ranks, streaks and outside norms code does not compute: rejected with that reason.
    # Outside norms code does not compute ("its long-run average"): rejected with that reason. Ranks
    # and streaks are verified (STREAK_*, ORDINALS, RANK_*: agent/answer/series_checks.py).
    "RANKS_STREAKS": [r"(?:long-run|long-term|historical|historic|normal|typical) (?:average|norm|mean|level)s?"],
    # Currencies by ISO code: a price is in its instrument's currency only.
    "CURRENCIES": [(r"dollars?|usd|\$|bucks", "USD"), (r"euros?|eur|€", "EUR"), (r"rubles?|roubles?|rub|₽", "RUB"),
                   (r"pounds?|gbp|£", "GBP"), (r"yen|jpy|¥", "JPY")],
    # Qualitative labels: (words, the computed value the rule reads, operator, bound). A label is
    # shown only when its rule holds over that value; "pct_change" in percent, "volatility" the
    # daily close-to-close standard deviation in percent.
    "LABELS": [
        (r"(?:less|fewer) than half", "share", "lt", 0.5), (r"more than half|the majority", "share", "gt", 0.5),
        (r"exactly half", "share", "eq", 0.5),
        (r"overbought", "rsi", "ge", 70.0), (r"oversold", "rsi", "le", 30.0),
        (r"(?:roughly |nearly |basically |virtually |essentially )?(?:flat|unchanged)|(?:barely|little|hardly) changed|steady",
         "pct_change", "abs_lt", 0.5),
        (r"sharp\w*|steep\w*|big|large|heavy|strong(?:ly)?|massive", "pct_change", "abs_ge", 2.0),
        (r"sell-?offs?|slump\w*|plunge\w*|crash\w*|tumble\w*|rout", "pct_change", "le", -2.0),
        (r"rall(?:y|ied|ies)|surge\w*|soar\w*|boom\w*", "pct_change", "ge", 2.0),
        (r"slight(?:ly)?|modest(?:ly)?|small|mild(?:ly)?|marginal(?:ly)?", "pct_change", "abs_lt", 1.0),
        (r"calm|quiet|subdued|placid|tame", "volatility", "lt", 1.0),
        (r"(?<!more )(?<!less )volatile|choppy|turbulent|wild|stormy", "volatility", "ge", 1.5),
    ],
    # Relative time: (words, unit, offset from the request's date). The values of the sentence
    # (else of the answer) must lie in that window; a weekday names the latest one before now.
    "RELATIVE": [
        (r"today|this (?:morning|afternoon|session)|today's", "day", 0),
        (r"yesterday(?:'s)?", "day", -1),
        (r"this week", "week", 0), (r"last week|the previous week|past week", "week", -1),
        (r"this month", "month", 0), (r"last month|the previous month|past month", "month", -1),
        (r"this year|year to date|ytd", "year", 0), (r"last year|the previous year|past year", "year", -1),
        (r"(?:last|this) monday", "weekday", 0), (r"(?:last|this) tuesday", "weekday", 1),
        (r"(?:last|this) wednesday", "weekday", 2), (r"(?:last|this) thursday", "weekday", 3),
        (r"(?:last|this) friday", "weekday", 4),
    ],
    # Streaks (agent/answer/series_checks.py): a marker, the count (an ordinal: the run is exactly
    # that long; a cardinal: at least), the direction, computed from the daily series in scope.
    "STREAK_MARKERS": [r"straight", r"consecutive", r"successive", r"in a row", r"running", r"streak\w*"],
    "STREAK_UNITS": [r"weeks?", r"months?", r"quarters?", r"years?", r"weekly", r"monthly", r"quarterly", r"yearly"],
    "STREAK_UP": [r"winning", r"up", r"green", r"positive"],
    "STREAK_DOWN": [r"losing", r"red", r"negative"],
    "ORDINALS": [("second", 2), ("third", 3), ("fourth", 4), ("fifth", 5), ("sixth", 6), ("seventh", 7),
                 ("eighth", 8), ("ninth", 9), ("tenth", 10)],
    "CARDINALS": [("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7), ("eight", 8),
                  ("nine", 9), ("ten", 10)],
    # Ranks (an ordinal before a superlative: "the third-weakest month"): over the slots in scope.
    "RANK_MAX": [r"best", r"strongest", r"highest", r"largest", r"biggest", r"top"],
    "RANK_MIN": [r"worst", r"weakest", r"lowest", r"smallest", r"bottom"],
    # A superlative's scope: the compared periods must cover that whole year.
    "YEAR_SCOPE": [r"of the year", r"of \d{4}", r"in the year"],
    # Times of day: (words, the session's "open" or "close", minutes from it), from the value's
    # computed timestamp and the instrument's session.
    "TIMES_OF_DAY": [(r"(?:right |just )?at the (?:opening bell|open)|in the first minutes?|(?:right |just )?after the (?:opening bell|open)", "open", 5),
                     (r"(?:near|around|shortly after) the open(?:ing)?|early in the session|in the first half[- ]hour", "open", 30),
                     (r"(?:right |just )?at the closing bell|in the (?:final|last) minutes?|into the close", "close", 5),
                     (r"(?:near|around|shortly before) the close|late in the session|in the (?:final|last) half[- ]hour", "close", 30)],
    # A part of a multi-part answer named by its place among the compared periods.
    "PART_ORDER": [(r"the (?:earlier|first|former) of the two(?: \w+)?|the earlier (?:week|month|period|quarter|year)", "first"),
                   (r"the (?:later|second|latter) of the two(?: \w+)?|the later (?:week|month|period|quarter|year)", "last")],
    # A count over the sessions: "both final sessions" = the last two sessions, each in that direction.
    "FINAL_SESSIONS": [(r"both (?:final|last) (?:sessions|days|trading days)", 2),
                       (r"(?:all|each of the) (?:final|last) three (?:sessions|days)", 3)],
    # Descriptions of instruments (bound like names: the values beside one must be its owner's).
    "DESCRIPTIONS": [(r"(?:the )?tech-heavy (?:index|nasdaq|benchmark|gauge)|(?:the )?technology index|(?:the )?tech index", ["NQ", "MNQ", "QQQ", "NDX"]),
                     (r"(?:the )?blue-chip (?:index|average|benchmark|gauge)|(?:the )?blue chips|(?:the )?industrial average", ["DJI", "YM", "MYM", "DIA"]),
                     (r"(?:the )?broad(?:er)? (?:market|index|benchmark)|(?:the )?large-cap benchmark", ["SPX", "ES", "MES", "SPY"]),
                     (r"(?:the )?(?:largest|biggest|leading) cryptocurrency|(?:the )?crypto benchmark", ["BTCUSD", "BTC"])],
}
