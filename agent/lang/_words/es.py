"""Spanish: see __init__."""
from typing import Any

WORDS: dict[str, Any] = {
    # Instrument aliases by symbol (agent/market/instruments.py): how a question may name it
    "instruments": {"ALIASES": {
        "NQ": ["futuros del nasdaq"], "ES": [], "YM": [], "RTY": [], "CL": ["petróleo"], "GC": ["oro"],
        "SI": ["plata"], "6E": [], "ZN": [], "MNQ": [], "MES": [], "NG": ["gas natural"], "BZ": ["petróleo brent"],
        "HG": ["cobre"], "ZB": [], "ZC": ["maíz"], "ZW": ["trigo"], "ZS": ["soja"], "6J": ["yen japonés"], "6B": [],
        "SPY": [], "QQQ": [], "IWM": [], "DIA": [], "AAPL": [], "MSFT": [], "TSLA": [], "NVDA": [], "GOOGL": [],
        "AMZN": [], "META": [], "NFLX": [], "AMD": [], "INTC": [], "JPM": [], "SPX": [], "IXIC": [], "DJI": [],
        "NDX": [], "BTC": [], "ETH": [], "SOL": [], "XRP": [], "DOGE": [], "LTC": [], "ADA": [], "RUT": [], "VIX": [],
        "DXY": ["índice dólar", "indice del dolar"], "DAX": [], "FTSE": [], "N225": [], "SX5E": [], "CAC": [],
        "IBEX": [], "HSI": [], "IMOEX": [], "SBER": [], "GAZP": [], "EURUSD": ["euro dolar", "euro/dolar"],
        "GBPUSD": ["libra dolar"], "USDJPY": ["dolar yen"]}},
    # Years written in words (agent/nlu/year_words.py): see the English pack
    "year_words": {
        "UNITS": [["uno", 1], ["un", 1], ["dos", 2], ["tres", 3], ["cuatro", 4], ["cinco", 5], ["seis", 6],
                  ["siete", 7], ["ocho", 8], ["nueve", 9], ["diez", 10], ["once", 11], ["doce", 12], ["trece", 13],
                  ["catorce", 14], ["quince", 15], ["dieciseis", 16], ["diecisiete", 17], ["dieciocho", 18],
                  ["diecinueve", 19], ["veinte", 20], ["veintiuno", 21], ["veintidos", 22], ["veintitres", 23],
                  ["veinticuatro", 24], ["veinticinco", 25]],
        "TEENS": [],
        "TENS": [["treinta", 30], ["cuarenta", 40], ["cincuenta", 50], ["sesenta", 60], ["setenta", 70],
                 ["ochenta", 80], ["noventa", 90]],
        "ORDINAL_STEMS": [],
        "CENTURIES": [["novecientos", 1900], ["ochocientos", 1800]],
        "TWO_THOUSAND": "dos\\s+mil",
        "THOUSAND": "mil",
    },
    # Number words (agent/nlu/numbers.py): see the English pack
    "numbers": {
        "WORDS": [[1, ["uno", "primero", "primera"]], [2, ["dos", "segundo", "segunda"]],
                  [3, ["tres", "tercero", "tercer", "tercera"]], [4, ["cuatro", "cuarto", "cuarta"]],
                  [5, ["cinco", "quinto"]], [6, ["seis"]], [7, ["siete"]], [8, ["ocho"]], [9, ["nueve"]],
                  [10, ["diez"]], [11, ["once"]], [12, ["doce"]], [15, ["quince"]], [20, ["veinte"]],
                  [30, ["treinta"]], [50, ["cincuenta"]], [100, ["cien"]]],
        "NOT_COUNTS": ["primer\\w*", "segund\\w*", "tercer\\w*", "cuart\\w*", "quint\\w*"],
    },
    # Instrument names in questions (agent/nlu/symbols.py): see the English pack
    "symbols": {
        "COMMON_WORDS": ["es", "de", "el", "la", "lo", "y", "o", "en", "un", "si", "se", "te", "ya", "mi", "tu", "dia",
                         "mes", "mas", "con", "por", "sin", "al", "del", "los", "las", "que", "una", "le", "fue",
                         "hoy"],
        "JOIN": ["contra", "frente\\s+a", "y", "o", "e"],
        "INFLECTED_LETTERS": "",
        "CASE_ENDINGS": "",
    },
    # Text normalisation and language detection (agent/nlu/lang.py): see the English pack
    "lang": {
        "FOLD": [["á", "a"], ["é", "e"], ["í", "i"], ["ó", "o"], ["ú", "u"], ["ü", "u"]],
        "LETTERS": "ñ",
        "SCRIPT_LETTERS": "",
    },
    # Written shorthands (agent/nlu/abbreviations.py): see the English pack
    "abbreviations": {
        "MONTHS": ["ene(?:ro)?", "febrero", "marzo", "abr(?:il)?", "mayo", "junio", "julio", "ago(?:sto)?", "septiembre",
                   "oct(?:ubre)?", "nov(?:iembre)?", "dic(?:iembre)?"],
        "DAY_FIRST_MONTHS": ["enero", "ene", "febrero", "marzo", "abril", "abr", "mayo", "junio", "julio", "agosto",
                             "ago", "septiembre", "setiembre", "octubre", "noviembre", "diciembre", "dic"],
        "SPAN_PREPOSITIONS": ["en", "durante"],
        "RANGE_WORDS": ["al", "a"],
        "DAY_RANGE_WORDS": ["al", "a"],
        "PART_WORDS": ["trimestre", "semestre"],
        "DAY_WORDS": ["dia", "sesi"],
        "WEEKDAYS": ["lunes", "martes", "miercoles", "miércoles", "jueves", "viernes", "sabado", "sábado", "domingo"],
        "WEEK_ELLIPSIS": ["(semana\\s+del?\\s+[^?]{1,40}?\\s+(?:y|con|frente\\s+a|vs\\.?)\\s+)la\\s+del\\s+",
                          "\\1la semana del "],
        "DATE_RANGE_WORDS": ["al", "a", "hasta"],
        "DAY_RANGE": ["(?<!\\w)(?:entre|desde)\\s+el\\s+(\\d{1,2})\\s+(?:y|hasta|a)\\s+el\\s+(\\d{1,2})\\s+de\\s+({MONTH})",
                      "del \\1 al \\2 de \\3"],
        "LOOKALIKE": [],
    },
    # Date fragments (agent/nlu/period_patterns.py): see the English pack
    "period_patterns": {
        "YEAR_SUFFIXES": [],
        "NOT_YEAR_UNITS": [],
        "DAY_SUFFIXES": [],
    },
    # A window's unit by the start of its word (agent/nlu/period_math.py)
    "period_math": {"WEEK": ["semana"], "MONTH": ["mes"]},
    # Named days (agent/nlu/named_days.py): see the English pack
    "named_days": {"YEAR_PREPOSITIONS": ["de\\s+", "del\\s+"], "YEAR_SUFFIXES": []},
    # The question's slots (agent/nlu/parse.py): see the English pack
    "parse": {
        "RANGE_TO": ["hasta", "al", "a"],
        "WHAT_IS": ["que\\s+es", "que\\s+son"],
        "AND": ["y"],
        "THEN": [],
        "ASK": ["cual", "cuanto", "como", "muestra\\w*", "dame", "dime"],
    },
}
