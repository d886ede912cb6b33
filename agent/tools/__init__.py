"""The tools system (seeds 000/001, DESIGN.md "Tools"): declarations, registry, executor, catalogue."""
