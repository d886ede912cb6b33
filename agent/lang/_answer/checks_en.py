"""English: the words the validator's checks read beside the statement lists (agent/answer/
word_checks.py, statements.py, numbers.py, wording.py, lemmas.py, slots.py, validation.py) and the
formatter's words (agent/answer/format.py). Regexes on normalised text unless said otherwise; a
list only another language needs is empty here."""
CHECKS = {
    # The letters of normalised words, inside a character class: the packs' classes together are
    # one "[...]" that finds the words of any language.
    "LETTERS": "a-z",
    # A regex finding a letter of the language's own script (lemmas: a Russian word goes to
    # pymorphy3); empty where the script is Latin.
    "SCRIPT": "",
    # word_checks.superlatives: "ever" and "record" claim a ranking over all history.
    "ALL_TIME": [r"ever", r"all[- ]time", r"record\w*"],
    # word_checks: "the strongest (weakest) month" names the best (worst) compared period.
    "STRONG": [r"strong", r"best"],
    "WEAK": [r"weak", r"worst"],
    # word_checks: "the highest volume day" ranks days by volume.
    "VOLUME_WORD": [r"volume"],
    # word_checks.quantifiers: template words, not counts ("each event", "all data"): whole words
    # and prefixes.
    "TEMPLATE_QUANTIFIERS": ["all", "every", "each"],
    "TEMPLATE_QUANTIFIER_PREFIXES": [],
    # word_checks.negations: "not one down day", "never below {x}".
    "DOWN_DAY": [r"down", r"declin", r"falling", r"lower"],
    "UP_DAY": [r"up\b", r"ris", r"gain", r"higher"],
    "NEVER_BELOW": [r"below", r"under"],
    "NEVER_ABOVE": [r"above", r"over"],
    # word_checks.number_words: small numbers that may count the compared periods ("the two months").
    "SMALL_NUMBERS": [("two", 2), ("three", 3), ("four", 4), ("both", 2)],
    # statements: comparison words between two slots, and words that also name a value ("upper
    # band"): a comparison only with a linker before the slot.
    "ABOVE": [r"(?:higher|greater|stronger) (?:in|on|for) [^§]{1,30}? than", r"above", r"over", r"exceed\w*",
              r"more than", r"higher than", r"greater than", r"well above"],
    "BELOW": [r"(?:lower|smaller|weaker) (?:in|on|for) [^§]{1,30}? than", r"below", r"under", r"less than",
              r"lower than", r"smaller than", r"well below"],
    "BAND_NAMES": ["upper", "lower"],
    # statements: "higher than" between two slots (checked by compare(), not a direction).
    "COMPARE_THAN": [r"(?:higher|lower|greater|smaller) than"],
    # slots: a value right after a direction slot ("{dir:x} by {x}") is shown without its sign.
    "AFTER_DIR": [r"by", r"of"],
    # validation: an answer without slots that says why there is no value.
    "NO_VALUE": [r"not", r"cannot", r"no", r"none"],
    # numbers: a day's ordinal suffix ("29th"), words before a year that make it a period ("in
    # 2019"), words after a year ("2008 год"), and level words before a year that make it a
    # number the user typed ("above 2019").
    "DAY_SUFFIXES": [r"st", r"nd", r"rd", r"th"],
    "YEAR_BEFORE": [r"in", r"of", r"for", r"over", r"since", r"during", r"through", r"year", r"quarter", r"half"],
    "YEAR_AFTER": [],
    "LEVEL_BEFORE_YEAR": ["above", "below", "over", "under", "at"],
    # Words joining two dates into one period ("March 1 to March 15"), besides a dash
    "RANGE_JOINERS": ["to", "through", "until", "till"],
}

# The formatter's words (agent/answer/format.py), literal text.
FORMAT = {
    # (threshold, divisor, word) for volumes, largest first: the short words traders read.
    "SCALES": [(1e9, 1e9, " billion"), (1e6, 1e6, " million"), (1e4, 1e3, "K")],
    # A period noun's (nominative, prepositional, genitive) for languages that decline it.
    "PERIOD_CASES": [],
    # The case a period noun takes after a preposition: (preposition, "prep" | "gen").
    "PREPOSITION_CASES": [],
    # A month's prepositional from its nominative: (final letters dropped, ending added).
    "MONTH_PREPOSITIONAL": ("", ""),
}
