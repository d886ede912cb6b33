"""Russian: see __init__."""
from typing import Any

WORDS: dict[str, Any] = {}
