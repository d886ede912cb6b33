"""Typed LLM errors, after seed 004 section 10 ("Таблица обработки ошибок").

| error            | retried?              | user message                         |
|------------------|-----------------------|--------------------------------------|
| rate limit (429) | twice, with backoff   | (transparent; shown only if it stays)|
| timeout          | never                 | "Сервис медленно отвечает"           |
| down (5xx, conn) | never                 | "Сервис недоступен"                  |
| invalid output   | one repair attempt    | (transparent: the node's code fallback answers) |

Every error carries `user_message(lang)`: a short sentence in the user's language, never a
traceback or a provider payload. `classify(exc)` maps SDK / transport exceptions to these types.
"""
from __future__ import annotations

from typing import ClassVar

USER_MESSAGES: dict[str, dict[str, str]] = {
    "timeout": {"en": "The service is responding slowly.", "ru": "Сервис медленно отвечает.",
                "es": "El servicio responde con lentitud."},
    "unavailable": {"en": "The service is unavailable.", "ru": "Сервис недоступен.",
                    "es": "El servicio no está disponible."},
    "rate_limited": {"en": "The service is busy right now. Please try again in a moment.",
                     "ru": "Сервис сейчас перегружен. Попробуйте чуть позже.",
                     "es": "El servicio está saturado. Inténtalo de nuevo en un momento."},
    "invalid_output": {"en": "The model's answer could not be used.",
                       "ru": "Ответ модели не удалось использовать.",
                       "es": "No se pudo usar la respuesta del modelo."},
}


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
    kind, retryable, severity = "rate_limited", True, "medium"


class LLMTimeout(LLMError):
    """The model did not answer within the call's timeout. Never retried (seed)."""
    kind, retryable, severity = "timeout", False, "medium"


class LLMUnavailable(LLMError):
    """5xx, connection refused, or a request the service rejects (bad key, bad model)."""
    kind, retryable, severity = "unavailable", False, "high"


class LLMInvalidOutput(LLMError):
    """The model did not call the function, or its arguments failed validation after one repair."""
    kind, retryable, severity = "invalid_output", False, "medium"


def classify(exc: BaseException, agent: str | None = None) -> LLMError:
    """An SDK or transport exception as one of the typed errors above."""
    if isinstance(exc, LLMError):
        return exc
    import httpx
    from google.genai import errors as genai_errors

    if isinstance(exc, genai_errors.APIError):
        code = int(exc.code or 0)
        detail = f"HTTP {code} {exc.status or ''}".strip()
        if code == 429:
            return LLMRateLimited(detail, agent=agent, status=code)
        if code in (408, 504):
            return LLMTimeout(detail, agent=agent, status=code)
        return LLMUnavailable(detail, agent=agent, status=code)
    # The SDK sends through httpx or its fork httpx2: compare by class name along the MRO.
    names = {cls.__name__ for cls in type(exc).__mro__}
    if isinstance(exc, (httpx.TimeoutException, TimeoutError)) or "TimeoutException" in names:
        return LLMTimeout(type(exc).__name__, agent=agent)
    return LLMUnavailable(type(exc).__name__, agent=agent)
