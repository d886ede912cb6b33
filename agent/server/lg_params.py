"""Validated parameters of the LangGraph API subset: a bad value is a 422 naming the field, never a
500 and never stored (non-object metadata used to poison /threads/search for everyone)."""
from __future__ import annotations

import json
import re
from typing import Any

from agent.server.http import HTTPError

MAX_LIMIT = 100
# threads.get_history: LangGraph's React hook (useStream, so Agent Chat UI) asks for 1000
# checkpoints on every thread it opens; the official server sets no bound. A thread has as many
# checkpoints as its turns' steps, so 1000 stays a bounded read.
MAX_HISTORY_LIMIT = 1000
MAX_OFFSET = 100_000
MAX_METADATA_KEYS = 32
MAX_METADATA_BYTES = 8_000
META_KEY = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
STATUSES = ("idle", "busy", "interrupted", "error")
CHECKPOINT_KEYS = {"thread_id", "checkpoint_ns", "checkpoint_id", "checkpoint_map"}


def _int(data: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = data.get(name, default)
    if value is None:
        return default
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HTTPError(400, f"bad_{name}", f"'{name}' must be an integer from {low} to {high}")
    return value


def thread_metadata(value: Any) -> dict[str, Any]:
    """Thread metadata: an object of at most 32 keys (letters, digits, _ . -), 8 kB as JSON."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise HTTPError(400, "bad_metadata", "'metadata' must be a JSON object")
    if len(value) > MAX_METADATA_KEYS:
        raise HTTPError(400, "bad_metadata", f"'metadata' has {len(value)} keys; at most {MAX_METADATA_KEYS}")
    bad = [k for k in value if not META_KEY.match(k)]
    if bad:
        raise HTTPError(400, "bad_metadata", f"metadata key {bad[0][:70]!r} is not valid: 1-64 letters, digits, _ . -")
    if len(json.dumps(value, ensure_ascii=False)) > MAX_METADATA_BYTES:
        raise HTTPError(400, "bad_metadata", f"'metadata' is larger than {MAX_METADATA_BYTES} bytes")
    return value


def search_params(data: dict[str, Any]) -> tuple[dict[str, Any], str | None, int, int]:
    """(metadata filter, status, limit, offset) of a /threads/search or /assistants/search body."""
    metadata = thread_metadata(data.get("metadata"))
    status = data.get("status")
    if status is not None and status not in STATUSES:
        raise HTTPError(400, "bad_status", f"'status' must be one of {', '.join(STATUSES)}")
    return (metadata, status, _int(data, "limit", 10, 1, MAX_LIMIT),
            _int(data, "offset", 0, 0, MAX_OFFSET))


def history_params(data: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    limit = _int(data, "limit", 10, 1, MAX_HISTORY_LIMIT)
    before = data.get("before")
    if before is None or before == "":
        return limit, None
    if isinstance(before, str):
        try:
            before = json.loads(before)
        except json.JSONDecodeError:
            before = None
    if not isinstance(before, dict):
        raise HTTPError(400, "bad_before", "'before' must be a checkpoint object {checkpoint_id: ...}")
    before = before.get("configurable", before) if isinstance(before.get("configurable"), dict) else before
    if set(before) - CHECKPOINT_KEYS or not all(isinstance(v, str) for k, v in before.items()
                                                if k != "checkpoint_map"):
        raise HTTPError(400, "bad_before", "'before' may only hold checkpoint_id and checkpoint_ns strings")
    return limit, {k: v for k, v in before.items() if k in ("checkpoint_id", "checkpoint_ns")}
