"""Per language, the rest of the offline parser's words: conditions, tool intents, windows, periods, follow-ups, clarifications (agent/nlu/). Kept apart from the packs' other sections so work on one part does not
touch another (merged into each pack as its "nlu_words" section)."""
