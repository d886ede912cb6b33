"""Browser safety and bounded work (issue 12): Host and Origin checks, JSON bodies on POST,
security headers, CORS only when configured; per-user rate limit (limits, moving window; Redis
storage when configured), caps on runs in flight with 429 + Retry-After, JSON depth/size/NaN
limits, validated LangGraph parameters; errors keep the connection alive."""
from __future__ import annotations

import socket
import uuid

from agent.server.runtime import ServerSettings
from tests.server.conftest import (DUCKDB_ONLY, REDIS_URL, add_user, bearer, inproc, live_server,
                                   require_redis, slow_offline, stream)

pytestmark = DUCKDB_ONLY
Q = {"question": "NQ stats for November 2023"}


def test_host_origin_content_type_and_headers(make_app, duck_store):
    app, _ = make_app(duck_store)
    with inproc(app) as c:
        r = c.get("/api/data", headers={"Host": "evil.example"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_host"
        r = c.post("/api/chat", json=Q, headers={"Origin": "https://evil.example"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
        r = c.post("/api/chat", content="question=x", headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert r.status_code == 415 and r.json()["error"]["code"] == "json_required"
        r = c.post("/api/chat", content='{"question": "x"}', headers={"Content-Type": "text/plain"})
        assert r.status_code == 415
        r, events = stream(c, "POST", "/api/chat", json=Q, headers={"Origin": "http://127.0.0.1"})
        assert r.status_code == 200 and events[-1]["event"] == "done"  # same origin is fine
        for url in ("/", "/api/data", "/nope"):
            h = c.get(url).headers
            assert "frame-ancestors 'none'" in h["content-security-policy"]
            assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
        pre = c.options("/api/chat", headers={"Origin": "https://app.example",
                                              "Access-Control-Request-Method": "POST"})
        assert "access-control-allow-origin" not in pre.headers  # no CORS unless configured


def test_allowed_hosts_and_cors_are_configurable(make_app, duck_store):
    server = ServerSettings(allowed_hosts="askbar.internal", cors_origins="https://app.example")
    app, _ = make_app(duck_store, server=server)
    with inproc(app) as c:
        assert c.get("/api/data", headers={"Host": "askbar.internal:8000"}).status_code == 200
        assert c.get("/api/data", headers={"Host": "localhost"}).status_code == 400
        h = {"Host": "askbar.internal", "Origin": "https://app.example"}
        pre = c.options("/api/chat", headers={**h, "Access-Control-Request-Method": "POST",
                                              "Access-Control-Request-Headers": "authorization,content-type"})
        assert pre.headers["access-control-allow-origin"] == "https://app.example"
        assert c.get("/api/data", headers=h).status_code == 200


def test_rate_limit_per_user_with_retry_after(make_app, duck_store):
    app, settings = make_app(duck_store, server=ServerSettings(rate_limit="2/minute"))
    _, alice = add_user(settings, "alice")
    _, bob = add_user(settings, "bob")
    with inproc(app) as c:
        for _ in range(2):
            assert stream(c, "POST", "/api/chat", json=Q, headers=bearer(alice))[0].status_code == 200
        r = c.post("/api/chat", json=Q, headers=bearer(alice))
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert 1 <= int(r.headers["retry-after"]) <= 60
        assert stream(c, "POST", "/api/chat", json=Q, headers=bearer(bob))[0].status_code == 200


def test_rate_limit_counts_in_redis_across_apps(make_app, duck_store, tmp_path):
    """Two server apps sharing Redis share one moving window per user."""
    require_redis()
    prefix = uuid.uuid4().hex
    server = ServerSettings(rate_limit="3/minute")
    server.__dict__["redis_prefix"] = prefix  # a key prefix of this test's own
    app1, settings = make_app(duck_store, redis_url=REDIS_URL, server=server, home=tmp_path / "h")
    app2, _ = make_app(duck_store, redis_url=REDIS_URL, server=server, home=tmp_path / "h")
    _, alice = add_user(settings, "alice")
    with inproc(app1) as c1, inproc(app2) as c2:
        codes = [stream(c, "POST", "/api/chat", json=Q, headers=bearer(alice))[0].status_code
                 for c in (c1, c2, c1, c2)]
    assert codes == [200, 200, 200, 429]


def test_caps_on_runs_in_flight(make_app, duck_store):
    app, settings = make_app(duck_store, provider=slow_offline(1.5),
                             server=ServerSettings(max_user_runs=1, max_concurrent_runs=1, max_queued_runs=0))
    _, alice = add_user(settings, "alice")
    _, bob = add_user(settings, "bob")
    with live_server(app) as url:
        import httpx

        with httpx.Client(base_url=url, timeout=30) as c, \
                c.stream("POST", "/api/chat", json=Q, headers=bearer(alice)) as first:
            assert first.status_code == 200
            r = c.post("/api/chat", json=Q, headers=bearer(alice))
            assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_runs"
            assert r.headers["retry-after"]
            r = c.post("/api/chat", json=Q, headers=bearer(bob))
            assert r.status_code == 429 and r.json()["error"]["code"] == "server_busy"
            first.read()


def test_the_per_user_cap_holds_for_chats_sent_together(make_app, duck_store):
    """Admission and the run's start are apart by awaits (the rate in Redis, thread rows): the
    place is held in between, so chats sent at once cannot all pass a cap of two."""
    import threading

    import httpx

    require_redis()                       # the rate counted in Redis: a real await between the two
    server = ServerSettings(max_user_runs=2)
    server.__dict__["redis_prefix"] = uuid.uuid4().hex
    app, settings = make_app(duck_store, provider=slow_offline(1.0), server=server, redis_url=REDIS_URL)
    _, alice = add_user(settings, "alice")
    codes: list[int] = []
    with live_server(app) as url:
        def chat():
            with httpx.Client(base_url=url, timeout=30) as c:
                codes.append(stream(c, "POST", "/api/chat", json=Q, headers=bearer(alice))[0].status_code)
        threads = [threading.Thread(target=chat) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    assert sorted(codes) == [200, 200, 429, 429, 429, 429], codes


def test_bad_json_bodies_are_400_never_500(make_app, duck_store):
    app, _ = make_app(duck_store)
    deep = {"question": "x"}
    for _ in range(60):
        deep = {"a": deep}
    with inproc(app) as c:
        cases = [
            (c.post("/api/chat", content=b'{"question": NaN}', headers={"Content-Type": "application/json"}), "bad_json"),
            (c.post("/api/chat", content=b'{"question": "x", "n": Infinity}',
                    headers={"Content-Type": "application/json"}), "bad_json"),
            (c.post("/api/chat", json={**deep, "question": "x"}), "json_too_deep"),
            (c.post("/api/chat", json={"question": "a\x00b"}), "bad_text"),
            (c.post("/api/chat", content='{"question": "a\\ud800b"}'.encode(),
                    headers={"Content-Type": "application/json"}), "bad_text"),
            (c.post("/api/chat", json={"question": "x" * 100_000}), "body_too_large"),
            (c.post("/api/chat", json={"question": "NQ", "now": "0001-01-01"}), "bad_now"),
            (c.post("/threads/search", json={"limit": "all"}), "bad_limit"),
            (c.post("/threads/search", json={"limit": 10**9}), "bad_limit"),
            (c.post("/threads/search", json={"offset": -1}), "bad_offset"),
            (c.post("/threads/search", json={"status": "weird"}), "bad_status"),
            (c.get("/threads/search-not"), "unknown_thread"),
            (c.post("/threads", json={"metadata": [1, 2]}), "bad_metadata"),
            (c.post("/threads", json={"metadata": "x"}), "bad_metadata"),
            (c.post("/threads", json={"metadata": {"a b": 1}}), "bad_metadata"),
        ]
        for r, code in cases:
            assert 400 <= r.status_code < 500, (code, r.status_code, r.text)
            assert r.json()["error"]["code"] == code, (code, r.text)
        # rejected metadata stored nothing and search still works for everyone
        assert c.post("/threads/search", json={}).status_code == 200
        made = c.post("/threads", json={"metadata": {"k": "v"}}).json()["thread_id"]
        assert [t["thread_id"] for t in c.post("/threads/search", json={"metadata": {"k": "v"}}).json()] == [made]
        th = made
        r = c.post(f"/threads/{th}/history", json={"limit": 0})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_limit"
        r = c.post(f"/threads/{th}/history", json={"before": [1]})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_before"


def _post(content_type: str, body: bytes) -> bytes:
    return (b"POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + content_type.encode()
            + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def _raw(port: int, request: bytes, sock: socket.socket) -> bytes:
    sock.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([ln.split(b":")[1] for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length")][0])
    while len(body) < length:
        body += sock.recv(65536)
    return head


def test_error_responses_keep_the_connection_alive(make_app, duck_store):
    app, _ = make_app(duck_store)
    with live_server(app) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            bad = [_post("text/plain", b"hello"), _post("application/json", b'{"q": NaN}'),
                   _post("application/json", b'{"question": "x", "pad": "' + b"y" * 70_000 + b'"}'),
                   b"GET /threads/x/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                   b"GET /api/runs/x/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: \xc3\xa9\r\n\r\n"]
            for req in bad:
                head = _raw(port, req, s)
                assert head.split(b" ")[1].startswith(b"4"), head
                assert b"connection: close" not in head.lower()
            head = _raw(port, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", s)
            assert b" 200 " in head.split(b"\r\n")[0]
