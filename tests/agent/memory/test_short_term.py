"""Short-term memory: 1 h TTL keys in real Redis (unique prefix), same rules in process."""
from __future__ import annotations

import time

import pytest

from agent.memory.short_term import MAX_RECENT_SYMBOLS, TTL_S, ShortTermMemory
from tests.agent.memory.conftest import ALICE, BOB, prefix, redis_url


@pytest.fixture(params=["redis", "local"])
def stm_factory(request):
    made = []

    def make(ttl_s: int = TTL_S) -> ShortTermMemory:
        stm = ShortTermMemory(redis_url() if request.param == "redis" else None, prefix(), ttl_s)
        made.append(stm)
        return stm

    yield make
    for stm in made:
        stm.forget(ALICE)
        stm.forget(BOB)


def test_keys_carry_a_one_hour_ttl_renewed_on_update(stm_factory):
    stm = stm_factory()
    stm.touch_turn(ALICE, "thread-1", ["NQ"])
    assert TTL_S - 5 <= stm.ttl(ALICE) <= TTL_S
    data = stm.get(ALICE)
    assert data["active_conversation"] == "thread-1" and data["recent_symbols"] == ["NQ"]
    assert data["last_activity"]


def test_redis_key_really_has_the_ttl():
    import redis

    stm = ShortTermMemory(redis_url(), prefix())
    stm.set(ALICE, active_conversation="t")
    r = redis.Redis.from_url(redis_url())
    try:
        assert TTL_S - 5 <= r.ttl(stm.key(ALICE)) <= TTL_S
        assert stm.key(ALICE).startswith(stm.prefix)
    finally:
        r.delete(stm.key(ALICE))


def test_keys_expire(stm_factory):
    stm = stm_factory(ttl_s=1)
    stm.set(ALICE, active_conversation="t")
    assert stm.get(ALICE)
    time.sleep(2.1)
    assert stm.get(ALICE) == {}


def test_recent_symbols_newest_first_capped_and_per_user(stm_factory):
    stm = stm_factory()
    for i in range(15):
        stm.touch_turn(ALICE, "t", [f"S{i}"])
    stm.touch_turn(ALICE, "t", ["S3"])
    recent = stm.get(ALICE)["recent_symbols"]
    assert recent[0] == "S3" and len(recent) == MAX_RECENT_SYMBOLS and len(set(recent)) == len(recent)
    assert stm.get(BOB) == {}


def test_pending_actions(stm_factory):
    stm = stm_factory()
    stm.add_pending_action(ALICE, {"tool": "place_order", "id": 1})
    stm.add_pending_action(ALICE, {"tool": "cancel_order", "id": 2})
    assert [a["id"] for a in stm.get(ALICE)["pending_actions"]] == [1, 2]
    stm.clear_pending_actions(ALICE)
    assert stm.get(ALICE)["pending_actions"] == []
