"""User-facing refusal texts of the executor, in the user's language (every pack's:
agent/lang/_tools/).

The upgrade messages are seed 000's PermissionChecker.getUpgradeMessage (Spanish original), with
English and Russian translations of the same three cases.
"""
from __future__ import annotations

from agent import lang as packs

UPGRADE: dict[str, dict[str, str]] = packs.transposed("tool_words", "upgrade")
TEXTS: dict[str, dict[str, str]] = packs.transposed("tool_words", "executor")
PERIODS: dict[str, dict[str, str]] = packs.transposed("tool_words", "periods")


def _lang(lang: str) -> str:
    return lang if lang in packs.codes() else packs.BASE


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
