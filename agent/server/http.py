"""HTTP helpers: JSON errors with a clear message, bounded JSON bodies, SSE framing."""
from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

THREAD_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")


class HTTPError(Exception):
    def __init__(self, status: int, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra


def error_response(exc: HTTPError) -> JSONResponse:
    body = {"error": {"code": exc.code, "message": exc.message, **exc.extra}, "detail": exc.message}
    return JSONResponse(body, status_code=exc.status)


async def http_error_handler(request: Request, exc: HTTPError) -> JSONResponse:
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        runtime.metrics.errors.labels(exc.code).inc()
    return error_response(exc)


async def read_json(request: Request, max_bytes: int, required: bool = True) -> dict[str, Any]:
    """The body as a JSON object; 413 past max_bytes (checked while reading), 400 when not JSON."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise HTTPError(413, "body_too_large", f"request body is {declared} bytes; the limit is {max_bytes}")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > max_bytes:
            raise HTTPError(413, "body_too_large", f"request body exceeds {max_bytes} bytes")
    if not body.strip():
        if required:
            raise HTTPError(400, "empty_body", "request body is empty; send a JSON object")
        return {}
    try:
        data = json.loads(bytes(body))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise HTTPError(400, "bad_json", f"request body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "bad_json", "request body must be a JSON object")
    return data


def text_field(data: dict[str, Any], name: str, max_chars: int, required: bool = True) -> str | None:
    value = data.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise HTTPError(400, f"missing_{name}", f"'{name}' is required: a non-empty string")
    if len(value) > max_chars:
        raise HTTPError(400, f"{name}_too_long", f"'{name}' has {len(value)} characters; at most {max_chars}")
    return value.strip()


def thread_field(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not THREAD_ID.match(value):
        raise HTTPError(400, "bad_thread_id", "'thread_id' must be 1-128 characters of letters, digits, _ . : -")
    return value


def date_field(value: Any) -> str | None:
    if value is None or value == "":
        return None
    try:
        return date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise HTTPError(400, "bad_now", "'now' must be an ISO date YYYY-MM-DD") from None


def sse_frame(event_id: Any, event: str, data: Any) -> bytes:
    payload = json.dumps(data, ensure_ascii=False, default=str)
    head = f"id: {event_id}\n" if event_id is not None else ""
    return (head + f"event: {event}\n" + "".join(f"data: {line}\n" for line in payload.split("\n"))
            + "\n").encode()
