"""What the question asks for: metrics (claim types), indicators, patterns and analysis cues."""
from __future__ import annotations

import re

from agent import lang as packs
from agent.state import ClaimType
from query_builder import declare


def _words(table: str) -> list[tuple[str, str]]:
    """(name, one regular expression) per entry of a parser vocabulary table, in the English pack's
    order, joining every language pack's alternatives for it (English first)."""
    return [(name, "|".join(alt for code in packs.codes() for alt in packs.get(code, "offline_parser", table, name)))
            for name in packs.get("en", "offline_parser", table)]


# Order matters: the more specific phrase first; each match is blanked so "average daily volume"
# does not also count as "volume".
_METRICS: list[tuple[tuple[str, ...], str]] = [
    (("max_drawdown",), r"(?:max(?:imum)?\s+|biggest\s+|largest\s+|worst\s+)?draw[\s-]?downs?(?:\s+maxim[oa])?|peak[\s-]to[\s-]trough"
                        r"|(?:максимальн\w+\s+|наибольш\w+\s+|сам\w+\s+больш\w+\s+)?просадк\w*"
                        r"|(?:maxim[oa]\s+|mayor\s+)?(?:draw[\s-]?down|retroceso\s+maximo|caida\s+maxima\s+desde"
                        r"\s+(?:el\s+|un\s+)?(?:maximo|pico))|(?:el\s+)?drawdown\s+maximo"),
    (("return_prev_close",), r"(?:vs\.?|versus|from|over|against|relative\s+to|compared\s+(?:to|with))\s+(?:the\s+)?"
                             r"(?:previous|prior|last|preceding)\s+(?:(?:day|session|week|month|quarter|year)'?s\s+)?close"
                             r"|close[\s-]to[\s-]close\s+(?:return|change)"
                             r"|(?:к|от|относительно)\s+(?:предыдущ\w+|прошл\w+)\s+(?:закрыти\w*|close)"
                             r"|(?:frente\s+al|desde\s+el|respecto\s+al|sobre\s+el)\s+cierre\s+(?:anterior|previo|precedente)"),
    (("change_points",), r"(?:change|move|moved|gain\w*|fell|rose|drop\w*)\s+(?:\w+\s+){0,2}in\s+points|in\s+points"
                         r"|how\s+many\s+points|points?\s+(?:change|move|gain|loss)|в\s+пунктах|сколько\s+пунктов"
                         r"|на\s+сколько\s+пунктов|en\s+puntos|cuantos\s+puntos"),
    (("avg_daily_volume",), r"(?:average|avg|mean|typical)\s+(?:\S+\s+)?(?:daily\s+)?volume|volume\s+per\s+day"
                            r"|средн\w+\s+(?:дневн\w+\s+|суточн\w+\s+)?объем\w*|объем\w*\s+в\s+день"
                            r"|volumen\s+(?:medio|promedio)(?:\s+diario)?|volumen\s+diario\s+(?:medio|promedio)"),
    (("total_volume",), r"total\s+(?:\S+\s+)?volume|overall\s+volume|volume\s+total|(?:общ|суммарн|совокупн|весь)\w*\s+объем\w*"
                        r"|volumen\s+total"),
    (("avg_daily_range",), r"(?:average|avg|mean|typical)\s+(?:daily\s+)?(?:range|trading\s+range)"
                           r"|средн\w+\s+(?:дневн\w+\s+)?(?:диапазон\w*|размах\w*)"
                           r"|rango\s+(?:diario\s+)?(?:medio|promedio)|(?:daily|дневн\w+)\s+(?:range|диапазон\w*)"
                           r"|rango\s+diario|(?<!\w)range(?!\w)|диапазон\w*|размах\w*|(?<!\w)rango"),
    (("volatility",), r"\(?(?:std|standard\s+deviation)\s+of\s+(?:daily\s+)?(?:returns|changes)\)?"
                      r"|стандартн\w+\s+отклонени\w*(?:\s+(?:дневн\w+\s+)?(?:доходност|изменени)\w*)?"
                      r"|desviacion\s+(?:estandar|tipica)(?:\s+de\s+(?:los\s+)?(?:rendimientos|cambios)(?:\s+diarios)?)?|volatil\w*|волатильн\w*|std|standard\s+deviation|стандартн\w+\s+отклонени\w*"
                      r"|desviacion\s+(?:estandar|tipica)|изменчивост\w*"),
    (("up_days", "down_days"), r"up\s+(?:and|or|vs|/)\s+down\s+days|(?:green|positive)\s+(?:and|or|vs|/)\s+"
                               r"(?:red|negative)\s+days|(?:растущ|положительн|зелен)\w*\s+(?:и|или)\s+"
                               r"(?:падающ|отрицательн|красн)\w*\s+(?:дн|сесси)\w*|dias\s+(?:alcistas|positivos|verdes)"
                               r"\s+(?:y|o)\s+(?:bajistas|negativos|rojos)|дн(?:и|ей|я)\s+роста\s+и\s+(?:дн(?:и|ей|я)\s+)?падения"),
    (("up_days",), r"up\s+days|green\s+days|positive\s+days|days\s+(?:it|that)\s+(?:rose|closed\s+up)"
                   r"|(?:растущ|положительн|зелен)\w*\s+(?:дн|сесси)\w*|дн(?:и|ей|я)\s+(?:роста|с\s+ростом)"
                   r"|dias\s+(?:alcistas|positivos|verdes|de\s+subida)"),
    (("down_days",), r"down\s+days|red\s+days|negative\s+days|(?:падающ|отрицательн|красн)\w*\s+(?:дн|сесси)\w*"
                     r"|дн(?:и|ей|я)\s+(?:падения|с\s+падением|снижения)|dias\s+(?:bajistas|negativos|rojos|de\s+caida)"),
    (("trading_days",), r"how\s+many\s+trading\s+days|number\s+of\s+trading\s+days|сколько\s+торгов\w+\s+дн\w+"
                        r"|cuantos\s+dias\s+(?:de\s+negociacion|habiles|de\s+trading)"),
    (("pct_change",), r"%\s*change|percent(?:age)?\s+change|(?<!\w)change|(?<!\w)returns?(?!\w)|how\s+much\s+did"
                      r"|изменени\w*|доходност\w*|на\s+сколько|cambio|variacion|rentabilidad"),
    (("high", "low"), r"high\s+and\s+low|highs?\s+(?:and|&|/)\s+lows?|максимум\w*\s+и\s+минимум\w*"
                      r"|maximo\s+y\s+(?:el\s+)?minimo|range\s+of\s+prices"),
    (("high",), r"(?<!\w)high(?:est)?(?!\w)|(?<!\w)max(?:imum)?(?!\w)|peak|top\s+price|all[\s-]time\s+high"
                r"|максимум\w*|максимальн\w+|наивысш\w+|сам\w+\s+высок\w+|(?<!\w)хай|maximo|mas\s+alto|pico"),
    (("low",), r"(?<!\w)low(?:est)?(?!\w)|(?<!\w)min(?:imum)?(?!\w)|bottom|минимум\w*|минимальн\w+"
               r"|наинизш\w+|сам\w+\s+низк\w+|(?<!\w)лоу|minimo|mas\s+bajo"),
    (("open",), r"(?<!\w)open(?:ed|ing)?(?:\s+price)?(?!\w)|открыти\w*|открыл\w*|apertura|abrio"),
    (("close",), r"(?<!\w)clos(?:e|ed|ing)(?:\s+price)?(?!\w)|закрыти\w*|закрыл\w*|(?<!\w)cierre|cerro"),
    (("total_volume", "avg_daily_volume"), r"(?<!\w)volume|объем\w*|volumen"),
]
_METRIC_RES = [(types, re.compile(p)) for types, p in _METRICS]

# Words per indicator (specific before general: ema before sma), from the language packs; default
# windows from the declarations.
_INDICATOR_WORDS = _words("indicators")
INDICATORS: list[tuple[str, str, int | None]] = [
    (name, pat, declare.indicators()[name].window) for name, pat in _INDICATOR_WORDS]
INDICATOR_NAMES = {name for name, _p, _w in INDICATORS}
_WINDOW = re.compile(r"(?<!\d)(\d{1,3})\s*[-‐]?\s*(?:day|period|bar|d\b|дневн\w*|дн\w*|период\w*"
                     r"|dias?|periodos?|sesiones)|\(\s*(\d{1,3})\s*\)|(?:period|период\w*|periodo|window)"
                     r"\s+(?:of\s+|в\s+|de\s+)?(\d{1,3})")

PATTERNS: list[tuple[str, str]] = _words("patterns")
VOLUME_PROFILE = re.compile(r"volume\s+profile|профил\w+\s+объем\w*|perfil\s+de\s+volumen|(?<!\w)poc(?!\w)")
INTRADAY = re.compile(r"intraday|within\s+the\s+day|minute\s+bars|hourly\s+bars|внутри\s*дн\w+|внутридневн\w*"
                      r"|минутн\w+|часов\w+\s+бар\w*|intradia|dentro\s+del\s+dia")
COMPARE = re.compile(r"compar\w*|(?<!\w)vs\.?(?!\w)|versus|against|сравн\w*|против|по\s+сравнению"
                     r"|frente\s+a|contra(?!\w)")
AFTER = re.compile(r"(?<!\w)(?:after|following|afterwards|then|после|спустя|через|потом|despues|tras"
                   r"|luego|siguientes?)(?!\w)")
COUNT_Q = re.compile(r"how\s+many|number\s+of|how\s+often|сколько|как\s+часто|cuant[oa]s|con\s+que\s+frecuencia")
VAGUE_MOVE = re.compile(r"big\s+(?:move|drop|rally|gain|fall|jump)|large\s+move|huge|sharp\s+(?:move|drop|rise)"
                        r"|больш\w+\s+(?:движени|паден|рост)\w*|сильн\w+\s+(?:движени|паден|рост)\w*"
                        r"|резк\w+\s+(?:движени|паден|рост)\w*|gran\w*\s+(?:movimiento|caida|subida)"
                        r"|fuerte\s+(?:movimiento|caida|subida)")

_UNSUPPORTED: list[tuple[str, str]] = _words("unsupported")

def named_analysis_spans(norm: str) -> list[tuple[int, int]]:
    """Spans of indicator, pattern and volume-profile names ("on-balance volume", "average true
    range", "volume profile"): their words are not metrics of their own."""
    pats = [p for _n, p, _w in INDICATORS] + [p for _n, p in PATTERNS] + [VOLUME_PROFILE.pattern]
    return [(m.start(), m.end()) for p in pats for m in re.finditer(p, norm)]


def parse_metrics(norm: str) -> list[ClaimType]:
    """Claim types named in the question, in the order of the table above (specific first)."""
    work = norm
    out: list[ClaimType] = []
    for types, rx in _METRIC_RES:
        for m in rx.finditer(work):
            for t in types:
                if t not in out:
                    out.append(t)
            work = work[:m.start()] + " " * (m.end() - m.start()) + work[m.end():]
    return out


def parse_indicator(norm: str) -> tuple[str, int | None] | None:
    """The indicator named and its window ('14-day RSI', 'RSI(14)', 'SMA 200', '50-дневная')."""
    for name, pat, default in INDICATORS:
        m = re.search(pat, norm)
        if not m:
            continue
        around = norm[max(0, m.start() - 25):m.end() + 25]
        w = _WINDOW.search(around) or re.search(rf"(?:{pat})\s*\(?\s*(\d{{1,3}})(?!\d|\s*%)", around)
        window = next((int(g) for g in (w.groups() if w else ()) if g), default)
        if window is not None and not 2 <= window <= 400:
            window = default
        return name, window
    return None


def parse_pattern(norm: str) -> str | None:
    for name, pat in PATTERNS:
        if re.search(pat, norm):
            return name
    return None


def parse_unsupported(norm: str) -> str | None:
    for name, pat in _UNSUPPORTED:
        if re.search(pat, norm):
            return name
    return None
