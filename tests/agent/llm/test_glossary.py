"""The educator's glossary: at least 25 concepts, each in English, Russian and Spanish."""
from __future__ import annotations

import pytest

from agent.llm import glossary
from agent.llm.offline import OfflineProvider

REQUIRED = ["rsi", "macd", "bollinger", "sma", "ema", "atr", "vwap", "obv", "adx", "volatility",
            "drawdown", "gap", "support_resistance", "futures_session", "rollover", "contango",
            "open_interest", "volume_profile", "liquidity", "spread", "stop_loss", "leverage", "margin",
            "short_selling", "candlestick", "trend"]


def test_at_least_25_concepts_in_three_languages():
    keys = glossary.concept_keys()
    assert len(keys) >= 25 and set(REQUIRED) <= set(keys)
    for key in keys:
        names, aliases, texts, related = glossary.ENTRIES[key]
        assert len(names.split("|")) == 3 and len(texts) == 3
        assert all(len(t) > 80 for t in texts)
        assert all(aliases.get(lang) for lang in ("en", "ru", "es")), key
        assert all(r in glossary.ENTRIES for r in related)


@pytest.mark.parametrize("key", REQUIRED)
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_explain_each_concept(key, lang):
    text = OfflineProvider().explain(key, lang)
    names = glossary.ENTRIES[key][0].split("|")
    assert text.startswith(names[glossary.LANGS.index(lang)])  # names in the packs' order
    if lang == "ru":
        assert any("а" <= ch <= "я" for ch in text.lower())


LOOKUPS = [("What is RSI?", "rsi"), ("Что такое полосы Боллинджера?", "bollinger"),
           ("¿Qué es el MACD?", "macd"), ("Explain VWAP", "vwap"), ("скользящая средняя", "sma"),
           ("media móvil exponencial", "ema"), ("что такое ролловер", "rollover"),
           ("¿qué es el interés abierto?", "open_interest"), ("what's a stop-loss", "stop_loss"),
           ("плечо", "leverage"), ("venta en corto", "short_selling"), ("backwardation", "contango"),
           ("просадка", "drawdown"), ("volume profile", "volume_profile")]


@pytest.mark.parametrize("text,key", LOOKUPS)
def test_aliases_find_concepts(text, key):
    assert glossary.lookup(text) == key


def test_unknown_concept_is_honest_with_closest():
    for lang, marker in (("en", "glossary"), ("ru", "глоссари"), ("es", "glosario")):
        text = glossary.explain("gamma exposure", lang)
        assert marker in text and "gamma exposure" in text
    assert glossary.closest("bolinger bands")[0] == "bollinger"
