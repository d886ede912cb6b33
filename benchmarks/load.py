"""Load speed per engine (issue 31 "Load into Postgres ... >= 600k bars/s"): `load_file` of one CSV
of 1-minute bars into a fresh store, CSV to commit, engines interleaved round by round.

    python benchmarks/load.py [--years 10] [--rounds 2] [--engines duckdb,postgres] [--append-years N]

The CSV is serve_targets.py's BENCH_A (synthetic, every minute, `--years` of them: 10 years are
5,258,880 bars), written once to benchmarks/.work. Postgres: a fresh database on the tests' server
(--pg-admin) per round, dropped afterwards. Reported per load: wall seconds, bars/s, this process's
CPU seconds (parse, checks, packing), and for Postgres the CPU seconds of the database's backends
(read from /proc: the server runs on this machine), with the load average: on 2 shared cores the
wall time mostly says how busy the machine was, the CPU seconds what the load costs.

--append-years N: the second load of a symbol instead. The CSV is split at the start of its last N
years; the first part is loaded (not timed), then the last N years are timed, a load after the
stored range (Postgres: COPY into the symbol's keyed partition).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_targets import create_database, drop_database, synthetic_csv  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _backend_cpu_s(url: str) -> float:
    """CPU seconds (user + system) of every backend connected to the database of `url`."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url, autocommit=True) as conn:
        pids = [r[0] for r in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s "
                                           "AND pid <> pg_backend_pid()", (name,))]
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def split_csv(csv: Path, years: int) -> tuple[Path, Path]:
    """The CSV's bars before its last `years` years, and those years (files next to it, made once)."""
    last = int(csv.stem.rsplit("_", 1)[1][:4])
    cut = f"{last - years + 1}-01-01".encode()
    head, tail = (csv.with_name(f"{csv.stem}_{k}{years}.csv") for k in ("before", "last"))
    if not tail.exists():
        with csv.open("rb") as src, head.open("wb") as a, tail.open("wb") as b:
            header = src.readline()
            a.write(header), b.write(header)
            out = a
            for line in src:
                if out is a and line.startswith(cut):
                    out = b
                out.write(line)
    return head, tail


def load_once(engine: str, csv: Path, admin: str, before: Path | None = None) -> dict:
    from agent.market.ingest import load_file

    work = Path(tempfile.mkdtemp(prefix="askbar-load-"))
    url = None
    try:
        if engine == "postgres":
            from agent.market.postgres_store import PostgresStore

            url = create_database(admin)
            store = PostgresStore(url)
            base = _backend_cpu_s(url)   # the migrations' share
        else:
            from agent.market.duckdb_store import DuckDBStore

            store = DuckDBStore(work / "market.duckdb")
        try:
            if before is not None:   # the symbol's earlier bars, stored first (not timed)
                load_file(store, before, "BENCH_A", session="24h", tz="UTC")
                if url:
                    base = _backend_cpu_s(url)
            load = os.getloadavg()[0]
            t0, c0 = time.perf_counter(), time.process_time()
            report = load_file(store, csv, "BENCH_A", session="24h", tz="UTC")
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            out = {"engine": engine, "bars": report.rows, "seconds": round(wall, 2),
                   "bars_per_s": round(report.rows / wall), "client_cpu_s": round(cpu, 2),
                   "load_avg": round(load, 1)}
            if url:
                out["backend_cpu_s"] = round(_backend_cpu_s(url) - base, 2)
            return out
        finally:
            store.close()
    finally:
        if url:
            drop_database(admin, url)
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--engines", default="duckdb,postgres")
    ap.add_argument("--pg-admin", default=os.environ.get("ASKBAR_TEST_PG_ADMIN_URL",
                                                         "postgresql://postgres@127.0.0.1:5432/test"))
    ap.add_argument("--append-years", type=int, default=0)
    args = ap.parse_args()
    csv, before = synthetic_csv(args.years), None
    if args.append_years:
        before, csv = split_csv(csv, args.append_years)
    engines = args.engines.split(",")
    for i in range(args.rounds):
        for engine in (engines if i % 2 == 0 else engines[::-1]):
            print(json.dumps(load_once(engine, csv, args.pg_admin, before)), flush=True)


if __name__ == "__main__":
    main()
