"""The tool registry: every ToolSpec of `agent/tools/catalog/*`, looked up by id, name, category, plan.

Catalogue modules are discovered with pkgutil (a new category is one new file exporting TOOLS).
A duplicate id or name is an error at start-up, never a silent override (seed: "Tool ... already
registered"). Exports (OpenAI, Gemini, MCP) read the registry through `agent/tools/exports.py`.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from functools import lru_cache

from agent.identity.models import Plan, plan_allows
from agent.tools.spec import ToolSpec

CATALOG_PACKAGE = "agent.tools.catalog"


class RegistryError(ValueError):
    """A catalogue bug: duplicate id or name, or a malformed declaration."""


class ToolRegistry:
    def __init__(self, specs: Iterable[ToolSpec] = ()):
        self._by_id: dict[str, ToolSpec] = {}
        self._by_name: dict[str, ToolSpec] = {}
        for spec in specs:
            self.register(spec)

    def register(self, spec: ToolSpec) -> None:
        if spec.id in self._by_id:
            raise RegistryError(f"tool id {spec.id!r} is already registered")
        if spec.name in self._by_name:
            raise RegistryError(f"tool name {spec.name!r} is already registered "
                                f"(by {self._by_name[spec.name].id})")
        if "." not in spec.id:
            raise RegistryError(f"tool id {spec.id!r} must be 'category.name'")
        self._by_id[spec.id] = spec
        self._by_name[spec.name] = spec

    # ---- lookups -------------------------------------------------------------------------------
    def get(self, key: str) -> ToolSpec | None:
        """By id ("market.get_price") or by function name ("get_price")."""
        return self._by_id.get(key) or self._by_name.get(key)

    def by_id(self, tool_id: str) -> ToolSpec | None:
        return self._by_id.get(tool_id)

    def by_name(self, name: str) -> ToolSpec | None:
        return self._by_name.get(name)

    def by_category(self, category: str) -> list[ToolSpec]:
        return [s for s in self.all() if s.category == category]

    def available_for(self, plan: Plan) -> list[ToolSpec]:
        """Tools a user of `plan` may call (seed getAvailableForPlan: free < pro < premium)."""
        return [s for s in self.all() if plan_allows(plan, s.required_plan)]

    def all(self) -> list[ToolSpec]:
        return sorted(self._by_id.values(), key=lambda s: s.id)

    def __len__(self) -> int:
        return len(self._by_id)


def discover(package: str = CATALOG_PACKAGE) -> ToolRegistry:
    """A registry of every `TOOLS` list in the catalogue package's modules."""
    pkg = importlib.import_module(package)
    registry = ToolRegistry()
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        for spec in getattr(module, "TOOLS", []):
            if not isinstance(spec, ToolSpec):
                raise RegistryError(f"{package}.{info.name}.TOOLS holds a non-ToolSpec: {spec!r}")
            registry.register(spec)
    return registry


# The catalogue is code: the same declarations in every world, holding no connection and no user's
# data, so it is a table built from declarations (built once, like the others), not a service of a
# world. Discovery walks the package and registers every spec again: 0.2 ms once the modules are
# imported, paid otherwise by every request that looks a tool up (scopes, plan step, charts).
@lru_cache(maxsize=1)
def get_registry() -> ToolRegistry:
    """The registry of the catalogue (built once)."""
    return discover()
