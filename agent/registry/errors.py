"""The seed's registry error codes (seed 003 7.2) with its recommended actions, and how the tool
executor's codes and external HTTP failures map onto them."""
from __future__ import annotations

from typing import Literal

RegistryCode = Literal["TOOL_NOT_FOUND", "TOOL_EXECUTION_TIMEOUT", "TOOL_PERMISSION_DENIED",
                       "TOOL_INVALID_PARAMETERS", "TOOL_EXTERNAL_ERROR", "TOOL_RATE_LIMITED"]

# Seed 003 7.2: description -> recommended action, quoted in every error message.
ACTIONS: dict[str, tuple[str, str]] = {
    "TOOL_NOT_FOUND": ("Requested tool not found", "Check the tool id and its availability."),
    "TOOL_EXECUTION_TIMEOUT": ("Tool execution timed out",
                               "Adjust the parameters or increase the tool's timeout."),
    "TOOL_PERMISSION_DENIED": ("Insufficient permissions to use the tool",
                               "Check the permission configuration (plan or tenant)."),
    "TOOL_INVALID_PARAMETERS": ("Invalid parameters for the tool",
                                "Review the tool's documentation and parameter format."),
    "TOOL_EXTERNAL_ERROR": ("Error in an external service used by the tool",
                            "Check the status of the external service."),
    "TOOL_RATE_LIMITED": ("Rate limit exceeded", "Back off or reduce the call frequency."),
}
# A timeout is cancelled and reported, never retried (seed 7.1 "Timeout de Herramienta: Cancelación").
RETRYABLE: frozenset[str] = frozenset({"TOOL_EXTERNAL_ERROR", "TOOL_RATE_LIMITED"})

# The tool executor's codes (agent/tools) in the registry's vocabulary.
FROM_EXECUTOR: dict[str, str] = {
    "TOOL_NOT_FOUND": "TOOL_NOT_FOUND", "PLAN_REQUIRED": "TOOL_PERMISSION_DENIED",
    "SCOPE_REQUIRED": "TOOL_PERMISSION_DENIED",
    "RATE_LIMIT": "TOOL_RATE_LIMITED", "VALIDATION_ERROR": "TOOL_INVALID_PARAMETERS",
    "EXECUTION_ERROR": "TOOL_EXTERNAL_ERROR",
}


class RegistryError(Exception):
    """A failure with a seed code; `retryable` decides between retry with backoff and dead letter."""

    def __init__(self, code: str, detail: str = "", *, retryable: bool | None = None,
                 status_code: int | None = None, retry_after: float | None = None):
        self.code = code
        what, action = ACTIONS.get(code, (code, ""))
        self.message = f"{what}: {detail}. {action}" if detail else f"{what}. {action}"
        self.retryable = code in RETRYABLE if retryable is None else retryable
        self.status_code = status_code
        self.retry_after = retry_after
        self.quota: dict = {}          # calls left per window when a rate limit refused it
        super().__init__(self.message)

    def detail(self) -> dict:
        details: dict = {"retryable": self.retryable}
        if self.status_code is not None:
            details["status_code"] = self.status_code
        if self.retry_after is not None:
            details["retry_after"] = self.retry_after
        return {"code": self.code, "message": self.message, "type": _error_type(self.code),
                "details": details}


def _error_type(code: str) -> str:
    return {"TOOL_RATE_LIMITED": "RateLimitError", "TOOL_EXTERNAL_ERROR": "ExternalAPIError",
            "TOOL_EXECUTION_TIMEOUT": "TimeoutError", "TOOL_INVALID_PARAMETERS": "ValidationError",
            "TOOL_PERMISSION_DENIED": "PermissionError", "TOOL_NOT_FOUND": "NotFoundError"}.get(
        code, "ToolError")


# HTTP status of each code for the REST API.
HTTP_STATUS: dict[str, int] = {"TOOL_NOT_FOUND": 404, "TOOL_EXECUTION_TIMEOUT": 504,
                               "TOOL_PERMISSION_DENIED": 403, "TOOL_INVALID_PARAMETERS": 422,
                               "TOOL_EXTERNAL_ERROR": 502, "TOOL_RATE_LIMITED": 429}
