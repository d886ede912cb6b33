"""Event conditions ("rose more than 5% in a day"), post-event windows and top-N largest moves."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agent.nlu.numbers import CARDINAL_WORD, COUNT, NUM, count_value, to_float
from query_builder.models import EventCondition

Direction = Literal["up", "down"]

UP = (r"rose|rise[sn]?|rising|risen|gain\w*|jump\w*|rall\w*|climb\w*|increas\w*|advanc\w*|surg\w*"
      r"|soar\w*|spik\w*|up\b|higher|green|рост\w*|росл\w*|рос(?:ла|ли)?\b|вырос\w*|подня\w*|подъем\w*|прибав\w*"
      r"|повыш\w*|взлет\w*|взлете\w*|растущ\w*|укреп\w*|подорож\w*|subi\w*|sube\w*|subir|gan[oóae]\w*|alz\w*|aument\w*"
      r"|repunt\w*|crec\w*|avanz\w*|dispar\w*|verde\w*|mejor\w*|best")
DOWN = (r"fell|fall\w*|drop\w*|declin\w*|los[te]\w*|loss\w*|plung\w*|sank|sink\w*|crash\w*|tumbl\w*"
        r"|slid\w*|slump\w*|down\b|lower|red|sell-?off\w*|worst|паден\w*|упал\w*|пада\w*|сниж\w*"
        r"|снизил\w*|просел\w*|просад\w*|обвал\w*|рухн\w*|потерял\w*|дешев\w*|красн\w*|хужш\w*"
        r"|ca[iy]\w*|cae[rn]?\b|baj\w*|descen\w*|perd\w*|perdid\w*|desplom\w*|retroce\w*|rojo\w*|peor\w*")
MOVE = (r"mov\w*|swing\w*|chang\w*|движени\w*|изменени\w*|колебани\w*|скач\w*|movimient\w*|cambio\w*"
        r"|variaci\w*|oscilac\w*")
_UP_RE = re.compile(rf"(?<!\w)(?:{UP})")
_DOWN_RE = re.compile(rf"(?<!\w)(?:{DOWN})")
_MOVE_RE = re.compile(rf"(?<!\w)(?:{MOVE})")
_PCT = re.compile(rf"(?P<sign>[-+])?\s*(?P<n>{NUM}|{CARDINAL_WORD})\s*(?:%|percent|per\s*cent|pct"
                  r"|процент\w*|por\s*ciento)")
_GTE = re.compile(r"at\s+least|or\s+more|and\s+more|and\s+above|or\s+higher|and\s+over|or\s+greater"
                  r"|(?:и|или)\s+(?:более|больше|выше)|не\s+менее|не\s+меньше|как\s+минимум|минимум"
                  r"|по\s+меньшей\s+мере|хотя\s+бы|al\s+menos|como\s+minimo|o\s+mas|por\s+lo\s+menos|>=|≥")
_GT = re.compile(r"more\s+than|over|above|greater\s+than|exceed\w*|in\s+excess\s+of|больше|более"
                 r"|свыше|выше|сильнее|mas\s+de|mas\s+del|superior\w*|por\s+encima"
                 r"|mayor(?:es)?\s+(?:al|a|que|del?)(?!\w)|>")
_GAP = re.compile(r"(?<!\w)(?:gap\w*|гэп\w*|геп\w*|hueco\w*|brecha\w*)")


@dataclass
class ConditionParse:
    condition: EventCondition | None = None
    direction: str | None = None      # up | down | None
    has_threshold: bool = False
    ambiguous_direction: bool = False


def _nearest_direction(text: str, pos: int) -> tuple[str | None, int]:
    """The move word nearest to a percent at `pos` (up, down, or 'move' when direction-less)."""
    best: tuple[str | None, int] = (None, 10 ** 6)
    for kind, rx in (("up", _UP_RE), ("down", _DOWN_RE), ("move", _MOVE_RE)):
        for m in rx.finditer(text):
            dist = pos - m.end() if m.end() <= pos else m.start() - pos
            if dist < best[1]:
                best = (kind, dist)
    return best


def parse_condition(norm: str) -> ConditionParse:
    """A daily %-move condition; direction from the nearest move word, op from qualifiers.

    With several percents (a question completed by a clarification answer) the last one with a
    clear direction wins.
    """
    direction = text_direction(norm)
    found: ConditionParse | None = None
    for m in _PCT.finditer(norm):
        one = _one_condition(norm, m)
        if one.condition is not None or found is None:
            found = one
    return found or ConditionParse(direction=direction)


def _one_condition(norm: str, m: re.Match[str]) -> ConditionParse:
    n = count_value(m.group("n")) if not re.match(r"\d", m.group("n")) else to_float(m.group("n"))
    kind, dist = _nearest_direction(norm, m.start())
    if m.group("sign") == "-" and kind != "up":
        kind = "down"
    if kind in (None, "move") or dist > 60 or n is None:
        return ConditionParse(direction=None, has_threshold=True,
                              ambiguous_direction=kind == "move" or m.group("sign") is None)
    window = norm[max(0, m.start() - 30):m.start()] + norm[m.end():m.end() + 15]
    inclusive = bool(_GTE.search(window)) or not _GT.search(window)
    metric = "gap_pct" if _GAP.search(norm) else "daily_pct_change"
    thr = abs(float(n))
    if kind == "up":
        cond = EventCondition(metric=metric, op="gte" if inclusive else "gt", threshold=thr)
    else:
        cond = EventCondition(metric=metric, op="lte" if inclusive else "lt", threshold=-thr)
    return ConditionParse(condition=cond, direction=kind, has_threshold=True)


def text_direction(norm: str) -> Direction | None:
    """'up' or 'down' when only one kind of move word is present."""
    up, down = bool(_UP_RE.search(norm)), bool(_DOWN_RE.search(norm))
    return "up" if up and not down else "down" if down and not up else None


# ---- post-event windows ----------------------------------------------------------------------

_U = (r"(?P<u>trading\s+days?|days?|sessions?|bars?|weeks?|months?|торгов\w+\s+(?:дн\w+|день|сесси\w+)"
      r"|дн\w+|день|сесси\w+|недел\w+|месяц\w*|dias?(?:\s+(?:habiles|de\s+negociacion|de\s+trading))?"
      r"|sesion\w*|semanas?|mes(?:es)?)")
_NX = rf"(?P<n>{COUNT})"
HORIZON = [re.compile(p) for p in (
    rf"(?:(?:in|within|over|during|for)\s+the\s+(?:next|following|subsequent)|next|following|subsequent"
    rf"|within)\s+{_NX}\s+{_U}",
    rf"{_NX}\s+(?:trading\s+)?{_U}\s+(?:later|after|afterwards|following|thereafter|ahead|forward)",
    rf"(?:через|спустя|в\s+течение|за)\s+(?:следующ\w+\s+)?{_NX}\s+(?:следующ\w+\s+)?{_U}",
    rf"{_NX}\s+(?:следующ\w+\s+)?{_U}\s+после",
    rf"следующ\w+\s+{_NX}\s+{_U}",
    rf"(?:los|las)\s+{_NX}\s+{_U}\s+(?:siguientes|posteriores|despues|proxim[oa]s)",
    rf"(?:proxim[oa]s|siguientes)\s+{_NX}\s+{_U}",
    rf"{_NX}\s+{_U}\s+(?:despues|mas\s+tarde|tras|luego|posteriores?)",   # "20 sesiones tras una subida"
    rf"(?:a\s+los|tras|durante\s+los|en\s+los)\s+{_NX}\s+{_U}",
    r"(?:next|following|a|one)\s+(?P<u>week|month|day|session)(?:\s+later|\s+after)?",
    r"(?:через|спустя|на\s+следующ\w+|в\s+следующ\w+|за\s+следующ\w+)\s+(?P<u>недел\w+|месяц\w*|день|дн\w+|сесси\w+)",
    r"(?:la|el)\s+(?P<u>semana|mes|dia|sesion)\s+(?:siguiente|despues|posterior)",
    r"(?:una|un)\s+(?P<u>semana|mes|dia)\s+despues",
    # a window given on its own (often a reply to a clarification): "a diez sesiones", "на 10 дней
    # вперёд", "over 10 sessions", "a 10-day horizon", "horizonte de 10 días"
    rf"(?<!\w)a\s+{_NX}\s+{_U}",
    rf"(?<!\w)на\s+{_NX}\s+{_U}\s+(?:вперед|после)",
    rf"(?:over|horizon\s+of|window\s+of|горизонт\w*\s+(?:в\s+)?|horizonte\s+de|ventana\s+de)\s*{_NX}\s+{_U}",
    rf"{_NX}[\s-]+(?P<u>day|session|week)s?\s+(?:horizon|window|forward\s+return)",
)]


def _unit_days(u: str) -> int:
    if re.match(r"week|недел|semana", u):
        return 5
    if re.match(r"month|месяц|mes", u):
        return 21
    return 1


# The span of the move itself, right after its size ("fell 5% in a day", "упал на 3% за день",
# "cayó un 4% en una sola sesión"): it describes the event, never the horizon after it.
_MOVE_SPAN = re.compile(
    r"(%|(?<!\w)(?:percent|pct|процент\w*|por\s*ciento))([^%\d]{0,24}?)(?<!\w)(?:in|within|за|en)\s+"
    r"(?:a\s+(?:single\s+)?|one\s+|single\s+|один\s+|одн\w+\s+|un\s+(?:solo\s+)?|una\s+(?:sola\s+)?)?"
    r"(?:(?:trading\s+)?day|session|день|сесси\w*|dia|sesion)(?!\w)")


def parse_horizon(norm: str) -> int | None:
    """Trading days after each event ("next 5 trading days", "через неделю" = 5)."""
    norm = _MOVE_SPAN.sub(lambda m: m.group(1) + m.group(2) + " " * (m.end() - m.end(2)), norm)
    for rx in HORIZON:
        m = rx.search(norm)
        if m:
            n = count_value(m.groupdict().get("n"), 1) or 1
            days = n * _unit_days(m.group("u"))
            return days if 1 <= days <= 260 else None
    return None


# ---- top-N largest moves ---------------------------------------------------------------------

_SUPER = (r"largest|biggest|greatest|strongest|sharpest|largest|top|best|worst|steepest|most\s+extreme"
          r"|highest|deepest|сам[оыа]\w*\s+(?:сильн|больш|крупн|резк|глубок|мощн|худш|лучш)\w*"
          r"|сильнейш\w*|крупнейш\w*|наибольш\w*|максимальн\w*|худш\w*|лучш\w*|топ|резчайш\w*"
          r"|mayor(?:es)?|peor(?:es)?|mejor(?:es)?|grandes|fuertes|principales|mas\s+(?:grandes|fuertes)")
_NOUN = (r"gains?|rises?|rall(?:y|ies)|jumps?|advances?|up\s+days|drops?|falls?|declines?|loss(?:es)?"
         r"|moves?|days?|sessions?|crash(?:es)?|plunges?|sell-?offs?|паден\w*|рост\w*|подъем\w*|взлет\w*"
         r"|движени\w*|сниж\w*|обвал\w*|дн(?:и|ей|я|ям|ях)|день|сесси\w*|subidas?|caidas?|ganancias?|perdidas?"
         r"|movimientos?|alzas?|bajadas?|dias?|sesion(?:es)?|desplomes?|repuntes?")
_TOP = re.compile(rf"(?<!\w)(?:(?P<n1>{COUNT})\s+)?(?:of\s+the\s+|из\s+)?(?:{_SUPER})(?:[\s-]+(?P<n2>{COUNT}))?"
                  rf"(?:\s+[\w%-]+){{0,3}}?\s+(?P<noun>{_NOUN})(?!\w)")


@dataclass
class TopMoves:
    n: int
    direction: Direction | None
    explicit: bool = True        # the count was written ("5 largest"), not implied ("big drops")


# The count before the noun and the superlative after it: "the 5 days of the biggest fall",
# "Los 5 días de mayor caída", "5 дней с самым сильным падением".
_COUNT_NOUN = re.compile(rf"(?<!\w)(?P<n>{COUNT})\s+(?:trading\s+|торгов\w+\s+)?(?:days|sessions|dias|sesiones"
                         rf"|дн(?:ей|я)|сесси\w*)\s+(?:(?:of|with|de|con|с|со)\s+(?:the\s+|la\s+|el\s+)?)?$")


def parse_top(norm: str) -> TopMoves | None:
    """'5 largest daily gains', 'Три самых сильных дневных падения', 'Las 3 mayores subidas'."""
    m = _TOP.search(norm)
    if not m:
        return None
    before = _COUNT_NOUN.search(norm[max(0, m.start() - 40):m.start()])
    n = count_value(m.group("n1") or m.group("n2") or (before.group("n") if before else None))
    explicit = n is not None or bool(re.search(r"top|топ|largest|biggest|крупнейш|сильнейш|mayores", m.group(0)))
    noun = m.group("noun")
    if n is None:
        plural = bool(re.search(r"(?:s|es|ies|ния|ий|ов|и|ы|ей)$", noun)) and not noun.endswith("ss")
        n = 5 if plural else 1
    phrase = m.group(0)
    direction = text_direction(phrase)
    both = re.search(r"best|лучш|mejor", phrase) and re.search(r"worst|худш|peor", phrase)
    if both or re.search(r"(?:gains?|rises?|рост\w*|subidas?)\s+(?:and|и|y)\s+(?:drops?|falls?|losses|паден\w*|caidas?)"
                         r"|(?:drops?|falls?|паден\w*|caidas?)\s+(?:and|и|y)\s+(?:gains?|rises?|рост\w*|subidas?)",
                         norm[m.start():m.end() + 40]):
        direction = None                   # "best and worst day": both directions
    elif re.search(r"worst|худш|peor", phrase) and not _UP_RE.search(noun):
        direction = "down"
    elif re.search(r"best|лучш|mejor", phrase) and not _DOWN_RE.search(noun):
        direction = "up"
    return TopMoves(n=max(1, min(n, 100)), direction=direction, explicit=explicit)


def opposite_conditions(norm: str) -> list[EventCondition]:
    """Two thresholds of opposite directions in one question ("days up more than 1% and down more
    than 1%", "рос больше 2% и падал больше 2%"): both, rise first. Each percent takes the move word
    written between the percent before it and itself. Read as one, the other was dropped in silence.
    Fewer than two, or the same direction twice: []."""
    ups: list[EventCondition] = []
    downs: list[EventCondition] = []
    prev = 0
    for m in _PCT.finditer(norm):
        clause = norm[prev:m.start()]
        prev = m.end()
        up, down = list(_UP_RE.finditer(clause)), list(_DOWN_RE.finditer(clause))
        if not (up or down):
            continue
        kind = "up" if up and (not down or up[-1].start() > down[-1].start()) else "down"
        one = _one_condition(norm, m)
        if one.condition is None:
            continue
        thr = abs(one.condition.threshold)
        inclusive = one.condition.op in ("gte", "lte")
        (ups if kind == "up" else downs).append(EventCondition(
            metric=one.condition.metric, op=("gte" if inclusive else "gt") if kind == "up" else ("lte" if inclusive else "lt"),
            threshold=thr if kind == "up" else -thr))
    return [ups[0], downs[0]] if len(ups) == 1 and len(downs) == 1 else []
