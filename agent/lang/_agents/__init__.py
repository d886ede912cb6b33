"""Per language, the words of the graph's own nodes (agents/). Kept apart from the packs' other sections so work on one part does not
touch another (merged into each pack as its "agent_words" section)."""
