"""Numbers outside slots: every digit is caught except dates inside the period in scope."""
from datetime import date

import pytest

from agent.answer.numbers import question_numbers, stray_numbers

NOV = [(date(2023, 11, 1), date(2023, 11, 30))]


@pytest.mark.parametrize("text", [
    "In November 2023 NQ rose.", "В ноябре 2023 года NQ вырос.", "En noviembre de 2023 NQ subió.",
    "High on 2023-11-29.", "Максимум 29 ноября.", "Máximo el 29 de noviembre de 2023.",
    "On November 29, 2023 it peaked.", "NQ, 2023-11: up.", "At 09:30 it opened.", "S&P 500 and NQ.",
])
def test_dates_in_scope_and_names_are_not_numbers(text):
    assert stray_numbers(text, NOV) == ([], [])


@pytest.mark.parametrize("text,found", [
    ("NQ finished November at 2023.", "2023"), ("NQ closed at 99999pts.", "99999pts"),
    ("Volume 1e5.", "1e5"), ("It rose 3.9% in November 2023.", "3.9"), ("Q1 was strong", "Q1"),
    ("Закрытие 15 957,00.", "15"), ("NQ, November 2023. Close: 2023.", "2023"),
])
def test_any_other_digit_is_a_stray_number(text, found):
    numbers, _ = stray_numbers(text, NOV)
    assert any(found in n for n in numbers), numbers


def test_dates_outside_the_period_are_reported():
    numbers, dates = stray_numbers("It peaked on 2021-01-04 and in March 2019.", NOV)
    assert numbers == [] and set(dates) == {"2021-01-04", "March 2019"}


def test_question_numbers_leave_dates_out():
    assert question_numbers("Did NQ close above 16500 in November 2023?") == [16500.0]
    assert question_numbers("после роста на 3,5% за 5 дней в 2008 году") == [3.5, 5.0]
