"""The in-process tool rate limiter under concurrent calls (tool calls run in worker threads)."""
from __future__ import annotations

import sys
import threading
import time

from agent.tools.ratelimit import ToolRateLimiter
from agent.tools.spec import RateLimit


def test_concurrent_calls_never_fail_and_admit_exactly_the_limit():
    """limits' MemoryStorage (re)started its expiry timer without a lock: two threads could both
    start the same timer ("threads can only be started once", a 500). Waves of threads hit while the
    10 ms timer comes and goes; every call returns, and each user gets exactly its limit."""
    limiter = ToolRateLimiter()
    rl = RateLimit(per_minute=50)
    errors: list[BaseException] = []
    admitted: dict[str, int] = {}
    lock = threading.Lock()

    def worker(user: str, start: threading.Barrier) -> None:
        try:
            start.wait()               # all threads meet the dead timer at once
            for _ in range(60):
                if limiter.hit(rl, "t1", user, "get_price") is None:
                    with lock:
                        admitted[user] = admitted.get(user, 0) + 1
        except BaseException as exc:  # noqa: BLE001 - the failure under test
            errors.append(exc)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)        # threads switch often: the unlocked window is met in CI time
    try:
        _waves(worker)
    finally:
        sys.setswitchinterval(switch)
    assert not errors, errors[:3]
    assert set(admitted.values()) == {50}


def _waves(worker) -> None:
    for wave in range(150):
        start = threading.Barrier(8)
        threads = [threading.Thread(target=worker, args=(f"u{wave}-{i}", start)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(0.012)              # let the expiry timer end, so the next wave restarts it
