"""GET /api/memory (what AskBar remembers about the caller) and DELETE /api/memory[?kind=...].

The user is always the authenticated caller (agent.server.caller.current_user): there is no way to
name another user, so one user never sees or deletes another's memory.
"""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from agent.memory.long_term import KINDS
from agent.server.caller import current_user
from agent.server.http import HTTPError


def _memory(request: Request):
    return request.app.state.runtime.deps.services.memory


async def get_memory(request: Request) -> JSONResponse:
    user = current_user(request)
    return JSONResponse(await run_in_threadpool(_memory(request).export, user))


async def delete_memory(request: Request) -> JSONResponse:
    user = current_user(request)
    kind = request.query_params.get("kind")
    if kind is not None and kind not in KINDS:
        raise HTTPError(400, "bad_kind", f"query parameter kind={kind!r} is not one of "
                                         f"{', '.join(KINDS)} (omit it to delete everything)")
    out = await run_in_threadpool(_memory(request).forget, user, (kind,) if kind else None)
    return JSONResponse(out)


routes = [Route("/api/memory", get_memory, methods=["GET"]),
          Route("/api/memory", delete_memory, methods=["DELETE"])]
