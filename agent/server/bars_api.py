"""POST /api/bars: live 1-minute bars as NDJSON, one bar a line
(`{"symbol": "SPY", "ts": "2024-03-05T14:31:00Z", "open": .., "high": .., "low": .., "close": ..,
"volume": ..}`), Content-Type application/x-ndjson (or application/json with the same lines).

Market data is shared by every tenant, so this is the operator's (the local user of a loopback
server, or a service JWT with the `admin` scope), like POST /api/load. Every line is checked before
anything is written: a bad one is a 400 naming the line, and nothing of the body is stored. The bars
go through the one live ingest path (agent/live/append.py): stored once per (symbol, ts), rollups
and the market-data version moved, orders and alerts evaluated in bar order; the answer says what
was stored per symbol and how many orders filled and alerts fired.

GET /api/bars/last says where a feed resumes; GET /api/quotes is the chat UI's live price line.
"""
from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.cli_api import _operator
from agent.server.http import HTTPError, JSONResponse

MAX_BODY_BYTES = 8_000_000       # ~60,000 bars: a replay or a gap fill sends them in chunks below it


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise HTTPError(413, "body_too_large", f"request body is {declared} bytes; the limit is {MAX_BODY_BYTES}")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY_BYTES:
            raise HTTPError(413, "body_too_large", f"request body exceeds {MAX_BODY_BYTES} bytes")
    return bytes(body)


def _ingest(rt: Any, raw: bytes) -> dict[str, Any]:
    from agent.live.append import append_bars
    from agent.live.bars import parse_ndjson

    bars = parse_ndjson(raw)
    reports = append_bars(rt.deps.store, bars, rt.settings.redis_url) if bars else []
    if any(r.inserted or r.updated for r in reports):
        rt.deps.refresh()          # the planner's symbols and ranges include the new bars
    return {"bars": len(bars), "symbols": [
        {"symbol": r.symbol, "inserted": r.inserted, "updated": r.updated, "unchanged": r.unchanged,
         "first": r.first.isoformat() if r.first else None, "last": r.last.isoformat() if r.last else None,
         "orders_filled": r.orders_filled, "alerts_fired": r.alerts_fired} for r in reports]}


async def post_bars(request: Request) -> Response:
    from agent.live.bars import BarError

    _operator(request)
    raw = await _body(request)
    if not raw.strip():
        raise HTTPError(400, "empty_body", "request body is empty; send one JSON bar a line (NDJSON)")
    try:
        return JSONResponse(await asyncio.to_thread(_ingest, request.app.state.runtime, raw))
    except UnicodeDecodeError:
        raise HTTPError(400, "bad_input", "request body is not UTF-8 text") from None
    except BarError as exc:
        raise HTTPError(400, "bad_bar", str(exc)) from None


def _last(rt: Any, symbols: list[str]) -> dict[str, Any]:
    from agent.live.append import last_stored

    return {"last": {k: v.isoformat() if v else None for k, v in last_stored(rt.deps.store, symbols).items()}}


async def last_bars(request: Request) -> Response:
    """GET /api/bars/last?symbols=SPY,QQQ: each symbol's newest stored 1-minute bar (a feed
    resumes from there); market data, readable by any user."""
    symbols = _symbols(request)
    return JSONResponse(await asyncio.to_thread(_last, request.app.state.runtime, symbols))


def _symbols(request: Request) -> list[str]:
    raw = request.query_params.get("symbols", "")
    symbols = list(dict.fromkeys(s.strip().upper() for s in raw.split(",") if s.strip()))
    if not symbols or len(symbols) > 200 or any(len(s) > 32 for s in symbols):
        raise HTTPError(400, "bad_symbols", "symbols: 1 to 200 comma-separated symbols of up to 32 characters")
    return symbols


def _quotes(rt: Any, symbols: list[str], lang: str) -> dict[str, Any]:
    from agent.live.quotes import QuoteBook

    book = getattr(rt, "quote_book", None)
    if book is None:
        book = rt.quote_book = QuoteBook(rt.deps.store)
    quiet_s = float(getattr(rt.settings, "live_quiet_s", 120.0))
    return {"quotes": book.quotes(symbols, lang, quiet_s), "quiet_s": quiet_s}


async def quotes(request: Request) -> Response:
    """GET /api/quotes?symbols=SPY,NQ[&lang=ru]: the chat UI's live price line
    (agent/live/quotes.py): last price, change, the bar's time and age, `quiet` when its feed has
    gone quiet. Market data, readable by any user."""
    from agent import lang as packs

    symbols = _symbols(request)
    lang = request.query_params.get("lang", "en")
    if lang not in packs.codes():
        raise HTTPError(400, "bad_lang", f"lang: one of {', '.join(packs.codes())}, not {lang[:12]!r}")
    if len(symbols) > 20:
        raise HTTPError(400, "bad_symbols", "symbols: at most 20 for the price line")
    return JSONResponse(await asyncio.to_thread(_quotes, request.app.state.runtime, symbols, lang))


routes = [Route("/api/bars", post_bars, methods=["POST"]),
          Route("/api/bars/last", last_bars, methods=["GET"]),
          Route("/api/quotes", quotes, methods=["GET"])]
