"""What graph nodes need at run time (settings, store, LLM provider), passed through the
LangGraph config (`configurable.deps`) so nothing heavy is built at import and nothing of it is
checkpointed."""
from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from agent.identity.models import LOCAL_USER, User
from agent.market.store import MarketStore, SymbolSummary, open_store
from agent.settings import Settings, get_settings


@dataclass
class Deps:
    settings: Settings
    store: MarketStore
    provider: Any                      # agent.llm.base.Provider
    fallback: Any = None               # the offline provider: code fallbacks (simple plan, summary)
    user: User = field(default_factory=lambda: LOCAL_USER)  # from the token / --user, never the model
    registry: Any = None               # agent.registry.service.Registry for tenant tools (issue 17)
    _coverage: list[SymbolSummary] | None = field(default=None, repr=False)
    _instruments: list | None = field(default=None, repr=False)

    def coverage(self, refresh: bool = False) -> list[SymbolSummary]:
        """Symbols with their stored date ranges (cached; the planner reads it every request)."""
        if self._coverage is None or refresh:
            self._coverage = self.store.summary()
        return self._coverage

    def context(self, now: date | str | None = None):
        from agent.llm.base import DataRange, ProviderContext

        today = date.fromisoformat(now) if isinstance(now, str) else (now or self.settings.today())
        if self._instruments is None:
            self._instruments = self.store.instruments()
        ranges = [DataRange(symbol=c.symbol, first=c.first, last=c.last)
                  for c in self.coverage() if c.first and c.last]
        return ProviderContext(instruments=self._instruments, today=today, ranges=ranges)

    def refresh(self) -> None:
        """Forget cached instruments and coverage (after a load)."""
        self._coverage, self._instruments = None, None


def make_provider(settings: Settings):
    """Gemini when ASKBAR_LLM=gemini, or when GEMINI_API_KEY / GOOGLE_API_KEY is set and
    ASKBAR_LLM is not "offline"; the offline provider otherwise (and when Gemini has no key)."""
    from agent.llm.offline.provider import OfflineProvider

    if settings.llm == "gemini" or (settings.llm is None and settings.gemini_key()):
        from agent.llm.gemini import GeminiProvider

        try:
            return GeminiProvider(settings)
        except ValueError as exc:  # no API key: say so once, answer offline
            import logging

            logging.getLogger("askbar").warning("Gemini unavailable (%s); using the offline provider", exc)
    return OfflineProvider()


def build_deps(settings: Settings | None = None, store: MarketStore | None = None,
               provider: Any = None) -> Deps:
    settings = settings or get_settings()
    from agent.llm.offline.provider import OfflineProvider

    return Deps(settings=settings, store=store or open_store(settings),
                provider=provider or make_provider(settings), fallback=OfflineProvider())


_default: Deps | None = None
_lock = threading.Lock()


def get_deps(config: Mapping[str, Any] | None) -> Deps:
    """Deps from the run's config, else a process-wide default built from the environment."""
    deps = ((config or {}).get("configurable") or {}).get("deps")
    if deps is not None:
        return deps
    global _default
    with _lock:
        if _default is None:
            _default = build_deps()
        return _default
