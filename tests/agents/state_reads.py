"""The state keys a graph node reads, found in its source: `state["k"]`, `state.get("k")`,
`"k" in state`, followed into every function the state is handed to (agents/* and agent/* helpers,
imported at module level or inside the function), through copies (`{**state, ...}`, `cast`,
`plain`, `dict`). A use it cannot bound (the state passed to a method, a class, `*args`, iterated,
or a key computed at run time) makes the node's reads unbounded (None): such a node must take the
whole TradingState.
"""
from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import textwrap
from collections.abc import Callable
from typing import Any

PASS_THROUGH = {"cast", "plain", "dict"}   # calls that return the same mapping (or a copy of it)


class Unbounded(Exception):
    """The state escapes where its reads cannot be followed."""


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _local_imports(fdef: ast.AST) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for node in ast.walk(fdef):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = importlib.import_module(node.module)
            for alias in node.names:
                out[alias.asname or alias.name] = getattr(module, alias.name, None)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                out[alias.asname or alias.name.split(".")[0]] = importlib.import_module(alias.name)
    return out


def _resolve(expr: ast.expr, fn: Callable[..., Any], local: dict[str, Any]) -> Any:
    """The object a callee expression names (a name or a module attribute), else None."""
    if isinstance(expr, ast.Name):
        free = dict(zip(fn.__code__.co_freevars, (c.cell_contents for c in fn.__closure__ or ())))
        for scope in (local, free, fn.__globals__, vars(builtins)):
            if expr.id in scope:
                return scope[expr.id]
        return None
    if isinstance(expr, ast.Attribute):
        owner = _resolve(expr.value, fn, local)
        return getattr(owner, expr.attr, None) if inspect.ismodule(owner) else None
    return None


def _name(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    return expr.attr if isinstance(expr, ast.Attribute) else None


class _Reads:
    def __init__(self) -> None:
        self.memo: dict[tuple[Any, str], set[str]] = {}

    def of(self, fn: Callable[..., Any], param: str) -> set[str]:
        fn = inspect.unwrap(fn)
        key = (fn.__code__, param)
        if key not in self.memo:
            self.memo[key] = set()   # a recursive call adds nothing new
            self.memo[key] = self._scan(fn, param)
        return self.memo[key]

    def _scan(self, fn: Callable[..., Any], param: str) -> set[str]:
        fdef = ast.parse(textwrap.dedent(inspect.getsource(fn))).body[0]
        parents, local = _parents(fdef), _local_imports(fdef)
        aliases = {param}
        changed = True
        while changed:      # names bound to the state or a copy of it
            changed = False
            for node in ast.walk(fdef):
                if (isinstance(node, ast.Assign) and len(node.targets) == 1
                        and isinstance(node.targets[0], ast.Name) and self._is_alias(node.value, aliases)
                        and node.targets[0].id not in aliases):
                    aliases.add(node.targets[0].id)
                    changed = True
        keys: set[str] = set()
        for node in ast.walk(fdef):
            if isinstance(node, ast.Name) and node.id in aliases and isinstance(node.ctx, ast.Load):
                keys |= self._use(self._outer(node, parents, aliases), parents, fn, local, aliases)
        return keys

    def _is_alias(self, expr: ast.expr, aliases: set[str]) -> bool:
        if isinstance(expr, ast.Name):
            return expr.id in aliases
        if isinstance(expr, ast.Dict):
            return any(k is None and self._is_alias(v, aliases) for k, v in zip(expr.keys, expr.values))
        if isinstance(expr, ast.Call) and _name(expr.func) in PASS_THROUGH:
            return any(self._is_alias(a, aliases) for a in expr.args)
        return False

    def _outer(self, node: ast.expr, parents: dict[ast.AST, ast.AST], aliases: set[str]) -> ast.expr:
        """The largest expression around `node` that is still the state (a copy, a cast)."""
        while True:
            up = parents.get(node)
            if isinstance(up, ast.Dict) and node in up.values and up.keys[up.values.index(node)] is None:
                node = up
            elif isinstance(up, ast.Call) and _name(up.func) in PASS_THROUGH and node in up.args:
                node = up
            else:
                return node

    def _use(self, expr: ast.expr, parents: dict[ast.AST, ast.AST], fn: Callable[..., Any],
             local: dict[str, Any], aliases: set[str]) -> set[str]:
        up = parents.get(expr)
        where = f"{fn.__module__}.{fn.__qualname__} line {getattr(expr, 'lineno', '?')}"
        if isinstance(up, ast.Subscript) and up.value is expr:
            if isinstance(up.slice, ast.Constant) and isinstance(up.slice.value, str):
                return {up.slice.value}
            raise Unbounded(f"a computed key: {where}")
        if isinstance(up, ast.Attribute) and up.value is expr:
            call = parents.get(up)
            if up.attr == "get" and isinstance(call, ast.Call) and call.args and \
                    isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
                return {call.args[0].value}
            raise Unbounded(f"state.{up.attr}: {where}")
        if isinstance(up, ast.Compare) and expr in up.comparators and isinstance(up.left, ast.Constant):
            return {str(up.left.value)}
        if isinstance(up, ast.Assign) and up.value is expr:
            return set()     # a new alias (scanned as its own name)
        if isinstance(up, ast.keyword) and isinstance(parents.get(up), ast.Call):
            call = parents[up]
            if up.arg is None:
                raise Unbounded(f"**state into a call: {where}")
            return self._into(call, None, up.arg, fn, local, where)
        if isinstance(up, ast.Call) and expr in up.args:
            return self._into(up, up.args.index(expr), None, fn, local, where)
        raise Unbounded(f"{type(up).__name__}: {where}")

    def _into(self, call: ast.Call, index: int | None, keyword: str | None, fn: Callable[..., Any],
              local: dict[str, Any], where: str) -> set[str]:
        callee = _resolve(call.func, fn, local)
        if not inspect.isfunction(callee):
            raise Unbounded(f"handed to {ast.unparse(call.func)}: {where}")
        params = list(inspect.signature(callee).parameters.values())
        if any(isinstance(a, ast.Starred) for a in call.args[:index or 0]):
            raise Unbounded(f"after *args: {where}")
        if keyword is None:
            positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            if index is None or index >= len(positional):
                raise Unbounded(f"into *args of {callee.__qualname__}: {where}")
            keyword = positional[index].name
        if keyword not in {p.name for p in params}:
            raise Unbounded(f"into **kwargs of {callee.__qualname__}: {where}")
        return self.of(callee, keyword)


def reads(fn: Callable[..., Any]) -> set[str] | None:
    """The keys `fn` (a node: its first parameter is the state) reads, or None when unbounded."""
    param = next(iter(inspect.signature(fn).parameters))
    try:
        return _Reads().of(fn, param)
    except Unbounded:
        return None


def why_unbounded(fn: Callable[..., Any]) -> str | None:
    param = next(iter(inspect.signature(fn).parameters))
    try:
        _Reads().of(fn, param)
    except Unbounded as exc:
        return str(exc)
    return None
