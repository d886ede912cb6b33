"""The paper account's refusals in the request's language (the chat's confirm step).

agent/trading/service.py refuses in one English line (the tool API's VALIDATION_ERROR message);
a chat request in Russian or Spanish hears the two refusals an order most often meets, enough cash
and margin, in its own language with its figures in its own number format ('s probe:
"купи 1 000 SPY лимит 505" was refused in English). Any other refusal stays as written.
"""
from __future__ import annotations

import re

from agent import lang as packs
from agent.trading.texts import num

_FIG = r"(-?[\d,]+(?:\.\d+)?)"
_CASH = re.compile(r"^not enough cash: (?P<q>\S+) (?P<s>\S+) at " + _FIG + " costs " + _FIG
                   + ", available " + _FIG + "$")
_CARRY = re.compile(r"^the account cannot carry this: (?P<what>margin \d+% of|short sale of) (?P<q>\S+) "
                    r"(?P<s>\S+) at " + _FIG + " needs " + _FIG + ", equity available " + _FIG + "$")
_WHOLE = re.compile(r"^(?P<s>\S+) trades in whole contracts: quantity (?P<q>\S+) is not a whole number$")
# English keeps the service's message as written: only the other languages translate it.
_TEXT = {key: {code: text for code, text in packs.by_lang("trading_words", "refusals", key).items()
               if code != packs.BASE} for key in packs.get(packs.BASE, "trading_words", "refusals")}


def _figure(text: str) -> float:
    return float(text.replace(",", ""))


def localise(message: str, lang: str) -> str:
    """`message` in `lang` when it is one of the refusals above and `lang` is RU or ES."""
    m = _WHOLE.match(message)
    if m and lang in _TEXT["whole"]:
        return _TEXT["whole"][lang].format(s=m["s"], q=num(float(m["q"]), lang))
    for key, rx in (("cash", _CASH), ("carry", _CARRY)):
        m = rx.match(message)
        if m and lang in _TEXT[key]:
            a, b, c = (_figure(x) for x in m.groups()[-3:])
            return _TEXT[key][lang].format(q=num(_figure(m["q"]), lang), s=m["s"], a=num(round(a, 2), lang),
                                           b=num(round(b, 2), lang), c=num(round(c, 2), lang))
    return message
