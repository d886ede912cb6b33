"""Cost of the pooled-connection check per checkout (issue 31): psycopg_pool's check_connection
(an empty query, one round trip) against agent/storage/pg_check.check (a zero-timeout poll of the
socket), each as `check=` of a one-connection pool, a checkout + `SELECT 1` per iteration.

    python benchmarks/pool_check.py [--n 3000] [--url postgresql://postgres@127.0.0.1:5432/test]

Alternating rounds; per checkout: wall, this process's CPU, and the backend's CPU (/proc).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def backend_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(url: str, check, n: int) -> dict:
    from psycopg_pool import ConnectionPool

    with ConnectionPool(url, min_size=1, max_size=1, check=check, open=True,
                        kwargs={"autocommit": True}) as pool:
        with pool.connection() as conn:
            pid = conn.info.backend_pid
        b0, c0, t0 = backend_cpu_s(pid), time.process_time(), time.perf_counter()
        for _ in range(n):
            with pool.connection() as conn:
                conn.execute("SELECT 1").fetchone()
        return {"wall_us": round((time.perf_counter() - t0) / n * 1e6, 1),
                "client_cpu_us": round((time.process_time() - c0) / n * 1e6, 1),
                "backend_cpu_us": round((backend_cpu_s(pid) - b0) / n * 1e6, 1)}


def main() -> None:
    from psycopg_pool import ConnectionPool

    from agent.storage import pg_check

    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--url", default="postgresql://postgres@127.0.0.1:5432/test")
    args = ap.parse_args()
    checks = {"check_connection (empty query)": ConnectionPool.check_connection, "pg_check.check": pg_check.check}
    for i in range(args.rounds):
        for name, check in (list(checks.items()) if i % 2 == 0 else list(checks.items())[::-1]):
            print(name, run(args.url, check, args.n), "load", round(os.getloadavg()[0], 1), flush=True)


if __name__ == "__main__":
    main()
