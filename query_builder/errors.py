"""Errors the query builder raises; the executor turns them into an honest answer."""
from __future__ import annotations


class QueryBuilderError(ValueError):
    """The step cannot be turned into SQL (missing or inconsistent parameters)."""

    code = "bad_step"


class MissingParameter(QueryBuilderError):
    code = "missing_parameter"


class CapabilityUnavailable(QueryBuilderError):
    """The data cannot answer this (e.g. VWAP or an hourly profile for a daily-only symbol).

    `alternative` names the closest thing that can be computed (see capabilities.alternative_for).
    """

    code = "capability_unavailable"

    def __init__(self, message: str, capability: str, alternative: str | None = None):
        super().__init__(message)
        self.capability = capability
        self.alternative = alternative
