"""The askbar command line: one module per command group (main.py builds the parser)."""
