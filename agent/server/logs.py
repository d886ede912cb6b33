"""Structured logs: one JSON object per line with the request id (and run/thread/agent when known)."""
from __future__ import annotations

import json
import logging
import sys
import time
from contextvars import ContextVar

request_id_var: ContextVar[str | None] = ContextVar("askbar_request_id", default=None)
_FIELDS = ("request_id", "run_id", "thread_id", "agent", "event", "status", "duration_ms", "code",
           "method", "path")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {"ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
               + f".{int(record.msecs):03d}Z", "level": record.levelname.lower(),
               "logger": record.name, "msg": record.getMessage()}
        for key in _FIELDS:
            value = getattr(record, key, None)
            if value is not None:
                out[key] = value
        request_id = request_id_var.get()
        if "request_id" not in out and request_id:
            out["request_id"] = request_id
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def setup_logging(level: str = "INFO") -> None:
    """JSON lines on stderr for the askbar loggers (idempotent)."""
    root = logging.getLogger("askbar")
    if any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False
