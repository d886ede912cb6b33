"""One builder per plan action: Context -> BuiltQuery. Each is bound to its action name by the
action's declaration (query_builder/declarations.py); BUILDERS is a view of them."""
from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "BUILDERS":
        from query_builder import declare  # the declarations import this package's modules

        return {n: d.builder for n, d in declare.actions().items()}
    raise AttributeError(name)
