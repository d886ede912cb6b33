"""English: the answer side"s closed word lists and prose templates (see __init__)."""
ANSWER = {
    # Prose for every answer kind the offline analyst and the code summary write (no field dumps).
    "TEMPLATES": {
        "volume_profile": "{s}, {p}, volume profile: point of control {poc}; value area from {val} to "
                          "{vah}; traded range {lo} – {hi}; total volume {vol}.",
        "gaps": "{s}, {p}: {n} opening gaps beyond {t} ({up} up, {down} down); filled the same day: "
                "{filled} ({rate}); average gap {avg}, average size {size}; sessions checked: {days}.",
        "volume_spikes": "{s}, {p}: volume spikes (volume of at least {t}× the mean of the previous "
                         "{lb} sessions): {n}.",
        "spike_ratios": "Average ratio {avg}×, maximum {max}×.",
        "hourly_profile": "{s}, {p}, by hour of day ({bars} hourly bars): heaviest average volume in "
                          "hour {busiest}, widest average range in hour {volatile}, best average return "
                          "in hour {best}, weakest in hour {worst}.",
        "intraday": "{s}, {p}, minute bars ({n}): open {open}, close {close}, change {pct}; volume {vol}.",
        "intraday_extremes": "High {high} at {high_ts}; low {low} at {low_ts}.",
        "indicator_parts": {"macd": "MACD line {macd}, signal {signal}, histogram {histogram}",
                            "bollinger": "middle band {middle}, upper band {upper}, lower band {lower}",
                            "adx": "ADX {adx}, +DI {plus_di}, −DI {minus_di}"},
    },
    # Relation slots: code picks the word from the values ({dir:x}, {cmp:a,b}, {share:a,b}).
    "DIR": {"up": "rose", "down": "fell", "flat": "was unchanged"},
    "CMP": {"gt": "higher than", "lt": "lower than", "eq": "equal to"},
    "SHARE": "{a} of {b}",
    # Closed lists of falsifiable words (normalised: lower case, accents folded). Regexes.
    "SUPERLATIVES": [r"strongest", r"weakest", r"best", r"worst", r"biggest", r"largest", r"smallest",
                     r"record", r"all[- ]time", r"ever", r"the most \w+", r"the least \w+", r"top", r"rank\w*"],
    "QUANTIFIERS": [r"most", r"majority", r"all", r"every", r"each"],
    "NEGATIONS": [r"never", r"not (?:once|one|a single)", r"no (?:day|session|time)s?", r"none"],
    "CAUSAL": [r"because", r"due to", r"driven by", r"thanks to", r"amid", r"on the back of",
               r"triggered by", r"fueled by", r"fuelled by", r"in response to", r"as a result of",
               r"after the \w+(?: \w+)? (?:report|data|decision|meeting|announcement|release)"],
    "EVENTS": [r"earnings", r"jobs report", r"payrolls?", r"cpi", r"inflation", r"fed", r"fomc",
               r"rate (?:cut|hike)s?", r"halt(?:ed)?", r"circuit breakers?", r"election",
               r"recession", r"pandemic", r"war", r"tariffs?", r"guidance", r"downgrade", r"upgrade"],
    # Names code binds to the fetched symbols: name -> symbols that own it.
    "NAMES": [("nasdaq", ["NQ", "MNQ", "QQQ", "NDX"]), ("s&p", ["ES", "MES", "SPY", "SPX"]), ("dow", ["YM", "MYM", "DJI"]), ("russell", ["RTY", "M2K"]), ("euro", ["6E", "M6E"]), ("yen", ["6J"]), ("bitcoin", ["BTCUSD", "BTC"]), ("apple", ["AAPL"]), ("nvidia", ["NVDA"]), ("microsoft", ["MSFT"]), ("tesla", ["TSLA"]), ("gold", ["GC"]), ("crude", ["CL"])],
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
                        r"\bgaps? (?:up|down)\b"],
    "EXTRA_UP": ["soar", "rocket", "spik", "rebound", "recover", "outperform", "strengthen"],
    "EXTRA_DOWN": ["crash", "tank", "slump", "plummet", "collaps", "sink", "sunk", "weaken", "underperform",
                   "retreat", "dip"],
    # Words allowed between a direction word and the slot it governs ("fell by about {x}").
    "LINKERS": ["by", "of", "to", "a", "an", "about", "around", "roughly", "some", "nearly", "almost",
                "just", "only", "over", "sharply", "slightly", "strongly"],
    "CONJUNCTIONS": ["and", "but", "yet", "while", "whereas", "although", "though", "still"],
}
