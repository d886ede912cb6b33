"""What graph nodes need at run time (settings, store, LLM provider, the run's user): the graph's
LangGraph context (`context_schema=Deps`; nodes read `runtime.context`). Every caller passes it
explicitly with `run_options(deps)`: nothing heavy is built at import, nothing of it is checkpointed,
and there is no process-wide default to pick up the wrong user or settings."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Callable, Literal, TypedDict

import agent.live  # noqa: F401 - and the statistics alerts' hook, after it
import agent.trading  # noqa: F401 - registers its after-ingest hook (orders, alerts) with the stores
from agent.identity.models import LOCAL_USER, User
from agent.llm import make_provider
from agent.llm.base import Provider
from agent.market.catalog import Catalog
from agent.market.factory import open_store
from agent.market.store import MarketStore, SymbolSummary
from agent.services import Services
from agent.settings import Settings, get_settings

if TYPE_CHECKING:   # the registry is opened by the server (agent/server/registry_owner.py)
    from agent.registry.service import Registry


@dataclass
class Deps:
    settings: Settings
    store: MarketStore
    provider: Provider
    fallback: Provider = field(default_factory=lambda: _offline())  # code fallbacks (simple plan, summary)
    user: User = field(default_factory=lambda: LOCAL_USER)  # from the token / --user, never the model
    registry: Registry | None = None   # tenant tools
    # The server's shared registry, opened on first use (agent/server/registry_owner.py)
    open_registry: Callable[[], Registry] | None = None
    # Instruments and coverage, read once and shared by every copy of these deps (each run gets
    # a shallow copy): refreshed single-flight, see agent/market/catalog.py
    catalog: Catalog = field(default=None, repr=False)  # type: ignore[assignment]  # set in __post_init__
    # The world's services (app database, tool executor, tenant registry, memory), opened on first
    # use and shared by every copy of these deps: agent/services.py
    services: Services = field(default=None, repr=False)  # type: ignore[assignment]  # set in __post_init__

    def __post_init__(self) -> None:
        if self.catalog is None:
            self.catalog = Catalog(self.store)
        if self.services is None:
            self.services = Services(self.settings, self.store)
        elif self.services.store is None:     # built before the store (the CLI, the server)
            self.services.store = self.store

    def coverage(self, refresh: bool = False) -> list[SymbolSummary]:
        """Symbols with their stored date ranges (cached; the planner reads it every request)."""
        if refresh:
            self.catalog.invalidate()
        return self.catalog.get().coverage

    def context(self, now: date | str | None = None):
        from agent.llm.base import DataRange, ProviderContext

        today = date.fromisoformat(now) if isinstance(now, str) else (now or self.settings.today())
        snap = self.catalog.get()
        ranges = [DataRange(symbol=c.symbol, first=c.first, last=c.last)
                  for c in snap.coverage if c.first and c.last]
        return ProviderContext(instruments=snap.instruments, today=today, ranges=ranges)

    def refresh(self) -> None:
        """After a load in this process: the next read of instruments and coverage reads the store
        again (callers meanwhile keep the values they had)."""
        self.catalog.invalidate()


def _offline() -> Provider:
    from agent.llm.offline.provider import OfflineProvider

    return OfflineProvider()


def build_deps(settings: Settings | None = None, store: MarketStore | None = None,
               provider: Provider | None = None, services: Services | None = None) -> Deps:
    """A world's deps; its services are `services` (a composition root that opened them first) or
    a new container (close it with `deps.services.close()` when the world ends)."""
    settings = settings or get_settings()
    from agent.llm.offline.provider import OfflineProvider

    return Deps(settings=settings, store=store or open_store(settings),
                provider=provider or make_provider(settings), fallback=OfflineProvider(),
                services=services)  # type: ignore[arg-type]  # None: a new container


class RunOptions(TypedDict):
    context: Deps
    durability: Literal["exit"]


def run_options(deps: Deps) -> RunOptions:
    """Keyword arguments for every graph.invoke / stream / astream of AskBar's graph.

    durability="exit": checkpoint when a run stops (answer or interrupt), not after every node, so a
    run killed midway leaves the thread as it was (still waiting for the same answer), and a question
    writes one checkpoint instead of seven."""
    return {"context": deps, "durability": "exit"}
