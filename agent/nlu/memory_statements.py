"""Statements of the user about themselves, read as memory tool calls (EN, RU, ES).

    "Remember that I mostly trade NQ"      -> remember(note, symbol="NQ")
    "I trade intraday" / "я свингую"        -> remember(note, trading_style=...)
    "forget my usual symbol"                -> forget(kind="preferences")
    "olvida todo lo que sabes de mí"        -> forget(kind="all")

A statement is a sentence with no question mark whose verb is "remember/запомни/recuerda", a
first-person trading verb ("I trade", "я торгую", "opero"), "forget/забудь/olvida", or that names
the user's own usual instrument ("my main symbol is SPY", "мой основной инструмент - SPY", "SPY es
mi mercado favorito"). Questions about the user's own trading ("what did I trade?") are not
statements. Forgetting everything (threads included) needs an explicit "everything / всё / todo /
about me": "forget that I trade intraday" forgets the trading style, never all of it.
"""
from __future__ import annotations

import re
from typing import Any

_W = r"(?<![\w])"
REMEMBER = re.compile(_W + r"(?:remember|keep\s+in\s+mind|(?:please\s+)?note\s+that|take\s+note|make\s+a\s+note"
                      r"|запомни\w*|учти\w*|имей\s+в\s+виду|заметь|отметь\s+себе|recuerda\w*"
                      r"|ten\s+en\s+cuenta|anota\w*|apunta\w*|toma\s+nota|запиши\w*|guarda\s+que)(?![\w])")
# "my usual / main / favourite instrument (symbol, ticker, market) is X", either order, EN/RU/ES.
_MINE = (r"(?:my|мо[йяеи]|mi|mis)\s+(?:[\w-]+\s+){0,2}(?:instruments?|symbols?|tickers?|markets?|assets?|contracts?"
         r"|инструмент\w*|тикер\w*|символ\w*|рын\w*|актив\w*|бумаг\w*|контракт\w*"
         r"|instrumentos?|simbolos?|mercados?|activos?|contratos?)(?:\s+\w+){0,2}")
SELF_SYMBOL = re.compile(r"^\s*(?:(?:and|also|и|а|y)\s+)?(?:" + _MINE + r"\s*(?:is|are|=|:|-|это|es|son)?\s*\S+"
                         r"|\S+\s*(?:is|=|-|это|es)\s+" + _MINE + r")\s*[.!]*\s*$")
_TRADE_VERB = re.compile(_W + r"(?:i\s+(?:\w+\s+)?trade|я\s+(?:\w+\s+)?торгую|opero)(?![\w])")
_EVERYTHING = re.compile(_W + r"(?:everything|all|about\s+me|все|всё|обо\s+мне|про\s+меня|todo|de\s+m[ií]"
                         r"|sobre\s+m[ií]|lo\s+que\s+sabes)(?![\w])")
# First-person statements of how one trades: a subject ("I", "я", "yo") or a frequency adverb, up
# to two words, then the verb. Strong verbs (trade / торгую / opero, trader, scalp, swing, invest)
# make a statement by themselves; weak ones (follow, watch, слежу, sigo...) only with a symbol named.
_LEAD = (r"^\s*(?:(?:and|also|but|и|а|также|y|pero)\s+)?(?:(?!(?:how|what|when|why|which|где|как|что|когда|почему|como|que|cuando|donde|por)\s)[\w'-]+,?\s+)?(?:(?:i(?:'m|\s+am)?|я|yo)\s+|(?=(?:mostly|mainly|usually"
         r"|generally|обычно|в\s+основном|чаще\s+всего|normalmente|principalmente|suelo|generalmente)\s)"
         r"|(?=(?:торгую|слежу|смотрю|работаю|скальпирую|opero|sigo|miro|invierto|negocio|soy|hago|me\s+centro)\s))"
         r"(?:[\w'-]+\s+){0,2}")
SELF_TRADE = re.compile(_LEAD + r"(?:trade|trading|trader|scalp\w*|invest\w*|swing\w*|day[\s-]?trad\w*"
                        r"|торгую|трейдер\w*|скальп\w*|инвест\w*|свинг\w*|дейтрейд\w*|интрадей\w*"
                        r"|opero|operar|negocio|invierto|soy\s+(?:un\s+|una\s+)?(?:trader|inversor\w*|scalp\w*"
                        r"|swing\w*|day\s*trader|especulador\w*)|hago\s+(?:scalp\w*|swing\w*|day\s*trading"
                        r"|trading))(?![\w])")
SELF_FOLLOW = re.compile(_LEAD + r"(?:follow\w*|watch\w*|look(?:ing)?\s+at|focus\w*\s+on|слежу|смотрю|работаю"
                         r"|sigo|seguir|miro|mirar|me\s+centro)(?![\w])")
FORGET = re.compile(_W + r"(?:forget|забудь\w*|забыть|olvida\w*|borra\s+(?:lo\s+que\s+sabes|mi\s+memoria))(?![\w])")
_INTRADAY = re.compile(r"intraday|day[\s-]?trad\w*|внутри\s+дня|интрадей\w*|внутридн\w*|дейтрейд\w*|intrad[ií]a|intrad[ií]a\w*")
_KINDS = [
    ("preferences", re.compile(r"usual|favou?rite|main\s+symbol|my\s+symbol|обычн\w*|основн\w*|символ\w*|инструмент\w*"
                               r"|тикер\w*|habitual|s[íi]mbolo|preferencia\w*|preferences?")),
    ("style", re.compile(r"style|стил\w*|estilo|intraday|day[\s-]?trad\w*|swing\w*|scalp\w*|long[\s-]term"
                         r"|invest\w*|внутри\s+дня|интрадей\w*|внутридн\w*|свинг\w*|скальп\w*|инвест\w*"
                         r"|долгосро\w*|intrad[ií]a|largo\s+plazo|invier\w*")),
    ("notes", re.compile(r"notes?|замет\w*|notas?")),
    ("favorites", re.compile(r"favou?rites|избранн\w*|favoritos")),
    ("questions", re.compile(r"questions|вопрос\w*|preguntas")),
    ("strategies", re.compile(r"strateg\w*|стратеги\w*|estrategias?")),
]


def memory_call(question: str, norm: str, symbols: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(tool, params) for a statement about the user, else None."""
    if "?" in question or "¿" in question:
        return None
    if len([x for x in re.split(r"[.!;]\s+", question.strip()) if x.strip(" .!;")]) > 1:
        return None                    # "I always trade NQ. NQ stats for November": a question too
    if FORGET.search(norm):
        return "forget", {"kind": _forget_kind(norm, symbols)}
    from agent.nlu.preferences import preferences_in

    if prefs := preferences_in(question, norm, symbols):     # typed: granularity, language, zone, risk
        return "remember", {"note": question.strip()[:500], "preferences": prefs}
    if REMEMBER.search(norm) or SELF_TRADE.search(norm) or (symbols and (SELF_SYMBOL.search(norm)
                                                                         or _weak_statement(norm))):
        params: dict[str, Any] = {"note": question.strip()[:500]}
        if symbols:
            params["symbol"] = symbols[0]
        # the remember tool reads the other styles from the note (agent.memory.learn, a layer above)
        style = "day_trading" if _INTRADAY.search(norm) else None
        if style:
            params["trading_style"] = style
        return "remember", params
    return None


def _forget_kind(norm: str, symbols: list[str]) -> str:
    """What a forget statement names; everything only when it says so, else the least it can mean:
    a symbol named is the usual symbol, any other subject the notes (where statements are kept)."""
    kind = next((k for k, rx in _KINDS if rx.search(norm)), None)
    if kind is None and _EVERYTHING.search(norm):
        return "all"
    if kind is None and symbols:
        return "preferences"          # "forget that I trade NQ": the usual symbol
    if kind is None and _TRADE_VERB.search(norm):
        return "style"                # "olvida cómo opero"
    return kind or "notes"


def _weak_statement(norm: str) -> bool:
    """"I follow NQ", "слежу за NQ": a statement; with a date ("смотрю NQ за ноябрь 2023") a question."""
    return bool(SELF_FOLLOW.search(norm)) and not re.search(r"\d", norm)
