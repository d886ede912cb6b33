"""The offline provider: a deterministic multilingual (EN/RU/ES) parser and answer templates.

Modules by job: lang (normalising, language, months), numbers, symbols, periods (+ period_patterns,
relative), conditions (events, windows, top-N), metrics (claim types, indicators, patterns), cues,
followups (history, summaries), clarify, understand, plan, analyze (+ templates, texts), provider.
"""
from agent.llm.offline.provider import OfflineProvider

__all__ = ["OfflineProvider"]
