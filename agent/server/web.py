"""The chat UI (web/, plain HTML/JS/CSS, no build step), plotly.js from the Python plotly package,
and the one read endpoint the UI needs to rebuild a turn after a reload.

`GET /api/threads/{thread_id}/details`: everything an answered turn showed besides its text, from
the thread's checkpointed state: the plan, the SQL statements with their row counts, the steps
(agents) that ran, the disclaimers (e.g. the synthetic-data note), the claims and the chart spec.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from agent.server.http import thread_field
from agent.server.turns import _snapshot, details_of, thread_turns  # noqa: F401 - routes
from agent.server.ui_texts import PATH as UI_TEXTS_PATH
from agent.server.ui_texts import ui_tables_js

# web/ at the repository root, reached through the package's `webui` link so that a wheel (which
# copies package data, not the repository) ships the same files: `pip install .` serves / too.
WEB = Path(__file__).parent / "webui"


def plotly_js_path() -> Path:
    import plotly

    path = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    if not path.exists():
        raise FileNotFoundError(f"plotly.min.js not found in the plotly package at {path}")
    return path


async def index(request: Request) -> Response:
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


async def favicon(request: Request) -> Response:
    return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})


async def plotly_js(request: Request) -> Response:
    return FileResponse(plotly_js_path(), media_type="application/javascript",
                        headers={"Cache-Control": "public, max-age=86400"})


async def thread_details(request: Request) -> Response:
    thread_id = thread_field(request.path_params["thread_id"]) or ""
    snapshot = await _snapshot(request, thread_id)
    store = request.app.state.runtime.deps.store
    return JSONResponse(await asyncio.to_thread(details_of, snapshot.values, store))


FEATURE_PATHS = {"tools": "/api/tools/{name}", "notifications": "/api/notifications",
                 "memory": "/api/memory", "quotes": "/api/quotes"}


async def features(request: Request) -> Response:
    """Which optional APIs this build serves, so the UI shows only the panels that work (and a
    build without one makes no failing request at all)."""
    paths = {getattr(r, "path", None) for r in request.app.routes}
    shown = {name: path in paths for name, path in FEATURE_PATHS.items()}
    # how long a notification toast stays before it hides itself (seconds)
    settings = request.app.state.runtime.settings
    return JSONResponse({**shown, "toast_s": float(getattr(settings, "ui_toast_s", 8.0)),
                         "live_poll_s": float(getattr(settings, "live_poll_s", 2.0))})


routes = [
    Route("/", index, methods=["GET"]),
    Route("/favicon.ico", favicon, methods=["GET"]),
    Route("/vendor/plotly.min.js", plotly_js, methods=["GET"]),
    Route(UI_TEXTS_PATH, ui_tables_js, methods=["GET"]),
    Route("/api/ui/features", features, methods=["GET"]),
    Route("/api/threads/{thread_id}/details", thread_details, methods=["GET"]),
    Route("/api/threads/{thread_id}/turns", thread_turns, methods=["GET"]),
    Mount("/static", app=StaticFiles(directory=WEB, check_dir=False), name="static"),
]
