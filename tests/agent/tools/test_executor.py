"""The executor's order and refusals: plan, rate limit (memory and Redis), validation, cache,
execution log; refusals in the user's language."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from pydantic import BaseModel

from agent.identity.models import LOCAL_USER, User
from agent.tools.registry import ToolRegistry, discover
from agent.tools.spec import RateLimit, ToolContext, ToolError, ToolSpec
from tests.conftest import DATA

FREE = User(user_id="u-free", tenant_id="t1", name="f", plan="free")
PRO = User(user_id="u-pro", tenant_id="t1", name="p", plan="pro", language="ru")


class Echo(BaseModel):
    x: int = 1


def _echo(ctx: ToolContext, p: Echo) -> dict:
    if p.x < 0:
        raise RuntimeError("negative x blew up")
    return {"x": p.x, "user": ctx.user.user_id}


def _reject_seven(ctx: ToolContext, p: Echo) -> None:
    if p.x == 7:
        raise ToolError("VALIDATION_ERROR", "x must not be 7")


def registry_with(*extra: ToolSpec) -> ToolRegistry:
    reg = discover()
    for spec in extra:
        reg.register(spec)
    return reg


PRO_TOOL = ToolSpec(id="test.pro_echo", name="pro_echo", description="pro only", category="ml",
                    params=Echo, handler=_echo, required_plan="pro", validator=_reject_seven,
                    post_processor=lambda ctx, p, d: {**d, "post": True})
PREMIUM_TOOL = ToolSpec(id="test.premium_echo", name="premium_echo", description="premium",
                        category="ml", params=Echo, handler=_echo, required_plan="premium")


def test_plan_permission_with_the_seed_upgrade_messages(loaded_store, executor_for):
    ex = executor_for(loaded_store, registry=registry_with(PRO_TOOL, PREMIUM_TOOL))
    r = ex.execute("pro_echo", {"x": 2}, FREE)
    assert r["success"] is False and r["error"]["code"] == "PLAN_REQUIRED"
    assert r["error"]["message"].startswith("This feature requires the Pro plan")
    r = ex.execute("pro_echo", {"x": 2}, FREE, lang="es")
    assert r["error"]["message"] == ("Esta función requiere el plan Pro. Actualiza para acceder a "
                                     "señales ML, paper trading y más.")
    r = ex.execute("premium_echo", {}, PRO)      # PRO speaks Russian
    assert r["error"]["code"] == "PLAN_REQUIRED" and "Premium" in r["error"]["message"]
    assert "тарифе" in r["error"]["message"]
    ok = ex.execute("pro_echo", {"x": 2}, PRO)
    assert ok["success"] and ok["data"] == {"x": 2, "user": "u-pro", "post": True}
    assert ok["metadata"]["tool_id"] == "test.pro_echo"


def test_order_validation_then_handler_errors(loaded_store, executor_for):
    ex = executor_for(loaded_store, registry=registry_with(PRO_TOOL))
    assert ex.execute("nope", {}, PRO)["error"]["code"] == "TOOL_NOT_FOUND"
    r = ex.execute("pro_echo", {"x": "abc"}, PRO)
    assert r["error"]["code"] == "VALIDATION_ERROR" and "x" in r["error"]["message"]
    r = ex.execute("pro_echo", {"x": 7}, PRO)
    assert r["error"] == {"code": "VALIDATION_ERROR", "message": "x must not be 7"}
    r = ex.execute("pro_echo", {"x": -1}, PRO)
    assert r["error"]["code"] == "EXECUTION_ERROR" and "negative x blew up" in r["error"]["message"]
    # the permission check comes before validation: a free user never learns about parameters
    assert ex.execute("pro_echo", {"x": "abc"}, FREE)["error"]["code"] == "PLAN_REQUIRED"
    ex.flush_log()
    rows = ex.appdb.execute("SELECT tool_id, success, error_code FROM tool_executions "
                            "WHERE user_id = %s ORDER BY id", ("u-pro",))
    assert [r["error_code"] for r in rows] == ["VALIDATION_ERROR", "VALIDATION_ERROR", "EXECUTION_ERROR"]


def _limited(n: int) -> ToolSpec:
    return ToolSpec(id="test.limited", name="limited", description="limited", category="calculate",
                    params=Echo, handler=_echo, rate_limit=RateLimit(per_minute=n))


@pytest.mark.parametrize("backend", ["memory", "redis"])
def test_100_concurrent_calls_admit_exactly_n(make_store, executor_for, redis_url, backend):
    n = 17
    ex = executor_for(make_store("duckdb"), redis_url=redis_url if backend == "redis" else None,
                      registry=registry_with(_limited(n)))
    assert ex.limiter.backend == backend
    with ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(lambda i: ex.execute("limited", {"x": i}, FREE), range(100)))
    ok = [r for r in results if r["success"]]
    refused = [r for r in results if not r["success"]]
    assert len(ok) == n and len(refused) == 100 - n
    assert {r["error"]["code"] for r in refused} == {"RATE_LIMIT"}
    assert all(1 <= r["error"]["retry_after"] <= 60 for r in refused)
    # per user: another user of the same tenant still has the whole window
    assert ex.execute("limited", {}, PRO)["success"]


def test_rate_limit_is_shared_across_executors_through_redis(make_store, executor_for, redis_url):
    store = make_store("duckdb")
    a = executor_for(store, redis_url=redis_url, registry=registry_with(_limited(3)))
    b = executor_for(store, redis_url=redis_url, registry=registry_with(_limited(3)))
    got = [x.execute("limited", {}, FREE)["success"] for x in (a, b, a, b)]
    assert got == [True, True, True, False]
    r = b.execute("limited", {}, PRO.model_copy(update={"user_id": "u-free", "language": "es"}))
    assert r["error"]["code"] == "RATE_LIMIT" and "inténtalo" in r["error"]["message"]


@pytest.mark.parametrize("backend", ["memory", "redis"])
def test_cached_call_and_a_load_invalidates_it(make_store, executor_for, redis_url, backend):
    from agent.market.ingest import load_file

    store = make_store("duckdb")
    load_file(store, DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv", "BTCUSD")
    ex = executor_for(store, redis_url=redis_url if backend == "redis" else None)
    first = ex.execute("get_price", {"symbol": "BTCUSD"}, FREE)
    again = ex.execute("get_price", {"symbol": "btcusd"}, FREE)
    assert first["metadata"]["cached"] is False and again["metadata"]["cached"] is True
    assert again["data"] == first["data"]
    # another user never sees this user's cache entry
    assert ex.execute("get_price", {"symbol": "BTCUSD"}, PRO)["metadata"]["cached"] is False
    load_file(store, DATA / "nq_1min_firstrate/NQ_1min_sample.csv", "NQ")
    after = ex.execute("get_price", {"symbol": "BTCUSD"}, FREE)
    assert after["metadata"]["cached"] is False
    # calculators and mutating tools are never cached
    calc = {"capital": 1000, "entry_price": 10, "stop_loss_price": 9, "risk_percent": 1}
    ex.execute("calculate_position_size", calc, FREE)
    assert ex.execute("calculate_position_size", calc, FREE)["metadata"]["cached"] is False
    ex.flush_log()
    log = ex.appdb.execute("SELECT cached FROM tool_executions WHERE tool_id = %s AND user_id = %s "
                           "ORDER BY id", ("market.get_price", "u-free"))
    assert [bool(r["cached"]) for r in log] == [False, True, False]


def test_fundamentals_load_invalidates_cache(make_store, executor_for, tmp_path):
    from agent.tools.fundamentals import load_fundamentals

    ex = executor_for(make_store("duckdb"))
    before = ex.execute("get_fundamentals", {"symbol": "AAPL"}, LOCAL_USER)
    assert before["data"]["available"] is False
    csv = tmp_path / "f.csv"
    csv.write_text("symbol,period_end,revenue,eps,pe\nAAPL,2024-09-28,391035000000,6.08,37.5\n")
    load_fundamentals(ex.appdb, csv)
    after = ex.execute("get_fundamentals", {"symbol": "AAPL"}, LOCAL_USER)
    assert after["metadata"]["cached"] is False and after["data"]["fields"]["eps"] == 6.08
