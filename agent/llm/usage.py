"""Token usage and cost per LLM call, from the response's `usage_metadata` and a price table.

Cost follows the model that ANSWERED (`model_version` of the response; Google re-routes retired
ids to other models billed at their rates), not the configured name. Prices are USD per 1M
tokens, matched by the longest model-name prefix ("gemini-3.8-flash-001" uses "gemini-3.8-flash").
Thinking tokens bill as output. A model missing from the table is logged once and its calls are
marked unpriced (`cost_usd` None, `priced` False), never counted as $0 silently.
Override the table with a JSON file (`ASKBAR_GEMINI_PRICES_PATH`) or a JSON object in the
environment (`ASKBAR_GEMINI_PRICES='{"gemini-3.8-flash": {"input": 1.5, "output": 7.5}}'`); the
override merges over the defaults (and replaces a model's dated prices with one flat price).

How the graph folds it (see `fold`): after each node, `provider.take_usage()` drains the records
made since the last take; append them to the state's usage with
`state["usage"] = fold(state.get("usage"), records)`, which keeps per-call `calls`, per-agent
totals under `by_agent`, and request totals (`input_tokens`, `output_tokens`, `cost_usd` of the
priced calls, `unpriced_calls`, `llm_calls`, `llm_ms`).
"""
from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import asdict, dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from agent.budget import _scope, usage_scope  # noqa: F401 - re-exported: usage_scope is this module's API

log = logging.getLogger("askbar.llm.usage")

# USD per 1M tokens, paid tier, text prompts <= 200k tokens; "output" includes thinking tokens.
# Source: https://ai.google.dev/gemini-api/docs/pricing (as transcribed on 2026-10-07 in
# https://github.com/api-evangelist/deepmind plans/deepmind-plans-pricing.yml; gemini-3-flash-preview
# quoted from the same page by factquire.com on 2026-07-04). A model with dated prices lists
# periods oldest first; each applies from its "from" date (UTC), the first one from the start.
# gemini-3.8-flash is at an introductory price "through December 31, 2026", "$1.50 / $7.50
# starting January 1, 2027".
DEFAULT_PRICES: dict[str, list[dict[str, Any]]] = {
    "gemini-3.8-flash": [{"input": 0.75, "output": 3.75},
                         {"input": 1.50, "output": 7.50, "from": "2027-01-01"}],
    # Models a call may come back as (Google re-routes retired ids; `model_version` names the one
    # that answered): 3.7 Flash at its launch price through 2027-12-31 (Google's "What's new in
    # Gemini 3.7", LiteLLM's launch post), 3.6 Flash at list ("What's new in Gemini 3.6").
    "gemini-3.7-flash": [{"input": 0.75, "output": 3.75},
                         {"input": 1.50, "output": 7.50, "from": "2028-01-01"}],
    "gemini-3.6-flash": [{"input": 1.50, "output": 7.50}],
    "gemini-3.5-flash": [{"input": 1.50, "output": 9.00}],
    "gemini-3.5-flash-lite": [{"input": 0.30, "output": 2.50}],
    "gemini-3.1-pro-preview": [{"input": 2.00, "output": 12.00}],
    "gemini-3-flash-preview": [{"input": 0.50, "output": 3.00}],
    # Retired or being retired (kept so old traces and re-routed calls still price):
    "gemini-2.5-pro": [{"input": 1.25, "output": 10.0}],
    "gemini-2.5-flash-lite": [{"input": 0.10, "output": 0.40}],
    "gemini-2.5-flash": [{"input": 0.30, "output": 2.50}],
}


def _periods(price: Any) -> list[dict[str, Any]]:
    items = price if isinstance(price, list) else [price]
    return [{"input": float(p.get("input", 0.0)), "output": float(p.get("output", 0.0)),
             **({"cached": float(p["cached"])} if p.get("cached") is not None else {}),
             **({"from": str(p["from"])} if p.get("from") else {})} for p in items]


def load_prices(path: str | Path | None = None, override: dict[str, Any] | None = None
                ) -> dict[str, list[dict[str, Any]]]:
    """Defaults, then the JSON file at `path`, then `override` (each merged by model name)."""
    table = {k: _periods(v) for k, v in DEFAULT_PRICES.items()}
    extra: dict[str, Any] = {}
    if path:
        extra.update(json.loads(Path(path).read_text(encoding="utf-8")))
    if override:
        extra.update(override)
    for model, price in extra.items():
        table[model] = _periods(price)
    return table


# Cached input tokens (context caching, implicit or explicit) bill at a tenth of the input price
# for the Gemini 2.5 generation on (the pricing page's "context caching price" column), unless a
# price row says otherwise ("cached"). Explicit caches also bill storage per hour (not per call).
CACHED_SHARE = 0.10


def call_cost(price: dict[str, float], inp: int, out: int, cached: int = 0) -> float:
    """USD of one call: fresh input, cached input and output (thinking included) tokens."""
    cached_rate = price.get("cached", price["input"] * CACHED_SHARE)
    return round(((inp - cached) * price["input"] + cached * cached_rate + out * price["output"])
                 / 1_000_000, 8)


def price_for(model: str | None, prices: dict[str, Any], on: date | None = None
              ) -> dict[str, float] | None:
    """{"input", "output"[, "cached"]} USD/1M for `model` on day `on` (default today, UTC), or None."""
    name = (model or "").removeprefix("models/")
    matches = [k for k in prices if name == k or name.startswith(k)]
    if not matches:
        return None
    day = (on or datetime.now(timezone.utc).date()).isoformat()
    periods = _periods(prices[max(matches, key=len)])
    current = periods[0]
    for p in periods[1:]:
        if p.get("from", "") <= day:
            current = p
    return {"input": current["input"], "output": current["output"],
            **({"cached": current["cached"]} if "cached" in current else {})}


@dataclass
class UsageRecord:
    agent: str
    model: str                    # the model that answered (response model_version), else requested
    input_tokens: int
    output_tokens: int            # candidates + thinking
    cost_usd: float | None        # None: unpriced model (see `priced`)
    duration_ms: float
    priced: bool = True
    status: str = "ok"            # ok | error: failed calls are recorded too (they may bill input)
    requested_model: str | None = None
    thinking_tokens: int = 0
    finish_reason: str | None = None
    cached_tokens: int = 0        # of input_tokens, served from cached content (billed at its rate)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_warned: set[str] = set()


def _warn_unpriced(model: str) -> None:
    if model not in _warned:
        _warned.add(model)
        log.warning("no price for model %r: its calls are recorded with cost_usd null (unpriced); "
                    "add it with ASKBAR_GEMINI_PRICES", model)


def record_from(agent: str, model: str, metadata: Any, duration_ms: float,
                prices: dict[str, Any], status: str = "ok", answered: str | None = None,
                finish_reason: str | None = None, on: date | None = None) -> UsageRecord:
    """A record from a response's usage_metadata (None when the call failed before an answer).
    `answered` is the response's model_version; the cost follows it."""
    def _n(name: str) -> int:
        return int(getattr(metadata, name, None) or 0) if metadata is not None else 0

    billed = (answered or model).removeprefix("models/")
    inp, thinking = _n("prompt_token_count"), _n("thoughts_token_count")
    cached = min(inp, _n("cached_content_token_count"))
    out = _n("candidates_token_count") + thinking
    price = price_for(billed, prices, on)
    cost: float | None = None
    if price is not None:
        cost = call_cost(price, inp, out, cached)
    elif inp or out:
        _warn_unpriced(billed)
    else:
        cost = 0.0  # nothing was billed (the call failed before any token): nothing to price
    return UsageRecord(agent=agent, model=billed, input_tokens=inp, output_tokens=out,
                       cost_usd=cost, duration_ms=round(duration_ms, 1), priced=cost is not None,
                       status=status, requested_model=model, thinking_tokens=thinking,
                       finish_reason=finish_reason, cached_tokens=cached)


MAX_UNTAKEN = 1000

# The per-request collection lives with the time budget (agent/budget.py, a lower layer that runs the
# budgeted calls); records made inside usage_scope() go to its list.


class UsageMeter:
    """Thread-safe accumulator of UsageRecords (one per provider instance)."""

    def __init__(self, prices: dict[str, Any]):
        self.prices = prices
        self._records: list[UsageRecord] = []
        self._lock = threading.Lock()

    def add(self, agent: str, model: str, metadata: Any, started: float, status: str = "ok",
            answered: str | None = None, finish_reason: str | None = None) -> UsageRecord:
        rec = record_from(agent, model, metadata, (time.perf_counter() - started) * 1000,
                          self.prices, status, answered, finish_reason)
        scoped = _scope.get()
        if scoped is not None:
            scoped.append(rec)
        else:
            with self._lock:
                self._records.append(rec)
                del self._records[:-MAX_UNTAKEN]  # nobody draining: keep memory bounded
        return rec

    def take(self) -> list[dict[str, Any]]:
        """Drain the records made since the last take (outside any usage_scope)."""
        with self._lock:
            out, self._records = self._records, []
        return [r.as_dict() for r in out]


def _cost_sum(calls: list[dict[str, Any]]) -> float:
    return round(sum(c.get("cost_usd") or 0.0 for c in calls), 8)


def fold(usage: dict[str, Any] | None, records: list[dict[str, Any]]) -> dict[str, Any]:
    """The result's `usage` with `records` added: calls, by_agent and request totals.
    `cost_usd` sums the priced calls; `unpriced_calls` counts the others (their cost is unknown)."""
    usage = dict(usage or {})
    calls = [*(usage.get("calls") or []), *records]
    by_agent: dict[str, dict[str, Any]] = {}
    for c in calls:
        a = by_agent.setdefault(c["agent"], {"model": c["model"], "calls": 0, "input_tokens": 0,
                                             "output_tokens": 0, "cost_usd": 0.0, "duration_ms": 0.0,
                                             "unpriced_calls": 0})
        a["calls"] += 1
        a["input_tokens"] += c["input_tokens"]
        a["output_tokens"] += c["output_tokens"]
        a["cost_usd"] = round(a["cost_usd"] + (c.get("cost_usd") or 0.0), 8)
        a["unpriced_calls"] += 0 if c.get("priced", True) else 1
        a["duration_ms"] = round(a["duration_ms"] + c["duration_ms"], 1)
    usage.update(calls=calls, by_agent=by_agent, llm_calls=len(calls),
                 input_tokens=sum(c["input_tokens"] for c in calls),
                 cached_tokens=sum(c.get("cached_tokens") or 0 for c in calls),
                 output_tokens=sum(c["output_tokens"] for c in calls),
                 cost_usd=_cost_sum(calls),
                 unpriced_calls=sum(0 if c.get("priced", True) else 1 for c in calls),
                 llm_ms=round(sum(c["duration_ms"] for c in calls), 1))
    return usage
