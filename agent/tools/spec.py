"""The declaration of one tool: the shared contract of the registry, executor and catalogue.

Each tool is declared ONCE as a ToolSpec in `agent/tools/catalog/<category>.py` (`TOOLS = [...]`);
the registry, the executor, the OpenAI / Gemini / MCP exports, the CLI, HTTP and the graph all read
that declaration. Handlers are plain functions `handler(ctx, params) -> dict` (JSON-able data);
the caller's identity comes only from `ctx.user` (set from the token / --user by code).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel

from agent.identity.models import Plan, User

if TYPE_CHECKING:
    from agent.market.store import MarketStore
    from agent.settings import Settings
    from agent.storage.appdb import AppDB

Category = Literal["market", "news", "ml", "portfolio", "trading", "alerts", "calculate",
                   "watchlist", "education", "memory", "external"]
ErrorCode = Literal["TOOL_NOT_FOUND", "PLAN_REQUIRED", "SCOPE_REQUIRED", "RATE_LIMIT",
                    "VALIDATION_ERROR", "EXECUTION_ERROR", "LIMIT_REACHED"]

# Seed 000/001 (ToolExecutor.getCacheTTL): seconds a read-only result may be reused, per category;
# anything else 30. Catalogue modules pass `cache_ttl_s=SEED_CACHE_TTL["market"]` etc.; the
# executor never caches trading, alerts or a tool that `mutates`, whatever its TTL. Per-user state
# read by one tool and changed by another (watchlist, memory) is 0 here so an "add" is seen at once.
SEED_CACHE_TTL: dict[str, int] = {"market": 5, "news": 300, "ml": 60, "portfolio": 10,
                                  "calculate": 0, "watchlist": 0, "memory": 0, "trading": 0,
                                  "alerts": 0, "education": 30, "external": 30}


@dataclass(frozen=True)
class RateLimit:
    per_minute: int | None = None
    per_hour: int | None = None
    per_day: int | None = None


# ToolContext.extra key of a confirmed action's idempotency key: set only by
# ToolExecutor.execute(idempotency_key=...), from code (the checkpointed action id), never from params.
IDEMPOTENCY_KEY = "idempotency_key"

_SYMBOL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$")


def _stored_symbol(v: str) -> str:
    if not _SYMBOL.match(v):
        raise ValueError("a symbol is 1-20 letters, digits, '.', '_' or '-'")
    return v.upper()


# A tool parameter naming a stored instrument (news, ML tools): checked, then upper-cased.
StoredSymbol = Annotated[str, AfterValidator(_stored_symbol)]


@dataclass
class ToolContext:
    """What a handler may use. Built by code for the authenticated user; never from model output."""
    user: User
    settings: Settings
    store: MarketStore
    appdb: AppDB
    now: datetime | None = None          # market clock for tests (ASKBAR_NOW); None = wall clock
    # the world's Memory (agent/services.py), opened when a memory tool first asks for it
    memory: Callable[[], Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class ToolError(Exception):
    """A handler or validator refusing with one of the executor's codes and a user-facing message."""

    def __init__(self, code: ErrorCode, message: str):
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


Handler = Callable[[ToolContext, Any], dict[str, Any]]
Validator = Callable[[ToolContext, Any], None]                 # raises ToolError("VALIDATION_ERROR")
PostProcessor = Callable[[ToolContext, Any, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class ToolSpec:
    id: str                               # "category.name", unique
    name: str                             # unique function name, e.g. "get_price"
    description: str                      # what it does, for the LLM and the catalogue
    category: Category
    params: type[BaseModel]               # pydantic model of the parameters
    handler: Handler
    required_plan: Plan = "free"
    rate_limit: RateLimit = RateLimit(per_minute=30)
    validator: Validator | None = None
    post_processor: PostProcessor | None = None
    cache_ttl_s: int | None = None        # None: never cached (always for trading and alerts)
    # Per-user state the cached result depends on beyond the loaded data (the paper fills of a
    # portfolio): a short string that changes with it, carried in the cache key.
    state_version: Callable[[ToolContext], str] | None = None
    mutates: bool = False                 # changes something: the graph asks confirm_action first
    # MCP tool annotations (exports.mcp_annotations): what the tool does to the user's state.
    writes: bool | None = None            # changes state without a confirmation (None: = mutates)
    destructive: bool = False             # may remove or replace something (orders, deletions)
    idempotent: bool = False              # a repeated call with the same arguments changes nothing more
    claims: tuple[str, ...] = ()          # result fields the answer may state as slots
    # The chart of its answer in the chat UI: a builder of agent/server/charts/
    # (tools.py, tool_answers.py), or "none:<why>", <why> a key of the packs' ui.chart_none.
    chart: str = ""

    @property
    def scope(self) -> str:
        """The token scope a call needs (agent/identity/scopes.py): paper orders `trade`, anything
        else that changes something `write`, reading `read`."""
        if not (self.mutates or self.writes):
            return "read"
        return "trade" if self.category == "trading" else "write"
