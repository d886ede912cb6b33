"""The answer side's words per language, kept apart from the packs' other sections so
the understanding and UI work can edit the packs without touching these (merged into each pack as
its "answer" section). Read by agent/answer/statements.py and the offline templates."""
