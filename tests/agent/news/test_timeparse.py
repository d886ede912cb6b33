"""Publication times as the real files write them, to UTC (or a bare calendar date)."""
from __future__ import annotations

import pytest

from agent.news.timeparse import NoDayError, TimeParseError, parse_published


@pytest.mark.parametrize("text,value,has_time", [
    (" 7:51  PM ET Fri, 17 July 2020", "2020-07-17T23:51:00Z", True),          # EDT = UTC-4
    (" 9:15  AM ET Mon, 6 Jan 2020", "2020-01-06T14:15:00Z", True),            # EST = UTC-5
    ("12:30  PM ET Wed, 2 Sept 2020", "2020-09-02T16:30:00Z", True),           # "Sept"
    ("12:05  AM ET Thu, 5 March 2020", "2020-03-05T05:05:00Z", True),          # 12 AM = 00 h
    ("18-Jul-20", "2020-07-18", False),
    ("5-7-2022 04:24", "2022-07-05T04:24:00Z", True),                          # day-month-year
    ("2022-01-05T14:30:00+02:00", "2022-01-05T12:30:00Z", True),
    ("2022-01-05T14:30:00Z", "2022-01-05T14:30:00Z", True),
    ("2022-01-05", "2022-01-05", False),
])
def test_real_formats(text, value, has_time):
    p = parse_published(text)
    assert (p.value, p.has_time) == (value, has_time)


def test_naive_time_read_in_given_zone():
    assert parse_published("2020-03-02 15:00", "America/New_York").value == "2020-03-02T20:00:00Z"


def test_month_only_is_undatable():
    with pytest.raises(NoDayError):
        parse_published("Jul-18")


@pytest.mark.parametrize("text", ["", "yesterday", "32-Jul-20", " 7:51  PM XX Fri, 17 July 2020"])
def test_unreadable(text):
    with pytest.raises(TimeParseError):
        parse_published(text)
