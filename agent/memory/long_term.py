"""Long-term memory on LangGraph's store, namespaced ("memory", tenant_id, user_id).

Embedded default: `langgraph.store.sqlite.SqliteStore` on `ASKBAR_HOME/memory.sqlite` (persists
across processes); production: `langgraph.store.postgres.PostgresStore` on ASKBAR_DATABASE_URL
(a small psycopg pool). Each kind of memory is one item, so a user can forget one kind ("forget my
notes") and a profile is read with one search. Thread records (conversation.py) live next to it in
("conversation", tenant_id, user_id). The namespace comes from the User object (from the token),
never from a request body or model output, so one user cannot address another's items.
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal

from langgraph.store.base import BaseStore, GetOp, Item, PutOp
from rapidfuzz import fuzz

from agent.identity.models import User
from agent.memory.models import MemoryContext, Strategy
from agent.settings import Settings

Kind = Literal["favorites", "style", "questions", "strategies", "notes", "preferences"]
KINDS: tuple[Kind, ...] = ("favorites", "style", "questions", "strategies", "notes", "preferences")
MAX_FAVORITES = 20
MAX_QUESTIONS = 20
MAX_STRATEGIES = 10
MAX_NOTES = 50
SEARCH_LIMIT = 100


def namespace(user: User, area: str = "memory") -> tuple[str, str, str]:
    return (area, user.tenant_id, user.user_id)


def open_store(settings: Settings) -> Any:  # SqliteStore | PostgresStore (both have setup())
    """The LangGraph store for this deployment (tables created on first use, idempotent)."""
    if settings.database_url:
        from langgraph.store.postgres import PostgresStore
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        from agent.storage import pg_check

        # synchronous_commit=off for these connections only: a learned preference lost in the
        # last ~0.2 s before a server crash is acceptable, and a commit no longer waits for the
        # WAL flush (a turn's write batch went from ~12 ms to ~3 ms on the shared test machine).
        pool = ConnectionPool(settings.database_url, min_size=1, max_size=4, open=True,
                              check=pg_check.check,   # survives a DB restart
                              reconnect_timeout=pg_check.RECONNECT_TIMEOUT_S,
                              kwargs={"autocommit": True, "prepare_threshold": 0,
                                      "row_factory": dict_row,
                                      "options": "-c synchronous_commit=off"})
        store: Any = PostgresStore(pool)  # rows are dict_row, as it needs
    else:
        from langgraph.store.sqlite import SqliteStore

        settings.home.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(settings.home / "memory.sqlite", check_same_thread=False,
                               isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")   # several askbar processes share the file
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL: no fsync per commit (a put was ~4 ms)
        store = SqliteStore(conn)
    store.setup()
    return store


Updater = Callable[[dict[str, Any]], dict[str, Any]]


# ---- pure updaters: current item value -> new value ---------------------------------------------

def add_symbols(symbols: list[str]) -> Updater:
    def fn(v: dict) -> dict:
        counts = dict(v.get("counts", {}))
        for s in symbols:
            counts[s] = counts.get(s, 0) + 1
        order = list(dict.fromkeys(symbols)) + [s for s in v.get("order", []) if s not in symbols]
        keep = sorted(counts, key=lambda s: (-counts[s], order.index(s)))[:MAX_FAVORITES]
        return {"counts": {s: counts[s] for s in keep}, "order": [s for s in order if s in keep]}
    return fn


def set_style(style: str) -> Updater:
    return lambda v: {**v, "value": style}


STYLE_VOTES = 2   # hints (a style word in a data question) before a style is labelled


def vote_style(style: str, stated: bool) -> Updater:
    """A style the user stated about themselves is labelled at once; a hint (a style word in a
    question, "NQ intraday data") only counts, and labels once STYLE_VOTES hints agree."""
    def fn(v: dict) -> dict:
        votes = dict(v.get("votes") or {})
        votes[style] = votes.get(style, 0) + 1
        value = style if stated or votes[style] >= STYLE_VOTES else v.get("value")
        return {**v, "value": value, "votes": votes}
    return fn


def add_question(question: str, key: str | None = None) -> Updater:
    return lambda v: {"items": merge_question(v.get("items", []), question, key)[:MAX_QUESTIONS]}


def add_strategy(name: str, at: str | None) -> Updater:
    def fn(v: dict) -> dict:
        rest = [s for s in v.get("items", []) if s.get("name") != name]
        return {"items": ([{"name": name, "at": at}] + rest)[:MAX_STRATEGIES]}
    return fn


def add_note(note: str) -> Updater:
    def fn(v: dict) -> dict:
        return {"items": ([note] + [n for n in v.get("items", []) if n != note])[:MAX_NOTES]}
    return fn


def set_preferences(prefs: dict[str, Any]) -> Updater:
    return lambda v: {**v, **prefs}


class LongTermMemory:
    """Read and update one user's long-term memory (all writes are read-modify-write per kind)."""

    def __init__(self, store: BaseStore):
        self.store = store
        self._lock = threading.Lock()   # one process: serialise read-modify-write per item

    def items(self, user: User) -> dict[str, dict[str, Any]]:
        return {it.key: it.value for it in self.store.search(namespace(user), limit=SEARCH_LIMIT)}

    def profile(self, user: User) -> MemoryContext:
        raw = self.items(user)
        fav = raw.get("favorites", {})
        counts: dict[str, int] = fav.get("counts", {})
        order = fav.get("order", [])
        return MemoryContext(
            favorite_symbols=sorted(counts, key=lambda s: (-counts[s], order.index(s) if s in order else 99)),
            symbol_counts=counts,
            trading_style=raw.get("style", {}).get("value"),
            frequent_questions=[q["q"] for q in raw.get("questions", {}).get("items", [])],
            recent_strategies=[Strategy(**s) for s in raw.get("strategies", {}).get("items", [])],
            notes=list(raw.get("notes", {}).get("items", [])),
            preferences=dict(raw.get("preferences", {})))

    def update(self, user: User, kind: Kind, fn: Updater) -> dict[str, Any]:
        """Apply fn(current value) -> new value to one kind."""
        return self.update_many(user, {kind: fn})[kind]

    def update_many(self, user: User, fns: dict[str, Updater],
                    others: Sequence[tuple[tuple[str, ...], str, Updater]] = ()) -> dict[str, Any]:
        """Read-modify-write several items (this user's kinds, plus `others` as (namespace, key, fn))
        in one read batch and one write batch: a learned turn touches up to six items, and one
        store round trip each cost ~0.6 ms on SQLite, more on Postgres."""
        ns = namespace(user)
        targets = [(ns, k, fn) for k, fn in fns.items()] + list(others)
        with self._lock:
            current = self.store.batch([GetOp(t_ns, key) for t_ns, key, _ in targets])
            puts, out = [], {}
            for (t_ns, key, fn), item in zip(targets, current):
                value = fn(dict(item.value) if isinstance(item, Item) else {})
                puts.append(PutOp(t_ns, key, value))
                out[key] = value
            self.store.batch(puts)
        return out

    # ---- the seed's operations -----------------------------------------------------------------

    def add_symbols(self, user: User, symbols: list[str]) -> None:
        if symbols:
            self.update(user, "favorites", add_symbols(symbols))

    def set_style(self, user: User, style: str) -> None:
        self.update(user, "style", set_style(style))

    def add_question(self, user: User, question: str, key: str | None = None) -> None:
        self.update(user, "questions", add_question(question, key))

    def add_strategy(self, user: User, name: str, at: str | None = None) -> None:
        self.update(user, "strategies", add_strategy(name, at))

    def add_note(self, user: User, note: str) -> None:
        self.update(user, "notes", add_note(note))

    def set_preferences(self, user: User, prefs: dict[str, Any]) -> None:
        self.update(user, "preferences", set_preferences(prefs))

    def forget(self, user: User, kinds: tuple[str, ...] | None = None) -> list[str]:
        """Delete the given kinds (all, and every thread record, when None); returns what was deleted."""
        deleted = []
        with self._lock:
            for area in ("memory",) if kinds else ("memory", "conversation"):
                for it in self.store.search(namespace(user, area), limit=10_000):
                    if kinds is None or it.key in kinds:
                        self.store.delete(namespace(user, area), it.key)
                        deleted.append(f"{area}/{it.key}")
        return deleted


QUESTION_MERGE_SCORE = 85          # rapidfuzz token_set_ratio: near-duplicates count as one
STATEMENT_MERGE_SCORE = 90         # statements about oneself: a near-duplicate replaces the older one


def merge_question(items: list[dict[str, Any]], question: str, key: str | None = None) -> list[dict[str, Any]]:
    """Count a near-duplicate once (rapidfuzz over the questions' templates `key`, so "NQ stats for
    March 2024" and "ES stats for May 2023" are one question), most asked first. What is shown is
    the user's own words, the newest asking's (never the template: it mixed placeholders into
    another language's sentence)."""
    items = [dict(i) for i in items]
    key = key or question
    for it in items:
        if fuzz.token_set_ratio((it.get("k") or it["q"]).lower(), key.lower()) >= QUESTION_MERGE_SCORE:
            it["n"] = it.get("n", 1) + 1
            it["q"], it["k"] = question, key
            break
    else:
        items.append({"q": question, "k": key, "n": 1})
    return sorted(items, key=lambda i: -i.get("n", 1))


def merge_statement(items: list[str], statement: str, keep: int = 10) -> list[str]:
    """The newest statement first; older ones that say nearly the same (rapidfuzz) are dropped, so
    "I mostly trade NQ" said five ways is one line, not five."""
    rest = [x for x in items if fuzz.token_set_ratio(x.lower(), statement.lower()) < STATEMENT_MERGE_SCORE]
    return ([statement] + rest)[:keep]
