"""One settings object for the whole process.

Explicit arguments win over the environment; the environment (prefix ASKBAR_) only fills defaults.
"""
from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Engine = Literal["duckdb", "postgres"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ASKBAR_", extra="ignore")

    home: Path = Field(default_factory=lambda: Path.home() / ".askbar")
    database_url: str | None = None      # postgresql://... selects the Postgres engine
    redis_url: str | None = None
    now: date | None = None              # fixes "today" for relative periods (tests)
    llm: Literal["offline", "gemini"] | None = None
    gemini_base_url: str | None = None
    pg_pool_max: int = 8

    @property
    def engine(self) -> Engine:
        return "postgres" if self.database_url else "duckdb"

    @property
    def duckdb_path(self) -> Path:
        return self.home / "market.duckdb"

    def today(self) -> date:
        return self.now or date.today()


def get_settings(**overrides) -> Settings:
    """Settings from the environment, with explicit keyword arguments taking precedence."""
    return Settings(**{k: v for k, v in overrides.items() if v is not None})
