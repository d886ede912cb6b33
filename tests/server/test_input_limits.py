"""Limits on input over HTTP (issue 25 M1, M2, L1), each the probe's own example: a tenant tool
schema with NaN (then GET /api/v1/tools was a 500 for the whole tenant), 32 MB and 8 MB bodies on
/api/v1, junk bodies on service-auth/validate (500s with internal host:port), tool URLs with port
99999 or full-width digits, a NUL in a tool name, a bad Last-Event-ID, get_news with dates
0001..9999, calculators with extreme floats."""
from __future__ import annotations

import json

import pytest

from agent.server.runtime import ServerSettings
from tests.server.conftest import DUCKDB_ONLY, inproc

pytestmark = DUCKDB_ONLY
H = {"X-Tenant-ID": "local", "Content-Type": "application/json"}
SCHEMA = {"type": "object", "properties": {"a": {"type": "number"}}}


def _tool(**over) -> dict:
    return {"tool": {"id": "calc", "name": "Calc", "schema": SCHEMA,
                     "endpoint": "http://127.0.0.1:9/x", **over}}


def _one_line_error(r, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text[:300])
    msg = r.json()["error"]["message"]
    assert "\n" not in msg and "Traceback" not in msg and "127.0.0.1:5432" not in msg
    return msg


@pytest.fixture
def c(make_app, duck_store):
    app, _ = make_app(duck_store, registry_allowed_hosts="127.0.0.1:9",
                      server=ServerSettings(registry_max_body_bytes=200_000))
    with inproc(app) as client:
        yield client


def test_nan_schema_is_refused_and_the_list_stays_up(c):
    body = json.dumps(_tool()).replace('"number"}', '"number", "maximum": NaN}')
    msg = _one_line_error(c.post("/api/v1/tools", content=body, headers=H), 400)
    assert "NaN" in msg
    body = json.dumps(_tool()).replace('"number"}', '"number", "maximum": Infinity}')
    _one_line_error(c.post("/api/v1/tools", content=body, headers=H), 400)
    assert c.get("/api/v1/tools", headers=H).status_code == 200


def test_body_limit_is_a_setting_and_schemas_are_bounded(c):
    big = "x" * 300_000
    r = c.post("/api/v1/tools", content=json.dumps(_tool(description="d", tags=[big])), headers=H)
    assert "200000" in _one_line_error(r, 413)
    wide = {"type": "object", "properties": {f"p{i}": {"type": "string", "description": "y" * 100}
                                             for i in range(500)}}
    msg = _one_line_error(c.post("/api/v1/tools", json=_tool(schema=wide), headers=H), 422)
    assert "at most 32000" in msg
    deep: dict = {"type": "object"}
    for _ in range(14):
        deep = {"type": "object", "properties": {"n": deep}}
    msg = _one_line_error(c.post("/api/v1/tools", json=_tool(schema=deep), headers=H), 422)
    assert "deeper than 12" in msg
    assert c.get("/api/v1/tools", headers=H).status_code == 200


@pytest.mark.parametrize("endpoint", ["http://127.0.0.1:99999/x", "http://127.0.0.1:\uff19/x",
                                      "http://127.0.0.1:0/x", "http://exa\u0430mple.com/x"])
def test_bad_endpoint_urls_are_422(c, endpoint):
    r = c.post("/api/v1/tools", json=_tool(endpoint=endpoint), headers=H)
    assert "endpoint" in _one_line_error(r, 422)


def test_nul_in_a_tool_name_is_400(c):
    r = c.post("/api/v1/tools", json=_tool(name="Ca\x00lc"), headers=H)
    assert "NUL" in _one_line_error(r, 400)


@pytest.mark.parametrize("body,ctype", [
    (b"not json", "application/json"), (b"\xff\xfe{\x00}\x00", "application/json"),
    ('{"token": "x"}'.encode("utf-16"), "application/json"), (b"[" * 5000 + b"]" * 5000, "application/json"),
    (b'{"token": "\xc3\x28"}', "application/json"), (b"[1, 2]", "application/json"),
    (b'{"token": NaN}', "application/json")])
def test_service_auth_validate_junk_is_4xx(c, body, ctype):
    r = c.post("/api/v1/orchestrator/service-auth/validate", content=body,
               headers={**H, "Content-Type": ctype})
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:200])
    _one_line_error(r, r.status_code)


def test_bad_last_event_id_is_400(c):
    from tests.server.conftest import stream

    r, events = stream(c, "POST", "/api/chat", json={"question": "NQ stats for November 2023"})
    run_id = events[0]["data"]["run_id"]
    for bad in ("abc", "-1", "1" * 30, "12abc"):
        r = c.get(f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": bad})
        assert "Last-Event-ID" in _one_line_error(r, 400)
    r, again = stream(c, "GET", f"/api/runs/{run_id}/stream", headers={"Last-Event-ID": "2"})
    assert r.status_code == 200 and all(e["id"] > 2 for e in again if "id" in e)


def test_get_news_with_absurd_dates_is_a_validation_error(c):
    for start, end in (("0001-01-01", "9999-12-31"), ("1800-01-01", None), (None, "2999-01-01")):
        body = {"symbol": "NQ", **({"start": start} if start else {}), **({"end": end} if end else {})}
        r = c.post("/api/tools/get_news", json=body)
        assert r.status_code == 200 and r.json()["error"]["code"] == "VALIDATION_ERROR", r.text


@pytest.mark.parametrize("body", [
    {"capital": 1e308, "entry_price": 100, "stop_loss_price": 99, "risk_percent": 1},
    {"capital": 1e13, "entry_price": 1e-300, "stop_loss_price": 2e-300, "risk_percent": 100,
     "point_value": 1e6},
    {"capital": 1e5, "entry_price": 1e308, "stop_loss_price": 1, "risk_percent": 1}])
def test_calculators_with_extreme_floats_refuse(c, body):
    r = c.post("/api/tools/calculate_position_size", json=body)
    assert r.status_code == 200 and r.json()["error"]["code"] == "VALIDATION_ERROR", r.text
    r = c.post("/api/tools/calculate_risk_reward",
               json={"entry_price": 1e-308, "stop_loss_price": 5e-324, "take_profit_price": 1e9})
    assert r.status_code == 200 and r.json()["error"]["code"] == "VALIDATION_ERROR", r.text
