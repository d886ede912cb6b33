"""News: headlines store and loader, the finance sentiment scorer, per-session aggregation."""
