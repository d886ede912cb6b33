"""Typed LLM errors, after seed 004 section 10 ("Таблица обработки ошибок").

| error            | retried?              | user message                         |
|------------------|-----------------------|--------------------------------------|
| rate limit (429) | twice, with backoff   | (transparent; shown only if it stays)|
| timeout          | never                 | "Сервис медленно отвечает"           |
| down (5xx, conn) | never                 | "Сервис недоступен"                  |
| config (400/401/403/404) | never         | "Языковая модель не настроена"       |
| invalid output   | one repair attempt    | (transparent: the node's code fallback answers) |

A 400/401/403/404 is a CONFIGURATION error (bad key, retired or misspelt model id, a declaration
the API rejects): it will fail the same way on every call, so it is logged at ERROR for the
operator (with the API's own message) and is distinct from the transient 429/5xx/timeouts.

Every error carries `user_message(lang)`: a short sentence in the user's language, never a
traceback or a provider payload; `fallback_line(exc, agent, lang)` is the one line a user sees
when a node answered without the model. `classify(exc)` maps SDK / transport exceptions to these
types and keeps the API's message, HTTP status and status name in `detail` for the logs.
"""
from __future__ import annotations

from typing import Any, ClassVar

from agent import lang as packs

# The user's texts per kind and per agent ({key: {lang: text}}), from the language packs.
USER_MESSAGES: dict[str, dict[str, str]] = packs.transposed("llm_errors", "USER_MESSAGES")
# What the node did instead, per agent (appended to the reason: one line for the user).
FALLBACKS: dict[str, dict[str, str]] = packs.transposed("llm_errors", "FALLBACKS")


class LLMError(Exception):
    """Base of every provider error. `kind` selects the user message; `retryable` is for callers."""
    kind: ClassVar[str] = "unavailable"
    retryable: ClassVar[bool] = False
    severity: ClassVar[str] = "high"

    def __init__(self, detail: str = "", *, agent: str | None = None, status: int | None = None):
        super().__init__(detail or self.kind)
        self.detail = detail
        self.agent = agent
        self.status = status

    def user_message(self, lang: str = "en") -> str:
        texts = USER_MESSAGES[self.kind]
        return texts.get(lang) or texts["en"]


class LLMRateLimited(LLMError):
    """HTTP 429 after the retries were spent."""
    kind, retryable, severity = "rate_limited", True, "critical"   # seed: AllRetriesFailed


class LLMTimeout(LLMError):
    """The model did not answer within the call's timeout. Never retried (seed)."""
    kind, retryable, severity = "timeout", False, "medium"


class LLMUnavailable(LLMError):
    """5xx, connection refused, or a request the service rejects (bad key, bad model)."""
    kind, retryable, severity = "unavailable", False, "high"


class LLMConfigError(LLMError):
    """400/401/403/404: the request is wrong for this key or model (configuration, not load)."""
    kind, retryable, severity = "config", False, "critical"   # fails every call: alert


class LLMInvalidOutput(LLMError):
    """The model did not call the function, or its arguments failed validation after one repair."""
    kind, retryable, severity = "invalid_output", False, "low"   # repaired once, then code answers


Severity = str       # "low" | "medium" | "high" | "critical" (seed 004, logging)
SEVERITIES = ("low", "medium", "high", "critical")


def severity_of(err: Any) -> Severity:
    """Seed 004's severity of an error in a trace: low (validation skipped, partial result,
    invalid model output the code answered for), medium (LLM or query timeout), high (LLM or
    database error, a bug), critical (all retries failed, a configuration that fails every call).
    `err`: the exception, or its "Type: message" text as traces keep it."""
    if isinstance(err, LLMError):
        return err.severity
    name = type(err).__name__ if isinstance(err, BaseException) else str(err).split(":", 1)[0]
    if name in ("OutOfTime", "ValidationSkipped", "PartialResult"):
        return "low"
    if "Timeout" in name or "Cancel" in name:
        return "medium"
    return "high"


def fallback_line(exc: BaseException | None, agent: str, lang: str = "en") -> str:
    """One line in the user's language: why the model was not used (if known) and what answered."""
    if exc is not None and not isinstance(exc, LLMError) and "Timeout" in type(exc).__name__:
        exc = LLMTimeout(str(exc))
    reason = exc.user_message(lang) if isinstance(exc, LLMError) else ""
    texts = FALLBACKS.get(agent) or FALLBACKS["analyst"]
    return " ".join(p for p in (reason, texts.get(lang) or texts["en"]) if p)


def _api_detail(exc: Any) -> str:
    message = " ".join(str(getattr(exc, "message", "") or "").split())[:300]
    return " ".join(p for p in (f"HTTP {int(exc.code or 0)}", exc.status or "", message and f"- {message}")
                    if p)


def classify(exc: BaseException, agent: str | None = None) -> LLMError:
    """An SDK or transport exception as one of the typed errors above."""
    if isinstance(exc, LLMError):
        return exc
    import httpx
    from google.genai import errors as genai_errors

    if isinstance(exc, genai_errors.APIError):
        code = int(exc.code or 0)
        detail = _api_detail(exc)
        if code == 429:
            return LLMRateLimited(detail, agent=agent, status=code)
        if code in (408, 504):
            return LLMTimeout(detail, agent=agent, status=code)
        if code in (400, 401, 403, 404):
            return LLMConfigError(detail, agent=agent, status=code)
        return LLMUnavailable(detail, agent=agent, status=code)
    # The SDK sends through httpx or its fork httpx2: compare by class name along the MRO.
    names = {cls.__name__ for cls in type(exc).__mro__}
    if isinstance(exc, (httpx.TimeoutException, TimeoutError)) or "TimeoutException" in names:
        return LLMTimeout(type(exc).__name__, agent=agent)
    return LLMUnavailable(f"{type(exc).__name__}: {exc}"[:300], agent=agent)
