"""In-test stand-ins for APIs being merged from other branches (tools, notifications, memory,
bearer auth, the confirm_action interrupt), used ONLY when the real module is absent from the
build: each mimics the real contract (DESIGN.md "Stable interfaces" and the owners' code) closely
enough for the UI, nothing more. Once the branches are merged the fixtures use the real ones."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import uuid
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route


def has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:     # its parent package is not part of this build either
        return False


REAL_TOOLS = has("agent.server.tools_api")
REAL_NOTIFICATIONS = has("agent.server.notifications_api")
REAL_MEMORY = has("agent.server.memory_api")
REAL_CONFIRM_ACTION = has("agents.confirm_action")


class Mimic:
    """The state behind the stand-in routes (one user: the local one)."""

    def __init__(self):
        self.watchlist: list[str] = []
        self.orders: list[dict[str, Any]] = []
        self.alerts: list[dict[str, Any]] = []
        self.notifications: list[dict[str, Any]] = []
        self.memory: dict[str, Any] = {"favorite_symbols": [], "symbol_counts": {}, "trading_style": None,
                                       "frequent_questions": [], "recent_strategies": [], "notes": [],
                                       "preferences": {}}
        self.last_event_ids: list[str | None] = []
        self.drop_after_send = True    # cut the stream after each batch: the client must reconnect

    def result(self, data: Any = None, error: tuple[str, str] | None = None) -> JSONResponse:
        return JSONResponse({"success": error is None, "data": data,
                             "error": {"code": error[0], "message": error[1]} if error else None,
                             "metadata": {"execution_time_ms": 0.1, "cached": False}})

    async def list_tools(self, request: Request) -> Response:
        names = ["get_watchlist", "add_to_watchlist", "remove_from_watchlist", "get_pending_orders",
                 "get_portfolio", "list_alerts"]
        return JSONResponse({"tools": [{"name": n} for n in names], "plan": "premium"})

    async def call_tool(self, request: Request) -> Response:
        name = request.path_params["name"]
        body = json.loads((await request.body()) or b"{}")
        if name == "get_watchlist":
            return self.result({"symbols": self.watchlist, "count": len(self.watchlist)})
        if name in ("add_to_watchlist", "remove_from_watchlist"):
            symbol = str(body.get("symbol", "")).strip().upper()
            known = {s.symbol for s in request.app.state.runtime.deps.store.summary()}
            if name == "add_to_watchlist":
                if symbol not in known:
                    return self.result(error=("VALIDATION_ERROR", f"unknown symbol {symbol}"))
                if symbol not in self.watchlist:
                    self.watchlist.append(symbol)
            elif symbol in self.watchlist:
                self.watchlist.remove(symbol)
            return self.result({"symbol": symbol, "symbols": self.watchlist, "count": len(self.watchlist)})
        if name == "get_pending_orders":
            pending = [o for o in self.orders if o["status"] == "pending"]
            return self.result({"orders": pending, "count": len(pending)})
        if name == "get_portfolio":
            return self.result({"starting_cash": 100000.0, "cash": 100000.0, "equity": 100000.0,
                                "realized_pnl": 0.0, "unrealized_pnl": 0.0, "positions": [], "as_of": None})
        if name == "list_alerts":
            return self.result({"alerts": self.alerts, "count": len(self.alerts)})
        return self.result(error=("TOOL_NOT_FOUND", f"no tool {name}"))

    async def notifications_stream(self, request: Request) -> Response:
        last = request.headers.get("last-event-id")
        self.last_event_ids.append(last)
        after = int(last) if last and last.isdigit() else 0

        async def frames():
            sent = after
            yield b"retry: 1000\n\n"
            while True:
                batch = [n for n in self.notifications if n["id"] > sent]
                for n in batch:
                    sent = n["id"]
                    yield f"id: {n['id']}\nevent: notification\ndata: {json.dumps(n)}\n\n".encode()
                if batch and self.drop_after_send:
                    return
                await asyncio.sleep(0.2)
        return StreamingResponse(frames(), media_type="text/event-stream")

    async def get_memory(self, request: Request) -> Response:
        return JSONResponse({"user": "local", "tenant": "local", "long_term": self.memory,
                             "short_term": {}, "threads": {}})

    async def delete_memory(self, request: Request) -> Response:
        self.memory = {k: ([] if isinstance(v, list) else {} if isinstance(v, dict) else None)
                       for k, v in self.memory.items()}
        return JSONResponse({"deleted": ["memory/favorites"]})

    def routes(self) -> list[Route]:
        out = []
        if not REAL_TOOLS:
            out += [Route("/api/tools", self.list_tools, methods=["GET"]),
                    Route("/api/tools/{name}", self.call_tool, methods=["POST"])]
        if not REAL_NOTIFICATIONS:
            out.append(Route("/api/notifications", self.notifications_stream, methods=["GET"]))
        if not REAL_MEMORY:
            out += [Route("/api/memory", self.get_memory, methods=["GET"]),
                    Route("/api/memory", self.delete_memory, methods=["DELETE"])]
        return out


def install(app, routes: list[Route]) -> None:
    """Put routes first (before the static mount and the catch-alls)."""
    app.router.routes[0:0] = routes


class BearerGate:
    """Stand-in for identity's auth middleware: /api/* needs `Authorization: Bearer <token>`."""

    def __init__(self, app, token: str):
        self.app, self.token, self.seen = app, token, []

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            auth = dict(scope.get("headers") or []).get(b"authorization", b"").decode()
            self.seen.append(auth)
            if auth != f"Bearer {self.token}":
                resp = JSONResponse({"error": {"code": "unauthorized", "message": "a bearer token is required"}},
                                    status_code=401)
                return await resp(scope, receive, send)
        return await self.app(scope, receive, send)


CONFIRM_TEXTS = {"en": "Buy 1 NQ at market (last bar 2023-12-04 21:59 UTC).",
                 "ru": "Покупка 1 NQ по рынку (последний бар 2023-12-04 21:59 UTC).",
                 "es": "Compra de 1 NQ a mercado (última barra 2023-12-04 21:59 UTC)."}


def confirm_action_routes(calls: list[dict[str, Any]]) -> list[Route]:
    """POST /api/chat answering a confirm_action interrupt, and its resume, in the run-stream shape."""
    interrupt = {"type": "confirm_action", "action_id": "act_0123456789abcdef", "tool": "create_paper_order",
                 "params": {"symbol": "NQ", "side": "buy", "quantity": 1, "order_type": "market"},
                 "message": "Please confirm: buy 1 NQ at market. Reply \"yes\" to execute or \"no\" to cancel.",
                 "action_text": "Buy 1 NQ at market (last bar 2023-12-04 21:59 UTC).",
                 "texts": CONFIRM_TEXTS, "suggestions": ["execute", "cancel"], "attempt": 1}

    def frames(events: list[tuple[str, dict]]):
        async def gen():
            for i, (name, data) in enumerate(events, 1):
                yield f"id: {i}\nevent: {name}\ndata: {json.dumps(data)}\n\n".encode()
        return StreamingResponse(gen(), media_type="text/event-stream")

    async def chat(request: Request) -> Response:
        body = await request.json()
        calls.append({"path": "chat", **body})
        tid = uuid.uuid4().hex
        start = {"run_id": "r1", "thread_id": tid, "request_id": "q1"}
        done = {"thread_id": tid, "request_id": "q1", "status": "confirm_action", "response": interrupt["message"],
                "claims": [], "interrupt": interrupt}
        return frames([("run_start", start), ("confirm_action", interrupt), ("done", done)])

    async def resume(request: Request) -> Response:
        body = await request.json()
        calls.append({"path": "resume", "thread_id": request.path_params["thread_id"], **body})
        tid = request.path_params["thread_id"]
        text = "Order filled: buy 1 NQ." if body.get("answer") == "execute" else "Cancelled: nothing was executed."
        done = {"thread_id": tid, "request_id": "q2", "status": "answered", "response": text, "claims": []}
        return frames([("run_start", {"run_id": "r2", "thread_id": tid, "request_id": "q2"}),
                       ("text_delta", {"content": text}), ("done", done)])

    return [Route("/api/chat", chat, methods=["POST"]),
            Route("/api/chat/{thread_id}/resume", resume, methods=["POST"])]
