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
from typing import Any, Literal

from langgraph.store.base import BaseStore

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


def open_store(settings: Settings) -> BaseStore:
    """The LangGraph store for this deployment (tables created on first use, idempotent)."""
    if settings.database_url:
        from langgraph.store.postgres import PostgresStore
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        pool = ConnectionPool(settings.database_url, min_size=1, max_size=4, open=True,
                              kwargs={"autocommit": True, "prepare_threshold": 0,
                                      "row_factory": dict_row})
        store: BaseStore = PostgresStore(pool)
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

    def update(self, user: User, kind: Kind, fn) -> dict[str, Any]:
        """Apply fn(current value) -> new value to one kind, under the process lock."""
        ns = namespace(user)
        with self._lock:
            item = self.store.get(ns, kind)
            value = fn(dict(item.value) if item else {})
            self.store.put(ns, kind, value)
        return value

    # ---- the seed's operations -----------------------------------------------------------------

    def add_symbols(self, user: User, symbols: list[str]) -> None:
        def fn(v: dict) -> dict:
            counts = dict(v.get("counts", {}))
            order = [s for s in v.get("order", []) if s not in symbols]
            for s in symbols:
                counts[s] = counts.get(s, 0) + 1
            order = (list(dict.fromkeys(symbols)) + order)
            keep = sorted(counts, key=lambda s: (-counts[s], order.index(s)))[:MAX_FAVORITES]
            return {"counts": {s: counts[s] for s in keep}, "order": [s for s in order if s in keep]}
        if symbols:
            self.update(user, "favorites", fn)

    def set_style(self, user: User, style: str) -> None:
        self.update(user, "style", lambda v: {"value": style})

    def add_question(self, user: User, question: str) -> None:
        from agent.memory.learn import merge_question

        self.update(user, "questions",
                    lambda v: {"items": merge_question(v.get("items", []), question)[:MAX_QUESTIONS]})

    def add_strategy(self, user: User, name: str, at: str | None = None) -> None:
        def fn(v: dict) -> dict:
            rest = [s for s in v.get("items", []) if s.get("name") != name]
            return {"items": ([{"name": name, "at": at}] + rest)[:MAX_STRATEGIES]}
        self.update(user, "strategies", fn)

    def add_note(self, user: User, note: str) -> None:
        def fn(v: dict) -> dict:
            rest = [n for n in v.get("items", []) if n != note]
            return {"items": ([note] + rest)[:MAX_NOTES]}
        self.update(user, "notes", fn)

    def set_preferences(self, user: User, prefs: dict[str, Any]) -> None:
        self.update(user, "preferences", lambda v: {**v, **prefs})

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
