"""Per language, instrument names and the number, year and abbreviation words the offline parser reads (agent/market/instruments.py, agent/nlu/ symbols, numbers, years). Kept apart from the packs' other sections so work on one part does not
touch another (merged into each pack as its "words" section)."""
