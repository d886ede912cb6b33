"""The learner's EN / RU / ES cues (own phrasings per class, not the seed's examples only)."""
from __future__ import annotations

import pytest

from agent.memory.learn import detect_style, lesson, normalize_question

NQ = {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "analysis": "stats",
      "period": {"label": "2024-03"}}


@pytest.mark.parametrize("text,style", [
    ("I'm a swing trader, holding a few days", "swing"),
    ("Торгую свингом, держу позиции неделю", "swing"),
    ("Hago swing trading con futuros", "swing"),
    ("mostly day trading the open", "day_trading"),
    ("Я интрадей трейдер", "day_trading"),
    ("hago trading intradía", "day_trading"),
    ("I scalp the first hour", "scalping"),
    ("скальпирую на минутках", "scalping"),
    ("hago scalping en BTC", "scalping"),
    ("I invest long-term", "long_term"),
    ("Инвестирую долгосрочно", "long_term"),
    ("invierto a largo plazo", "long_term"),
    ("NQ stats for March 2024", None),
])
def test_trading_style(text, style):
    assert detect_style(text) == style


@pytest.mark.parametrize("text", [
    "I usually trade NQ; stats for March 2024?", "I prefer NQ. How did March 2024 go?",
    "I always look at NQ first: March 2024 stats", "Обычно торгую NQ, что было в марте 2024?",
    "Предпочитаю NQ — статистика за март 2024", "Я всегда смотрю NQ: март 2024",
    "Prefiero NQ, ¿cómo fue marzo de 2024?", "Siempre opero NQ: estadísticas de marzo 2024",
    "Me gusta el NQ, ¿qué pasó en marzo 2024?", "Normalmente opero NQ; marzo 2024",
])
def test_preference_cues_make_the_symbol_usual(text):
    les = lesson(text, NQ)
    assert les.usual_symbol == "NQ" and les.statement


@pytest.mark.parametrize("text", ["NQ stats for March 2024", "статистика NQ за март 2024",
                                  "estadísticas de NQ en marzo 2024"])
def test_no_cue_no_preference_but_symbols_and_question(text):
    les = lesson(text, NQ)
    assert les.usual_symbol is None and les.symbols == ["NQ"]
    assert les.question == text                     # shown in the user's own words
    assert "[SYMBOL]" in les.question_key and "2024" not in les.question_key   # merged by its template


def test_strategies_from_event_analyses():
    intent = {"type": "data", "symbol": "SPY", "symbols": ["SPY"], "analysis": "after_events",
              "period": {"label": "2024"}}
    assert lesson("what happened a week after SPY fell 2%?", intent).strategy == "after_events SPY 2024"


def test_normalize_question():
    assert normalize_question("NQ closed at 16,200.5 in 2023?", ["NQ"]) == "[SYMBOL] closed at [N] in [N]?"
