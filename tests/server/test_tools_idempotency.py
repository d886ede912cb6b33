"""POST /api/tools/{name} with `Idempotency-Key` on a live server (real HTTP, real tokens, the
real NQ data): a retried order is placed once and answered with the first response; another
user's equal key is independent; the key with another body is 422; parallel retries place one
order; without a key every POST acts (the control that shows the test can see a duplicate)."""
from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from agent.trading import service
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, live_server

pytestmark = DUCKDB_ONLY

ORDER = {"symbol": "NQ", "side": "buy", "quantity": 1, "order_type": "market"}
URL = "/api/tools/create_paper_order"


@pytest.fixture
def api(make_app, duck_store):
    """A live server with two pro users of one tenant (fresh ids: the store is shared)."""
    app, settings = make_app(duck_store)
    users, headers = {}, {}
    for name in ("alice", "bob"):
        user, token = add_user(settings, f"{name}{uuid.uuid4().hex[:6]}", tenant="ti", plan="pro")
        users[name], headers[name] = user, bearer(token)
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        c.users, c.auth_headers = users, headers
        yield c


def _post(api, who: str, key: str | None, body: dict = ORDER) -> httpx.Response:
    headers = {**api.auth_headers[who], **({"Idempotency-Key": key} if key else {})}
    return api.post(URL, json=body, headers=headers)


def _orders(store, user) -> list:
    return service.list_orders(store, user)


def test_a_retried_order_is_placed_once_with_the_same_response(api, duck_store):
    key = uuid.uuid4().hex
    first = _post(api, "alice", key)
    assert first.status_code == 200 and first.json()["success"], first.text
    again = _post(api, "alice", key)
    assert again.status_code == 200 and again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"
    assert "idempotent-replayed" not in first.headers
    placed = _orders(duck_store, api.users["alice"])
    assert [o.order_id for o in placed] == [first.json()["data"]["order"]["order_id"]]
    # the same key with another body is refused, and places nothing
    other = _post(api, "alice", key, {**ORDER, "quantity": 2})
    assert other.status_code == 422 and other.json()["error"]["code"] == "idempotency_key_reused"
    assert len(_orders(duck_store, api.users["alice"])) == 1


def test_another_users_equal_key_is_independent(api, duck_store):
    key = "retry-1"
    mine = _post(api, "alice", key)
    theirs = _post(api, "bob", key)
    assert mine.json()["success"] and theirs.json()["success"]
    assert theirs.json()["data"]["order"]["order_id"] != mine.json()["data"]["order"]["order_id"]
    assert "idempotent-replayed" not in theirs.headers
    assert len(_orders(duck_store, api.users["alice"])) == 1
    assert len(_orders(duck_store, api.users["bob"])) == 1
    assert _post(api, "bob", key).content == theirs.content
    assert len(_orders(duck_store, api.users["bob"])) == 1


def test_without_a_key_every_post_acts(api, duck_store):
    for _ in range(2):
        assert _post(api, "alice", None).json()["success"]
    assert len(_orders(duck_store, api.users["alice"])) == 2


def test_parallel_retries_place_one_order(api, duck_store):
    key = uuid.uuid4().hex
    with ThreadPoolExecutor(6) as pool:
        got = list(pool.map(lambda _i: _post(api, "alice", key), range(6)))
    assert {r.status_code for r in got} <= {200, 409}
    bodies = {r.content for r in got if r.status_code == 200}
    assert len(bodies) == 1 and len(_orders(duck_store, api.users["alice"])) == 1
    assert _post(api, "alice", key).content in bodies          # once done: replayed to everyone


def test_bad_keys_are_400_and_read_only_tools_ignore_the_key(api):
    r = _post(api, "alice", "x" * 256)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_idempotency_key"
    h = {**api.auth_headers["alice"], "Idempotency-Key": "k"}
    prices = [api.post("/api/tools/get_price", json={"symbol": "NQ"}, headers=h) for _ in range(2)]
    assert all(p.json()["success"] and "idempotent-replayed" not in p.headers for p in prices)
