"""LLM providers: one interface (agent.llm.base.Provider), the offline parser and Gemini.

`get_provider()` is the same choice the graph makes (agent.deps.make_provider): Gemini when
ASKBAR_LLM=gemini or a GEMINI_API_KEY / GOOGLE_API_KEY is set (and ASKBAR_LLM is not "offline"),
the offline provider otherwise.
"""
from __future__ import annotations

from agent.llm.base import DataRange, Provider, ProviderContext

__all__ = ["DataRange", "Provider", "ProviderContext", "get_provider"]


def get_provider(settings=None) -> Provider:
    """The configured provider instance."""
    from agent.deps import make_provider
    from agent.settings import get_settings

    return make_provider(settings or get_settings())
