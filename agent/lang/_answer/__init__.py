"""The answer side's words per language, kept apart from the packs' other sections so
the understanding and UI work can edit the packs without touching these (merged into each pack as
its "answer" section): prose templates and falsifiable word lists (<code>.py), the closed
vocabulary (closed_<code>.py), the validator's check words and the formatter's words
(checks_<code>.py). Read by agent/answer/ and the offline templates."""
