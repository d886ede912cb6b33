"""GET /api/tools and POST /api/tools/{name} on a live server: plan filtering, results, 429."""
from __future__ import annotations

from contextlib import closing

import httpx
import pytest

from tests.server.conftest import DUCKDB_ONLY, bearer, live_server

pytestmark = DUCKDB_ONLY


@pytest.fixture
def api(make_app, duck_store):
    """A live server with three real users (tokens through the identity middleware)."""
    app, settings = make_app(duck_store)
    headers = {}
    for name, plan, lang in (("hx", "premium", "en"), ("hf", "free", "en"), ("hp", "pro", "ru")):
        from agent.identity.users import UserStore
        from agent.storage.appdb import AppDB

        with closing(AppDB(settings)) as appdb:
            _, token = UserStore(appdb).add(name, tenant="th", plan=plan, language=lang)
        headers[plan] = bearer(token)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60,
                                               headers=headers["premium"]) as c:
        c.as_user = headers
        yield c


def test_list_is_filtered_by_the_callers_plan(api):
    local = api.get("/api/tools").json()          # the premium user
    assert local["plan"] == "premium"
    names = {t["name"] for t in local["tools"]}
    assert {"get_price", "get_ohlcv", "calculate_position_size", "get_watchlist"} <= names
    free = api.get("/api/tools", headers=api.as_user["free"]).json()
    assert free["plan"] == "free" and all(t["required_plan"] == "free" for t in free["tools"])


def test_call_returns_the_executor_result(api):
    r = api.post("/api/tools/get_ohlcv", json={"symbol": "NQ", "timeframe": "1h", "limit": 24})
    body = r.json()
    assert r.status_code == 200 and body["success"] and body["data"]["count"] == 24
    assert set(body) == {"success", "data", "error", "metadata"}
    r = api.post("/api/tools/get_price", json={"symbol": "NQ"}, headers=api.as_user["free"])
    assert r.json()["data"]["price"] == 15857.5
    r = api.post("/api/tools/calculate_position_size", json={"capital": 1, "entry_price": 1,
                                                             "stop_loss_price": 1, "risk_percent": 1})
    assert r.status_code == 200 and r.json()["error"]["code"] == "VALIDATION_ERROR"
    assert api.post("/api/tools/nope", json={}).json()["error"]["code"] == "TOOL_NOT_FOUND"
    assert api.post("/api/tools/get_price", content=b"{bad",
                    headers={"Content-Type": "application/json"}).status_code == 400


def test_watchlist_belongs_to_the_caller(api):
    add = api.post("/api/tools/add_to_watchlist", json={"symbol": "SPY"}, headers=api.as_user["pro"])
    assert add.json()["data"]["symbols"] == ["SPY"]
    other = api.post("/api/tools/get_watchlist", json={}, headers=api.as_user["free"])
    assert other.json()["data"]["symbols"] == []
    # a body cannot choose the user
    spoof = api.post("/api/tools/get_watchlist", json={"user_id": "hp"}, headers=api.as_user["free"])
    assert spoof.json()["data"]["symbols"] == []


def test_rate_limit_is_429_with_retry_after(api):
    h = api.as_user["pro"]
    codes = [api.post("/api/tools/get_price", json={"symbol": "SPY"}, headers=h).status_code
             for _ in range(61)]
    assert codes[:60] == [200] * 60 and codes[60] == 429
    r = api.post("/api/tools/get_price", json={"symbol": "SPY"}, headers=h)
    assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 60
    body = r.json()
    assert body["success"] is False and body["error"]["code"] == "RATE_LIMIT"
    assert "Превышен лимит" in body["error"]["message"]


def test_every_result_says_the_quota_left_and_headers_carry_it(api):
    h = api.as_user["free"]
    seen = []
    for _ in range(3):
        r = api.post("/api/tools/calculate_risk_reward", headers=h, json={
            "entry_price": 100, "stop_loss_price": 95, "take_profit_price": 110})
        q = r.json()["metadata"]["quota"]["minute"]
        assert q["limit"] == 100 and 0 < q["reset_s"] <= 60          # the seed's 100 a minute
        assert r.headers["RateLimit-Remaining"] == str(q["remaining"])
        assert r.headers["RateLimit-Limit"] == "100" and r.headers["RateLimit-Policy"] == "100;w=60"
        seen.append(q["remaining"])
    assert seen == [99, 98, 97]
    refused = api.post("/api/tools/calculate_risk_reward", headers=h, json={"entry_price": 1})
    assert refused.json()["metadata"]["quota"]["minute"]["remaining"] == 96   # counted, as the seed


@pytest.mark.parametrize("fmt", ["openai", "gemini", "mcp"])
def test_exports_over_http_follow_the_callers_plan(api, fmt):
    from agent.tools.exports import export_tools
    from agent.tools.registry import get_registry

    free = api.get("/api/tools", params={"format": fmt}, headers=api.as_user["free"]).json()
    pro = api.get("/api/tools", params={"format": fmt}, headers=api.as_user["pro"]).json()
    assert free["tools"] == export_tools(get_registry(), "free", fmt) and free["plan"] == "free"
    assert pro["tools"] == export_tools(get_registry(), "pro", fmt)
    names = [t["function"]["name"] if fmt == "openai" else t["name"] for t in free["tools"]]
    assert "create_paper_order" not in names and "get_price" in names
    if fmt == "mcp":
        order = next(t for t in pro["tools"] if t["name"] == "create_paper_order")
        assert order["annotations"]["destructiveHint"] is True
    assert api.get("/api/tools", params={"format": "yaml"}).status_code == 400
