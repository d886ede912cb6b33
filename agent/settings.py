"""One settings object for the whole process.

Explicit arguments win over the environment; the environment (prefix ASKBAR_) only fills defaults.
"""
from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Engine = Literal["duckdb", "postgres"]


def _csv(value: str) -> list[str]:
    return [v.strip().lower() for v in (value or "").split(",") if v.strip()]


class ServerOptions(BaseModel):
    """The server's knobs (environment ASKBAR_<FIELD>, like every setting): part of Settings."""

    @property
    def host_names(self) -> list[str]:
        """Accepted Host names: the configured ones plus the bound address (unless a wildcard)."""
        names = _csv(self.allowed_hosts)
        if self.host not in ("0.0.0.0", "::", ""):
            names.append(f"[{self.host}]" if ":" in self.host else self.host.lower())
        return names

    @property
    def cors_list(self) -> list[str]:
        return _csv(self.cors_origins)

    run_ttl_s: int = 3600            # how long a finished run's events stay replayable
    run_stale_s: float = 30.0        # a running run without a heartbeat this long is lost (server died)
    max_body_bytes: int = 64_000     # larger request bodies get 413
    registry_max_body_bytes: int = 1_000_000   # /api/v1 bodies (tool schemas are larger): 413 past it
    max_question_chars: int = 2000
    ping_s: float = 15.0             # SSE keep-alive comment interval (0: no pings)
    sse_send_timeout_s: float = 30.0  # a client that takes longer to accept one SSE write is dropped
    sse_drain_s: float = 10.0        # on shutdown, open run streams forward this long, then `reconnect`
    shutdown_grace_s: float = 20.0   # running runs get this long to finish on shutdown
    pg_checkpoint_pool: int = 10
    # how often a server asks whether data was loaded since it read symbols and ranges (a one-row
    # query; they are read again only when a load moved the coverage version: agent/market/catalog.py)
    coverage_refresh_s: float = 10.0
    redis_warm_connections: int = 32  # opened at startup (a burst would open them one by one)
    max_concurrent_runs: int = 8     # graph runs executing at once; more wait (FIFO) after run_start
    # Identity and bounded work
    host: str = "127.0.0.1"          # the address `askbar serve` binds (local mode only on loopback)
    jwt_secret: str | None = None    # HS256 secret for service JWTs; none: JWTs are refused
    allowed_hosts: str = "localhost,127.0.0.1,[::1]"  # Host header names, comma-separated; "*": any
    cors_origins: str = ""           # comma-separated origins allowed cross-site (none: no CORS)
    rate_limit: str = "30/minute"    # chats + resumes per user (limits' moving window)
    max_queued_runs: int = 32        # runs waiting for a slot; past it new runs get 429
    max_user_runs: int = 4           # runs in flight (running or queued) per user
    max_json_depth: int = 32         # nesting of request bodies
    max_plan_steps: int = 20         # steps of a plan a client may send back (confirm_plan edits)
    auth_cache_s: float = 2.0        # how long "are there users?" is cached (local mode check)
    checkpoint_keep: int = 50        # checkpoints kept per thread after each run (0: keep all)
    thread_retention_days: float = 0  # delete threads idle this long (0: keep forever)
    retention_every_s: float = 3600  # how often the thread retention sweep runs
    schedule_tick_s: float = 15.0    # how often a server looks for due schedules (0: it runs none)
    # Per-user caps, all here (0: none). One past the cap is refused with 429 and the limit
    # (`check_user_cap` below): a free user made 2,000 threads in 40 s and opened 1,000 WebSockets.
    max_threads_per_user: int = Field(default=1000, ge=0)
    max_websockets_per_user: int = Field(default=20, ge=0)
    max_schedules_per_user: int = Field(default=50, ge=0)
    max_alerts_per_user: int = Field(default=200, ge=0)       # active alerts
    max_feed_subscriptions_per_user: int = Field(default=50, ge=0)


UserCap = Literal["threads", "websockets", "schedules", "alerts", "feed_subscriptions"]


class CapReached(Exception):
    """A user already has `limit` of `kind` (the server answers 429 with the limit)."""

    def __init__(self, kind: UserCap, limit: int):
        self.kind, self.limit = kind, limit
        what = kind.replace("_", " ")
        super().__init__(f"limit reached: at most {limit} {what} per user; remove one first")


def check_user_cap(settings: "ServerOptions", kind: UserCap, count: int) -> None:
    """Raise CapReached when a user holding `count` of `kind` may not add one more."""
    limit = int(getattr(settings, f"max_{kind}_per_user"))
    if limit and count >= limit:
        raise CapReached(kind, limit)


class Settings(BaseSettings, ServerOptions):
    model_config = SettingsConfigDict(env_prefix="ASKBAR_", extra="ignore")

    home: Path = Field(default_factory=lambda: Path.home() / ".askbar")
    database_url: str | None = None      # postgresql://... selects the Postgres engine
    redis_url: str | None = None
    now: date | None = None              # fixes "today" for relative periods (tests)
    llm: Literal["offline", "gemini"] | None = None
    gemini_base_url: str | None = None
    # ---- Gemini (agent/llm/gemini.py; owner: gemini area) -------------------------------------
    # The key falls back to GEMINI_API_KEY / GOOGLE_API_KEY.
    gemini_api_key: str | None = None
    gemini_api_version: str = "v1beta"   # REST path /v1beta/models/{model}:generateContent
    # Models per agent: ids Google serves now (read 2026-11-23). The 2.5 generation is shut down or
    # re-routed from 2026-12-01 (https://ai.google.dev/gemini-api/docs/deprecations); Google's
    # replacements are gemini-3.5-flash-lite for 2.5 Flash and gemini-3.8-flash for 2.5 Pro, so the
    # seed's "Flash for understander/planner, Pro for analyst/educator" maps onto those two.
    gemini_model_understander: str = "gemini-3.5-flash-lite"
    gemini_model_planner: str = "gemini-3.5-flash-lite"
    gemini_model_analyst: str = "gemini-3.8-flash"
    gemini_model_educator: str = "gemini-3.8-flash"
    gemini_model_summarizer: str = "gemini-3.5-flash-lite"
    # Thinking per agent: minimal | low | medium | high (Gemini 3 `thinking_level`; 2.x models get
    # the matching `thinking_budget`). Parsing and planning are extraction tasks: low keeps latency
    # and thinking tokens (billed as output) down; "" leaves the model's default.
    gemini_thinking_understander: str = "low"
    gemini_thinking_planner: str = "low"
    gemini_thinking_analyst: str = "low"
    gemini_thinking_educator: str = "low"
    gemini_thinking_summarizer: str = "minimal"
    # Temperature by model family (longest prefix of the model id wins). Google's Gemini 3 guide
    # advises keeping the default 1.0 (lower values can make the model loop); 2.x stays at 0.
    gemini_temperatures: dict[str, float] = Field(
        default_factory=lambda: {"gemini-3": 1.0, "gemini-2": 0.0})
    gemini_temperature: float | None = None  # one value for every model (overrides the table)
    gemini_timeout_s: float = 12.0       # per call, capped by the agent's budget (agent/budget.py)
    gemini_retries: int = 2              # HTTP 429 only (seed error table); timeouts/5xx never
    gemini_retry_backoff_s: float = 2.0  # first pause; doubles per retry
    gemini_check_models: bool = True     # models.get of the configured ids at server start-up
    gemini_analyst_rows: int = 30        # rows the analyst sees per step: the findings (events, periods)
    # Points of a SERIES (period bars, intraday bars, indicator values) the analyst sees: none by
    # default: the slot list holds every value it may write; its rows only feed a chart.
    gemini_analyst_series_rows: int = 0
    # Explicit cached content (agent/llm/gemini_cache.py) for an agent's static system instruction
    # and declaration, when they reach the model's minimum (4,096 tokens for Gemini 3.x Flash):
    # off by default, the static parts of AskBar's agents are below it (benchmarks/RESULTS.md).
    gemini_explicit_cache: bool = False
    gemini_cache_ttl_s: int = 3600
    gemini_cache_min_tokens: int | None = None   # override of the per-model minimum (tests, stubs)
    gemini_prices_path: Path | None = None                   # JSON {model: {input, output}} USD/1M
    gemini_prices: dict[str, dict[str, float]] | None = None  # same, inline (merged last)
    pg_pool_max: int = 8
    # Tool Registry Service (agent/registry). Hosts tenant tools may call: comma-separated host names
    # or host:port; empty = none (a tenant can never reach internal addresses by default).
    registry_allowed_hosts: str = ""
    registry_key: str | None = None          # Fernet key for tenant secrets; default: ASKBAR_HOME/registry.key
    # A task's message idle this long (no heartbeat from its worker) is claimed by another worker;
    # live workers renew their tasks' leases every quarter of it, so a kill -9 costs about this long.
    registry_visibility_timeout_s: float = 5.0
    registry_max_attempts: int = 3           # retryable failures: attempts before the dead-letter stream
    registry_backoff_s: float = 0.5          # first retry pause; doubles per attempt
    registry_batch: int = 16                 # messages read per poll; run in priority order (9 first)
    registry_concurrency: int = 32           # tasks one worker runs at once (async I/O)
    registry_workers: int | None = None      # in-server workers; default 2 embedded, 0 with Redis
    registry_namespace: str = ""             # separates deployments sharing one Redis (tests)
    # Paper trading (agent/trading): starting cash of a new paper account, in the
    # account currency; how often GET /api/notifications looks for new rows when Redis is not set.
    trading_starting_cash: float = Field(default=100_000.0, gt=0)
    notifications_poll_s: float = Field(default=1.0, gt=0)
    # A notification toast in the chat UI hides itself after this many seconds (never left over
    # the answer); the fill or alert stays in the account panel.
    ui_toast_s: float = Field(default=8.0, gt=0)
    # The chat UI's live price line: how often it asks for the prices of the symbols in view, and
    # how long after its last bar ended a symbol's feed counts as quiet (marked in the line).
    live_poll_s: float = Field(default=2.0, gt=0)
    live_quiet_s: float = Field(default=120.0, gt=0)
    # Tools: Redis key prefix of tool rate limits and cached results (tests use a uuid).
    tools_redis_prefix: str = "askbar"
    # Schedules (agent/schedules): the hosts a scheduled answer's webhook may be sent to (the
    # registry's rule: host or host:port, comma-separated; empty = none); the per-user cap is
    # max_schedules_per_user with the other caps.
    webhook_allowed_hosts: str = ""
    # Memory (agent/memory): Redis key prefix of short-term memory (tests use a unique one).
    memory_key_prefix: str = "askbar:"

    @property
    def engine(self) -> Engine:
        return "postgres" if self.database_url else "duckdb"

    @property
    def duckdb_path(self) -> Path:
        return self.home / "market.duckdb"

    def gemini_key(self) -> str | None:
        return (self.gemini_api_key or os.environ.get("GEMINI_API_KEY")
                or os.environ.get("GOOGLE_API_KEY") or None)

    def today(self) -> date:
        return self.now or date.today()


def get_settings(**overrides) -> Settings:
    """Settings from the environment, with explicit keyword arguments taking precedence."""
    return Settings(**{k: v for k, v in overrides.items() if v is not None})
