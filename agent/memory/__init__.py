"""Context and memory (seed 002): context builder, token budget, summaries, short- and long-term memory.

- models.py        the FullContext contract (user, market, conversation, memory, system)
- market_status.py open / closed / pre-market / after-hours from exchange calendars
- context.py       the context builder (parts gathered concurrently, each optional)
- tokens.py        tiktoken counter (offline encoding) and the seed's compressor
- summary.py       conversation summariser (LLM with a code fallback; validated numbers only)
- short_term.py    Redis keys with a 1 h TTL (in process without Redis)
- long_term.py     LangGraph store (Postgres / SQLite), namespaced by tenant and user
- conversation.py  per-thread record of answered turns, rolling summary and window
- learn.py         what a finished turn teaches (EN / RU / ES cues, symbols used)
- defaults.py      memory defaults for the understander ("your usual symbol")
- system_prompt.py the seed's system prompt sections
- service.py       Memory: the one object the graph, tools, CLI and HTTP use
"""
