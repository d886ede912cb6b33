"""English: see __init__."""
from typing import Any

WORDS: dict[str, Any] = {
    # Instrument aliases by symbol (agent/market/instruments.py): how a question may name it
    "instruments": {"ALIASES": {
        "NQ": ["nasdaq futures", "nasdaq 100 futures", "nasdaq", "nasdaq-100", "nas100", "e-mini nasdaq"],
        "ES": ["s&p futures", "s&p 500 futures", "spoo"], "YM": ["dow futures", "dow jones futures"],
        "RTY": ["russell futures", "russell 2000 futures"], "CL": ["crude", "crude oil", "oil", "wti"], "GC": ["gold"],
        "SI": ["silver"], "6E": ["euro futures", "euro fx"], "ZN": ["10-year note", "ten year note"],
        "MNQ": ["micro nasdaq"], "MES": ["micro s&p"], "NG": ["natural gas", "nat gas"],
        "BZ": ["brent", "brent crude"], "HG": ["copper"], "ZB": ["30-year bond", "t-bond", "treasury bond futures"],
        "ZC": ["corn"], "ZW": ["wheat"], "ZS": ["soybeans", "soybean"], "6J": ["yen futures", "japanese yen"],
        "6B": ["pound futures", "british pound"], "SPY": ["spdr", "s&p 500 etf", "spy etf", "spider"],
        "QQQ": ["nasdaq etf", "qqq etf"], "IWM": [], "DIA": [], "AAPL": ["apple"], "MSFT": ["microsoft"],
        "TSLA": ["tesla"], "NVDA": ["nvidia"], "GOOGL": ["google", "alphabet"], "AMZN": ["amazon"],
        "META": ["meta platforms", "facebook"], "NFLX": ["netflix"], "AMD": [], "INTC": ["intel"],
        "JPM": ["jpmorgan", "jp morgan"],
        "SPX": ["s&p 500", "s&p500", "sp500", "s&p", "snp", "^gspc", "gspc", "standard & poor's", "standard and poor's"],
        "IXIC": ["nasdaq composite", "^ixic"], "DJI": ["dow jones", "dow", "^dji"],
        "NDX": ["nasdaq 100 index", "^ndx"], "BTC": ["bitcoin", "btc", "bitcoin perp", "btc perp"],
        "ETH": ["ethereum", "eth"], "SOL": ["solana"], "XRP": ["ripple"], "DOGE": ["dogecoin"], "LTC": ["litecoin"],
        "ADA": ["cardano"], "RUT": ["russell 2000", "russell 2000 index"], "VIX": ["vix", "volatility index"],
        "DXY": ["dollar index", "us dollar index"], "DAX": ["dax"], "FTSE": ["ftse 100", "ftse"],
        "N225": ["nikkei", "nikkei 225"], "SX5E": ["euro stoxx 50", "eurostoxx", "euro stoxx"],
        "CAC": ["cac 40", "cac40"], "IBEX": ["ibex 35", "ibex"], "HSI": ["hang seng"],
        "IMOEX": ["moex index", "imoex"], "SBER": ["sberbank"], "GAZP": ["gazprom"],
        "EURUSD": ["eur/usd", "eur-usd", "euro dollar", "euro/dollar"],
        "GBPUSD": ["gbp/usd", "gbp-usd", "pound dollar"], "USDJPY": ["usd/jpy", "usd-jpy", "dollar yen"]}},
    # Years written in words (agent/nlu/year_words.py): [word, value] pairs, the century words with
    # the year they start, and the words of "two thousand ..." and of "one thousand nine hundred ...".
    "year_words": {
        "UNITS": [["one", 1], ["two", 2], ["three", 3], ["four", 4], ["five", 5], ["six", 6], ["seven", 7],
                  ["eight", 8], ["nine", 9]],
        "TEENS": [["ten", 10], ["eleven", 11], ["twelve", 12], ["thirteen", 13], ["fourteen", 14], ["fifteen", 15],
                  ["sixteen", 16], ["seventeen", 17], ["eighteen", 18], ["nineteen", 19]],
        "TENS": [["twenty", 20], ["thirty", 30], ["forty", 40], ["fifty", 50], ["sixty", 60], ["seventy", 70],
                 ["eighty", 80], ["ninety", 90]],
        "ORDINAL_STEMS": [],
        "CENTURIES": [["nineteen", 1900], ["twenty", 2000]],
        "TWO_THOUSAND": "two\\s+thousand(?:\\s+and)?",
        "THOUSAND": "",
    },
    # Number words (agent/nlu/numbers.py): [value, words] pairs, cardinals and ordinals; NOT_COUNTS:
    # the words among them that are no count ("five largest" counts, "fifth" and "dozen" do not).
    "numbers": {
        "WORDS": [[1, ["one", "first", "single"]], [2, ["two", "second", "couple"]], [3, ["three", "third"]],
                  [4, ["four", "fourth"]], [5, ["five", "fifth"]], [6, ["six"]], [7, ["seven"]], [8, ["eight"]],
                  [9, ["nine"]], [10, ["ten"]], [11, ["eleven"]], [12, ["twelve", "dozen"]], [15, ["fifteen"]],
                  [20, ["twenty"]], [30, ["thirty"]], [50, ["fifty"]], [100, ["hundred"]]],
        "NOT_COUNTS": ["first", "second", "third", "fourth", "fifth", "single", "couple", "dozen"],
    },
    # Instrument names in questions (agent/nlu/symbols.py). COMMON_WORDS: words that are also a
    # ticker or an alias ("es", "dia", "a"): they name a symbol only when written in capitals.
    # JOIN: the words joining two symbols ("ETH vs BTC"). INFLECTED_LETTERS, CASE_ENDINGS: a language
    # whose nouns take case endings matches an alias of these letters in any case ("" when none).
    "symbols": {
        "COMMON_WORDS": ["a", "i", "it", "is", "on", "in", "at", "to", "do", "go", "be", "by", "or", "so", "up", "us",
                         "we", "me", "my", "all", "are", "can", "for", "has", "now", "one", "out", "see", "new",
                         "low", "high", "big", "key", "day", "and", "the", "was", "how", "any", "two", "ten", "max",
                         "min", "buy", "sell", "vs", "am", "an", "as", "if", "of", "no", "per", "top", "did", "its",
                         "what"],
        "JOIN": ["vs\\.?", "versus", "and", "or", "against"],
        "INFLECTED_LETTERS": "",
        "CASE_ENDINGS": "",
    },
    # Text normalisation and language detection (agent/nlu/lang.py). FOLD: letters read as another
    # ([written, read]: accents, ё). LETTERS: the language's lower-case letters as a regex class
    # part. SCRIPT_LETTERS: letters that alone show the language ("" when its script is shared).
    "lang": {
        "FOLD": [],
        "LETTERS": "a-z",
        "SCRIPT_LETTERS": "",
    },
    # Written shorthands (agent/nlu/abbreviations.py): regex alternatives on the question's text.
    "abbreviations": {
        # month words, full and short ("Mar-2020", "Nov 87")
        "MONTHS": ["jan(?:uary)?", "feb(?:ruary)?", "mar(?:ch)?", "apr(?:il)?", "may", "june?", "july?", "aug(?:ust)?",
                   "sept?(?:ember)?", "oct(?:ober)?", "nov(?:ember)?", "dec(?:ember)?"],
        # month words of a language that writes the day before the month ("24 марта", "24 de marzo")
        "DAY_FIRST_MONTHS": [],
        # prepositions of a span before a month and two digits ("in Mar 24": the year)
        "SPAN_PREPOSITIONS": ["in", "for", "during", "over", "throughout"],
        # words going on from a month's day to another day ("Nov 27 - Dec 1"), and after a day-first
        # month ("марта 23 по 25")
        "RANGE_WORDS": ["to", "through", "thru", "until", "till", "and"],
        "DAY_RANGE_WORDS": [],
        # a quarter or half word before two digits ("3rd quarter 19"), and day words after them
        "PART_WORDS": ["quarter", "half"],
        "DAY_WORDS": ["day"],
        "WEEKDAYS": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
                     "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"],
        # the second of two week-of periods written by ellipsis: [pattern, its rewrite (\\1: the first)]
        "WEEK_ELLIPSIS": ["(week\\s+of\\s+[^?]{1,40}?\\s+(?:and|vs\\.?|versus|with|to)\\s+)(?:the\\s+one|that)\\s+of\\s+",
                          "\\1the week of "],
        # words between two numeric dates with the year written once ("11/27-12/1 2023")
        "DATE_RANGE_WORDS": ["to", "through", "thru", "till", "until"],
        # a day range inside one month: [pattern ({MONTH}: the month words), its rewrite], or []
        "DAY_RANGE": [],
        # a Latin letter typed for one of the language's own before a number: [the language's
        # letters, the Latin letter's pattern, the letter meant], or []
        "LOOKALIKE": [],
    },
    # Date fragments (agent/nlu/period_patterns.py): words after a year ("2008 году"), units that
    # make a number no year ("2020 points"), endings of a day number ("21st", "21-го").
    "period_patterns": {
        "YEAR_SUFFIXES": [],
        "NOT_YEAR_UNITS": ["percent", "points"],
        "DAY_SUFFIXES": ["st", "nd", "rd", "th"],
    },
    # A window's unit by the start of its word (agent/nlu/period_math.py)
    "period_math": {"WEEK": ["week"], "MONTH": ["month"]},
    # Named days (agent/nlu/named_days.py): words before and after the year written beside the name
    "named_days": {"YEAR_PREPOSITIONS": ["of\\s+", "in\\s+"], "YEAR_SUFFIXES": []},
    # The question's slots (agent/nlu/parse.py): words ending a period at a date ("to April 30"),
    # and "what is X and what was ...": a definition plus data
    "parse": {
        "RANGE_TO": ["to", "until", "through", "till"],
        "WHAT_IS": ["what\\s+is", "what's", "what\\s+are"],
        "AND": ["and"],
        "THEN": ["then\\s+", "also\\s+"],
        "ASK": ["what", "how", "show", "give", "tell"],
    },
}
