"""No 5xx for bad input anywhere (issue 25 L1): every JSON route of the server gets malformed
bodies (not JSON, truncated, invalid UTF-8, UTF-16, NaN/Infinity, nesting past the limit, NUL and
lone surrogates, a top level that is not an object); each answer is a 4xx with a one-line error
and no exception text. The bodies come from a seeded generator (reproducible) and are checked to
be malformed by an independent rule before they are sent."""
from __future__ import annotations

import json
import random
import re

import pytest

from agent.server import scopes as table
from tests.server.conftest import DUCKDB_ONLY, inproc

VALID = [{"question": "NQ stats for November 2023"}, {"tool_id": "market.get_price",
         "parameters": {"symbol": "NQ"}}, {"limit": 5, "metadata": {"k": "v"}},
         {"tool": {"id": "calc", "name": "Calc", "schema": {"type": "object"},
                   "endpoint": "http://127.0.0.1:9/x"}}, {"token": "a.b.c"}]
LEAKS = re.compile(r"Traceback|File \"|Error:|Exception|psycopg|sqlite3|127\.0\.0\.1:\d|line \d+, in")


def _malformed(body: bytes) -> bool:
    """Independently of the server: not a UTF-8 JSON object of finite numbers, nested at most 32
    deep, without NUL or lone surrogates."""
    try:
        text = body.decode("utf-8")
        value = json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except (ValueError, RecursionError):
        return True
    if not isinstance(value, dict):
        return True
    dumped = json.dumps(value)
    depth, deepest = 0, 0
    for ch in dumped:   # brackets inside strings are escaped as themselves; count conservatively
        depth += ch in "[{"
        depth -= ch in "]}"
        deepest = max(deepest, depth)
    return deepest > 32 or "\\u0000" in dumped or bool(re.search(r"\\ud[89a-f]", dumped))


def bodies(n: int = 320, seed: int = 25) -> list[bytes]:
    rng = random.Random(seed)
    out: list[bytes] = []
    makers = [
        lambda v: json.dumps(v).encode()[: rng.randrange(1, len(json.dumps(v)))],      # truncated
        lambda v: json.dumps(v).encode().replace(b'"', b"'", 1),                      # single quotes
        lambda v: json.dumps(v).encode() + b"," + bytes([rng.randrange(33, 127)]),     # trailing junk
        lambda v: json.dumps(v).encode("utf-16"),                                     # UTF-16
        lambda v: json.dumps(v).encode().replace(b'"', b'"\xff', 1),                  # invalid UTF-8
        lambda v: json.dumps({**v, "x": "NaN"}).encode().replace(b'"NaN"', rng.choice(
            [b"NaN", b"Infinity", b"-Infinity"])),                                    # constants
        lambda v: json.dumps({**v, "deep": "D"}).encode().replace(
            b'"D"', b"[" * (d := rng.randrange(33, 3000)) + b"]" * d),                # too deep
        lambda v: json.dumps({**v, "s": "a\x00b"}).encode(),                          # NUL
        lambda v: json.dumps({**v, "s": "S"}).encode().replace(b'"S"', b'"\\ud800x"'),  # surrogate
        lambda v: json.dumps(rng.choice([[v], "text", 12, None, True])).encode(),     # not an object
        lambda v: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))),     # noise
        lambda v: b"\xef\xbb\xbf" + json.dumps(v).encode() + b"}",                    # BOM + junk
    ]
    while len(out) < n:
        body = rng.choice(makers)(rng.choice(VALID))
        if body.strip() and _malformed(body) and body not in out:
            out.append(body)
    return out


NO_BODY = {"/api/demo"}


def _json_routes() -> list[tuple[str, str]]:
    fill = {"{thread_id}": "t-fuzz", "{run_id}": "r-fuzz", "{task_id}": "k-fuzz",
            "{name}": "calculate_position_size"}
    routes = []
    for method, path, need in table.ROUTE_SCOPES:
        # DELETE /api/memory and POST /api/demo take no body (they ignore one)
        if method == "POST" and need != table.PUBLIC and path not in NO_BODY:
            for k, v in fill.items():
                path = path.replace(k, v)
            routes.append((method, path))
    return routes


def test_the_generator_makes_enough_distinct_malformed_bodies():
    made = bodies()
    assert len(made) >= 300 and len(set(made)) == len(made) and all(map(_malformed, made))
    assert not _malformed(json.dumps(VALID[0]).encode())


@DUCKDB_ONLY
def test_every_json_route_answers_malformed_bodies_with_a_4xx(make_app, duck_store):
    app, _ = make_app(duck_store)
    routes = _json_routes()
    assert len(routes) >= 12
    made = bodies()
    failures = []
    with inproc(app) as c:
        for i, body in enumerate(made):
            for method, path in (routes[i % len(routes)], ("POST", "/api/v1/tools")):
                r = c.request(method, path, content=body, headers={
                    "Content-Type": "application/json", "X-Tenant-ID": "local"})
                ok = 400 <= r.status_code < 500
                try:
                    msg = r.json()["error"]["message"]
                except (ValueError, KeyError, TypeError):
                    msg, ok = r.text[:200], False
                if not ok or "\n" in msg or LEAKS.search(msg):
                    failures.append((method, path, body[:60], r.status_code, msg[:200]))
    assert failures == [], (sorted({f[:2] for f in failures}), failures[:5])
