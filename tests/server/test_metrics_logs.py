"""GET /metrics (Prometheus text) after real requests; structured JSON logs carry the request id."""
from __future__ import annotations

import json
import logging
import time
from types import SimpleNamespace

from prometheus_client.parser import text_string_to_metric_families

from agent.llm.offline.provider import OfflineProvider
from agent.llm.usage import UsageMeter, load_prices
from agent.server.logs import JsonFormatter
from tests.server.conftest import DUCKDB_ONLY, live_server, stream

pytestmark = DUCKDB_ONLY


class MeteredOffline(OfflineProvider):
    """Offline answers, with usage recorded the way the Gemini provider records it."""

    def __init__(self):
        super().__init__()
        self.meter = UsageMeter(load_prices())

    def understand(self, *a, **k):
        started = time.perf_counter()
        out = super().understand(*a, **k)
        self.meter.add("understander", "gemini-2.5-flash",
                       SimpleNamespace(prompt_token_count=1000, candidates_token_count=200), started)
        return out


def _samples(text: str) -> dict[tuple, float]:
    out = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def _get(samples, name, **labels):
    return samples.get((name, tuple(sorted(labels.items()))))


def test_metrics_after_requests(make_app, duck_store):
    import httpx

    app, _ = make_app(duck_store, provider=MeteredOffline())
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        _, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
        rid = events[-1]["data"]["request_id"]
        usage = events[-1]["data"]["usage"]  # the graph's own accounting got the records too
        assert usage["input_tokens"] == 1000 and usage["by_agent"]["understander"]["output_tokens"] == 200
        c.post("/api/chat", content=b"{oops", headers={"content-type": "application/json"})
        c.get("/api/threads/nope")
        s = _samples(c.get("/metrics").text)
        trace = c.get(f"/api/traces/{rid}").json()
    assert _get(s, "askbar_http_requests_total", method="POST", route="/api/chat", status="200") == 1
    assert _get(s, "askbar_http_requests_total", method="POST", route="/api/chat", status="400") == 1
    assert _get(s, "askbar_runs_total", kind="ask", status="answered") == 1
    for agent in ("understander", "planner", "executor", "analyst", "validator"):
        assert _get(s, "askbar_agent_seconds_count", agent=agent) >= 1, agent
    assert _get(s, "askbar_llm_calls_total", agent="planner", status="ok") == 1
    assert _get(s, "askbar_llm_tokens_total", agent="understander", direction="input") == 1000
    assert _get(s, "askbar_llm_tokens_total", agent="understander", direction="output") == 200
    cost = (1000 * 0.30 + 200 * 2.50) / 1e6
    assert abs(_get(s, "askbar_llm_cost_usd_total", agent="understander") - cost) < 1e-9
    assert _get(s, "askbar_errors_total", code="bad_json") == 1
    assert _get(s, "askbar_errors_total", code="unknown_thread") == 1
    assert _get(s, "askbar_active_runs") == 0
    step = trace["steps"][0]
    assert step["agent"] == "understander" and step["input_tokens"] == 1000 and step["output_tokens"] == 200
    assert step["llm"][0]["usage"][0]["model"] == "gemini-2.5-flash"


def _chat_with_log_records(client) -> tuple[list[str], list[dict]]:
    """One chat, with every askbar log record of it formatted as the server writes it."""
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(JsonFormatter().format(record))
    handler = Keep()
    logger = logging.getLogger("askbar")
    level = logger.level   # other tests' order must not decide whether INFO records are emitted
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        _, events = stream(client, "POST", "/api/chat", json={"question": "What is RSI?"})
        # The access line is written once the response body has been sent, which can be just
        # after the client read the last event.
        deadline = time.monotonic() + 5
        while not any('"http request"' in r for r in records) and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return records, events


def test_logs_are_json_lines_with_request_id(client):
    records, events = _chat_with_log_records(client)
    rid = events[-1]["data"]["request_id"]
    finished = [json.loads(r) for r in records if '"run finished"' in r]
    assert finished and finished[-1]["request_id"] == rid
    assert finished[-1]["status"] == "answered" and finished[-1]["level"] == "info" and "ts" in finished[-1]


def test_access_log_names_the_request(client):
    records, events = _chat_with_log_records(client)
    access = [json.loads(r) for r in records if '"http request"' in r]
    assert access[-1]["path"] == "/api/chat" and access[-1]["status"] == 200
    assert access[-1]["request_id"] == events[0]["data"]["request_id"] and access[-1]["duration_ms"] > 0
