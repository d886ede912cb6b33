"""LLM providers: one interface (agent.llm.base.Provider), the offline parser and Gemini.

`get_provider()` is the same choice the graph makes (make_provider): Gemini when
ASKBAR_LLM=gemini or a GEMINI_API_KEY / GOOGLE_API_KEY is set (and ASKBAR_LLM is not "offline"),
the offline provider otherwise.
"""
from __future__ import annotations

from typing import Any

from agent.llm.base import DataRange, Provider, ProviderContext

__all__ = ["DataRange", "Provider", "ProviderContext", "get_provider", "make_provider"]


def get_provider(settings=None) -> Provider:
    """The configured provider instance."""
    from agent.settings import get_settings

    return make_provider(settings or get_settings())


def make_provider(settings: Any):
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
