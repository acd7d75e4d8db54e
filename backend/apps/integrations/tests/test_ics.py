"""The calendar feed's events as work sessions (apps/integrations/ics.py) from real .ics files."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from apps.integrations import ics
from apps.integrations.fake_server import FAKE_DIR

BERLIN = ZoneInfo("Europe/Berlin")


def feed(name: str) -> bytes:
    return (FAKE_DIR / "ics" / name).read_bytes()


def local(y, m, d, h, mi=0):
    return dt.datetime(y, m, d, h, mi, tzinfo=BERLIN).astimezone(dt.UTC)


def window(a: dt.date, b: dt.date, tz=BERLIN):
    return (
        dt.datetime.combine(a, dt.time.min, tzinfo=tz).astimezone(dt.UTC),
        dt.datetime.combine(b, dt.time.min, tzinfo=tz).astimezone(dt.UTC),
    )


def test_weekly_recurrence_with_an_exception_a_moved_occurrence_and_free_time():
    lo, hi = window(dt.date(2026, 10, 5), dt.date(2026, 10, 19))
    sessions = ics.parse(feed("weekly.ics"), lo=lo, hi=hi, tz_name="Europe/Berlin")
    assert [(s.start, s.end) for s in sessions] == [
        (local(2026, 10, 5, 9), local(2026, 10, 5, 12)),
        (local(2026, 10, 7, 9), local(2026, 10, 7, 12)),
        (local(2026, 10, 12, 13), local(2026, 10, 12, 16)),  # RECURRENCE-ID: moved to the afternoon
        # 2026-10-13's talk is TRANSP:TRANSPARENT (free time); 2026-10-14 is an EXDATE
    ]
    assert sessions[2].summary == "Focus block (moved)"
    assert len({s.uid for s in sessions}) == 3


def test_a_dst_week_keeps_the_wall_clock_time():
    lo, hi = window(dt.date(2026, 10, 23), dt.date(2026, 10, 28))
    sessions = ics.parse(feed("dst.ics"), lo=lo, hi=hi, tz_name="UTC")
    assert [s.start.strftime("%d %H:%M") for s in sessions] == [
        "23 07:00",  # CEST, UTC+2
        "24 07:00",
        "25 08:00",  # CET from 25 October 03:00
        "26 08:00",
        "27 08:00",
    ]
    assert {s.end - s.start for s in sessions} == {dt.timedelta(hours=8)}


def test_all_day_and_cancelled_events_are_not_sessions_and_overlaps_merge():
    lo, hi = window(dt.date(2026, 10, 20), dt.date(2026, 10, 23))
    sessions = ics.parse(feed("allday.ics"), lo=lo, hi=hi, tz_name="Europe/Berlin")
    assert [(s.start, s.end, s.summary) for s in sessions] == [
        (local(2026, 10, 21, 8), local(2026, 10, 21, 17), "Work, Workshop")
    ]


def test_floating_times_are_read_in_the_users_time_zone():
    lo = dt.datetime(2026, 11, 24, tzinfo=dt.UTC) - dt.timedelta(days=1)
    hi = lo + dt.timedelta(days=3)
    tokyo = ics.parse(feed("daily.ics"), lo=lo, hi=hi, tz_name="Asia/Tokyo")
    assert tokyo[0].start.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%H:%M") == "09:00"
    assert (tokyo[0].end - tokyo[0].start) == dt.timedelta(hours=3, minutes=30)


@pytest.mark.parametrize("body", [feed("broken.ics"), b"", b"<html>Sign in</html>", b"\x00\xff" * 10])
def test_a_broken_feed_is_a_clear_error(body):
    lo, hi = window(dt.date(2026, 10, 1), dt.date(2026, 10, 2))
    with pytest.raises(ics.FeedError, match="not a valid iCalendar"):
        ics.parse(body, lo=lo, hi=hi, tz_name="UTC")
