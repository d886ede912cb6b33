"""User-facing refusal texts of the executor, in the user's language (EN, RU, ES).

The upgrade messages are seed 000's PermissionChecker.getUpgradeMessage (Spanish original), with
English and Russian translations of the same three cases.
"""
from __future__ import annotations

UPGRADE: dict[str, dict[str, str]] = {
    "free_to_pro": {
        "es": "Esta función requiere el plan Pro. Actualiza para acceder a señales ML, paper trading y más.",
        "en": "This feature requires the Pro plan. Upgrade to get ML signals, paper trading and more.",
        "ru": "Эта функция доступна в тарифе Pro. Перейдите на него, чтобы получить ML-сигналы, "
              "бумажную торговлю и многое другое.",
    },
    "premium": {
        "es": "Esta función requiere el plan Premium. Actualiza para acceso completo a todas las funcionalidades.",
        "en": "This feature requires the Premium plan. Upgrade for full access to every feature.",
        "ru": "Эта функция доступна в тарифе Premium. Перейдите на него, чтобы получить полный "
              "доступ ко всем возможностям.",
    },
    "other": {
        "es": "Esta función requiere el plan {plan}.",
        "en": "This feature requires the {plan} plan.",
        "ru": "Эта функция доступна в тарифе {plan}.",
    },
}

TEXTS: dict[str, dict[str, str]] = {
    "not_found": {"en": "Tool {name} not found.", "ru": "Инструмент {name} не найден.",
                  "es": "La herramienta {name} no existe."},
    "rate_limit": {"en": "Rate limit exceeded for {name} ({limit}); try again in {retry} s.",
                   "ru": "Превышен лимит вызовов {name} ({limit}); повторите через {retry} с.",
                   "es": "Límite de uso superado para {name} ({limit}); inténtalo de nuevo en {retry} s."},
    "validation": {"en": "Invalid parameters for {name}: {detail}",
                   "ru": "Неверные параметры {name}: {detail}",
                   "es": "Parámetros no válidos para {name}: {detail}"},
    "execution": {"en": "{name} failed: {detail}", "ru": "Ошибка {name}: {detail}",
                  "es": "{name} falló: {detail}"},
}
PERIODS = {"minute": {"en": "per minute", "ru": "в минуту", "es": "por minuto"},
           "hour": {"en": "per hour", "ru": "в час", "es": "por hora"},
           "day": {"en": "per day", "ru": "в день", "es": "por día"}}


def _lang(lang: str) -> str:
    return lang if lang in ("en", "ru", "es") else "en"


def upgrade_message(current: str, required: str, lang: str = "en") -> str:
    """Seed getUpgradeMessage(currentPlan, requiredPlan), in `lang`."""
    lang = _lang(lang)
    if current == "free" and required == "pro":
        return UPGRADE["free_to_pro"][lang]
    if required == "premium":
        return UPGRADE["premium"][lang]
    return UPGRADE["other"][lang].format(plan=required.capitalize())


def text(key: str, lang: str = "en", **values: object) -> str:
    return TEXTS[key][_lang(lang)].format(**values)


def limit_text(count: int, period: str, lang: str = "en") -> str:
    return f"{count} {PERIODS[period][_lang(lang)]}"
