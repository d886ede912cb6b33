"""Russian: see __init__."""
from typing import Any

TRADING: dict[str, Any] = {}
