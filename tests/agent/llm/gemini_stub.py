"""A local stub of the Gemini REST API (v1beta) for tests: a real HTTP server on 127.0.0.1.

Implements `POST /v1beta/models/{model}:generateContent`, `:streamGenerateContent?alt=sse`,
`:countTokens` and `GET /v1beta/models/{model}` (models.get: 404 for ids in `stub.missing`).
generateContent and streamGenerateContent answer from a FIFO script of scripted responses
(function calls, text, HTTP errors, delays, callables that see the request); an empty script
answers 500 so a test that makes an unexpected call fails loudly. countTokens answers
len(text) // 4 without touching the script. Every request is recorded (path, model, method,
query, lower-cased headers, JSON body) for assertions. Responses name the requested model as
`modelVersion` (as the API does) unless a test scripts another one.

cachedContents (explicit context caching, agent/llm/gemini_cache.py): `POST /v1beta/cachedContents`
creates one (400 "too small" below `cache_min_tokens`, as the API does below a model's minimum),
`GET` and `DELETE /v1beta/cachedContents/{id}` read and remove it. A generateContent that names
`cachedContent` gets 404 for an unknown one and 400 when it also sets systemInstruction, tools or
toolConfig (the API's rule); otherwise the cache's parts count as the request's: the recorded
`body` is the request as the model sees it (cache merged in), `raw_body` what was sent, and the
realistic usage reports them as `cachedContentTokenCount`.

With `realistic=True` (the recording stub of benchmarks/gemini_cost.py) every 200 answer carries
token counts measured on the exchange itself instead of the scripted ones: prompt tokens of what
was sent (system instruction, contents, function declarations), output tokens of the answer, and
thinking tokens by the requested thinking level (`THINKING_TOKENS`).

    with GeminiStub() as stub:
        stub.add(call("parse_intent", {...}), error(429), text("hello"))
        settings = Settings(gemini_base_url=stub.url, gemini_api_key="test-key", ...)
"""
from __future__ import annotations

import itertools

import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable
from urllib.parse import parse_qs, urlparse

import pytest

from agent.llm.base import DataRange, ProviderContext
from agent.market.instruments import Instrument
from agent.settings import Settings

_PATH = re.compile(r"^/(?P<version>v\w+)/models/(?P<model>[^:/]+):(?P<method>\w+)$")
_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED",
           404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE",
           504: "DEADLINE_EXCEEDED"}


@dataclass
class Scripted:
    """One scripted answer: a JSON body (or SSE chunks), an HTTP status, a delay before answering."""
    body: dict[str, Any] | None = None
    status: int = 200
    delay: float = 0.0
    chunks: list[dict[str, Any]] | None = None
    handler: Callable[[dict[str, Any]], "Scripted"] | None = None


def _usage(inp: int, out: int, thoughts: int = 0) -> dict[str, int]:
    usage = {"promptTokenCount": inp, "candidatesTokenCount": out,
             "totalTokenCount": inp + out + thoughts}
    if thoughts:
        usage["thoughtsTokenCount"] = thoughts
    return usage


def _response(parts: list[dict[str, Any]], usage: tuple[int, ...], model: str | None,
              finish: str = "STOP") -> dict[str, Any]:
    body = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": finish,
                            "index": 0}],
            "usageMetadata": _usage(*usage)}
    if model:
        body["modelVersion"] = model
    return body


_CALL_IDS = itertools.count(1)


def _function_call(name: str, args: dict[str, Any] | None) -> dict[str, Any]:
    # an id on every call, as the API gives from the 3.5 generation on (a repair turn must echo it)
    return {"functionCall": {"id": f"fc_{next(_CALL_IDS)}", "name": name, "args": args or {}}}


def call(name: str, args: dict[str, Any] | None = None, usage: tuple[int, ...] = (100, 20),
         model: str | None = None) -> Scripted:
    """A response whose single part is a functionCall with these args."""
    return Scripted(_response([_function_call(name, args)], usage, model))


def calls(*pairs: tuple[str, dict[str, Any]], usage: tuple[int, ...] = (100, 20)) -> Scripted:
    """A response with several functionCall parts (parallel calls)."""
    parts = [_function_call(n, a) for n, a in pairs]
    return Scripted(_response(parts, usage, None))


def text(value: str, usage: tuple[int, ...] = (50, 30), model: str | None = None) -> Scripted:
    return Scripted(_response([{"text": value}], usage, model))


def stream(chunks: list[str], usage: tuple[int, int] = (80, 40)) -> Scripted:
    """SSE chunks of text; the last chunk carries the usage metadata."""
    out = []
    for i, piece in enumerate(chunks):
        body = {"candidates": [{"content": {"role": "model", "parts": [{"text": piece}]}, "index": 0}]}
        if i == len(chunks) - 1:
            body["candidates"][0]["finishReason"] = "STOP"
            body["usageMetadata"] = _usage(*usage)
        out.append(body)
    return Scripted(chunks=out)


def finished(reason: str, usage: tuple[int, ...] = (100, 0)) -> Scripted:
    """A candidate with no content and this finish reason (MALFORMED_FUNCTION_CALL, SAFETY...)."""
    return Scripted({"candidates": [{"finishReason": reason, "index": 0}],
                     "usageMetadata": _usage(*usage)})


def error(status: int, message: str | None = None) -> Scripted:
    msg = message or f"stub error {status}"
    return Scripted({"error": {"code": status, "message": msg, "status": _STATUS.get(status, "UNKNOWN")}},
                    status=status)


def delayed(seconds: float, then: Scripted | None = None) -> Scripted:
    """Answer `then` (default: a text) only after `seconds`: longer than the client timeout."""
    inner = then or text("late")
    return Scripted(inner.body, inner.status, seconds, inner.chunks, inner.handler)


def dynamic(fn: Callable[[dict[str, Any]], Scripted]) -> Scripted:
    """An answer computed from the recorded request (see GeminiStub.requests for its shape)."""
    return Scripted(handler=fn)


@dataclass
class GeminiStub:
    script: deque = field(default_factory=deque)
    requests: list[dict[str, Any]] = field(default_factory=list)
    missing: set[str] = field(default_factory=set)   # model ids models.get answers 404 for
    realistic: bool = False                           # measured token counts (see module doc)
    caches: dict[str, dict[str, Any]] = field(default_factory=dict)   # cachedContents by name
    cache_min_tokens: int = 0                         # below it, create answers 400 (too small)
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, *items: Scripted) -> "GeminiStub":
        with self._lock:
            self.script.extend(items)
        return self

    @property
    def url(self) -> str:
        assert self._server is not None, "stub not started"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def remaining(self) -> int:
        return len(self.script)

    def generate_requests(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["method"] in ("generateContent", "streamGenerateContent")]

    def start(self) -> "GeminiStub":
        stub = self

        class Handler(_Handler):
            owner = stub
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "GeminiStub":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def _next(self, request: dict[str, Any]) -> Scripted:
        with self._lock:
            item = self.script.popleft() if self.script else None
        if item is None:
            return error(500, "stub script exhausted")
        return item.handler(request) if item.handler else item


_MODEL_GET = re.compile(r"^/(?P<version>v\w+)/models/(?P<model>[^:/]+)$")
_CACHE = re.compile(r"^/(?P<version>v\w+)/cachedContents(?:/(?P<id>[^:/]+))?$")
_CACHED_PARTS = ("systemInstruction", "tools", "toolConfig")
_CACHE_IDS = itertools.count(1)


def _cache_tokens(body: dict[str, Any]) -> int:
    from tests.agent.llm.token_model import prompt_tokens

    return prompt_tokens({k: body[k] for k in ("systemInstruction", "contents", "tools") if k in body})


def _cache_resource(name: str, body: dict[str, Any], tokens: int) -> dict[str, Any]:
    ttl = float(str(body.get("ttl") or "3600s").rstrip("s"))
    now = time.time()

    def stamp(t: float) -> str:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + "Z"
    return {"name": name, "model": body.get("model"), "displayName": body.get("displayName", ""),
            "createTime": stamp(now), "updateTime": stamp(now), "expireTime": stamp(now + ttl),
            "usageMetadata": {"totalTokenCount": tokens}}


class _Handler(BaseHTTPRequestHandler):
    owner: GeminiStub
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def _record(self, path: str, method: str, body: dict[str, Any]) -> dict[str, Any]:
        request = {"path": path, "model": None, "method": method, "query": {},
                   "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body,
                   "time": time.time()}
        self.owner.requests.append(request)
        return request

    def _cached_contents(self, method: str, cache_id: str | None, body: dict[str, Any]) -> None:
        """cachedContents create / get / delete (see the module doc)."""
        stub = self.owner
        name = f"cachedContents/{cache_id}" if cache_id else None
        self._record(self.path, f"cachedContents.{method}", body)
        if method == "create":
            tokens = _cache_tokens(body)
            if tokens < stub.cache_min_tokens:
                msg = (f"Cached content is too small. total_token_count={tokens}, "
                       f"min_total_token_count={stub.cache_min_tokens}")
                return self._json(400, error(400, msg).body)
            name = f"cachedContents/c{next(_CACHE_IDS)}"
            stub.caches[name] = {**body, "resource": _cache_resource(name, body, tokens), "tokens": tokens}
            return self._json(200, stub.caches[name]["resource"])
        if name not in stub.caches:
            return self._json(404, error(404, f"{name} not found").body)
        if method == "delete":
            del stub.caches[name]
            return self._json(200, {})
        self._json(200, stub.caches[name]["resource"])

    def do_DELETE(self) -> None:  # noqa: N802  (cachedContents.delete)
        m = _CACHE.match(urlparse(self.path).path)
        if not m or not m["id"]:
            return self._json(404, error(404, "no route").body)
        self._cached_contents("delete", m["id"], {})

    def do_GET(self) -> None:  # noqa: N802  (models.get, cachedContents.get)
        parsed = urlparse(self.path)
        cache = _CACHE.match(parsed.path)
        if cache and cache["id"]:
            return self._cached_contents("get", cache["id"], {})
        m = _MODEL_GET.match(parsed.path)
        if not m:
            return self._json(404, error(404, f"no route {parsed.path}").body)
        self.owner.requests.append({"path": parsed.path, "model": m["model"], "method": "get",
                                    "query": {}, "headers": {k.lower(): v for k, v in self.headers.items()},
                                    "body": {}, "time": time.time()})
        if m["model"] in self.owner.missing:
            msg = (f"models/{m['model']} is not found for API version {m['version']}, or is not "
                   "supported for generateContent.")
            return self._json(404, error(404, msg).body)
        self._json(200, {"name": f"models/{m['model']}", "version": "001",
                         "displayName": m["model"], "inputTokenLimit": 1048576,
                         "outputTokenLimit": 65536,
                         "supportedGenerationMethods": ["generateContent", "countTokens"]})

    def do_POST(self) -> None:  # noqa: N802
        parsed = urlparse(self.path)
        m = _PATH.match(parsed.path)
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        body = json.loads(raw or b"{}")
        if _CACHE.match(parsed.path) and not _CACHE.match(parsed.path)["id"]:
            return self._cached_contents("create", None, body)
        if not m:
            return self._json(404, error(404, f"no route {parsed.path}").body)
        sent, cached = body, None
        if body.get("cachedContent"):          # the request as the model sees it: cache merged in
            cached = self.owner.caches.get(body["cachedContent"])
            if cached is not None:
                body = {**body, **{k: cached[k] for k in _CACHED_PARTS if k in cached and k not in body}}
        request = {"path": parsed.path, "model": m["model"], "method": m["method"],
                   "query": {k: v[0] for k, v in parse_qs(parsed.query).items()},
                   "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body,
                   "raw_body": sent, "time": time.time()}
        self.owner.requests.append(request)
        if sent.get("cachedContent") and cached is None:
            request["status"] = 404
            return self._json(404, error(404, f"{sent['cachedContent']} not found").body)
        if cached is not None and any(k in sent for k in _CACHED_PARTS):
            request["status"] = 400
            msg = ("CachedContent can not be used with GenerateContent request setting "
                   "system_instruction, tools or tool_config.")
            return self._json(400, error(400, msg).body)
        if m["method"] == "countTokens":
            n = len(json.dumps(body.get("contents") or body)) // 4
            return self._json(200, {"totalTokens": n})
        item = self.owner._next(request)
        if item.delay:
            time.sleep(item.delay)
        chunks = [dict(c) for c in (item.chunks or [item.body or {}])]
        if item.status == 200:
            for c in chunks:
                c.setdefault("modelVersion", m["model"])
            if self.owner.realistic:
                from tests.agent.llm.token_model import measured_usage

                last = next((c for c in reversed(chunks) if "usageMetadata" in c), chunks[-1])
                last["usageMetadata"] = measured_usage(body, chunks, cached["tokens"] if cached else 0)
        request["status"] = item.status  # what was answered, for the recording benchmark
        request["usage"] = next((c["usageMetadata"] for c in reversed(chunks) if "usageMetadata" in c),
                                None) if item.status == 200 else None
        try:
            if m["method"] == "streamGenerateContent" and item.status == 200:
                self._sse(chunks)
            else:
                self._json(item.status, chunks[0] if item.status == 200 else (item.body or {}))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout test)

    def _json(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json; charset=UTF-8")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, chunks: list[dict[str, Any]]) -> None:
        data = b"".join(b"data: " + json.dumps(c).encode() + b"\r\n\r\n" for c in chunks)
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def function_names(request: dict[str, Any]) -> list[str]:
    """Names of the function declarations a recorded request carries."""
    tools = request["body"].get("tools") or []
    return [d["name"] for t in tools for d in t.get("functionDeclarations") or []]


def _camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(w.title() for w in rest)


def generation_config(request: dict[str, Any]) -> dict[str, Any]:
    """The request's generationConfig with thinkingConfig keys in camelCase (the SDK sends
    `thinking_level`; the API's proto3 JSON parser accepts both spellings)."""
    cfg = dict(request["body"].get("generationConfig") or {})
    if "thinkingConfig" in cfg:
        cfg["thinkingConfig"] = {_camel(k): v for k, v in cfg["thinkingConfig"].items()}
    return cfg


def calling_config(request: dict[str, Any]) -> dict[str, Any]:
    return ((request["body"].get("toolConfig") or {}).get("functionCallingConfig")) or {}


def request_text(request: dict[str, Any]) -> str:
    """Every text and function response in a request's contents, joined (for assertions)."""
    out = []
    for content in request["body"].get("contents") or []:
        for part in content.get("parts") or []:
            if "text" in part:
                out.append(part["text"])
            if "functionResponse" in part:
                out.append(json.dumps(part["functionResponse"], ensure_ascii=False))
    return "\n".join(out)


def system_text(request: dict[str, Any]) -> str:
    si = request["body"].get("systemInstruction") or {}
    return "\n".join(p.get("text", "") for p in si.get("parts") or [])


# ---- pytest fixtures (import them into a test module: `from ...gemini_stub import stub, ...`) ----

API_KEY = "test-key-123"


@pytest.fixture
def stub():
    with GeminiStub() as s:
        yield s


def gemini_settings(stub: GeminiStub, tmp_path, **overrides) -> Settings:
    base = dict(home=tmp_path, llm="gemini", gemini_base_url=stub.url, gemini_api_key=API_KEY,
                gemini_retry_backoff_s=0.01, gemini_timeout_s=2.0)
    return Settings(**{**base, **overrides})


@pytest.fixture
def provider_for(stub, tmp_path):
    from agent.llm.gemini import GeminiProvider

    return lambda **kw: GeminiProvider(gemini_settings(stub, tmp_path, **kw))


@pytest.fixture
def ctx() -> ProviderContext:
    return ProviderContext(
        instruments=[Instrument(symbol="NQ", name="E-mini Nasdaq-100 futures", asset_class="future",
                                timezone="America/New_York", session="cme", aliases=["nasdaq", "насдак"],
                                bar_seconds=60),
                     Instrument(symbol="SPX", name="S&P 500 index", asset_class="index",
                                session="daily", bar_seconds=None)],
        today=date(2024, 6, 1),
        ranges=[DataRange(symbol="NQ", first=date(2023, 11, 20), last=date(2023, 12, 4)),
                DataRange(symbol="SPX", first=date(1927, 12, 30), last=date(2020, 11, 30))])
