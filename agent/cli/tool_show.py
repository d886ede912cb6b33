"""`askbar tools show NAME`: a tool's parameters as its declaration has them (agent/tools/describe.py),
as text."""
from __future__ import annotations

from typing import Any

from agent.tools.describe import describe  # noqa: F401  (the CLI's tools show reads it here)


def render(info: dict[str, Any]) -> str:
    lines = [f"{info['name']} ({info['id']}): {info['description']}",
             f"plan: {info['required_plan']} or above; "
             f"{'changes data' if info['mutates'] else 'read-only'}", "parameters:"]
    if not info["parameters"]:
        lines.append("  (none)")
    for p in info["parameters"]:
        extra = ["required" if p["required"] else f"default {p.get('default')!r}"]
        if p.get("allowed"):
            cased = any(isinstance(v, str) and v.lower() != v.upper() for v in p["allowed"])
            extra.append("one of " + ", ".join(map(str, p["allowed"])) + (" (any case)" if cased else ""))
        extra += p.get("bounds") or []
        lines.append(f"  {p['name']:<14} {p['type']:<22} {'; '.join(extra)}")
        if p["description"]:
            lines.append(f"  {'':<14} {p['description']}")
    return "\n".join(lines)
