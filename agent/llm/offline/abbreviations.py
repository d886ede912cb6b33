"""Written shorthands rewritten to the words the period grammar reads (before parsing).

    "3rd qtr 2019" -> "3rd quarter 2019"     "wk of 2020-03-09" -> "week of 2020-03-09"
    "1Q20", "Q1'20" -> "Q1 2020"             "Mar-2020", "Mar-20", "Nov 87" -> "Mar 2020", "Mar 2020", "Nov 1987"
    "March 2 to 6, 2020" -> "March 2-6, 2020"   (a day range inside one month)

A month followed by a number is a year only when the number cannot be a day (above 31) or is
joined by a hyphen or an apostrophe ("Mar 20" stays March 20). Each rule is a written form, not a
question: the same rewrite applies in any sentence and language.
"""
from __future__ import annotations

import re
from collections.abc import Callable

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?"
          r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|ene(?:ro)?|febrero|marzo|abr(?:il)?|mayo|junio|julio"
          r"|ago(?:sto)?|septiembre|oct(?:ubre)?|nov(?:iembre)?|dic(?:iembre)?"
          r"|янв\w*|фев\w*|мар\w*|апр\w*|ма[йяе]|июн\w*|июл\w*|авг\w*|сен\w*|окт\w*|ноя\w*|дек\w*)")
_I = re.IGNORECASE


def _century(yy: str) -> str:
    return ("20" if int(yy) <= 49 else "19") + yy


_RULES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"(?<!\w)qtrs?\.?(?!\w)", _I), "quarter"),
    (re.compile(r"(?<!\w)wks?\.?(?!\w)", _I), "week"),
    (re.compile(r"(?<!\w)yrs?\.?(?!\w)", _I), "year"),
    (re.compile(r"(?<!\w)([1-4])q\s*['’]?(\d{2})(?!\d)", _I), lambda m: f"Q{m.group(1)} {_century(m.group(2))}"),
    (re.compile(r"(?<!\w)q([1-4])\s*['’](\d{2})(?!\d)", _I), lambda m: f"Q{m.group(1)} {_century(m.group(2))}"),
    (re.compile(rf"(?<!\w)({_MONTH})[-/](\d{{4}})(?!\d)", _I), lambda m: f"{m.group(1)} {m.group(2)}"),
    (re.compile(rf"(?<!\w)({_MONTH})[-/]['’]?(\d{{2}})(?![\d-])", _I),
     lambda m: f"{m.group(1)} {_century(m.group(2))}"),
    (re.compile(rf"(?<!\w)({_MONTH})\.?\s+(3[2-9]|[4-9]\d)(?![\d,.:-])", _I),
     lambda m: f"{m.group(1)} {_century(m.group(2))}"),
    (re.compile(rf"(?<!\w)({_MONTH})\.?\s+(\d{{1,2}})\s+(?:to|through|thru|until|till)\s+(\d{{1,2}})(?![\d:])", _I),
     lambda m: f"{m.group(1)} {m.group(2)}-{m.group(3)}"),
    # "entre el 2 y el 6 de marzo" / "между 2 и 6 марта": a day range inside one month
    (re.compile(rf"(?<!\w)entre\s+el\s+(\d{{1,2}})\s+y\s+el\s+(\d{{1,2}})\s+de\s+({_MONTH})", _I),
     lambda m: f"del {m.group(1)} al {m.group(2)} de {m.group(3)}"),
    (re.compile(rf"(?<!\w)между\s+(\d{{1,2}})\s+и\s+(\d{{1,2}})\s+({_MONTH})", _I),
     lambda m: f"с {m.group(1)} по {m.group(2)} {m.group(3)}"),
]


def expand(text: str) -> str:
    for rx, repl in _RULES:
        text = rx.sub(repl, text)
    return text
