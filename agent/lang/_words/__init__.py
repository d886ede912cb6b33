"""Per language, instrument aliases and the words the offline parser reads before its grammar:
number and year words, month and weekday words of written shorthands, date fragments, the words
joining symbols, letters and accents (agent/market/instruments.py; agent/nlu/ abbreviations,
fuzzy, lang, named_days, numbers, parse, period_math, period_patterns, symbols, year_words). One
entry per module, named after it. Kept apart from the packs' other sections so work on one part
does not touch another (merged into each pack as its "words" section)."""
