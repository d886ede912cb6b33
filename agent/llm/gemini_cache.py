"""Explicit cached content for an agent's static request parts, behind a setting.

Every agent's system instruction and forced-call declaration are the same on every call (the
per-request parts are in the user turn, agent/llm/prompts.py), so they can live in a
`cachedContents` resource (google-genai `client.caches.create`) that requests then reference with
`cached_content`; the API bills those tokens at the cached rate (`cachedContentTokenCount` in the
usage) plus storage per hour. Per the API, a request that references cached content must not set
`system_instruction`, `tools` or `tool_config` again: they are in the cache.

The API refuses a cache below a model's minimum input size. Minimums from the context caching page
(https://ai.google.dev/gemini-api/docs/caching, 2026-10): 4,096 tokens for the Gemini 3.x models
(3.5-3.8 Flash, 3.1 Pro), 2,048 for 2.5 Flash and Pro. AskBar's static parts are smaller (about
1,600-2,400 tokens, benchmarks/RESULTS.md), so `gemini_explicit_cache` is off by default and, when
on, a part below the minimum is sent as usual (said once in the log); `gemini_cache_min_tokens`
overrides the minimum (tests, a stub, a future model).

A cache is keyed by model and content hash, created on first use, reused until shortly before it
expires, and dropped when the API no longer knows it (the call is then made without it).
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from typing import Any

from agent.llm import tokens

log = logging.getLogger("askbar.llm.gemini")

# Longest model-id prefix wins; anything else: the strictest documented minimum.
MIN_TOKENS: dict[str, int] = {"gemini-3": 4096, "gemini-2.5": 2048}
DEFAULT_MIN_TOKENS = 4096
RENEW_MARGIN_S = 60          # a cache this close to its expiry is not referenced again
RETRY_AFTER_S = 300          # a failed create is not tried again for this long


def min_tokens(model: str, override: int | None = None) -> int:
    if override is not None:
        return override
    name = model.removeprefix("models/")
    matches = [k for k in MIN_TOKENS if name.startswith(k)]
    return MIN_TOKENS[max(matches, key=len)] if matches else DEFAULT_MIN_TOKENS


def static_tokens(system: str, decls: list[Any] | None) -> int:
    """The static part as counted for the minimum: system instruction + declarations (tiktoken's
    cl100k, the same stand-in as the context budget)."""
    dumped = json.dumps([d.model_dump(mode="json", exclude_none=True) for d in decls or []],
                        ensure_ascii=False) if decls else ""
    return tokens.count(system) + tokens.count(dumped)


class ExplicitCache:
    """The cachedContents an agent's requests reference (one per model and static content)."""

    def __init__(self, client: Any, settings: Any):
        self.client, self.settings = client, settings
        self._names: dict[str, tuple[str, float]] = {}     # key -> (resource name, expires at)
        self._failed: dict[str, float] = {}
        self._small: set[str] = set()
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return bool(self.settings.gemini_explicit_cache)

    def name_for(self, agent: str, model: str, system: str, decls: list[Any] | None,
                 tool_config: Any | None) -> str | None:
        """The cachedContents name to reference for this static part, or None (off, too small,
        or the API refused it: the request then carries the parts itself)."""
        if not self.enabled:
            return None
        key = _key(model, system, decls, tool_config)
        now = time.time()
        with self._lock:
            known = self._names.get(key)
            if known and known[1] - RENEW_MARGIN_S > now:
                return known[0]
            if key in self._small or self._failed.get(key, 0) > now:
                return None
        size, least = static_tokens(system, decls), min_tokens(model, self.settings.gemini_cache_min_tokens)
        if size < least:
            with self._lock:
                self._small.add(key)
            log.info("%s: static prompt of %d tokens is below the explicit cache minimum of %d for "
                     "%s: not cached", agent, size, least, model)
            return None
        return self._create(agent, key, model, system, decls, tool_config)

    def _create(self, agent: str, key: str, model: str, system: str, decls: list[Any] | None,
                tool_config: Any | None) -> str | None:
        from google.genai import types

        ttl = int(self.settings.gemini_cache_ttl_s)
        config = types.CreateCachedContentConfig(
            system_instruction=system, ttl=f"{ttl}s", display_name=f"askbar-{agent}",
            tools=[types.Tool(function_declarations=decls)] if decls else None, tool_config=tool_config)
        try:
            cached = self.client.caches.create(model=model, config=config)
        except Exception as exc:  # noqa: BLE001 - a cache is an optimisation: the call goes on without
            log.warning("%s: explicit cache not created for %s: %s: %s", agent, model,
                        type(exc).__name__, getattr(exc, "message", exc))
            with self._lock:
                self._failed[key] = time.time() + RETRY_AFTER_S
            return None
        expires = cached.expire_time.timestamp() if cached.expire_time else time.time() + ttl
        with self._lock:
            self._names[key] = (str(cached.name), expires)
        return str(cached.name)

    def config_for(self, agent: str, model: str, config: Any) -> Any | None:
        """`config` (a GenerateContentConfig) referencing the cache of its static parts (system
        instruction, declarations, tool config), which the request then must not carry itself;
        None when the cache is off or not usable."""
        if not self.enabled or not isinstance(config.system_instruction, str):
            return None
        decls = config.tools[0].function_declarations if config.tools else None
        name = self.name_for(agent, model, config.system_instruction, decls, config.tool_config)
        if name is None:
            return None
        return config.model_copy(update={"system_instruction": None, "tools": None, "tool_config": None,
                                         "cached_content": name})

    def forget(self, name: str) -> None:
        """The API no longer knows `name` (expired or deleted): never reference it again."""
        with self._lock:
            self._names = {k: v for k, v in self._names.items() if v[0] != name}

    def get(self, name: str) -> Any:
        """The cachedContents resource (model, expiry, token count) as the API has it."""
        return self.client.caches.get(name=name)

    def close(self) -> list[str]:
        """Delete every cache this process created (storage is billed per hour); their names."""
        with self._lock:
            names, self._names = [v[0] for v in self._names.values()], {}
        for name in names:
            try:
                self.client.caches.delete(name=name)
            except Exception as exc:  # noqa: BLE001 - it expires by its TTL anyway
                log.warning("explicit cache %s not deleted: %s", name, exc)
        return names


def _key(model: str, system: str, decls: list[Any] | None, tool_config: Any | None) -> str:
    parts = [model, system, json.dumps([d.model_dump(mode="json", exclude_none=True) for d in decls or []],
                                       sort_keys=True),
             json.dumps(tool_config.model_dump(mode="json", exclude_none=True), sort_keys=True)
             if tool_config is not None else ""]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()
