"""The house's rules, counted from the code (issue 23): layers import downward only, no import
circles, few loose modules in agent/. The layer contract lives in pyproject.toml ([tool.importlinter])
and is checked by import-linter; these tests run it, and show it fails on a planted upward import.

Reproduce the counts by hand: `lint-imports` (layers) and `python tests/test_layers.py` (circles,
loose modules, upward imports of the root modules).
"""
from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("agent", "agents", "query_builder")
# graph.py and server.py wire; nothing below the CLI, the server and the turn runner may import them.
WIRING = {"graph", "server"}
WIRING_IMPORTERS = ("agent.cli", "agent.server", "agent.service")
# What may stay loose at the root of agent/ (settings, deps, state, ...): DESIGN.md "Layout".
MAX_LOOSE = 8


def _lint_imports(root: Path) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(exe), "--config", str(root / "pyproject.toml"), "--no-cache"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300)


def _modules(root: Path) -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (root / pkg).rglob("*.py"):
            rel = path.relative_to(root).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    for name in ("graph", "server", "capabilities"):
        out[name] = root / f"{name}.py"
    return out


def _imports(path: Path, module: str) -> set[str]:
    """Every module this file imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    mods = _modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = set()
        for imp in _imports(path, name):
            while imp and imp not in mods:
                imp = imp.rpartition(".")[0]
            # a package importing its own submodules is not a circle of files
            if imp and imp != name and not imp.startswith(name + "."):
                targets.add(imp)
        graph[name] = targets
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def wiring_imported_from_below(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{m} -> {t}" for m, ts in graph.items() for t in ts
                  if t in WIRING and m not in WIRING and not m.startswith(WIRING_IMPORTERS))


def loose_modules(root: Path = ROOT) -> list[str]:
    return sorted(p.name for p in (root / "agent").glob("*.py") if p.name != "__init__.py")


def test_layers_import_downward_only():
    run = _lint_imports(ROOT)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "Layers import downward only KEPT" in run.stdout


def test_a_planted_upward_import_fails_the_layer_check(tmp_path):
    copy = tmp_path / "house"
    copy.mkdir()
    for pkg in PACKAGES:
        shutil.copytree(ROOT / pkg, copy / pkg, ignore=shutil.ignore_patterns("__pycache__", "webui"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    store = copy / "agent" / "market" / "store.py"
    store.write_text(store.read_text(encoding="utf-8") + "\nfrom agent.trading import hook  # planted\n",
                     encoding="utf-8")
    run = _lint_imports(copy)
    assert run.returncode != 0
    assert "agent.market is not allowed to import agent.trading" in run.stdout
    assert "agent.market.store -> agent.trading.hook" in run.stdout


def test_no_import_circles():
    assert circles(import_graph()) == []


def test_a_planted_circle_is_found(tmp_path):
    graph = import_graph()
    graph["agent.settings"] = {*graph["agent.settings"], "agent.market.store"}
    assert any("agent.settings" in c for c in circles(graph))


def test_graph_and_server_are_imported_only_from_the_top():
    assert wiring_imported_from_below(import_graph()) == []


def test_few_loose_modules_in_agent():
    loose = loose_modules()
    assert len(loose) <= MAX_LOOSE, loose


if __name__ == "__main__":
    g = import_graph()
    print(f"modules: {len(g)}; circles: {len(circles(g))} {circles(g)}")
    print(f"graph/server imported from below: {wiring_imported_from_below(g)}")
    print(f"loose modules in agent/ ({len(loose_modules())}): {', '.join(loose_modules())}")
    print(_lint_imports(ROOT).stdout.strip().splitlines()[-1])
