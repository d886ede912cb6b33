"""`askbar load-news`: read a news file, key each headline to symbols, score it, store it once.

Symbols come from `--symbols` (every row), a symbols column in the file, or the instruments' aliases
in the market store ("S&P 500" -> SPX, "bitcoin" -> BTCUSD). The file is read and checked entirely
first (a LoadError names file and line), then everything is written in one transaction; reloading
the same file adds nothing (items are keyed by a content hash).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from agent.market.errors import LoadError
from agent.news.reader import NewsRecord, read_news
from agent.news.sentiment import default_scorer
from agent.news.store import StoredItem, content_key, insert_items

if TYPE_CHECKING:
    from agent.market.instruments import Instrument
    from agent.storage.appdb import AppDB

MIN_ALIAS = 3      # shorter aliases ("эс", "6e") match too much ordinary text
_SYMBOL = re.compile(r"^[A-Z0-9][A-Z0-9._-]{0,19}$")


@dataclass
class NewsLoadReport:
    path: str
    rows: int                        # dated records read
    inserted: int                    # new items
    existing: int                    # items already stored (same time, headline and summary)
    new_symbol_keys: int
    blank: int = 0                   # empty rows skipped
    undated_lines: list[int] = field(default_factory=list)   # month-only dates, skipped
    symbols: dict[str, int] = field(default_factory=dict)    # items per symbol in this file
    unmatched: int = 0               # items keyed to no symbol
    repeated: int = 0                # rows repeating an earlier row of the same file verbatim

    @property
    def total_rows(self) -> int:
        """Every data row of the file: new + already stored + repeated + skipped (blank, undated)."""
        return self.rows + self.blank + len(self.undated_lines)


class AliasMatcher:
    """Finds instruments named in a text: aliases case-insensitively, the symbol as a capital word."""

    def __init__(self, instruments: Iterable[Instrument]):
        self._patterns: list[tuple[str, re.Pattern | None, re.Pattern]] = []
        for inst in instruments:
            aliases = sorted({a.lower() for a in inst.aliases if len(a) >= MIN_ALIAS}, key=len,
                             reverse=True)
            words = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, aliases)) + r")(?!\w)",
                               re.IGNORECASE) if aliases else None
            symbol = re.compile(r"(?<![\w$^])\$?" + re.escape(inst.symbol) + r"(?!\w)")
            self._patterns.append((inst.symbol, words, symbol))

    def find(self, text: str) -> list[str]:
        return [sym for sym, words, symbol in self._patterns
                if (words is not None and words.search(text)) or symbol.search(text)]


def parse_symbols(value: str | None) -> list[str]:
    if not value:
        return []
    out = []
    for s in value.split(","):
        s = s.strip().upper()
        if not _SYMBOL.match(s):
            raise LoadError(None, f"--symbols: {s!r} is not a symbol (letters, digits, . _ -)")
        out.append(s)
    return out


def _item(rec: NewsRecord, symbols: list[str], origin: str) -> StoredItem:
    text = rec.headline if not rec.summary else f"{rec.headline}. {rec.summary}"
    scored = default_scorer().score(text)
    return StoredItem(content_key(rec.published.value, rec.headline, rec.summary),
                      rec.published.value, rec.published.has_time, rec.headline, rec.summary,
                      rec.source, rec.url, round(scored.score, 4), scored.label, origin,
                      tuple(dict.fromkeys(symbols)))


def load_news(db: AppDB, path: str | Path, *, instruments: Iterable[Instrument] = (),
              symbols: list[str] | None = None, columns: dict[str, str] | None = None,
              tz: str = "UTC") -> NewsLoadReport:
    """Read, key, score and store a news file in one transaction (LoadError before any write)."""
    path = Path(path)
    _check_tz(tz)
    result = read_news(path, columns, tz)
    matcher = None if symbols else AliasMatcher(instruments)
    items: list[StoredItem] = []
    per_symbol: Counter[str] = Counter()
    unmatched = 0
    for rec in result.records:
        keys = list(symbols or []) + rec.symbols
        if matcher is not None:
            keys += matcher.find(f"{rec.headline} {rec.summary or ''}")
        item = _item(rec, keys, path.name)
        per_symbol.update(item.symbols)
        unmatched += not item.symbols
        items.append(item)
    unique = list({i.id: i for i in items}.values())   # a file may repeat an item verbatim
    inserted, new_keys = insert_items(db, unique)
    return NewsLoadReport(str(path), len(items), inserted, len(unique) - inserted, new_keys,
                          result.blank, result.undated_lines, dict(sorted(per_symbol.items())),
                          unmatched, len(items) - len(unique))


def _check_tz(tz: str) -> None:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise LoadError(None, f"--tz: unknown time zone {tz!r} (e.g. UTC, America/New_York)") \
            from None
