"""Which words of a question the parser used, and which content words it did not.

Every recogniser of the parser (symbols, periods, metrics, conditions, windows, top-N, indicators,
patterns, cues, glossary terms, numbers) is run for its match spans; a word none of them touched
and that is not a function word of EN/RU/ES is "unused". Unused words are corrected for typos
(fuzzy.py) or named in the answer ("I did not use: ..."), so a question is never silently narrowed.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from agent import lang as packs
from agent.llm import glossary
from agent.nlu import conditions as C
from agent.nlu import cues, per_unit, resumes
from agent.nlu import metrics as M

# Function words, question words, generic verbs and politeness: using them or not changes nothing.
STOPWORDS = set("""
a an the of in on at to for from by with and or but vs versus than then as is are was were be been being
do does did done what whats which who whom how when where why whose it its it's this that these those
me my i you your we our us they their he she his her them there here please show give tell get got
display list let see find compute calculate look looking need want would like could can may might
will shall should must about during over under into onto per all any some each every much many more
most very also just only same such other another one ones both either data price prices value values
chart figure figures number numbers stock ticker symbol instrument market index etf futures future
was were has have had having been did happen happened happens going go went performed perform result
results summary info information tell me stat something thing things day days time times period
periods year years month months week weeks quarter today overall total whole entire full s
и в во на по за от до из с со у к о об про а но или что как какой какая какое какие каким какова
каков каковы был была было были есть будет это этот эта эти тот та те то мне мой моя мои я ты вы мы
покажи покажите дай дайте скажи скажите подскажи подскажите найди посчитай рассчитай нужно надо
хочу можно пожалуйста ли же бы не ни уже ещё еще всё все весь вся всего очень сколько также тоже
данные данных цена цены цену ценой инструмент инструмента тикер тикера рынок рынка индекс индекса
период периода периоде время день дня дней дни году год года лет месяц месяца месяце неделя недели
неделю был было вообще там тут какие-нибудь чем чему кого который которая которые его её их ее
el la los las un una unos unas de del al en y o u que qué cual cuál cuales como cómo cuanto cuánto
cuantos cuántos cuantas fue fueron es son era eran ha han hay ser estar esta este esto estos estas
ese esa eso mi me te se le les lo nos por para con sin sobre entre hasta desde muestra muestrame
muéstrame dame dime enseña calcula busca quiero puedes podrias podrías favor necesito tambien también
solo sólo mas más muy todo toda todos todas datos precio precios valor instrumento mercado indice
índice periodo período dia día dias días año años mes meses semana semanas tiempo hoy cuál
paso pasó pasa ocurrio ocurrió sucedio sucedió было стало произошло случилось происходило
mean means meaning stand stands значит означает significa годах годы годов годам лет
happen doing went try trying intenta prueba попробуй попробуйте
когда где почему зачем куда откуда cuando cuándo donde dónde porque
cuanta cuantas tuvo tuvieron tiene tienen tenia tenian tener hubo habia haya sea sean estuvo
estaba estaban cual cuales cuya cuyo aqui alli asi pues luego entonces ahora aun todavia
had has having does did got gets getting been into onto upon whether which while though although
там тут здесь так тоже было имел имела имело имели какого какой каком какую какими
делал делала делало делали делает делают делать сделал сделала сделало сделали он она оно они ним ней
нём нем ними него нее неё hizo hace hacen hacia hacía hicieron hecho hacer ella ello él ellos ellas
""".split())
# ...and each language pack's own list (offline_parser.function_words): politeness, fillers, units.
STOPWORDS |= {w for code in packs.codes() for w in packs.get(code, "offline_parser").get("function_words", [])}

_WORD = re.compile(r"[a-zа-яñ'’]+")
# Words every daily-bar answer already honours (a day's move, a year's return, a change).
_IMPLIED = re.compile(r"(?<!\w)(?:daily|day-to-day|single[\s-]day|one[\s-]day|in\s+a\s+day|diari[oa]s?|en\s+un\s+dia"
                      r"|дневн\w*|ежедневн\w*|однодневн\w*|за\s+день|annual\w*|yearly|годов\w*|anual\w*"
                      r"|monthly|месячн\w*|mensual\w*|weekly|недельн\w*|semanal\w*|изменил\w*|changed|cambi\w*"
                      r"|вырос\w*|упал\w*|return\w*)(?!\w)")
_NUMBER = re.compile(r"(?<!\w)[-+]?\d+(?:[.,]\d+)?(?:st|nd|rd|th|%|x)?(?!\w)")


def _vocabulary_patterns() -> list[re.Pattern[str]]:
    pats: list[re.Pattern[str]] = [rx for _t, rx in M._METRIC_RES]
    pats += [re.compile(p) for _n, p, _w in M.INDICATORS]
    pats += [re.compile(p) for _n, p in M.PATTERNS]
    pats += [re.compile(p) for _n, p in M._UNSUPPORTED]
    pats += [M.VOLUME_PROFILE, M.INTRADAY, M.COMPARE, M.AFTER, M.COUNT_Q, M.VAGUE_MOVE, M._WINDOW]
    pats += [C._UP_RE, C._DOWN_RE, C._MOVE_RE, C._PCT, C._GTE, C._GT, C._GAP, C._TOP, *C.HORIZON]
    pats += [cues.CONCEPT, cues.EXPLAIN, cues.STATS, cues.FOLLOWUP, _NUMBER, _IMPLIED]
    pats += [resumes.YES, resumes.AVAILABLE, resumes.ANOTHER, cues.ALL_HISTORY, cues.BEST_PERIOD, cues.DAY_MOVE,
             _NOT_COMPUTED_RX,            # named in their own note
             *per_unit.PATTERNS]
    return pats


_PATTERNS: list[re.Pattern[str]] | None = None


def _patterns() -> list[re.Pattern[str]]:
    global _PATTERNS
    if _PATTERNS is None:
        _PATTERNS = _vocabulary_patterns() + [pat for _a, _k, pat in glossary._alias_index()]
    return _PATTERNS


def used_mask(norm: str, spans: Iterable[tuple[int, int]]) -> list[bool]:
    """Per character: True when some recogniser (or a given span) covers it."""
    mask = [False] * len(norm)
    for a, b in spans:
        for i in range(max(0, a), min(len(norm), b)):
            mask[i] = True
    for rx in _patterns():
        for m in rx.finditer(norm):
            for i in range(m.start(), m.end()):
                mask[i] = True
    return mask


def unused_words(norm: str, spans: Iterable[tuple[int, int]], extra_stop: set[str] | frozenset[str] = frozenset()) \
        -> list[tuple[int, int]]:
    """(start, end) of each content word no recogniser used, in text order."""
    mask = used_mask(norm, spans)
    out = []
    for m in _WORD.finditer(norm):
        w = m.group(0).strip("'’")
        if len(w) < 3 or w in STOPWORDS or w in extra_stop or any(mask[m.start():m.end()]):
            continue
        out.append((m.start(), m.end()))
    return out


NOTE = {"en": "I did not use: {w}.", "ru": "Я не учёл: {w}.", "es": "No utilicé: {w}."}
# Measures recognised but computed by nothing (a glossary indicator AskBar does not declare, "the
# highest close"): named, never dropped or answered as the nearest measure in silence.
NOT_COMPUTED = {"en": "Not computed here: {w}.", "ru": "Здесь не считается: {w}.", "es": "No se calcula aquí: {w}."}
_NOT_COMPUTED_RX = re.compile(packs.alternation("offline_parser", "cues", "NOT_COMPUTED"))
UNDECLARED_CONCEPTS = ("stochastic", "fibonacci", "open_interest", "divergence")


def not_computed_note(text: str, concepts: list[str], lang: str) -> str | None:
    """The note naming measures of `text` nothing computes (phrases as written, concepts by name)."""
    norm = text.lower()
    words = [m.group(0) for m in _NOT_COMPUTED_RX.finditer(norm)]
    words += [packs.get(lang if lang in packs.codes() else "en", "glossary", "entries", k)["name"]
              for k in concepts if k in UNDECLARED_CONCEPTS]
    return NOT_COMPUTED.get(lang, NOT_COMPUTED["en"]).format(w=", ".join(dict.fromkeys(words))) if words else None
READ_AS = {"en": "I read {pairs}.", "ru": "Я прочитал {pairs}.", "es": "Leí {pairs}."}
_AS = {"en": "“{a}” as “{b}”", "ru": "«{a}» как «{b}»", "es": "«{a}» como «{b}»"}


def unread(words: list[str], used: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The unused words no part of the reading used (a symbol answered is never named), once each."""
    return list(dict.fromkeys(w for w in words if w.lower() not in used and w.upper() not in used))


def unused_note(words: list[str], lang: str, used: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The note naming unused words; a word the reading used (a symbol answered) is never named."""
    words = [w for w in words if w.lower() not in used and w.upper() not in used]
    return NOTE.get(lang, NOTE["en"]).format(w=", ".join(dict.fromkeys(words))) if words else None


def read_as_note(pairs: list[tuple[str, str]], lang: str) -> str | None:
    if not pairs:
        return None
    text = ", ".join(_AS.get(lang, _AS["en"]).format(a=a, b=b) for a, b in pairs)
    return READ_AS.get(lang, READ_AS["en"]).format(pairs=text)
