"""Russian: the validator's and the formatter's words (see checks_en)."""
CHECKS = {
    "LETTERS": "а-я",
    "SCRIPT": "[а-яё]",
    "ALL_TIME": [r"за всю историю", r"рекорд\w*"],
    "STRONG": [r"сильн", r"лучш"],
    "WEAK": [r"слаб", r"худш"],
    "VOLUME_WORD": [r"объем", r"объём"],
    "TEMPLATE_QUANTIFIERS": ["кажд"],
    "TEMPLATE_QUANTIFIER_PREFIXES": ["вс"],
    "DOWN_DAY": [r"падени", r"снижени"],
    "UP_DAY": [r"рост"],
    "NEVER_BELOW": [r"ниже"],
    "NEVER_ABOVE": [r"выше"],
    "SMALL_NUMBERS": [("два", 2), ("две", 2), ("двух", 2), ("три", 3), ("трех", 3), ("четыре", 4), ("оба", 2),
                      ("обоих", 2)],
    "ABOVE": [r"выше", r"больше", r"превыс\w*"],
    "BELOW": [r"ниже", r"меньше"],
    "BAND_NAMES": ["выше", "ниже"],
    "COMPARE_THAN": [r"выше,? чем", r"ниже,? чем"],
    "AFTER_DIR": [r"на"],
    "NO_VALUE": [r"не", r"нет", r"недостаточно"],
    "DAY_SUFFIXES": [r"-?го", r"-?е"],
    "YEAR_BEFORE": [r"в", r"за", r"с", r"по", r"до", r"квартал", r"полугодие"],
    "YEAR_AFTER": [r"год\w*", r"г\."],
    "LEVEL_BEFORE_YEAR": ["выше", "ниже"],
    # Words joining two dates into one period ("March 1 to March 15"), besides a dash
    "RANGE_JOINERS": ["по", "до"],
}

FORMAT = {
    "SCALES": [(1e9, 1e9, " млрд"), (1e6, 1e6, " млн"), (1e4, 1e3, " тыс")],
    # The prepositional and genitive of period nouns (CLDR has the nominative and the genitive of
    # months only; the months' prepositional is regular: -ь/-й -> -е, else + е).
    "PERIOD_CASES": [("квартал", "квартале", "квартала"), ("полугодие", "полугодии", "полугодия"),
                     ("год", "году", "года")],
    "PREPOSITION_CASES": [("в", "prep"), ("во", "prep"), ("о", "prep"), ("об", "prep"), ("при", "prep"),
                          ("течение", "prep"), ("с", "gen"), ("со", "gen"), ("до", "gen"), ("от", "gen"),
                          ("после", "gen"), ("из", "gen"), ("для", "gen"), ("начала", "gen"), ("конца", "gen"),
                          ("середины", "gen")],
    "MONTH_PREPOSITIONAL": ("ьй", "е"),
}
