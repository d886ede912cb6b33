"""A live bar as a client sends it, and NDJSON bodies of them (one bar a line).

Checked like a loaded file's rows (agent/market/reader.py): prices finite, above 0 and at most
1e9, volume finite and not negative; a timestamp with an offset is converted to UTC, a naive one
is UTC; 1-minute bars start on a whole minute. A bad line stops the whole body with one message
naming the line, so nothing of it is stored.
"""
from __future__ import annotations

import json
import math
from datetime import datetime, timezone
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

MAX_PRICE = 1e9
FIELDS = ("symbol", "ts", "open", "high", "low", "close", "volume")


class BarError(ValueError):
    """A bad bar: `line` is its 1-based line in the body (None: not from a body)."""

    def __init__(self, line: int | None, reason: str):
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line, self.reason = line, reason


class LiveBar(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    symbol: str
    ts: datetime            # bar start, naive UTC once validated
    open: float
    high: float
    low: float
    close: float
    volume: float = 0.0

    @field_validator("symbol")
    @classmethod
    def _symbol(cls, v: str) -> str:
        v = v.strip().upper()
        if not v or len(v) > 32 or any(ch.isspace() for ch in v):
            raise ValueError("symbol must be 1 to 32 characters without spaces")
        return v

    @field_validator("ts")
    @classmethod
    def _ts(cls, v: datetime) -> datetime:
        if v.tzinfo is not None:
            v = v.astimezone(timezone.utc).replace(tzinfo=None)
        if v.second or v.microsecond:
            raise ValueError("a 1-minute bar starts on a whole minute (seconds 00)")
        return v

    @field_validator("open", "high", "low", "close")
    @classmethod
    def _price(cls, v: float) -> float:
        if not math.isfinite(v) or v <= 0 or v > MAX_PRICE:
            raise ValueError("prices must be finite, above 0 and at most 1e9")
        return v

    @field_validator("volume")
    @classmethod
    def _volume(cls, v: float) -> float:
        if not math.isfinite(v) or v < 0:
            raise ValueError("volume must be finite and not negative")
        return v


def bar_from(data: Any, line: int | None = None) -> LiveBar:
    if not isinstance(data, dict):
        raise BarError(line, "expected a JSON object with " + ", ".join(FIELDS))
    try:
        return LiveBar.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ())) or "bar"
        raise BarError(line, f"{where}: {err.get('msg', 'invalid')}") from None


def parse_ndjson(body: bytes | str) -> list[LiveBar]:
    """Every bar of an NDJSON body (blank lines skipped); the first bad line raises BarError."""
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    bars: list[LiveBar] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw, parse_constant=_no_constant)
        except RecursionError:
            raise BarError(n, "not valid JSON (nested too deeply)") from None
        except ValueError as exc:
            raise BarError(n, f"not valid JSON ({' '.join(str(exc).split())[:120]})") from None
        bars.append(bar_from(data, n))
    return bars


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def to_ndjson(bars: list[LiveBar]) -> bytes:
    return "".join(json.dumps({**b.model_dump(), "ts": b.ts.isoformat() + "Z"}) + "\n"
                   for b in bars).encode()
