"""The offline understanding: a deterministic multilingual (EN/RU/ES) reader of questions.

Modules by job: lang (normalising, language, months), numbers, symbols, periods (+ period_patterns,
relative), conditions (events, windows, top-N), metrics (claim types, indicators, patterns), cues,
followups (history, summaries), clarify, understand. The offline LLM provider
(`agent/llm/offline/`) answers with it; the answer checks read its language helpers.
"""
