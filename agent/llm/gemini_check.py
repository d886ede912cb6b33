"""Start-up check of the configured Gemini models: one cheap `models.get` per distinct id.

A retired, misspelt or unavailable model (or a bad key) would otherwise fail every analyst call
with a 400/403/404 that the user only sees as a fallback. At server start-up the operator gets one
line per problem on stderr and in the log at ERROR. Network trouble is reported as "could not
check", not as a configuration error. models.get is not billed.
"""
from __future__ import annotations

import logging
import sys
from typing import Any

from agent.llm.errors import LLMConfigError, classify

log = logging.getLogger("askbar.llm.gemini")


def check_models(client: Any, models: dict[str, str]) -> list[str]:
    """Problems with the configured models ({agent: model id}); [] when every id is served."""
    problems: list[str] = []
    for model in sorted(set(models.values())):
        agents = ", ".join(a for a, m in models.items() if m == model)
        try:
            info = client.models.get(model=model)
        except Exception as exc:  # noqa: BLE001 - typed below
            err = classify(exc)
            if isinstance(err, LLMConfigError):
                problems.append(f"model {model} ({agents}): {err.detail}")
            else:
                problems.append(f"model {model} ({agents}): could not check ({err.detail or err.kind})")
            continue
        actions = getattr(info, "supported_actions", None) or []
        if actions and "generateContent" not in actions:
            problems.append(f"model {model} ({agents}): does not support generateContent")
    return problems


def startup_check(provider: Any, out: Any = None) -> list[str]:
    """Run the check for a Gemini provider (no-op for others); log and print each problem."""
    settings = getattr(provider, "settings", None)
    if getattr(provider, "name", None) != "gemini" or not getattr(settings, "gemini_check_models", False):
        return []
    try:
        problems = check_models(provider.client, provider.models)
    except Exception as exc:  # noqa: BLE001 - a check must never stop the server
        log.warning("Gemini model check failed: %s", exc)
        return []
    for line in problems:
        log.error("Gemini configuration: %s", line)
        print(f"askbar: Gemini configuration: {line}", file=out or sys.stderr, flush=True)
    return problems
