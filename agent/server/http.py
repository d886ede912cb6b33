"""HTTP helpers: JSON errors with a clear message, bounded JSON bodies, SSE framing."""
from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse as _StarletteJSON

THREAD_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONResponse(_StarletteJSON):
    """JSON that always renders: NaN/Infinity (which a plan or a computation may hold) become null,
    lone surrogates are replaced, instead of a 500 from json.dumps(allow_nan=False)."""

    def render(self, content: Any) -> bytes:
        from agent.storage.trace_rows import clean

        return json.dumps(clean(content), ensure_ascii=False, allow_nan=False, default=str,
                          separators=(",", ":")).encode("utf-8")


class HTTPError(Exception):
    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None,
                 **extra: Any):
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra
        self.headers = headers or {}


def error_response(exc: HTTPError) -> JSONResponse:
    body = {"error": {"code": exc.code, "message": exc.message, **exc.extra}, "detail": exc.message}
    return JSONResponse(body, status_code=exc.status, headers=exc.headers)


async def http_error_handler(request: Request, exc: HTTPError) -> JSONResponse:
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        runtime.metrics.errors.labels(exc.code).inc()
    return error_response(exc)


async def read_json(request: Request, max_bytes: int, required: bool = True,
                    max_depth: int = 32) -> dict[str, Any]:
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
        # JSON on the wire is UTF-8 (RFC 8259 8.1): json.loads(bytes) would also guess UTF-16/32
        data = json.loads(bytes(body).decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, ValueError) as exc:
        why = ("it is not UTF-8 text" if isinstance(exc, UnicodeDecodeError)
               else " ".join(str(exc).split())[:200])
        raise HTTPError(400, "bad_json", f"request body is not valid JSON: {why}") from None
    except RecursionError:
        raise HTTPError(400, "json_too_deep", "request body is nested too deeply") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "bad_json", "request body must be a JSON object")
    check_json(data, max_depth)
    return data


def _no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (RFC 8259); accepted, they poison state and traces later."""
    raise ValueError(f"{name} is not a valid JSON number")


def _bad_text(value: str) -> str | None:
    if "\x00" in value:
        return "a NUL character"
    if _SURROGATE.search(value):
        return "an unpaired UTF-16 surrogate"
    return None


def check_json(data: Any, max_depth: int = 32) -> None:
    """400 when the value nests deeper than max_depth or holds text no store can keep."""
    stack: list[tuple[Any, int, str]] = [(data, 1, "$")]
    while stack:
        value, depth, path = stack.pop()
        if depth > max_depth:
            raise HTTPError(400, "json_too_deep", f"request body nests deeper than {max_depth} levels at {path}")
        if isinstance(value, dict):
            for k, v in value.items():
                stack.append((k, depth, f"{path} (key)"))
                stack.append((v, depth + 1, f"{path}.{k}"[:200]))
        elif isinstance(value, list):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(value))
        elif isinstance(value, str) and (why := _bad_text(value)):
            raise HTTPError(400, "bad_text", f"request body has {why} at {path}; send valid Unicode text")


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


NOW_RANGE = (date(1900, 1, 1), date(2200, 12, 31))  # relative periods ("last 3 years") stay valid dates


def date_field(value: Any) -> str | None:
    if value is None or value == "":
        return None
    try:
        day = date.fromisoformat(str(value))
    except ValueError:
        raise HTTPError(400, "bad_now", "'now' must be an ISO date YYYY-MM-DD") from None
    if not NOW_RANGE[0] <= day <= NOW_RANGE[1]:
        raise HTTPError(400, "bad_now", f"'now' must be between {NOW_RANGE[0]} and {NOW_RANGE[1]}")
    return day.isoformat()


def sse_frame(event_id: Any, event: str, data: Any) -> bytes:
    from agent.storage.trace_rows import dumps_clean

    payload = dumps_clean(data)   # the same text as json.dumps(clean(data)), one walk
    head = f"id: {event_id}\n" if event_id is not None else ""
    return (head + f"event: {event}\n" + "".join(f"data: {line}\n" for line in payload.split("\n"))
            + "\n").encode()
