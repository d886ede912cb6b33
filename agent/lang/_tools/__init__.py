"""Per language, the words of the tool catalogue's chat answers and relevance (agent/tools/, agent/memory/, agent/llm/prompts.py, query_builder/declarations.py). Kept apart from the packs' other sections so work on one part does not
touch another (merged into each pack as its "tool_words" section)."""
