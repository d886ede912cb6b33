"""LLM providers: one interface (agent.llm.base.Provider), an offline parser and (later) Gemini.

`get_provider()` picks by ASKBAR_LLM (offline|gemini); default gemini when GEMINI_API_KEY or
GOOGLE_API_KEY is set, else offline. The Gemini backend lives in agent.llm.gemini (another module);
when it is not importable the offline provider is returned.
"""
from __future__ import annotations

import os

from agent.llm.base import DataRange, Provider, ProviderContext

__all__ = ["DataRange", "Provider", "ProviderContext", "get_provider", "provider_name"]


def provider_name(explicit: str | None = None) -> str:
    name = explicit or os.environ.get("ASKBAR_LLM")
    if name:
        return name.lower()
    return "gemini" if (os.environ.get("GEMINI_API_KEY") or os.environ.get("GOOGLE_API_KEY")) else "offline"


def get_provider(name: str | None = None) -> Provider:
    """The configured provider instance."""
    chosen = provider_name(name)
    if chosen == "gemini":
        try:
            from agent.llm.gemini import GeminiProvider  # type: ignore[import-not-found]
        except ImportError:
            chosen = "offline"
        else:
            return GeminiProvider()
    from agent.llm.offline import OfflineProvider
    return OfflineProvider()
