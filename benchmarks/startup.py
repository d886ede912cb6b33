"""Benchmark (issue 26): how long the `askbar` command takes as a whole process.

Three cases on a fresh ASKBAR_HOME with the NQ sample loaded (shared/data):
- help:      `askbar --help`
- client:    `askbar ask "NQ stats for November 2023"` beside a running `askbar serve` (client mode)
- cold:      the same question in process (no server: the graph stack is imported and the store opened)
- tools-list, tools-show, data: `askbar tools list`, `askbar tools show get_indicators` and
  `askbar data` beside the server (client commands: each should cost a round trip, not an import
  of the tool registry)
Each case runs --warmup times uncounted, then --runs times; wall time per run (and the children's CPU
time from getrusage) as min / p50 / max. `--src DIR` runs another checkout's code (e.g. main before
a change: `git worktree add /tmp/before main`), with this interpreter and its installed packages.
--pyc on (default) lets Python keep its bytecode cache (in a temporary PYTHONPYCACHEPREFIX, written
by the warm-up), as on any installed askbar: pip compiles .pyc files at install. --pyc off runs with
PYTHONDONTWRITEBYTECODE=1 as this development machine sets it, so every run compiles the project's
~450 modules from source again (~0.2 s CPU of a cold `ask`; the figures before issue 26's second
pass were taken that way).

    python benchmarks/startup.py [--runs 10] [--warmup 2] [--src DIR] [--pyc on|off] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NQ = ROOT.parent / "shared" / "data" / "nq_1min_firstrate" / "NQ_1min_sample.csv"
QUESTION = "NQ stats for November 2023"


def askbar(src: Path) -> list[str]:
    """The askbar command line of checkout `src` (its code first on sys.path)."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(src)!r}); "
            "from agent.cli.main import main; sys.exit(main())"]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.returncode


def measure(name: str, cmd: list[str], env: dict[str, str], runs: int, warmup: int) -> dict:
    for _ in range(warmup):
        timed(cmd, env)
    rows = [timed(cmd, env) for _ in range(runs)]
    walls, cpus = [r[0] for r in rows], [r[1] for r in rows]
    return {"case": name, "runs": runs, "exit_codes": sorted({r[2] for r in rows}),
            "wall_s": {"min": min(walls), "p50": statistics.median(walls), "max": max(walls)},
            "cpu_s": {"min": min(cpus), "p50": statistics.median(cpus), "max": max(cpus)}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(src: Path, env: dict[str, str]) -> subprocess.Popen | None:
    """`askbar serve` on a free port; None when this checkout has no client mode (no address file)."""
    env = {**env, "ASKBAR_RATE_LIMIT": "100000/minute"}   # the benchmark, not the chat limit, is measured
    proc = subprocess.Popen([*askbar(src), "serve", "--port", str(free_port())], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    address = Path(env["ASKBAR_HOME"]) / "server.json"
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        if address.exists():
            return proc
        time.sleep(0.2)
    stop(proc)
    return None


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--src", type=Path, default=ROOT, help="checkout whose code runs (default: this one)")
    ap.add_argument("--pyc", choices=["on", "off"], default="on",
                    help="keep Python's bytecode cache (on, as installed) or compile every run (off)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="askbar-startup-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    env["ASKBAR_HOME"] = str(home)
    if args.pyc == "on":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(home / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    cmd = askbar(args.src.resolve())
    try:
        subprocess.run([*cmd, "load", str(NQ), "--symbol", "NQ"], env=env, check=True, capture_output=True)
        results = [measure("help", [*cmd, "--help"], env, args.runs, args.warmup),
                   measure("cold", [*cmd, "ask", QUESTION], env, args.runs, args.warmup)]
        server = start_server(args.src.resolve(), env)
        if server is not None:
            try:
                results.append(measure("client", [*cmd, "ask", QUESTION], env, args.runs, args.warmup))
                for case, argv in (("tools-list", ["tools", "list"]), ("tools-show", ["tools", "show", "get_indicators"]),
                                   ("data", ["data"])):
                    results.append(measure(case, [*cmd, *argv], env, args.runs, args.warmup))
            finally:
                stop(server)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if args.json:
        print(json.dumps({"src": str(args.src), "pyc": args.pyc, "results": results}))
        return 0
    print(f"{'case':<10} {'wall p50':>9} {'min':>7} {'max':>7} {'cpu p50':>8}  exit")
    for r in results:
        w, c = r["wall_s"], r["cpu_s"]
        print(f"{r['case']:<10} {w['p50']:>9.3f} {w['min']:>7.3f} {w['max']:>7.3f} {c['p50']:>8.3f}  {r['exit_codes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
