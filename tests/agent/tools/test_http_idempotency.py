"""The Idempotency-Key store on both app databases (SQLite and a fresh Postgres database): claim,
replay, mismatch, in progress, release, a stale claim taken over, keys scoped per user."""
from __future__ import annotations

import time
import uuid

import pytest

from agent.identity.models import User
from agent.tools import http_idempotency as idem


def _user(tenant: str = "t1") -> User:
    uid = "u" + uuid.uuid4().hex[:8]
    return User(user_id=uid, tenant_id=tenant, name=uid, plan="pro")


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
def test_claim_replay_mismatch_and_scope(appdb_for, engine, monkeypatch):
    keys = idem.IdempotencyKeys(appdb_for(engine))
    me, other = _user(), _user()
    fp = idem.fingerprint("create_paper_order", {"symbol": "NQ", "quantity": 1})
    assert fp == idem.fingerprint("create_paper_order", {"quantity": 1, "symbol": "NQ"})
    first = keys.claim(me, "k", fp)
    assert first.outcome == "run"
    assert keys.claim(me, "k", fp).outcome == "in_progress"
    assert keys.claim(other, "k", fp).outcome == "run"          # another user's equal key
    assert keys.claim(me, "k", "other-body").outcome == "mismatch"
    keys.complete(me, "k", first.token, 200, '{"success": true}')
    replay = keys.claim(me, "k", fp)
    assert (replay.outcome, replay.status_code, replay.response) == ("replay", 200, '{"success": true}')
    # released after a failure: the next request runs
    failed = keys.claim(me, "k2", fp)
    keys.release(me, "k2", failed.token)
    assert keys.claim(me, "k2", fp).outcome == "run"
    # a claim whose request died is taken over once it is stale; the old holder cannot complete
    stale = keys.claim(me, "k3", fp)
    monkeypatch.setattr(idem, "STALE_S", 0.0)
    time.sleep(0.01)
    taken = keys.claim(me, "k3", fp)
    assert taken.outcome == "run" and taken.token != stale.token
    keys.complete(me, "k3", stale.token, 200, "old")
    keys.complete(me, "k3", taken.token, 200, "new")
    monkeypatch.setattr(idem, "STALE_S", 120.0)
    assert keys.claim(me, "k3", fp).response == "new"


def test_bad_keys():
    assert idem.bad_key("") and idem.bad_key("x" * 256) and idem.bad_key("ключ") and idem.bad_key("a\nb")
    assert idem.bad_key("order-2024-11-23T10:00:00Z#1") is None
