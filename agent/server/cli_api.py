"""HTTP endpoints the CLI needs as the client of a running server (DESIGN.md "Stable interfaces": the
CLI's client mode), beside the ones it shares with the UI (/api/chat, /api/data, /api/tools,
/api/memory):

- POST /api/load {path, symbol, tz?, session?, timestamp?, columns?, multiplier?}: `askbar load`
  of a file on the server's machine (the CLI beside it names it); POST /api/demo: `askbar demo`.
  Market data is shared by every user, and the path is read from the server's disk, so both are for
  the operator only: the local user of a loopback server, or a service JWT with the `admin` scope.
- GET /api/orders, /api/alerts, /api/portfolio: the caller's paper account (the CLI's --json objects).
- GET /api/history?limit=N: the caller's latest requests (`askbar history`).
- POST /api/traces/{request_id}/replay: `askbar replay` of one of the caller's requests.
- POST /api/eval {path}: `askbar eval` of a case file on the server's machine (operator only), run as
  the evaluation user on throwaway in-memory threads, so it never teaches anyone's memory.
Every other object is the caller's, from the token (current_user), never from the body.
"""
from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server.caller import current_user, is_operator
from agent.server.http import HTTPError, JSONResponse, read_json
from agent.server.owners import owns

MAX_HISTORY = 200
LOAD_FIELDS: dict[str, type | tuple[type, ...]] = {"path": str, "symbol": str, "tz": str, "session": str, "timestamp": str,
               "columns": list, "multiplier": (int, float)}


def _rt(request: Request):
    return request.app.state.runtime


def _operator(request: Request) -> None:
    # a service JWT with admin, not a tenant admin's API token (which carries admin for its tenant's
    # tools): market data is shared by every tenant
    if is_operator(request):
        return
    raise HTTPError(403, "forbidden", "loading market data is for the operator: the local user of a "
                                      "loopback server, or a service token with the admin scope")


def _load_args(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, kind in LOAD_FIELDS.items():
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, kind) or isinstance(value, bool):
            raise HTTPError(400, "bad_field", f"field {key!r} has the wrong type")
        out[key] = value
    for key in ("path", "symbol"):
        if not out.get(key):
            raise HTTPError(400, "missing_field", f"field {key!r} is required")
    unknown = sorted(set(data) - set(LOAD_FIELDS))
    if unknown:
        raise HTTPError(400, "unknown_field", f"unknown field(s): {', '.join(unknown)}")
    return out


def _do_load(rt: Any, a: dict[str, Any]) -> dict[str, Any]:
    from agent.cli.views import load_summary
    from agent.market.ingest import load_file
    from agent.trading.notify import publish

    multiplier = a.get("multiplier")
    if multiplier is not None and not 0 < multiplier < float("inf"):
        raise ValueError(f"--multiplier must be a positive number, not {multiplier:g}")
    store = rt.deps.store
    r = load_file(store, a["path"], a["symbol"], tz=a.get("tz"), session=a.get("session"),
                  timestamp=a.get("timestamp") or "start", columns=a.get("columns"),
                  multiplier=multiplier)
    rt.deps.refresh()          # the planner's cached symbols and ranges now include these bars
    publish(rt.settings.redis_url, r.notifications)
    return load_summary(r, store.engine)


async def load(request: Request) -> Response:
    from agent.market.errors import LoadError

    _operator(request)
    rt = _rt(request)
    args = _load_args(await read_json(request, rt.server.max_body_bytes))
    try:
        return JSONResponse(await asyncio.to_thread(_do_load, rt, args))
    except (LoadError, ValueError) as exc:
        raise HTTPError(400, "bad_input", str(exc)) from None


async def demo(request: Request) -> Response:
    from agent.cli.views import demo_summary
    from agent.market.demo import seed_demo

    _operator(request)
    rt = _rt(request)
    reports = await asyncio.to_thread(seed_demo, rt.deps.store)
    rt.deps.refresh()
    return JSONResponse(demo_summary(reports))


async def orders(request: Request) -> Response:
    from agent.cli.views import orders_view

    return JSONResponse(await asyncio.to_thread(orders_view, _rt(request).deps.store, current_user(request)))


async def alerts(request: Request) -> Response:
    from agent.cli.views import alerts_view

    return JSONResponse(await asyncio.to_thread(alerts_view, _rt(request).deps.store, current_user(request)))


async def portfolio(request: Request) -> Response:
    from agent.cli.views import portfolio_view

    rt = _rt(request)
    return JSONResponse(await asyncio.to_thread(portfolio_view, rt.deps.store, current_user(request),
                                                rt.settings.trading_starting_cash))


async def history(request: Request) -> Response:
    raw = request.query_params.get("limit", "20")
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_HISTORY:
        raise HTTPError(400, "bad_limit", f"limit must be a whole number from 1 to {MAX_HISTORY}")
    user = current_user(request)
    rows = await asyncio.to_thread(_rt(request).traces.recent, user.tenant_id, user.user_id, int(raw))
    return JSONResponse({"requests": rows})


async def replay(request: Request) -> Response:
    from agent.cli.replay import replay as run_replay

    rt = _rt(request)
    request_id = request.path_params["request_id"]
    rec = await asyncio.to_thread(rt.traces.get, request_id)
    if rec is None or not owns(current_user(request), rec):
        raise HTTPError(404, "unknown_request", f"no trace for request {request_id}")
    try:
        report = await asyncio.to_thread(run_replay, request_id, rt.traces, rt.deps)
    except LookupError as exc:
        raise HTTPError(404, "unknown_request", str(exc)) from None
    return JSONResponse(report)


def _do_eval(rt: Any, path: str) -> dict[str, Any]:
    import dataclasses

    from langgraph.checkpoint.memory import InMemorySaver

    from agent.cli.evaluation import EVAL_USER, load_cases, run_eval
    from agent.service import Session

    cases = load_cases(path)                     # OSError / ValueError: a 400 naming the file
    rt.deps.services.memory.forget(EVAL_USER)    # each run starts from a blank memory, as in process
    return run_eval(Session(dataclasses.replace(rt.deps, user=EVAL_USER), InMemorySaver()), cases)


async def evaluate(request: Request) -> Response:
    _operator(request)
    rt = _rt(request)
    data = await read_json(request, rt.server.max_body_bytes)
    path = data.get("path")
    if not isinstance(path, str) or not path:
        raise HTTPError(400, "missing_field", "field 'path' is required")
    try:
        return JSONResponse(await asyncio.to_thread(_do_eval, rt, path))
    except (OSError, ValueError) as exc:
        raise HTTPError(400, "bad_input", f"eval: {exc}") from None


routes = [
    Route("/api/eval", evaluate, methods=["POST"]),
    Route("/api/load", load, methods=["POST"]),
    Route("/api/demo", demo, methods=["POST"]),
    Route("/api/orders", orders, methods=["GET"]),
    Route("/api/alerts", alerts, methods=["GET"]),
    Route("/api/portfolio", portfolio, methods=["GET"]),
    Route("/api/history", history, methods=["GET"]),
    Route("/api/traces/{request_id}/replay", replay, methods=["POST"]),
]
