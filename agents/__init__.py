"""One module per graph node; graph.py wires them."""
