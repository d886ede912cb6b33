"""The tree's shape, measured from the code (CONTRIBUTING "Layers" and "Style"): functions stay under
60 lines, comments say why (never which issue), no import circles inside a package, no new
module-level service caches, and no new words of a language outside its pack (agent/lang/).

The last two are ratchets: tests/structure_baseline.json lists what is left to move, per file; a
file may go down, never up, and a file not listed must hold none. Lower the baseline when you move
words or caches out (`python -m tests.test_structure --write` rewrites it from the tree)."""
from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = Path(__file__).with_name("structure_baseline.json")
PRODUCT = ("agent", "agents", "query_builder")
ROOT_MODULES = ("graph.py", "server.py", "capabilities.py")
MAX_FUNCTION_LINES = 60
ISSUE_REF = re.compile(r"\b[Ii]ssues? ?#?\d+")
CYRILLIC = re.compile("[а-яА-ЯёЁ]")
# A module-level name bound to an empty mutable container or None and filled later: how a
# process-wide service cache looks (a service belongs on agent/services.py, carried by Deps).
CACHE_VALUE = re.compile(r"^(\{\}|dict\(\)|\[\]|None|weakref\.\w+\(\))$")


def product_files() -> list[Path]:
    files = [p for pkg in PRODUCT for p in sorted((ROOT / pkg).rglob("*.py"))]
    return files + [ROOT / m for m in ROOT_MODULES]


def rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def _docstring_ids(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        body = getattr(n, "body", None)
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def vocabulary_literals() -> dict[str, int]:
    """Russian string literals (not docstrings) per product file outside the language packs."""
    counts: dict[str, int] = {}
    for p in product_files():
        if rel(p).startswith("agent/lang/"):
            continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        docs = _docstring_ids(tree)
        n = sum(1 for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs and CYRILLIC.search(node.value))
        if n:
            counts[rel(p)] = n
    return counts


def service_caches() -> dict[str, int]:
    """Module-level mutable names filled at run time (lower-case or underscored: constants are
    upper-case tables built at import)."""
    counts: dict[str, int] = {}
    for p in product_files():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        n = 0
        for node in tree.body:
            target, value = None, None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                target, value = node.target, node.value
            if isinstance(target, ast.Name) and value is not None and CACHE_VALUE.match(ast.unparse(value)) \
                    and not target.id.isupper() and not target.id.lstrip("_").isupper():
                n += 1
        if n:
            counts[rel(p)] = n
    return counts


def long_functions() -> list[str]:
    out = []
    for p in product_files():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    out.append(f"{rel(p)}:{node.lineno} {node.name} ({lines} lines)")
    return out


def issue_references() -> list[str]:
    out = []
    for p in product_files():
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if ISSUE_REF.search(line):
                out.append(f"{rel(p)}:{i}: {line.strip()}")
    return out


def import_circles(package: str) -> list[list[str]]:
    """The import circles (tests/test_layers.py's graph of the whole tree) whose modules lie in one
    package."""
    from tests.test_layers import circles, import_graph

    prefix = package.replace("/", ".") + "."
    return [c for c in circles(import_graph()) if all(m.startswith(prefix) for m in c)]


def _ratchet(name: str, now: dict[str, int]) -> list[str]:
    base = json.loads(BASELINE.read_text(encoding="utf-8"))[name]
    return [f"{path}: {n} (baseline {base.get(path, 0)})" for path, n in sorted(now.items())
            if n > base.get(path, 0)]


def test_no_function_is_over_60_lines():
    assert long_functions() == []


def test_comments_never_name_an_issue():
    assert issue_references() == []


def test_no_import_circle_inside_a_package():
    assert {pkg: import_circles(pkg) for pkg in ("query_builder", "agent/nlu", "agent/answer")} == \
        {"query_builder": [], "agent/nlu": [], "agent/answer": []}


def test_no_new_words_of_a_language_outside_its_pack():
    assert _ratchet("vocabulary_literals", vocabulary_literals()) == []


def test_no_new_module_level_service_cache():
    assert _ratchet("service_caches", service_caches()) == []


if __name__ == "__main__" and "--write" in sys.argv:
    BASELINE.write_text(json.dumps({"vocabulary_literals": vocabulary_literals(),
                                    "service_caches": service_caches()}, indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")
