"""Glue between the tool contract (ToolContext, pydantic params) and the paper account service."""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from agent import lang as packs
from agent.tools.spec import ToolContext, ToolError
from agent.trading import notify
from agent.trading.texts import describe_action

P = TypeVar("P", bound=BaseModel)


def as_params(model: type[P], params: Any) -> P:
    """The executor passes the validated model; direct callers may pass a dict."""
    if isinstance(params, model):
        return params
    try:
        return model.model_validate(params if isinstance(params, dict) else dict(params or {}))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "parameters"
        raise ToolError("VALIDATION_ERROR", f"{where}: {first['msg']}") from None


def starting_cash(ctx: ToolContext) -> float:
    return float(getattr(ctx.settings, "trading_starting_cash", 100_000.0))


def publish(ctx: ToolContext, notes: list[dict[str, Any]]) -> None:
    notify.publish(getattr(ctx.settings, "redis_url", None), notes)


def receipt(ctx: ToolContext, tool: str, params: BaseModel, context: dict[str, Any]) -> dict[str, Any]:
    """What was executed, in the very words the confirm_action preview used (all three languages)."""
    data = params.model_dump()
    return {"tool": tool, "params": data, "language": ctx.user.language,
            "text": describe_action(tool, data, ctx.user.language, context),
            "text_by_lang": {lang: describe_action(tool, data, lang, context)
                             for lang in packs.codes()}}
