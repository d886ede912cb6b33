"""Per-thread conversation records in the store: ("conversation", tenant_id, user_id) / thread_id.

A record keeps the last KEEP_MESSAGES messages verbatim (seed: keep the last 10) and folds older
turns into a rolling code summary as they leave that window (validated claims only, see
summary.py), so a 40-turn thread still knows what turn 3 was about while its record stays small.
Topics and mentioned symbols are kept newest first (10 each).
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Callable

from agent.identity.models import User
from agent.memory.learn import topic as topic_of
from agent.memory.long_term import namespace
from agent.memory.models import ConversationContext, Message
from agent.memory.summary import fold
from agent.memory.tokens import KEEP_MESSAGES

MAX_TOPICS = 10
MAX_SYMBOLS = 10


def _front(new: list[str], old: list[str], n: int) -> list[str]:
    return list(dict.fromkeys([*new, *old]))[:n]


class Conversations:
    def __init__(self, store):
        self.store = store

    def get(self, user: User, thread_id: str | None) -> dict[str, Any] | None:
        if not thread_id:
            return None
        item = self.store.get(namespace(user, "conversation"), thread_id)
        return dict(item.value) if item else None

    def append_turn(self, user: User, thread_id: str, question: str, answer: str,
                    claims: list[dict] | None, intent: dict | None) -> dict[str, Any]:
        fn = turn_updater(question, answer, claims, intent)
        rec = fn(self.get(user, thread_id) or {})
        self.store.put(namespace(user, "conversation"), thread_id, rec)
        return rec

    def context(self, user: User, thread_id: str | None) -> ConversationContext:
        rec = self.get(user, thread_id) or {}
        return ConversationContext(
            id=thread_id, started_at=rec.get("started_at"), message_count=rec.get("message_count", 0),
            recent_messages=[Message(**m) for m in rec.get("recent", [])], summary=rec.get("summary"),
            recent_topics=rec.get("topics", []), mentioned_symbols=rec.get("symbols", []))


def turn_updater(question: str, answer: str, claims: list[dict] | None, intent: dict | None,
                 summarize: Callable[[str | None, list[Message]], str] | None = None):
    """record -> record with this answered turn (older turns summarised by `summarize`, the LLM
    summariser with its code fallback; the code summary `fold` without one)."""
    summarize = summarize or fold
    def fn(rec: dict[str, Any]) -> dict[str, Any]:
        rec = rec or {"started_at": datetime.now(UTC).isoformat(timespec="seconds"),
                      "message_count": 0, "summary": None, "recent": [], "topics": [], "symbols": []}
        label = topic_of(intent or {})
        recent = [Message(**m) for m in rec["recent"]] + [
            Message(role="user", content=question),
            Message(role="assistant", content=answer, claims=list(claims or []), topic=label)]
        if len(recent) > KEEP_MESSAGES:
            rec["summary"] = summarize(rec.get("summary"), recent[:-KEEP_MESSAGES])
            recent = recent[-KEEP_MESSAGES:]
        it = intent or {}
        syms = it.get("symbols") or ([it["symbol"]] if it.get("symbol") else [])
        # the instrument and period this turn answered about: a follow-up that names neither
        # ("show me the stats" again) continues with them (agent/memory/defaults.py)
        last = {"symbol": syms[0], "period": it.get("period")} if syms else rec.get("last")
        return {**rec, "last": last, "recent": [m.model_dump() for m in recent],
                "message_count": rec["message_count"] + 2,
                "topics": _front([label] if label else [], rec.get("topics", []), MAX_TOPICS),
                "symbols": _front(syms, rec.get("symbols", []), MAX_SYMBOLS)}
    return fn


def window(conv: ConversationContext, max_items: int) -> tuple[str | None, list[Message]]:
    """A summary covering everything older than the returned whole turns, so that summary plus
    messages fit in `max_items` history entries (the understander reads 10)."""
    msgs = list(conv.recent_messages)
    if not conv.summary and len(msgs) <= max_items:
        return None, msgs
    keep = max_items - 1
    keep -= keep % 2                          # whole turns (user + assistant)
    older, shown = msgs[:-keep] if keep else msgs, msgs[-keep:] if keep else []
    summary = fold(conv.summary, older) if older else conv.summary
    return summary, shown
