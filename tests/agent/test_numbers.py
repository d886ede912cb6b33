"""Numbers written in answers: extraction in three languages' formats and backing checks."""
import pytest

from agent.numbers import allowed_numbers, extract, unbacked


@pytest.mark.parametrize("text,value", [
    ("rose 2.78%", 2.78), ("вырос на 0,39 %", 0.39), ("16,208.50", 16208.5),
    ("15 957,00", 15957.0), ("62.22M", 62.22e6), ("-4.16 %", -4.16), ("−11.98%", -11.98),
    ("3 010 453", 3010453.0),
])
def test_extract_formats(text, value):
    got = [v for _, v, _ in extract(text)]
    assert got == [pytest.approx(value)]


def test_dates_and_times_are_not_loose_numbers():
    assert extract("on 2023-11-29 at 09:30") == []


def test_precision_as_written_decides_backing():
    allowed = [0.39006, 16208.5]
    assert unbacked("up 0.39 %, high 16208.50", allowed) == []
    assert unbacked("up 0.4 %", allowed) == []          # 0.4 written with one decimal covers 0.39006
    assert unbacked("up 0.41 %", allowed) == ["0.41"]
    assert unbacked("high 16300", allowed) == ["16300"]


def test_allowed_includes_question_numbers_dates_counts():
    allowed = allowed_numbers([{"type": "high", "value": 1.5, "date": "2023-11-29"}], ["2024-03-01"],
                              [22], "after a rise of more than 5% over the next 10 days")
    assert unbacked("22 events, 5 %, 10 days, 29 November 2023, March 2024, 1.5", allowed) == []
    assert unbacked("23 events", allowed) == ["23"]
