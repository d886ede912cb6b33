"""Short-term memory (seed 002): one JSON value per user with a 1 h TTL.

Redis (`ASKBAR_REDIS_URL`) in production: key `{prefix}stm:{tenant}:{user}` written with SETEX so
every update renews the hour. Without Redis: a process-local dict with the same expiry rule.
Holds the active conversation, recent symbols (10, newest first), last activity, pending actions.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any

from agent.identity.models import User
from agent.storage.redis_client import redis_client

log = logging.getLogger("askbar.memory")

TTL_S = 3600
MAX_RECENT_SYMBOLS = 10


MAX_PENDING = 5     # actions awaiting a yes/no, newest last (none was ever recorded)


class _LocalKV:
    def __init__(self):
        self._data: dict[str, tuple[float, str]] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        with self._lock:
            hit = self._data.get(key)
            if hit and hit[0] > time.monotonic():
                return hit[1]
            self._data.pop(key, None)
            return None

    def set(self, key: str, value: str, ex: int) -> None:  # redis-py's set(..., ex=) subset
        with self._lock:
            self._data[key] = (time.monotonic() + ex, value)

    def delete(self, key: str) -> None:
        with self._lock:
            self._data.pop(key, None)

    def ttl(self, key: str) -> int:
        with self._lock:
            hit = self._data.get(key)
            return int(hit[0] - time.monotonic()) if hit else -2


class _RedisOrLocal:
    """Redis while it answers, this process's own copy while it does not (memory
    answered 500 during a Redis outage); a warning in the log at most every WARN_EVERY_S."""

    WARN_EVERY_S = 30.0

    def __init__(self, url: str):
        # short timeouts: while Redis is down each call falls back within a second
        self.redis = redis_client(url, socket_connect_timeout=1.0, socket_timeout=1.0)
        self.local, self._warned = _LocalKV(), 0.0

    def _call(self, name: str, *args: Any, **kw: Any) -> Any:
        import redis

        try:
            return getattr(self.redis, name)(*args, **kw)
        except redis.RedisError as exc:
            if time.monotonic() - self._warned > self.WARN_EVERY_S:
                self._warned = time.monotonic()
                log.warning("short-term memory: Redis unavailable (%s); kept in this process "
                            "until it is back", " ".join(str(exc).split())[:200])
            return getattr(self.local, name)(*args, **kw)

    def get(self, key: str) -> str | None:
        return self._call("get", key)

    def set(self, key: str, value: str, ex: int) -> None:
        self._call("set", key, value, ex=ex)

    def delete(self, key: str) -> None:
        self._call("delete", key)

    def ttl(self, key: str) -> int:
        return int(self._call("ttl", key))


class ShortTermMemory:
    def __init__(self, redis_url: str | None = None, prefix: str = "askbar:", ttl_s: int = TTL_S):
        if redis_url:
            self.kv: Any = _RedisOrLocal(redis_url)
        else:
            self.kv = _LocalKV()
        self.prefix, self.ttl_s = prefix, ttl_s

    def key(self, user: User) -> str:
        return f"{self.prefix}stm:{user.tenant_id}:{user.user_id}"

    def get(self, user: User) -> dict[str, Any]:
        raw = self.kv.get(self.key(user))
        return json.loads(raw) if raw else {}

    def set(self, user: User, current: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
        """Merge `fields` into the value (read unless `current` is given) and renew the hour."""
        base = self.get(user) if current is None else current
        merged = {**base, **fields, "last_activity": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        self.kv.set(self.key(user), json.dumps(merged), ex=self.ttl_s)
        return merged

    def touch_turn(self, user: User, thread_id: str | None, symbols: list[str]) -> dict[str, Any]:
        """One read and one write per answered turn: active conversation, recent symbols, activity."""
        current = self.get(user)
        recent = current.get("recent_symbols", [])
        for s in reversed(list(dict.fromkeys(symbols))):
            recent = [s] + [r for r in recent if r != s]
        return self.set(user, current, active_conversation=thread_id,
                        recent_symbols=recent[:MAX_RECENT_SYMBOLS])

    def add_pending_action(self, user: User, action: dict[str, Any]) -> None:
        """An action shown for confirmation (its id replaces an earlier record of the same id)."""
        current = self.get(user)
        key = action.get("action_id")
        rest = [a for a in current.get("pending_actions", []) if key is None or a.get("action_id") != key]
        self.set(user, current, pending_actions=[*rest, action][-MAX_PENDING:])

    def remove_pending_action(self, user: User, action_id: str | None) -> None:
        current = self.get(user)
        left = [a for a in current.get("pending_actions", []) if a.get("action_id") != action_id]
        self.set(user, current, pending_actions=left)

    def clear_pending_actions(self, user: User) -> None:
        self.set(user, pending_actions=[])

    def forget(self, user: User) -> None:
        self.kv.delete(self.key(user))

    def ttl(self, user: User) -> int:
        return int(self.kv.ttl(self.key(user)))
