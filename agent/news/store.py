"""News in the application database: idempotent inserts and the reads behind the news tools.

SQL is written once with %s placeholders (AppDB converts them for SQLite); values are always bound.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent.storage.appdb import AppDB, Tx

INSERT_ITEM = (
    "INSERT INTO news_items (id, published_at, has_time, headline, summary, source, url, "
    "sentiment_score, sentiment_label, origin) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (id) DO NOTHING")
INSERT_SYMBOL = ("INSERT INTO news_symbols (news_id, symbol) VALUES (%s, %s) "
                 "ON CONFLICT (symbol, news_id) DO NOTHING")
COUNT_ITEMS = "SELECT count(*) AS n FROM news_items"
COUNT_SYMBOL_KEYS = "SELECT count(*) AS n FROM news_symbols"
# Items of one symbol in [start, end_exclusive): published_at is ISO text, a bare date sorts before
# every time of that day, so string comparison on both engines gives the calendar range.
SELECT_FOR_SYMBOL = (
    "SELECT i.id, i.published_at, i.has_time, i.headline, i.summary, i.source, i.url, "
    "i.sentiment_score, i.sentiment_label FROM news_items i "
    "JOIN news_symbols s ON s.news_id = i.id "
    "WHERE s.symbol = %s AND i.published_at >= %s AND i.published_at < %s "
    "ORDER BY i.published_at DESC, i.id")
SELECT_RANGE_FOR_SYMBOL = (
    "SELECT min(i.published_at) AS first, max(i.published_at) AS last, count(*) AS n "
    "FROM news_items i JOIN news_symbols s ON s.news_id = i.id WHERE s.symbol = %s")
SELECT_SYMBOL_COUNTS = ("SELECT symbol, count(*) AS n FROM news_symbols GROUP BY symbol "
                        "ORDER BY symbol")


@dataclass(frozen=True)
class StoredItem:
    id: str
    published_at: str
    has_time: bool
    headline: str
    summary: str | None
    source: str | None
    url: str | None
    score: float
    label: str
    origin: str
    symbols: tuple[str, ...]


def content_key(published_at: str, headline: str, summary: str | None) -> str:
    """The item's id: the same headline at the same time is the same item, whatever file it is in."""
    text = "\x1f".join((published_at, headline, summary or ""))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _executemany(tx: Tx, statement: str, rows: Sequence[Sequence[Any]]) -> None:
    if not rows:
        return
    if tx.db.engine == "sqlite":
        tx.conn.executemany(tx.db.sql(statement), rows)
    else:
        with tx.conn.cursor() as cur:
            cur.executemany(statement, rows)


def insert_items(db: AppDB, items: list[StoredItem]) -> tuple[int, int]:
    """Insert in ONE transaction; returns (new items, new symbol keys). Existing ids are kept."""
    def count(tx: Tx, statement: str) -> int:
        row = tx.one(statement)
        return int(row["n"]) if row else 0

    with db.transaction() as tx:
        before, keys_before = count(tx, COUNT_ITEMS), count(tx, COUNT_SYMBOL_KEYS)
        _executemany(tx, INSERT_ITEM, [
            (i.id, i.published_at, int(i.has_time), i.headline, i.summary, i.source, i.url,
             i.score, i.label, i.origin) for i in items])
        _executemany(tx, INSERT_SYMBOL, [(i.id, s) for i in items for s in i.symbols])
        return count(tx, COUNT_ITEMS) - before, count(tx, COUNT_SYMBOL_KEYS) - keys_before


def items_for_symbol(db: AppDB, symbol: str, start: str, end_exclusive: str) -> list[dict]:
    """Stored items keyed to `symbol` published in [start, end_exclusive), newest first."""
    rows = db.execute(SELECT_FOR_SYMBOL, (symbol.upper(), start, end_exclusive))
    for r in rows:
        r["has_time"] = bool(r["has_time"])
        r["sentiment_score"] = float(r["sentiment_score"])
    return rows


def symbol_range(db: AppDB, symbol: str) -> dict:
    return db.one(SELECT_RANGE_FOR_SYMBOL, (symbol.upper(),)) or {"first": None, "last": None, "n": 0}


def symbol_counts(db: AppDB) -> dict[str, int]:
    return {r["symbol"]: int(r["n"]) for r in db.execute(SELECT_SYMBOL_COUNTS)}
