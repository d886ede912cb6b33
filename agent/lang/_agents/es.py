"""Spanish: see __init__."""
from typing import Any

AGENTS: dict[str, Any] = {}
