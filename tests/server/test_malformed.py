"""Malformed requests get a 4xx with a clear JSON message; the server keeps serving."""
from __future__ import annotations

from tests.server.conftest import DUCKDB_ONLY, stream

pytestmark = DUCKDB_ONLY


def _err(r, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["error"]["code"] == code, body
    assert body["error"]["message"]
    return body["error"]["message"]


def test_bad_json(client):
    r = client.post("/api/chat", content=b"{not json", headers={"content-type": "application/json"})
    assert "not valid JSON" in _err(r, 400, "bad_json")
    r = client.post("/api/chat", json=["a", "list"])
    assert "JSON object" in _err(r, 400, "bad_json")
    assert "empty" in _err(client.post("/api/chat", content=b""), 400, "empty_body")


def test_missing_or_bad_question(client):
    assert "question" in _err(client.post("/api/chat", json={}), 400, "missing_question")
    _err(client.post("/api/chat", json={"question": "   "}), 400, "missing_question")
    _err(client.post("/api/chat", json={"question": 42}), 400, "missing_question")
    _err(client.post("/api/chat", json={"question": "x" * 5000}), 400, "question_too_long")
    _err(client.post("/api/chat", json={"question": "NQ", "now": "yesterday"}), 400, "bad_now")
    _err(client.post("/api/chat", json={"question": "NQ", "thread_id": "../etc"}), 400, "bad_thread_id")


def test_huge_body(client):
    r = client.post("/api/chat", content=b'{"question": "' + b"x" * 200_000 + b'"}',
                    headers={"content-type": "application/json"})
    assert "limit" in _err(r, 413, "body_too_large")

    def chunks():  # no content-length: the limit holds while reading
        for _ in range(100):
            yield b"x" * 10_000
    r = client.post("/api/chat", content=chunks(), headers={"content-type": "application/json"})
    _err(r, 413, "body_too_large")


def test_unknown_thread_run_trace(client):
    assert "does not exist" in _err(client.post("/api/chat", json={"question": "NQ", "thread_id": "nope"}),
                                    404, "unknown_thread")
    _err(client.post("/api/chat/nope/resume", json={"answer": "NQ"}), 404, "unknown_thread")
    _err(client.get("/api/threads/nope"), 404, "unknown_thread")
    _err(client.get("/api/runs/nope/stream"), 404, "unknown_run")
    _err(client.get("/api/traces/nope"), 404, "unknown_request")
    _err(client.get("/no/such/route"), 404, "not_found")
    _err(client.get("/api/chat"), 405, "method_not_allowed")


def test_resume_when_not_waiting_and_missing_answer(client):
    _, events = stream(client, "POST", "/api/chat", json={"question": "What is RSI?"})
    thread = events[-1]["data"]["thread_id"]
    assert "not waiting" in _err(client.post(f"/api/chat/{thread}/resume", json={"answer": "x"}),
                                 409, "not_waiting")
    _err(client.post(f"/api/chat/{thread}/resume", json={}), 400, "missing_answer")
    # and the server still answers
    _, events = stream(client, "POST", "/api/chat", json={"question": "What is RSI?"})
    assert events[-1]["data"]["status"] == "answered"
