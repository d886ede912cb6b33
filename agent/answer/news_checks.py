"""Causes and events: only from fetched news items, cited by slot, and only as what
code can verify.

Bars hold prices, not reasons. What code can verify about a news item is its text (the headline
and summary as stored) and the trading session it counts for (agent/news/sessions.py). So:
- without a cited item ({newsK.headline}, {newsK.date}, {newsK.source}) in the sentence, a causal
  connective or an event word of the pack (CAUSAL, EVENTS) is sent back, as before news existed;
- in a sentence citing an item, an event word or institution must be in that item's text (by
  concept across languages: "ФРС" / "la Fed" / "Fed" are the item's "Federal Reserve");
- the only links allowed between an item and a move are the pack's NEWS_LINKS, which claim time,
  not cause ("on the day of {news1.headline}", "в день новости", "el mismo día que"); a causal
  connective ("because", "driven by", "из-за", "debido a") is sent back even beside an item: that
  the news moved the price is not in any fetched data;
- an item cited beside a dated value must count for that value's session ("{e1.pct_change} on the
  day of {news1.headline}" when news1 counts for e1's date), or fall inside the value's period.
"""
from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

from agent import lang as packs
from agent.answer.sentences import Sentence
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer, phrase
from agent.nlu.lang import normalize

_ITEM = re.compile(r"^(?:s\d+\.)?(?:[A-Z0-9!]+\.)?(news\d+)\.")


def has_news(a: Answer) -> bool:
    return any(v.metric == "headline" for v in a.table.values.values())


def _cited(a: Answer, s: Sentence) -> list[SlotValue]:
    """The news items the sentence cites (their headline values, one per item)."""
    out: dict[str, SlotValue] = {}
    for _, name in s.slots():
        v = a.value(name)
        if v is None or v.metric not in ("headline", "news_date", "news_source"):
            continue
        prefix = v.name.rsplit(".", 1)[0]
        head = a.table.values.get(prefix + ".headline")
        if head is not None:
            out.setdefault(prefix, head)
    return list(out.values())


@lru_cache(maxsize=None)
def _concepts() -> dict[str, tuple[re.Pattern[str], ...]]:
    """Event concept -> its words in every language (the item's text is in any of them)."""
    out: dict[str, list[str]] = {}
    for code in packs.codes():
        for concept, words in packs.get(code, "answer", "EVENT_CONCEPTS").items():
            out.setdefault(concept, []).extend(words)
    return {c: tuple(re.compile(r"(?<![\w])(?:" + w + r")(?![\w])") for w in ws) for c, ws in out.items()}


def _concept_of(word: str) -> str | None:
    for concept, patterns in _concepts().items():
        if any(p.fullmatch(word) for p in patterns):
            return concept
    return None


def _item_text(item: SlotValue) -> str:
    return normalize(f"{item.value} {item.context or ''}")


def _in_item(word: str, items: list[SlotValue]) -> bool:
    concept = _concept_of(word)
    if concept is None:
        return any(re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", _item_text(i)) for i in items)
    return any(p.search(_item_text(i)) for i in items for p in _concepts()[concept])


def _linked(s: Sentence, lang: str, start: int, end: int) -> bool:
    """The causal match lies inside one of the pack's NEWS_LINKS (a link of time, not cause)."""
    return any(m.start() <= start and end <= m.end() for m in phrase(lang, "NEWS_LINKS").finditer(s.words()))


def _same_session(a: Answer, s: Sentence, items: list[SlotValue]) -> list[str]:
    """Each dated value of the sentence must share its session (or period) with a cited item."""
    out = []
    days = [date.fromisoformat(i.date[:10]) for i in items if i.date]
    for _, name in s.slots():
        v = a.value(name)
        if v is None or v.param or v.metric in ("headline", "news_date", "news_source") \
                or v.kind in ("text", "time", "period") or not days:
            continue
        said = str(v.value) if v.kind == "date" else v.date
        if said:
            day = date.fromisoformat(said[:10])
            if day not in days:
                out.append(f"{{{name}}} is about {day.isoformat()}, but the news item cited counts for "
                           f"{', '.join(d.isoformat() for d in days)}: cite the item of that session")
        elif v.span:
            lo, hi = date.fromisoformat(v.span[0]), date.fromisoformat(v.span[1])
            if not any(lo <= d <= hi for d in days):
                out.append(f"the news item cited is outside the period of {{{name}}}")
    return out


def causes(a: Answer) -> list[str]:
    """Causal connectives and event words: only beside a cited news item, as described above."""
    news, issues = has_news(a), []
    for s in a.sentences:
        items = _cited(a, s) if news else []
        text = s.words()
        for m in phrase(a.lang, "CAUSAL").finditer(text):
            if not items:
                issues.append(f"'{m.group(0)}': causes and events are not in the fetched data"
                              + (": cite a fetched news item by slot ({news1.headline})" if news else ""))
            elif not _linked(s, a.lang, m.start(), m.end()):
                issues.append(f"'{m.group(0)}' says the news caused the move, which no fetched data "
                              f"shows: say when (\"on the day of {{news1.headline}}\")")
        for key in ("EVENTS", "INSTITUTIONS"):
            for m in phrase(a.lang, key).finditer(text):
                if not items:
                    issues.append(f"'{m.group(0)}': causes and events are not in the fetched data")
                elif not _in_item(m.group(0), items):
                    issues.append(f"'{m.group(0)}' is not in the news item cited")
        if items:
            issues += _same_session(a, s, items)
    return list(dict.fromkeys(issues))
