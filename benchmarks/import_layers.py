"""Benchmark (issue 26): where an in-process `askbar ask` spends its start-up, layer by layer.

Imports every module a cold offline `ask` imports (listed by running one on a demo home), in
groups, and prints each group's CPU time on top of the groups before it (process_time), so the
table reads "what this layer costs given the layers below it are loaded". Median of --runs fresh
interpreters, bytecode cached as on an installed askbar. The last row runs the ask itself
(everything imported: store opens, the graph's compile and run, the trace).

    python benchmarks/import_layers.py [--runs 5] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

QUESTION = "DEMO_NQ stats for March 2024"
# (label, module name prefixes), in import order; a module goes to the first group it matches
GROUPS: list[tuple[str, tuple[str, ...]]] = [
    ("pydantic", ("pydantic", "pydantic_core", "annotated_types", "typing_inspection", "typing_extensions")),
    ("langgraph + langchain-core + langsmith + langgraph-sdk + httpx",
     ("langgraph", "langchain_core", "langsmith", "langgraph_sdk", "langchain_protocol", "httpx", "httpx2",
      "requests", "urllib3", "click", "rich", "pygments", "websockets", "opentelemetry", "tenacity",
      "jsonpatch", "orjson", "ormsgpack", "xxhash", "zstandard", "anyio", "h11", "httpcore", "certifi",
      "idna", "charset_normalizer", "sniffio", "packaging", "yaml", "uuid_utils", "brotli")),
    ("numpy + pandas + pyarrow + dateutil", ("numpy", "pandas", "pyarrow", "dateutil", "pytz", "tzdata")),
    ("psycopg (query_builder composes SQL with psycopg.sql)", ("psycopg", "psycopg_binary", "psycopg_pool")),
    ("duckdb", ("duckdb", "_duckdb")),
    ("other third-party", ()),
    ("askbar: query_builder", ("query_builder",)),
    ("askbar: agent.llm (offline parser) + answer + lang", ("agent.llm", "agent.answer", "agent.lang")),
    ("askbar: the rest (agents, graph, stores, memory, trading, tools, cli)",
     ("agent", "agents", "graph", "capabilities", "sql")),
]
PROBE = ("import sys, json, io, contextlib\nfrom agent.cli.main import main\n"
         "sys.argv = ['askbar', 'ask', {q!r}]\n"
         "with contextlib.redirect_stdout(io.StringIO()): main()\n"
         "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
LAYERS = r'''
import importlib, json, sys, time
import agent.cli.main as cli_main   # as `askbar` starts: its import blocks (httpx._main) first
for name in getattr(cli_main, "_NOT_IMPORTED", ()):
    sys.modules.setdefault(name, None)
mods, groups = json.loads(sys.argv[1]), json.loads(sys.argv[2])
stdlib = set(sys.stdlib_module_names)
def group(m):
    for i, (_, prefixes) in enumerate(groups):
        if any(m == p or m.startswith(p + ".") for p in prefixes):
            return i
    return None if m.split(".")[0] in stdlib or m.startswith("_") else groups.index(["other third-party", []])
out = []
for i in range(len(groups)):
    t = time.process_time()
    for m in mods:
        if group(m) == i:
            try:
                importlib.import_module(m)
            except Exception:
                pass
    out.append(time.process_time() - t)
t = time.process_time()
from agent.cli.main import main
import io, contextlib
sys.argv = ["askbar", "ask", sys.argv[3]]
with contextlib.redirect_stdout(io.StringIO()):
    main()
out.append(time.process_time() - t)
print(json.dumps(out))
'''


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**{k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))},
               "ASKBAR_HOME": home, "PYTHONPYCACHEPREFIX": str(Path(home) / "pycache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)   # as installed: bytecode cached (see startup.py --pyc)
        subprocess.run([sys.executable, "-c", "from agent.cli.main import main; import sys; "
                        "sys.argv=['askbar','demo']; main()"], env=env, capture_output=True, check=True)
        probe = subprocess.run([sys.executable, "-c", PROBE.format(q=QUESTION)], env=env, capture_output=True,
                               text=True, check=True)
        mods = [m for m in json.loads(probe.stderr.strip().splitlines()[-1]) if m != "__main__"]
        groups = [[label, list(prefixes)] for label, prefixes in GROUPS]
        runs = []
        for _ in range(args.runs):
            r = subprocess.run([sys.executable, "-c", LAYERS, json.dumps(mods), json.dumps(groups), QUESTION],
                               env=env, capture_output=True, text=True, check=True)
            runs.append(json.loads(r.stdout.strip().splitlines()[-1]))
    labels = [g[0] for g in GROUPS] + ["the ask itself (after every import)"]
    med = [statistics.median(r[i] for r in runs) for i in range(len(labels))]
    if args.json:
        print(json.dumps({"runs": args.runs, "cpu_s": dict(zip(labels, med)), "total": sum(med)}))
        return 0
    for label, s in zip(labels, med):
        print(f"{s:7.3f}  {label}")
    print(f"{sum(med):7.3f}  total CPU s (median of {args.runs} runs per row; interpreter start not included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
