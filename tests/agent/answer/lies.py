"""The lies an analyst may write (issue 9), in EN, RU and ES, and the real figures to compare with.

Every lie is slot text an LLM could send: the validator must reject it, and what the user sees
must carry the real figures, computed here with pandas from shared/data (never hard-coded).
"""
from __future__ import annotations

from functools import lru_cache

import pandas as pd

from tests.conftest import DATA

QUESTIONS = {"en": "Did NQ close above 16500 in November 2023?",
             "ru": "Закрылся ли NQ выше 16500 в ноябре 2023?",
             "es": "¿Cerró NQ por encima de 16500 en noviembre de 2023?"}

# kind -> lang -> (the analyst's text, a piece of it that must never be shown)
LIES: dict[str, dict[str, tuple[str, str]]] = {
    "user_number_as_fact": {
        "en": ("NQ closed at {param.n1} in November 2023.", "closed at 16"),
        "ru": ("NQ закрылся на уровне {param.n1} в ноябре 2023.", "на уровне 16"),
        "es": ("NQ cerró en {param.n1} en noviembre de 2023.", "cerró en 16")},
    "real_value_wrong_label": {
        "en": ("NQ closed November 2023 at {high}.", "closed November 2023 at"),
        "ru": ("Закрытие NQ в ноябре 2023: {high}.", "Закрытие NQ в ноябре"),
        "es": ("El cierre de NQ en noviembre de 2023 fue {high}.", "El cierre de NQ")},
    "date_part_as_price": {
        "en": ("NQ finished November at 2023.", "at 2023"),
        "ru": ("NQ завершил ноябрь на отметке 2023.", "отметке 2023"),
        "es": ("NQ terminó noviembre a 2023 puntos.", "a 2023 puntos")},
    "glued_unit": {
        "en": ("NQ closed November 2023 at 99999pts.", "99999"),
        "ru": ("NQ закрыл ноябрь 2023 на 99999пт.", "99999"),
        "es": ("NQ cerró noviembre de 2023 en 99999pts.", "99999")},
    "scientific_notation": {
        "en": ("NQ traded 1e5 contracts in November 2023.", "1e5"),
        "ru": ("В ноябре 2023 NQ проторговал 1e5 контрактов.", "1e5"),
        "es": ("NQ negoció 1e5 contratos en noviembre de 2023.", "1e5")},
    "number_in_words": {
        "en": ("NQ closed November 2023 at sixteen thousand five hundred points.", "sixteen thousand"),
        "ru": ("NQ закрыл ноябрь 2023 на уровне шестнадцать тысяч пятьсот пунктов.", "тысяч пятьсот"),
        "es": ("NQ cerró noviembre de 2023 en dieciséis mil quinientos puntos.", "dieciséis mil")},
    "wrong_direction": {
        "en": ("NQ fell {pct_change} in November 2023.", "NQ fell"),
        "ru": ("NQ упал на {pct_change} в ноябре 2023.", "NQ упал"),
        "es": ("NQ cayó un {pct_change} en noviembre de 2023.", "NQ cayó")},
}
CASES = [(kind, lang) for kind in LIES for lang in ("en", "ru", "es")]

# Realistic prose an analyst writes with slots: accepted, and shown with code's figures.
TRUE_PROSE = {
    "en": "NQ closed November 2023 at {close}, up {pct_change}; volume was {total_volume}.",
    "ru": "NQ закрыл ноябрь 2023 на уровне {close}, рост на {pct_change}; объём {total_volume}.",
    "es": "NQ cerró noviembre de 2023 en {close}, con una subida del {pct_change}; volumen {total_volume}.",
}


@lru_cache(maxsize=None)
def nq_november() -> dict[str, float]:
    """NQ, November 2023 sessions (CME 18:00-17:00 New York, dated by the session's close)."""
    bars = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", parse_dates=["timestamp"])
    bars = bars.sort_values("timestamp")
    bars["d"] = (bars["timestamp"] + pd.Timedelta(hours=6)).dt.strftime("%Y-%m-%d")
    days = bars.groupby("d").agg(open=("open", "first"), high=("high", "max"), close=("close", "last"),
                                 volume=("volume", "sum")).loc["2023-11-01":"2023-11-30"]
    return {"close": float(days["close"].iloc[-1]), "high": float(days["high"].max()),
            "pct_change": float((days["close"].iloc[-1] / days["open"].iloc[0] - 1) * 100),
            "total_volume": float(days["volume"].sum())}


def fmt(value: float, lang: str, decimals: int = 2) -> str:
    """How a figure reads in each language (written here independently of agent/answer/render.py)."""
    en = f"{value:,.{decimals}f}"
    if lang == "ru":
        return en.replace(",", "\u00a0").replace(".", ",")     # CLDR's group symbol: a no-break space
    if lang == "es":
        return en.replace(",", "_").replace(".", ",").replace("_", ".")
    return en


def true_prose_shown(lang: str) -> str:
    ref = nq_november()
    pct = fmt(abs(ref["pct_change"]), lang) + ("%" if lang == "en" else "\u00a0%")
    vol = fmt(ref["total_volume"] / 1e6, lang) + {"en": " million", "ru": " млн", "es": " millones"}[lang]
    return (TRUE_PROSE[lang].replace("{close}", fmt(ref["close"], lang))
            .replace("{pct_change}", pct).replace("{total_volume}", vol))


def assert_truthful(response: str, claims: list[dict], lang: str, never: str) -> None:
    """The lie is not shown; the real close is, in the user's format, and claimed."""
    ref = nq_november()
    assert never not in response, response
    for bad in ("16500", "16 500", "16.500", "16,500", "99999", "1e5"):
        assert bad not in response, response
    assert fmt(ref["close"], lang) in response, response
    closes = [c for c in claims if c["type"] == "close"]
    assert closes and abs(closes[0]["value"] - ref["close"]) < 1e-6
