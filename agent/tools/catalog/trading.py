"""Trading tools (seed 000): paper orders on market time. Pro plan; never cached; the ones that
change something (`mutates=True`) wait for the graph's confirm_action before they run."""
from __future__ import annotations

from typing import Any

from agent.market.tx import read
from agent.tools.spec import RateLimit, ToolContext, ToolSpec
from agent.trading import service
from agent.trading.idempotency import already_closed, key_of, keyed_id
from agent.trading.params import CancelOrder, CreateOrder, NoParams
from agent.trading.tooling import as_params, publish, receipt, starting_cash


def validate_order(ctx: ToolContext, params: Any) -> None:
    """The seed's tradingValidator.validateOrder (raises ToolError VALIDATION_ERROR). A repeat of
    a confirmed action whose order is already placed is not checked again (its own fill would now
    count against the cash): the handler answers with that order."""
    p = as_params(CreateOrder, params)
    if keyed_id(read(ctx.store), ctx.user, "order", key_of(ctx)):
        return
    service.check_order(read(ctx.store), ctx.user, p, starting_cash(ctx))


def create_paper_order(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(CreateOrder, params)
    result, notes = service.place_order(ctx.store, ctx.user, p, starting_cash(ctx), key_of(ctx))
    publish(ctx, notes)
    return result


def confirmation_receipt(ctx: ToolContext, params: Any, result: dict[str, Any]) -> dict[str, Any]:
    """The seed's requireConfirmation post-processor: the graph confirmed BEFORE the handler ran
    (confirm_action); the result carries the same sentence the user confirmed, for the answer."""
    p = as_params(CreateOrder, params)
    return {**result, "confirmation": receipt(ctx, "create_paper_order", p,
                                              {"last_bar_ts": result.get("as_of")})}


def cancel_paper_order(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(CancelOrder, params)
    done = already_closed(read(ctx.store), ctx.user, "order", p.order_id) if key_of(ctx) else None
    if done:                       # a confirmed cancellation run again: say so, change nothing
        return done
    order = service.cancel_order(ctx.store, ctx.user, p.order_id)
    return {"order": order.model_dump(mode="json"), "cancelled": True}


def get_pending_orders(ctx: ToolContext, params: Any) -> dict[str, Any]:
    as_params(NoParams, params)
    orders = service.list_orders(ctx.store, ctx.user, "pending")
    return {"orders": [o.model_dump(mode="json") for o in orders], "count": len(orders)}


TOOLS: list[ToolSpec] = [
    ToolSpec(id="trading.create_paper_order", name="create_paper_order", chart="none:tool",
             description="Place a paper-trading order (market, limit, stop, stop_limit; buy/sell) on "
                         "market time: a market order fills at the last stored bar's close, the "
                         "others on the bars loaded later (requires confirmation)",
             category="trading", params=CreateOrder, handler=create_paper_order,
             required_plan="pro", rate_limit=RateLimit(per_minute=10), validator=validate_order,
             post_processor=confirmation_receipt, mutates=True, destructive=True,
             claims=("fill.price", "order.quantity", "order.limit_price", "order.stop_price")),
    ToolSpec(id="trading.cancel_paper_order", name="cancel_paper_order", chart="none:tool",
             description="Cancel one of the user's pending paper orders",
             category="trading", params=CancelOrder, handler=cancel_paper_order,
             required_plan="pro", rate_limit=RateLimit(per_minute=20), mutates=True,
             destructive=True, idempotent=True),
    ToolSpec(id="trading.get_pending_orders", name="get_pending_orders", chart="none:orders",
             description="The user's pending paper orders",
             category="trading", params=NoParams, handler=get_pending_orders,
             required_plan="pro", rate_limit=RateLimit(per_minute=30), claims=("count",)),
]
