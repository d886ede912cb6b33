"""Portfolio tools (seed 000): the paper account's positions, cash, P&L and trade history (pro)."""
from __future__ import annotations

from typing import Any

from agent.tools.spec import SEED_CACHE_TTL, RateLimit, ToolContext, ToolSpec
from agent.trading import service
from agent.trading.params import NoParams, TradeHistory
from agent.trading.tooling import as_params, starting_cash


def get_portfolio(ctx: ToolContext, params: Any) -> dict[str, Any]:
    as_params(NoParams, params)
    return service.account(ctx.store, ctx.user, starting_cash(ctx)).model_dump(mode="json")


def fills_version(ctx: ToolContext) -> str:
    """The user's fills and starting cash as a cache-key part: a fill or a new account is seen at
    once, while repeated reads within the seed's 10 s reuse the computed account."""
    from agent.market.tx import read
    from agent.trading.sql import USER_FILLS_VERSION

    row = read(ctx.store).one(USER_FILLS_VERSION, service.owner(ctx.user)) or {}
    return f"fills{row.get('n')}:{row.get('last')}:{row.get('cash')}"


def get_trade_history(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(TradeHistory, params)
    fills = service.trade_history(ctx.store, ctx.user, p.limit, p.symbol)
    return {"trades": [f.model_dump(mode="json") for f in fills], "count": len(fills)}


TOOLS: list[ToolSpec] = [
    ToolSpec(id="portfolio.get_positions", name="get_portfolio", chart="portfolio",
             description="The user's paper positions with cash, equity, realised and unrealised P&L, "
                         "marked at the last stored bar (as of its time)",
             category="portfolio", params=NoParams, handler=get_portfolio, required_plan="pro",
             rate_limit=RateLimit(per_minute=30), cache_ttl_s=SEED_CACHE_TTL["portfolio"],
             state_version=fills_version,
             claims=("cash", "equity", "realized_pnl", "unrealized_pnl", "starting_cash")),
    ToolSpec(id="portfolio.get_history", name="get_trade_history", chart="none:trades",
             description="The user's paper fills, newest first (optionally one symbol)",
             category="portfolio", params=TradeHistory, handler=get_trade_history,
             required_plan="pro", rate_limit=RateLimit(per_minute=20), claims=("count",)),
]
