"""Watchlist tools (seed 000): the user's own list of symbols, stored per tenant and user in the
application database. Only symbols the market store knows can be added."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from agent.tools import market_data as md
from agent.tools.spec import SEED_CACHE_TTL, RateLimit, ToolContext, ToolSpec

SELECT = ("SELECT symbol, added_at FROM watchlist_items WHERE tenant_id = %s AND user_id = %s "
          "ORDER BY added_at, symbol")
INSERT = ("INSERT INTO watchlist_items (tenant_id, user_id, symbol) VALUES (%s, %s, %s) "
          "ON CONFLICT (tenant_id, user_id, symbol) DO NOTHING")
DELETE = "DELETE FROM watchlist_items WHERE tenant_id = %s AND user_id = %s AND symbol = %s"
EXISTS = "SELECT 1 AS x FROM watchlist_items WHERE tenant_id = %s AND user_id = %s AND symbol = %s"
MAX_ITEMS = 200


class NoParams(BaseModel):
    pass


class SymbolParams(BaseModel):
    symbol: md.Symbol


def _items(ctx: ToolContext) -> list[str]:
    rows = ctx.appdb.execute(SELECT, (ctx.user.tenant_id, ctx.user.user_id))
    return [r["symbol"] for r in rows]


def get_watchlist(ctx: ToolContext, p: NoParams) -> dict[str, Any]:
    symbols = _items(ctx)
    return {"symbols": symbols, "count": len(symbols)}


def add_to_watchlist(ctx: ToolContext, p: SymbolParams) -> dict[str, Any]:
    from agent.tools.spec import ToolError

    inst = md.instrument_or_error(ctx.store, p.symbol)
    u = ctx.user
    with ctx.appdb.transaction() as tx:
        present = tx.one(EXISTS, (u.tenant_id, u.user_id, inst.symbol)) is not None
        if not present:
            count = len(tx.execute(SELECT, (u.tenant_id, u.user_id)))
            if count >= MAX_ITEMS:
                raise ToolError("VALIDATION_ERROR", f"the watchlist holds at most {MAX_ITEMS} symbols")
            tx.execute(INSERT, (u.tenant_id, u.user_id, inst.symbol))
    symbols = _items(ctx)
    return {"symbol": inst.symbol, "added": not present, "symbols": symbols, "count": len(symbols)}


def remove_from_watchlist(ctx: ToolContext, p: SymbolParams) -> dict[str, Any]:
    symbol = p.symbol.strip().upper()
    u = ctx.user
    with ctx.appdb.transaction() as tx:
        present = tx.one(EXISTS, (u.tenant_id, u.user_id, symbol)) is not None
        tx.execute(DELETE, (u.tenant_id, u.user_id, symbol))
    symbols = _items(ctx)
    return {"symbol": symbol, "removed": present, "symbols": symbols, "count": len(symbols)}


_NO_CACHE = SEED_CACHE_TTL["watchlist"]
TOOLS = [
    ToolSpec(id="watchlist.get", name="get_watchlist", chart="none:watchlist", description="The user's watchlist.",
             category="watchlist", params=NoParams, handler=get_watchlist,
             rate_limit=RateLimit(per_minute=60), cache_ttl_s=_NO_CACHE),
    ToolSpec(id="watchlist.add", name="add_to_watchlist", chart="none:watchlist",
             description="Add a symbol (one the store has data for) to the user's watchlist.",
             category="watchlist", params=SymbolParams, handler=add_to_watchlist,
             rate_limit=RateLimit(per_minute=30), mutates=True,
             idempotent=True),
    ToolSpec(id="watchlist.remove", name="remove_from_watchlist", chart="none:watchlist",
             description="Remove a symbol from the user's watchlist.",
             category="watchlist", params=SymbolParams, handler=remove_from_watchlist,
             rate_limit=RateLimit(per_minute=30), mutates=True,
             destructive=True, idempotent=True),
]
