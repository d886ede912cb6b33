"""Russian: see __init__."""
from typing import Any

AGENTS: dict[str, Any] = {
    "confirm_plan": {"_EXECUTE": ["выполнить", "да"], "_SIMPLIFY": ["упростить"],
                     "_CANCEL": ["отмена", "отменить", "нет"],
                     "_AGAIN": "Ответьте: выполнить, упростить или отмена."},
    "no_data": {"_CANCEL": ["отмена", "нет"]},
    "confirm_action": {"_CANCELLED": "Отменено: ничего не выполнено."},
}
