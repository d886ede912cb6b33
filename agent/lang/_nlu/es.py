"""Spanish: see __init__."""
from typing import Any

NLU: dict[str, Any] = {
    # conditions.py: move words, thresholds, post-event windows, top-N largest moves
    "conditions": {
        "up": [r"subi\w*", r"sube\w*", r"subir", r"gan[oóae]\w*", r"alz\w*", r"aument\w*", r"repunt\w*", r"crec\w*",
               r"avanz\w*", r"dispar\w*", r"verde\w*", r"mejor\w*"],
        "down": [r"ca[iy]\w*", r"cae[rn]?\b", r"baj\w*", r"descen\w*", r"perd\w*", r"perdid\w*", r"desplom\w*",
                 r"retroce\w*", r"rojo\w*", r"peor\w*"],
        "move": [r"movimient\w*", r"cambio\w*", r"variaci\w*", r"oscilac\w*"],
        "percent": [r"por\s*ciento"],
        "gte": [r"al\s+menos", r"como\s+minimo", r"o\s+mas", r"por\s+lo\s+menos"],
        "gt": [r"mas\s+de", r"mas\s+del", r"superior\w*", r"por\s+encima", r"mayor(?:es)?\s+(?:al|a|que|del?)(?!\w)"],
        "gap": [r"hueco\w*", r"brecha\w*"],
        # the unit of a window after the events ("los 5 días siguientes")
        "units": [r"dias?(?:\s+(?:habiles|de\s+negociacion|de\s+trading))?", r"sesion\w*", r"semanas?", r"mes(?:es)?"],
        "unit_week": [r"semana"],
        "unit_month": [r"mes"],
        # windows after the events, tried in order of the slot then of the language: {n} the count,
        # {u} the unit
        "horizon_counted": [
            r"(?:los|las)\s+{n}\s+{u}\s+(?:siguientes|posteriores|despues|proxim[oa]s)",
            r"(?:proxim[oa]s|siguientes)\s+{n}\s+{u}",
            r"{n}\s+{u}\s+(?:despues|mas\s+tarde|tras|luego|posteriores?)",   # "20 sesiones tras una subida"
            r"(?:a\s+los|tras|durante\s+los|en\s+los)\s+{n}\s+{u}",
        ],
        "horizon_single": [r"(?:la|el)\s+(?P<u>semana|mes|dia|sesion)\s+(?:siguiente|despues|posterior)",
                           r"(?:una|un)\s+(?P<u>semana|mes|dia)\s+despues"],
        # a window given on its own (often a reply to a clarification): "a diez sesiones"
        "horizon_a": [r"(?<!\w)a\s+{n}\s+{u}"],
        "horizon_on": [],
        "horizon_of": [r"horizonte\s+de", r"ventana\s+de"],
        "horizon_window": [],
        # the span of the move itself ("cayó un 4% en una sola sesión")
        "span_percent": [r"por\s*ciento"],
        "span_in": [r"en"],
        "span_one": [r"un\s+(?:solo\s+)?", r"una\s+(?:sola\s+)?"],
        "span_day": [r"dia", r"sesion"],
        # top-N largest moves
        "superlative": [r"mayor(?:es)?", r"peor(?:es)?", r"mejor(?:es)?", r"grandes", r"fuertes", r"principales",
                        r"mas\s+(?:grandes|fuertes)"],
        "top_noun": [r"subidas?", r"caidas?", r"ganancias?", r"perdidas?", r"movimientos?", r"alzas?", r"bajadas?", r"dias?",
                     r"sesion(?:es)?", r"desplomes?", r"repuntes?"],
        "top_of": [],
        "count_trading": [],
        "count_days": [r"dias", r"sesiones"],
        "count_with": [r"de", r"con"],
        "count_article": [r"la\s+", r"el\s+"],
        "top_explicit": [r"mayores"],
        "plural_endings": [],
        "best": [r"mejor"],
        "worst": [r"peor"],
        "and": [r"y"],
        "gains": [r"subidas?"],
        "falls": [r"caidas?"],
        "losses": [],
    },
}
