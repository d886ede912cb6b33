"""Issue 24, the blind probe's classes: follow-ups that change only the days (a bare day range, a
"Mon DD - Mon DD" range), the horizon of an event question, an indicator glued to its window before
a month, green/red candles, orders on symbols without data, Spanish quarter abbreviations, Russian
high/low abbreviations and bar slang, and the "I did not use" note. Phrasings are our own, one class
at a time, in EN/RU/ES. No database: the offline parser with the helpers' instruments."""
from __future__ import annotations

from datetime import date

import pytest

from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import UNUSED_NOTE, make_ctx, said



def read(q: str, prev: str | None = None, today: str = "2024-06-15"):
    hist = [{"role": "user", "content": prev}, {"role": "assistant", "content": "ok"}] if prev else None
    return understand(q, hist, make_ctx(today))


def span(it) -> tuple[str, str] | None:
    return (it.period.start.isoformat(), it.period.end.isoformat()) if it.period else None


# -- 1. a follow-up that changes only the days keeps the month of the period before -------------
@pytest.mark.parametrize("prev,q,want", [
    ("SPY stats from the 2nd to the 10th of April 2024", "and from the 22nd to the 25th?", ("2024-04-22", "2024-04-25")),
    ("how did SPY do April 8-12 2024", "now days 15-19?", ("2024-04-15", "2024-04-19")),
    ("SPY со 2 по 5 апреля 2024", "а с 22 по 25?", ("2024-04-22", "2024-04-25")),
    ("NQ с 20 по 22 ноября 2023", "а теперь с 27 по 29?", ("2023-11-27", "2023-11-29")),
    ("SPY del 1 al 5 de abril de 2024", "¿y del 22 al 26?", ("2024-04-22", "2024-04-26")),
    ("NQ desde el 20 hasta el 22 de noviembre de 2023", "¿y desde el 28 hasta el 30?", ("2023-11-28", "2023-11-30")),
])
def test_followup_bare_day_range_moves_within_the_month(prev, q, want):
    it = read(q, prev)
    assert span(it) == want, (q, span(it))


def test_followup_day_range_inside_a_longer_period_stays_inside_it():
    it = read("and only the 3rd to the 5th?", "SPY stats for the first quarter of 2024")
    assert span(it) == ("2024-01-03", "2024-01-05")


@pytest.mark.parametrize("prev,q,want", [
    ("NQ summary Nov 21 to Nov 22 2023", "and Nov 28 - Dec 1?", ("2023-11-28", "2023-12-01")),
    ("NQ summary Nov 21 to Nov 22 2023", "how about Nov 29 – Dec 4?", ("2023-11-29", "2023-12-04")),
    ("SPY stats Apr 1 to Apr 5 2024", "then Apr 22 - Apr 26?", ("2024-04-22", "2024-04-26")),
])
def test_followup_month_day_range_is_days_not_a_two_digit_year(prev, q, want):
    it = read(q, prev)
    assert span(it) == want, (q, span(it))
    assert it.analysis != "compare"


@pytest.mark.parametrize("q", ["NQ Nov 28", "SPY on Apr 29"])
def test_month_and_a_future_two_digit_year_is_a_day(q):
    """Asked in June 2024, "Nov 28" cannot be November 2028 (a period with no data yet)."""
    it = read(q)
    assert it.period is None or it.period.start.year < 2028, span(it)


@pytest.mark.parametrize("q,want", [("SPY Mar 24", ("2024-03-01", "2024-03-31")),
                                    ("NQ nov 23", ("2023-11-01", "2023-11-30"))])
def test_month_and_a_past_two_digit_year_stays_a_month(q, want):
    assert span(read(q)) == want


# -- 2. "in a day" after a move's size is the move's span; the horizon is the later window -------
@pytest.mark.parametrize("q,hz", [
    ("once NQ lost over 3% in one day, how did it trade the following week?", 5),
    ("after SPX jumped more than 2% in a single session, returns over the next 10 days", 10),
    ("SPX after a 4% drop in a day: what came a day later?", 1),
    ("когда SPX падал больше чем на 4% за день, что было за следующую неделю?", 5),
    ("после роста NQ более 2% за одну сессию, что было через месяц", 21),
    ("si SPX cae más de un 3% en un día, ¿qué pasa la semana siguiente?", 5),
    ("tras una subida de SPX de más del 2% en una sola sesión, ¿qué pasó el mes siguiente?", 21),
])
def test_move_span_is_not_the_horizon(q, hz):
    it = read(q)
    assert it.analysis == "after_events" and it.condition is not None, q
    assert it.horizon_days == hz, (q, it.horizon_days)
    assert not any(w in n for n in said(it) for w in UNUSED_NOTE), said(it)


# -- 3. an indicator glued to its window before a month: the window is not the month's day ------
@pytest.mark.parametrize("q,want,window", [
    ("sma50 SPY mar 2024", ("2024-03-01", "2024-03-31"), 50),
    ("NQ ema21 nov 2023", ("2023-11-01", "2023-11-30"), 21),
    ("rsi14 SPY apr 24", ("2024-04-01", "2024-04-30"), 14),
    ("SPY ема10 апр 2024", ("2024-04-01", "2024-04-30"), 10),
    ("SPY sma30 marzo 2024", ("2024-03-01", "2024-03-31"), 30),
])
def test_glued_indicator_window_is_not_a_day(q, want, window):
    it = read(q)
    assert it.analysis == "indicator" and it.indicator_window == window, (q, it.indicator_window)
    assert span(it) == want, (q, span(it))


def test_a_day_after_an_indicator_with_a_space_is_still_a_date():
    it = read("ATR NQ 30 November 2023")
    assert span(it) == ("2023-11-30", "2023-11-30")


# -- 4. green / red candles: sessions closing above / below their open (up_days / down_days) -----
@pytest.mark.parametrize("q,want", [
    ("count the green candles SPY printed in April 2024", ["up_days"]),
    ("NQ red bars in November 2023", ["down_days"]),
    ("SPY green vs red candles, March 2024", ["down_days", "up_days"]),
    ("сколько было красных свечей у SPY в марте 2024", ["down_days"]),
    ("зелёные свечи NQ за ноябрь 2023", ["up_days"]),
    ("número de velas rojas de NQ en noviembre de 2023", ["down_days"]),
    ("SPY velas verdes y rojas en abril de 2024", ["down_days", "up_days"]),
])
def test_candle_colours_count_up_and_down_sessions(q, want):
    it = read(q)
    assert sorted(it.metrics or []) == want, (q, it.metrics, it.analysis)
    assert it.condition is None and it.analysis == "stats", (q, it.analysis)
    assert not any(w in n for n in said(it) for w in UNUSED_NOTE), said(it)


# -- 5. Spanish quarter abbreviations, Russian high/low abbreviations, Russian bar slang ---------
@pytest.mark.parametrize("q,want", [
    ("SPY 3er trim. 2023", ("2023-07-01", "2023-09-30")),
    ("NQ en el 4º trim 23", ("2023-10-01", "2023-12-31")),
    ("SPY durante el 2do trim de 2024", ("2024-04-01", "2024-06-30")),
    ("¿cómo le fue a SPY en el 1er trim 2024?", ("2024-01-01", "2024-03-31")),
    ("SPY 2do semestre 2023", ("2023-07-01", "2023-12-31")),
])
def test_spanish_quarter_abbreviations(q, want):
    it = read(q)
    assert span(it) == want, (q, span(it))
    assert not it.needs_clarification and not any(w in n for n in said(it) for w in UNUSED_NOTE), said(it)


@pytest.mark.parametrize("q,want", [
    ("NQ ноябрь 2023 мин и макс", ["high", "low"]),
    ("макс. и мин. SPY за март 2024", ["high", "low"]),
    ("SPY макс/мин апрель 2024", ["high", "low"]),
    ("какой был макс у NQ в ноябре 2023", ["high"]),
])
def test_russian_high_low_abbreviations(q, want):
    it = read(q)
    assert sorted(it.metrics or []) == want, (q, it.metrics)
    assert not any(w in n for n in said(it) for w in UNUSED_NOTE), said(it)


def test_minutes_after_a_number_are_not_the_low():
    it = read("NQ 28 ноября 2023 на 5 мин барах")
    assert it.bar_minutes == 5 and "low" not in (it.metrics or [])


@pytest.mark.parametrize("q,bar", [
    ("NQ 29 ноября 2023 на 5-минутках", 5),
    ("покажи NQ с 10:30 до 12:00 30 ноября 2023 на 30-минутках", 30),
    ("NQ 28 ноября 2023 на часовиках", 60),
])
def test_russian_bar_slang(q, bar):
    it = read(q)
    assert it.bar_minutes == bar, (q, it.bar_minutes)
    assert not any(w in n for n in said(it) for w in UNUSED_NOTE), said(it)


# -- 6. "I did not use" never names a word that was used or says nothing ------------------------
@pytest.mark.parametrize("q", [
    "NQ perf in November 2023",
    "could you fetch the high of SPY for March 2024",
    "when did NQ hit its high in November 2023",
    "¿en qué fecha marcó SPY su máximo de 2024?",
    "tras caídas de más del 2% en NQ, ¿cuál fue el rendimiento medio a 3 días?",
    "как торговался NQ в ноябре 2023",
    "в какую дату SPY показал минимум в марте 2024",
])
def test_no_unused_note_for_words_that_were_answered(q):
    it = read(q)
    assert not it.needs_clarification, (q, it.clarifying_questions)
    assert not any(w in n for n in said(it) for w in UNUSED_NOTE), (q, said(it))


def test_a_word_really_left_out_is_still_named():
    it = read("SPY perfume March 2024")
    assert any("perfume" in n for n in said(it)), said(it)


@pytest.mark.parametrize("q,want", [("SPY de enero 22 a marzo 23", ("2022-01-01", "2023-03-31")),
                                    ("SPX с января 19 по март 20", ("2019-01-01", "2020-03-31"))])
def test_day_first_month_and_two_digit_year_range_stays_months(q, want):
    """In a day-first language "marzo 23" after a range word is a month and year, never a day."""
    assert span(read(q)) == want
