"""Spanish: see __init__."""
from typing import Any

AGENTS: dict[str, Any] = {
    "confirm_plan": {"_EXECUTE": ["ejecutar", "sí", "si"], "_SIMPLIFY": ["simplificar"],
                     "_CANCEL": ["cancelar", "no"],
                     "_AGAIN": "Responde: ejecutar, simplificar o cancelar."},
    "no_data": {"_CANCEL": ["cancelar", "no"]},
    "confirm_action": {"_CANCELLED": "Cancelado: no se ejecutó nada."},
}
