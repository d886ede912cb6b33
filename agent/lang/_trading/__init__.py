"""Per language, the words of paper trading, alerts and their confirmations (agent/trading/). Kept apart from the packs' other sections so work on one part does not
touch another (merged into each pack as its "trading_words" section)."""
