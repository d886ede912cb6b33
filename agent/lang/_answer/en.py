"""English: the answer side"s closed word lists and prose templates (see __init__)."""
ANSWER = {
    # Prose for every answer kind the offline analyst and the code summary write (no field dumps).
    "TEMPLATES": {
        "volume_profile": "{s}, {p}, volume profile: point of control {poc}; value area from {val} to "
                          "{vah}; traded range {lo} – {hi}; total volume {vol}.",
        "gaps": "{s}, {p}: {n} opening gaps beyond {t} ({up} up, {down} down); filled the same day: "
                "{filled} ({rate}); average gap {avg}, average size {size}; sessions checked: {days}.",
        "gaps_none": "{s}, {p}: opening gaps beyond {t}: {n}.",
        "volume_spikes": "{s}, {p}: volume spikes (volume of at least {t}× the mean of the previous "
                         "{lb} sessions): {n}.",
        "spike_ratios": "Average ratio {avg}×, maximum {max}×.",
        "price_levels": "{s}, {p}, support and resistance (sessions: {days}; swing points: {points}). A "
                        "swing high is a session whose high is the highest from {w} sessions before it to {w} "
                        "after it, a swing low likewise with the lows; points within {t} of each other form one "
                        "level, at their mean price; a level below the last close, {close} on {cd}, is support, "
                        "otherwise resistance. Resistance, nearest first: {res}. Support, nearest first: {sup}.",
        "price_level_item": "{level} (swing points: {touches}, the last on {date})",
        "price_levels_none": "none",
        "hourly_profile": "{s}, {p}, by hour of day ({bars} hourly bars): heaviest average volume in "
                          "hour {busiest}, widest average range in hour {volatile}, best average return "
                          "in hour {best}, weakest in hour {worst}.",
        "intraday": "{s}, {p}, minute bars ({n}): open {open}, close {close}, change {pct}; volume {vol}.",
        "intraday_capped": "{s}, {p}: only the first {n} bars are listed (the row cap), from {first} to {last}; over "
                           "those bars: open {open}, close {close}, change {pct}, volume {vol}. They do not cover the "
                           "whole period.",
        "intraday_extremes": "High {high} at {high_ts}; low {low} at {low_ts}.",
        "indicator_parts": {"macd": "MACD line {macd}, signal {signal}, histogram {histogram}",
                            "bollinger": "middle band {middle}, upper band {upper}, lower band {lower}",
                            "adx": "ADX {adx}, +DI {plus_di}, −DI {minus_di}"},
    },
    # Relation slots: code picks the word from the values ({dir:x}, {cmp:a,b}, {share:a,b}).
    "DIR": {"up": "rose", "down": "fell", "flat": "was unchanged"},
    # {dir.f:x} / {dir.n:x} / {dir.pl:x}: the relation word agreeing with its subject (Russian
    # genders and numbers, Spanish plural); English has one form.
    "DIR_FORMS": {"f": {"up": "rose", "down": "fell", "flat": "was unchanged"},
                  "n": {"up": "rose", "down": "fell", "flat": "was unchanged"},
                  "pl": {"up": "rose", "down": "fell", "flat": "were unchanged"}},
    "CMP": {"gt": "higher than", "lt": "lower than", "eq": "equal to"},
    "SHARE": "{a} of {b}",
    # Closed lists of falsifiable words (normalised: lower case, accents folded). Regexes.
    "SUPERLATIVES": [r"strongest", r"weakest", r"best", r"worst", r"biggest", r"largest", r"smallest",
                     r"record", r"all[- ]time", r"ever", r"the most \w+", r"the least \w+", r"top", r"rank\w*"],
    # "at most -3%" is a condition's bound (OPS "lte"), not a share of the sessions
    "QUANTIFIERS": [r"(?<!at )most", r"majority", r"all", r"every", r"each"],
    "NEGATIONS": [r"never", r"not (?:once|one|a single)", r"no (?:day|session|time)s?", r"none"],
    "CAUSAL": [r"because", r"due to", r"driven by", r"thanks to", r"amid", r"on the back of",
               r"triggered by", r"fueled by", r"fuelled by", r"in response to", r"as a result of",
               r"after the \w+(?: \w+)? (?:report|data|decision|meeting|announcement|release)"],
    "EVENTS": [r"earnings", r"jobs report", r"payrolls?", r"cpi", r"inflation", r"fed", r"fomc",
               r"rate (?:cut|hike)s?", r"halt(?:ed)?", r"circuit breakers?", r"election",
               r"recession", r"pandemic", r"war", r"tariffs?", r"guidance", r"downgrade", r"upgrade",
               r"ecb", r"opec", r"coronavirus", r"covid\S*"],
    # Names code binds to the fetched symbols: name -> symbols that own it.
    "NAMES": [("nasdaq inc", ["NDAQ"]), ("amazon", ["AMZN"]), ("alphabet", ["GOOGL", "GOOG"]), ("google", ["GOOGL", "GOOG"]), ("meta", ["META"]), ("netflix", ["NFLX"]), ("amd", ["AMD"]), ("intel", ["INTC"]), ("jpmorgan", ["JPM"]), ("goldman sachs", ["GS"]), ("berkshire", ["BRK.B"]), ("coinbase", ["COIN"]), ("ethereum", ["ETHUSD", "ETH"]), ("cme group", ["CME"]), ("nasdaq", ["NQ", "MNQ", "QQQ", "NDX"]), ("s&p", ["ES", "MES", "SPY", "SPX"]), ("dow jones", ["YM", "MYM", "DJI"]), ("dow", ["YM", "MYM", "DJI"]), ("russell", ["RTY", "M2K"]), ("euro", ["6E", "M6E"]), ("yen", ["6J"]), ("bitcoin", ["BTCUSD", "BTC"]), ("apple", ["AAPL"]), ("nvidia", ["NVDA"]), ("microsoft", ["MSFT"]), ("tesla", ["TSLA"]), ("gold", ["GC"]), ("crude", ["CL"])],
    "NOT_AVAILABLE": [r"not available", r"unavailable", r"no data", r"missing"],
    "PERCENT_WORDS": [r"per ?cent", r"pct", r"percentage points?"],
    "CURRENCY_WORDS": [r"dollars?", r"usd", r"\$", r"euros?", r"bucks"],
    "POINT_WORDS": [r"points?", r"pts"],
    "RATIO_WORDS": [("twice", 2.0), ("double", 2.0), ("triple", 3.0)],
    # Idioms with a number word that state nothing about the data.
    "NUMBER_IDIOMS": [r"at one point", r"one of the", r"one by one", r"on the one hand"],
    # Number words code verifies: N + a period noun = the number of periods compared.
    "PERIOD_NOUNS": [r"months?", r"quarters?", r"years?", r"periods?", r"weeks?", r"halves"],
    # "at most" / "at least": quantities, never "the high" / "the low".
    "QUANTITY_IDIOMS": [r"at most", r"at least", r"no more than", r"no less than"],
    # Direction words that name a term, not the value"s sign ("down days", "after each drop").
    "DIRECTION_TERMS": [
                        r"\b(?:sessions?|days?) (?:closed|ended|finished) (?:higher|lower|up|down)\b",
r"\b(?:up|down|gain\w*|los\w*|declin\w*|advanc\w*) (?:days?|sessions?)\b",
                        r"\b(?:after|each|every|following|per) (?:\w+ )?(?:drop|fall|decline|gain|rise|jump|"
                        r"selloff|rally)s?\b",
                        r"\bdaily (?:gains|falls|drops|rises|declines|moves)\b",
                        r"\bgaps? (?:up|down)\b",
                        r"§\d+ (?:up|down)\b",   # "({up} up, {down} down)": counts of each
                        # the longest streak's own name (a count with its days: claim-checked)
                        r"\blongest run of (?:up|down) closes\b"],
    "EXTRA_UP": ["skyrocket", "surge", "advance", "soar", "rocket", "spik", "rebound", "recover", "outperform", "strengthen"],
    "EXTRA_DOWN": ["fall", "slide", "lose", "shed", "crash", "tank", "slump", "plummet", "collaps", "sink", "sunk", "weaken", "underperform",
                   "retreat", "dip"],
    # Words allowed between a direction word and the slot it governs ("fell by about {x}").
    "LINKERS": ["by", "of", "to", "a", "an", "about", "around", "roughly", "some", "nearly", "almost",
                "just", "only", "over", "sharply", "slightly", "strongly"],
    "CONJUNCTIONS": ["and", "but", "yet", "while", "whereas", "although", "though", "still"],
    # Companies and institutions. A company is a name of NAMES (its symbol must be
    # fetched; "Nasdaq Inc" is the exchange operator, "Nasdaq" the index); an institution may be
    # named only beside a fetched news item whose text names it (agent/answer/news_checks.py).
    "INSTITUTIONS": ["powell", "lagarde", "yellen", "fed", "federal reserve", "fomc", "ecb", "european central bank", "boj", "bank of japan",
                     "bank of england", "boe", "opec", "imf", "treasury", "white house", "congress"],
    # Capitalised words that name no fact: indicators, units, time zones, exchanges' abbreviations.
    "TERMS": ["askbar", "e-mini", "mini", "micro", "index", "futures", "nyse", "cboe", "globex", "am", "pm", "new york", "chicago", "london", "tokyo", "rsi", "macd", "adx", "di", "atr", "ema", "sma", "vwap", "obv", "poc", "ohlc", "ohlcv", "utc",
              "et", "est", "edt", "gmt", "cme", "rth", "eth", "etf", "usd", "eur", "jpy", "bollinger", "wilder",
              "fibonacci", "us", "u.s", "i", "ok", "no", "yes", "cet", "msk"],
    # Event concepts: one key, its words in this language (news_checks matches a cited item's text
    # against every language's words of the concept).
    "EVENT_CONCEPTS": {
        "fed": [r"fed", r"fomc", r"federal reserve", r"powell"], "ecb": [r"ecb", r"european central bank", r"lagarde"],
        "earnings": [r"earnings", r"results", r"profits?", r"revenue"], "jobs": [r"jobs report", r"payrolls?", r"jobs", r"unemployment"],
        "inflation": [r"cpi", r"inflation", r"consumer prices"], "rates": [r"rate (?:cut|hike)s?", r"interest rates?", r"rates?"],
        "halt": [r"halt(?:ed)?", r"circuit breakers?", r"trading (?:halt|pause)\w*"], "election": [r"elections?", r"vote"],
        "recession": [r"recession"], "pandemic": [r"pandemic", r"coronavirus", r"covid\S*", r"virus"],
        "war": [r"war"], "tariffs": [r"tariffs?", r"trade war"], "guidance": [r"guidance", r"outlook"],
        "downgrade": [r"downgrade\w*"], "upgrade": [r"upgrade\w*"], "opec": [r"opec"], "oil": [r"oil", r"crude"]},
    # Links between a cited news item and a move that claim time, not cause: verified as "the item
    # counts for the value's session" (a causal connective stays rejected even beside an item).
    "NEWS_LINKS": [r"amid", r"on the day of", r"the day of", r"on the same day as", r"the same day as",
                   r"in the session of", r"the same session as"],
}

from agent.lang._answer.checks_en import CHECKS, FORMAT  # noqa: E402 (the checks' and formatter's words)
from agent.lang._answer.closed_en import CLOSED  # noqa: E402 (the closed vocabulary)

ANSWER.update(CLOSED)
ANSWER.update(CHECKS)
ANSWER.update(FORMAT)
