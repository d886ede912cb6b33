"""Russian: see __init__."""
from typing import Any

NLU: dict[str, Any] = {}
