"""The chat UI (web/, plain HTML/JS/CSS, no build step) and plotly.js from the Python plotly package."""
from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

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


async def plotly_js(request: Request) -> Response:
    return FileResponse(plotly_js_path(), media_type="application/javascript",
                        headers={"Cache-Control": "public, max-age=86400"})


routes = [
    Route("/", index, methods=["GET"]),
    Route("/vendor/plotly.min.js", plotly_js, methods=["GET"]),
    Mount("/static", app=StaticFiles(directory=WEB, check_dir=False), name="static"),
]
