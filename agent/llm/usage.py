"""Token usage and cost per LLM call, from the response's `usage_metadata` and a price table.

Prices are USD per 1M tokens, per model, matched by the longest model-name prefix
("gemini-2.5-flash-preview-05-20" uses "gemini-2.5-flash"). Thinking tokens bill as output.
Override the table with a JSON file (`ASKBAR_GEMINI_PRICES_PATH`) or a JSON object in the
environment (`ASKBAR_GEMINI_PRICES='{"gemini-2.5-pro": {"input": 1.25, "output": 10}}'`); the
override merges over the defaults.

How the graph folds it (see `fold`): after each node, `provider.take_usage()` drains the records
made since the last take; append them to the state's usage with
`state["usage"] = fold(state.get("usage"), records)`, which keeps per-call `calls`, per-agent
totals under `by_agent`, and request totals (`input_tokens`, `output_tokens`, `cost_usd`,
`llm_calls`, `llm_ms`).
"""
from __future__ import annotations

import json
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterator

DEFAULT_PRICES: dict[str, dict[str, float]] = {
    "gemini-2.5-pro": {"input": 1.25, "output": 10.0},
    "gemini-2.5-flash-lite": {"input": 0.10, "output": 0.40},
    "gemini-2.5-flash": {"input": 0.30, "output": 2.50},
    "gemini-2.0-flash-lite": {"input": 0.075, "output": 0.30},
    "gemini-2.0-flash": {"input": 0.10, "output": 0.40},
    "gemini-1.5-pro": {"input": 1.25, "output": 5.0},
    "gemini-1.5-flash": {"input": 0.075, "output": 0.30},
}


def load_prices(path: str | Path | None = None, override: dict[str, Any] | None = None
                ) -> dict[str, dict[str, float]]:
    """Defaults, then the JSON file at `path`, then `override` (each merged by model name)."""
    table = {k: dict(v) for k, v in DEFAULT_PRICES.items()}
    extra: dict[str, Any] = {}
    if path:
        extra.update(json.loads(Path(path).read_text(encoding="utf-8")))
    if override:
        extra.update(override)
    for model, price in extra.items():
        table[model] = {"input": float(price.get("input", 0.0)), "output": float(price.get("output", 0.0))}
    return table


def price_for(model: str, prices: dict[str, dict[str, float]]) -> dict[str, float] | None:
    name = model.removeprefix("models/")
    matches = [k for k in prices if name == k or name.startswith(k)]
    return prices[max(matches, key=len)] if matches else None


@dataclass
class UsageRecord:
    agent: str
    model: str
    input_tokens: int
    output_tokens: int
    cost_usd: float
    duration_ms: float
    priced: bool = True
    status: str = "ok"            # ok | error: failed calls are recorded too (they may bill input)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def record_from(agent: str, model: str, metadata: Any, duration_ms: float,
                prices: dict[str, dict[str, float]], status: str = "ok") -> UsageRecord:
    """A record from a response's usage_metadata (None when the call failed before an answer)."""
    def _n(name: str) -> int:
        return int(getattr(metadata, name, None) or 0) if metadata is not None else 0

    inp = _n("prompt_token_count")
    out = _n("candidates_token_count") + _n("thoughts_token_count")
    price = price_for(model, prices)
    cost = (inp * price["input"] + out * price["output"]) / 1_000_000 if price else 0.0
    return UsageRecord(agent=agent, model=model, input_tokens=inp, output_tokens=out,
                       cost_usd=round(cost, 8), duration_ms=round(duration_ms, 1),
                       priced=price is not None, status=status)


MAX_UNTAKEN = 1000

_scope: ContextVar[list[UsageRecord] | None] = ContextVar("askbar_usage_scope", default=None)


@contextmanager
def usage_scope() -> Iterator[list[UsageRecord]]:
    """Collect the records made in this context (and contexts copied from it) into a list.

    For concurrent requests on one provider: wrap a node's provider call in `usage_scope()` and
    run it with `contextvars.copy_context().run` in the worker thread; records then go to the
    scope's list instead of the provider-wide one, so requests never see each other's usage.
    """
    records: list[UsageRecord] = []
    token = _scope.set(records)
    try:
        yield records
    finally:
        _scope.reset(token)


class UsageMeter:
    """Thread-safe accumulator of UsageRecords (one per provider instance)."""

    def __init__(self, prices: dict[str, dict[str, float]]):
        self.prices = prices
        self._records: list[UsageRecord] = []
        self._lock = threading.Lock()

    def add(self, agent: str, model: str, metadata: Any, started: float, status: str = "ok"
            ) -> UsageRecord:
        rec = record_from(agent, model, metadata, (time.perf_counter() - started) * 1000,
                          self.prices, status)
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


def fold(usage: dict[str, Any] | None, records: list[dict[str, Any]]) -> dict[str, Any]:
    """The result's `usage` with `records` added: calls, by_agent and request totals."""
    usage = dict(usage or {})
    calls = [*(usage.get("calls") or []), *records]
    by_agent: dict[str, dict[str, Any]] = {}
    for c in calls:
        a = by_agent.setdefault(c["agent"], {"model": c["model"], "calls": 0, "input_tokens": 0,
                                             "output_tokens": 0, "cost_usd": 0.0, "duration_ms": 0.0})
        a["calls"] += 1
        a["input_tokens"] += c["input_tokens"]
        a["output_tokens"] += c["output_tokens"]
        a["cost_usd"] = round(a["cost_usd"] + c["cost_usd"], 8)
        a["duration_ms"] = round(a["duration_ms"] + c["duration_ms"], 1)
    usage.update(calls=calls, by_agent=by_agent, llm_calls=len(calls),
                 input_tokens=sum(c["input_tokens"] for c in calls),
                 output_tokens=sum(c["output_tokens"] for c in calls),
                 cost_usd=round(sum(c["cost_usd"] for c in calls), 8),
                 llm_ms=round(sum(c["duration_ms"] for c in calls), 1))
    return usage
