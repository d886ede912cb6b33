"""The browser's UI texts, built from the language packs (each pack's `ui` section).

GET /i18n/tables.js is a script that defines `I18N = {code: texts}` for web/i18n.js, which holds
only the functions that read it: a fourth language's pack brings its UI texts too. The script is
built once per process (the packs do not change while it runs) and loaded like any static script,
before web/i18n.js, so the page needs no extra round trip after it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from agent import lang as packs

PATH = "/i18n/tables.js"


def tables() -> dict[str, Any]:
    """{language code: its UI texts}, English first (the browser's fallback)."""
    return {code: packs.get(code, "ui") for code in packs.codes()}


@lru_cache(maxsize=1)
def script() -> str:
    return "// Generated from agent/lang/<code>.py (the `ui` sections); edit the packs, not this.\n" \
        f'"use strict";\nconst I18N = {json.dumps(tables(), ensure_ascii=False, indent=1)};\n'


async def ui_tables_js(request: Request) -> Response:
    return Response(script(), media_type="application/javascript",
                    headers={"Cache-Control": "no-cache"})
