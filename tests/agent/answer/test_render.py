"""Figures in each language's format, written by code."""
import pytest

from agent.answer.render import render


@pytest.mark.parametrize("value,kind,lang,shown", [
    (15895.0, "price", "en", "15,895.00"), (15895.0, "price", "ru", "15\u00a0895,00"),
    (15895.0, "price", "es", "15.895,00"), (0.39006, "pct", "en", "+0.39%"),
    (0.39006, "pct", "ru", "+0,39\u00a0%"), (-4.1597, "pct", "es", "-4,16\u00a0%"),
    (4427746.0, "volume", "en", "4.43 million"), (4427746.0, "volume", "ru", "4,43 млн"),
    (4427746.0, "volume", "es", "4,43 millones"), (1.197e9, "volume", "en", "1.20 billion"),
    (491971.8, "volume", "ru", "491,97 тыс"), (9, "count", "es", "9"), (2515, "count", "en", "2,515"),
    (0.4131, "pct_level", "en", "0.41%"), ("2023-11-29", "date", "ru", "29 ноября 2023 г."),
        ("2024-03-19", "date", "en", "March 19, 2024"), ("2024-03-19", "date", "es", "19 de marzo de 2024"),
])
def test_render(value, kind, lang, shown):
    assert render(value, kind, lang) == shown


def test_sign_said_in_words_and_numbers_as_typed():
    assert render(-2.5, "pct", "en", absolute=True) == "2.50%"
    assert render(-3.0, "pct", "ru", exact=True) == "-3\u00a0%" and render(16500, "number", "es", exact=True) == "16.500"
