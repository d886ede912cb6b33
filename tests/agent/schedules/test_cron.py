"""Cron expressions in a time zone (croniter): five fields or a macro, the wall clock kept across
daylight saving, clear one-line refusals."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from agent.schedules.cron import CronError, check_schedule, check_timezone, next_run, parse_stamp, stamp


def utc(*a: int) -> datetime:
    return datetime(*a, tzinfo=timezone.utc)


@pytest.mark.parametrize("after, want", [
    (utc(2024, 7, 1), utc(2024, 7, 5, 21)),        # EDT: Friday 17:00 New York is 21:00 UTC
    (utc(2024, 12, 1), utc(2024, 12, 6, 22)),      # EST: 22:00 UTC
    (utc(2024, 3, 8, 21, 59), utc(2024, 3, 8, 22)),  # the Friday before the switch (EST)
    (utc(2024, 3, 9), utc(2024, 3, 15, 21)),       # and the one after it (EDT)
])
def test_friday_five_pm_new_york_across_daylight_saving(after, want):
    assert next_run("0 17 * * 5", "America/New_York", after) == want


def test_next_run_is_strictly_after_and_stamps_round_trip():
    at = utc(2024, 1, 5, 22)
    assert next_run("0 17 * * 5", "America/New_York", at) == utc(2024, 1, 12, 22)
    assert parse_stamp(stamp(at)) == at and stamp(at) == "2024-01-05T22:00:00+00:00"
    assert next_run("@daily", "Europe/Madrid", utc(2024, 1, 1, 12)) == utc(2024, 1, 1, 23)


@pytest.mark.parametrize("bad", ["61 * * * *", "* * * * * *", "0 17 * *", "every friday", "", None, "0 25 * * *"])
def test_bad_schedules_are_refused_with_the_expected_form(bad):
    with pytest.raises(CronError, match="five fields|required"):
        check_schedule(bad)


def test_time_zones():
    assert check_timezone("Asia/Tokyo") == "Asia/Tokyo"
    for bad in ("Mars/Olympus", "", "../etc/passwd", 5):
        with pytest.raises(CronError, match="IANA"):
            check_timezone(bad)
