"""Spanish: the validator's and the formatter's words (see checks_en)."""
CHECKS = {
    "LETTERS": "ñ",
    "SCRIPT": "",
    "ALL_TIME": [r"de todos los tiempos", r"(?:maximo|minimo|record) historic\w*"],
    "STRONG": [r"fuerte", r"mejor"],
    "WEAK": [r"debil", r"peor"],
    "VOLUME_WORD": [r"volumen"],
    "TEMPLATE_QUANTIFIERS": ["cada"],
    "TEMPLATE_QUANTIFIER_PREFIXES": ["tod"],
    "DOWN_DAY": [r"baj", r"caid"],
    "UP_DAY": [r"alc", r"subid"],
    "NEVER_BELOW": [r"debajo", r"inferior"],
    "NEVER_ABOVE": [r"encima", r"superior"],
    "SMALL_NUMBERS": [("dos", 2), ("tres", 3), ("cuatro", 4), ("ambos", 2), ("ambas", 2)],
    "ABOVE": [r"por encima", r"superior", r"mas alto", r"supero", r"mayor que"],
    "BELOW": [r"por debajo", r"inferior", r"mas bajo", r"menor que"],
    "BAND_NAMES": ["superior", "inferior"],
    "COMPARE_THAN": [r"(?:mas|menos) (?:alto|bajo|alta|baja)s? que"],
    "AFTER_DIR": [r"un", r"una", r"en"],
    "NO_VALUE": [r"sin", r"ningun\w*"],
    "DAY_SUFFIXES": [],
    "YEAR_BEFORE": [r"en", r"de", r"del", r"desde", r"durante", r"hasta", r"ano", r"trimestre", r"semestre"],
    "YEAR_AFTER": [],
    "LEVEL_BEFORE_YEAR": ["encima de", "debajo de"],
    # Words joining two dates into one period ("March 1 to March 15"), besides a dash
    "RANGE_JOINERS": ["a", "al", "hasta"],
}

FORMAT = {
    "SCALES": [(1e9, 1e9, " mil millones"), (1e6, 1e6, " millones"), (1e4, 1e3, " mil")],
    "PERIOD_CASES": [],
    "PREPOSITION_CASES": [],
    "MONTH_PREPOSITIONAL": ("", ""),
}
