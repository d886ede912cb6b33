"""Named post-processors: BuiltQuery.post -> function(rows, post_args, extra_rows) -> Output.

The names and functions come from the action declarations (query_builder/declarations.py).
"""
from __future__ import annotations

from typing import Any

from query_builder import declare
from query_builder.base import Args, Extra, Output, Rows
from query_builder.convert import jsonable_rows


def __getattr__(name: str) -> Any:
    """POST_PROCESSORS (name -> function): a view of the declarations, read at the time asked."""
    if name == "POST_PROCESSORS":
        return declare.post_processors()
    raise AttributeError(name)


def apply(name: str | None, rows: Rows, args: Args, extra: Extra) -> Output:
    if name is None:
        return Output(jsonable_rows(rows))
    out: Output = declare.post_processors()[name](rows, args, extra)
    return out
