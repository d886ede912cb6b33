"""English: see __init__."""
from typing import Any

AGENTS: dict[str, Any] = {
    # agents/confirm_plan.py: the words answering the plan card (its buttons' numbers are in code)
    "confirm_plan": {"_EXECUTE": ["execute", "yes", "y", "ok", "run"], "_SIMPLIFY": ["simplify"],
                     "_CANCEL": ["cancel", "no"],
                     "_AGAIN": "Please answer execute, simplify or cancel."},
    # agents/no_data.py: the words that cancel at the no-data card
    "no_data": {"_CANCEL": ["cancel", "no"]},
    # agents/confirm_action.py: the answer when the user cancels a trading action
    "confirm_action": {"_CANCELLED": "Cancelled: nothing was executed."},
}
