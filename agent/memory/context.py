"""The context builder (seed 002): user, market, conversation, long-term memory, system.

The store-backed parts (conversation, long-term memory, short-term memory, tool list) are read
concurrently on a small thread pool; the market part then uses the symbols they name. Every part
is optional: one that fails is left out and its error recorded in `FullContext.errors`.
"""
from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from agent.identity.models import User, plan_allows
from agent.memory.market_status import market_statuses
from agent.memory.models import (
    ConversationContext,
    FullContext,
    MarketContext,
    MemoryContext,
    SystemContext,
    UserContext,
)
from agent.settings import Settings

log = logging.getLogger("askbar.memory")
AGENT_VERSION = "askbar"
MAX_MARKET_SYMBOLS = 10
_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="askbar-context")


def now_for(settings: Settings, now: datetime | None = None) -> datetime:
    """The clock, or ASKBAR_NOW's date at the clock's time of day (explicit `now` wins)."""
    if now is not None:
        return now if now.tzinfo else now.replace(tzinfo=UTC)
    clock = datetime.now(UTC)
    return datetime.combine(settings.now, clock.timetz()) if settings.now else clock


@lru_cache(maxsize=8)
def tools_for_plan(plan: str) -> tuple[str, ...]:
    """Names of the catalogue's tools the plan allows (no catalogue modules yet: none)."""
    from agent.tools import catalog

    names: list[str] = []
    for mod in pkgutil.iter_modules(catalog.__path__):
        try:
            specs = getattr(importlib.import_module(f"{catalog.__name__}.{mod.name}"), "TOOLS", [])
        except Exception as exc:  # noqa: BLE001 - another area's module broken: the others count
            log.warning("tool catalogue module %s failed to import: %s", mod.name, exc)
            continue
        names += [s.name for s in specs if plan_allows(plan, s.required_plan)]  # type: ignore[arg-type]
    return tuple(sorted(names))


def user_context(user: User, memory: MemoryContext | None) -> UserContext:
    """The user's record with what they stated in the chat on top (a typed time zone or risk
    profile preference wins over the account's)."""
    prefs = dict(memory.preferences) if memory else {}
    stated = {k: prefs[k] for k in ("timezone", "risk_profile") if prefs.get(k)}
    return UserContext(**{**user.model_dump(), **stated}, preferences=prefs)


def _safe(errors: dict[str, str], name: str, fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - memory never breaks a run
        log.warning("context part %s unavailable: %s: %s", name, type(exc).__name__, exc)
        errors[name] = f"{type(exc).__name__}: {exc}"
        return None


def _with_prices(statuses: list, market_store: Any) -> list:
    """Each status with its symbol's price snapshot (last price, change, as-of), when bars exist."""
    if market_store is None:
        return statuses
    from agent.memory.market_snapshot import snapshot

    out = []
    for st in statuses:
        snap = snapshot(market_store, st.symbol)
        out.append(st.model_copy(update={k: v for k, v in (snap or {}).items()
                                         if k in type(st).model_fields}))
    return out


def build_context(mem, user: User, *, thread_id: str | None = None, symbols: list[str] | None = None,
                  now: datetime | None = None, market_store: Any = None) -> FullContext:
    """Every part of the context for `user` on `thread_id` (mem: agent.memory.service.Memory);
    `market_store`: where the relevant symbols' price snapshot is read (none: statuses only)."""
    errors: dict[str, str] = {}
    at = now_for(mem.settings, now)
    # The store and Redis reads overlap on the pool (network round trips on Postgres / Redis);
    # the tool list is cached per plan and read inline (a pool hop costs more than it does).
    jobs = {"conversation": lambda: mem.conversations.context(user, thread_id),
            "memory": lambda: mem.ltm.profile(user),
            "short_term": lambda: mem.stm.get(user)}
    futures = {k: _pool.submit(_safe, errors, k, fn) for k, fn in jobs.items()}
    got = {"tools": _safe(errors, "tools", lambda: tools_for_plan(user.plan))}
    got.update({k: f.result() for k, f in futures.items()})
    conv: ConversationContext | None = got["conversation"]
    memory: MemoryContext | None = got["memory"]
    play = list(dict.fromkeys([*(symbols or []), *(conv.mentioned_symbols if conv else []),
                               *((got["short_term"] or {}).get("recent_symbols", [])),
                               *(memory.favorite_symbols[:3] if memory else [])]))[:MAX_MARKET_SYMBOLS]
    market = _safe(errors, "market", lambda: MarketContext(
        current_time=at.isoformat(timespec="seconds"),
        instruments=_with_prices(market_statuses(play, at), market_store)))
    system = SystemContext(current_date=at.date().isoformat(), current_time=at.isoformat(timespec="seconds"),
                           agent_version=AGENT_VERSION, available_tools=list(got["tools"] or ()))
    return FullContext(user=user_context(user, memory), market=market, conversation=conv,
                       memory=memory, system=system, errors=errors)
