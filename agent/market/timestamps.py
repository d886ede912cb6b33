"""Timestamps of a bar file: the format detected once from the first rows, then parsed in C++
(pyarrow) per batch. Split out of reader.py (one job per file)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

import pyarrow as pa
import pyarrow.compute as pc

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")
_EPOCH = re.compile(r"^\d{9,19}(?:\.\d+)?$")
_FORMATS = tuple(f"{d} {t}".strip() for d in ("%m/%d/%Y", "%d/%m/%Y", "%Y/%m/%d", "%Y%m%d",
                                              "%Y.%m.%d", "%d.%m.%Y", "%m-%d-%Y", "%d-%m-%Y")
                 for t in ("%H:%M:%S", "%H:%M", "%H%M%S", "%H%M", ""))


def _epoch_scale(first: float) -> int:
    """ns per unit for epoch numbers, from their magnitude (s, ms, us or ns since 1970)."""
    for limit, scale in ((1e11, 10**9), (1e14, 10**6), (1e17, 10**3)):
        if abs(first) < limit:
            return scale
    return 1


@dataclass
class TsParser:
    kind: str               # typed | iso | epoch | format
    aware: bool             # True: values carry an offset (or are epoch), parsed to UTC
    fmt: str | None = None
    scale: int = 1

    @classmethod
    def detect(cls, sample: pa.Array, fail: Callable[[str, int], Exception]) -> TsParser:
        t = sample.type
        if pa.types.is_timestamp(t) or pa.types.is_date(t):
            return cls("typed", aware=pa.types.is_timestamp(t) and t.tz is not None)
        if pa.types.is_integer(t) or pa.types.is_floating(t):
            return cls("epoch", True, scale=_epoch_scale(float(sample[0].as_py() or 0)))
        values = [(i, v.strip()) for i, v in enumerate(sample.to_pylist()) if v and v.strip()]
        if not values:
            raise fail("missing timestamp", 0)
        iso = [_ISO.match(v) for _, v in values]
        if all(iso):
            return cls("iso", aware=any(m.group(1) for m in iso if m))
        if all(_EPOCH.match(v) for _, v in values):
            return cls("epoch", True, scale=_epoch_scale(float(values[0][1])))
        texts = pa.array([v for _, v in values])
        for fmt in _FORMATS:
            if pc.strptime(texts, format=fmt, unit="s", error_is_null=True).null_count == 0:
                return cls("format", False, fmt=fmt)
        row = next((i for (i, v), m in zip(values, iso) if not m), values[0][0])
        raise fail("unrecognised timestamp format", row)   # the line's text is not repeated

    def __call__(self, arr: pa.Array) -> pa.Array:
        unit = pa.timestamp("ns", "UTC" if self.aware else None)
        if self.kind in ("typed", "iso"):
            return pc.cast(arr, unit)
        if self.kind == "format":
            return pc.strptime(arr, format=self.fmt, unit="ns")
        num = arr if not pa.types.is_string(arr.type) else pc.cast(
            arr, pa.float64() if pc.any(pc.match_substring(arr, ".")).as_py() else pa.int64())
        if pa.types.is_floating(num.type):
            num = pc.cast(pc.round(pc.multiply(num, float(self.scale))), pa.int64())
        else:
            num = pc.multiply_checked(pc.cast(num, pa.int64()), self.scale)
        return pc.cast(num, unit)
