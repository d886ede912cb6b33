"""Spanish: see __init__."""
from typing import Any

TOOLS: dict[str, Any] = {}
