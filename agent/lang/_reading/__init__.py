"""The stated reading's words per language: the first line of every answer (what it answered) and
the sentences declining a part of the question (agent/nlu/stated.py, agent/nlu/declines.py). Kept
apart from the packs' other sections so other work on the packs does not touch them (merged into
each pack as its "reading" section)."""
