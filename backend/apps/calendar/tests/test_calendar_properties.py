"""Random shifts around a DST change, many across midnight (hypothesis): the calendar puts every
second on the local day it happened on (checked against days built here with zoneinfo alone),
and its days add up to the work-time table's totals for the same shifts."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.accounts.tests.factories import UserFactory
from apps.calendar import selectors
from apps.reports import worktime_table
from apps.work.services import status as status_services

# (zone, an instant a day and a half before its clocks change)
CHANGES = [
    ("Europe/Lisbon", dt.datetime(2026, 3, 27, 12, tzinfo=dt.UTC)),  # forward on the 29th
    ("America/New_York", dt.datetime(2026, 10, 30, 12, tzinfo=dt.UTC)),  # back on 1 November
    ("Australia/Lord_Howe", dt.datetime(2026, 4, 3, 0, tzinfo=dt.UTC)),  # back half an hour
]

SEGMENT = st.tuples(st.sampled_from(["working", "taking_break"]), st.integers(1, 9 * 60))
SHIFTS = st.lists(
    st.tuples(st.integers(0, 20 * 60), st.lists(SEGMENT, min_size=1, max_size=4)), min_size=1, max_size=5
)


def _local_days(segments, zone: ZoneInfo) -> dict[dt.date, tuple[int, int]]:
    """Seconds of work and break per local date, cutting at each local midnight by hand."""
    out: dict[dt.date, list[int]] = {}
    for status, start, end in segments:
        at = start
        while at < end:
            local = at.astimezone(zone)
            next_midnight = dt.datetime.combine(local.date() + dt.timedelta(days=1), dt.time(), tzinfo=zone)
            stop = min(end, next_midnight.astimezone(dt.UTC))
            bucket = out.setdefault(local.date(), [0, 0])
            bucket[0 if status == "working" else 1] += int((stop - at).total_seconds())
            at = stop
    return {day: (work, pause) for day, (work, pause) in out.items()}


@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(change=st.sampled_from(CHANGES), shifts=SHIFTS)
def test_every_second_is_on_its_local_day(clock, change, shifts):
    tz_name, base = change
    zone = ZoneInfo(tz_name)
    user = UserFactory(timezone=tz_name)
    at = base
    segments = []
    for gap, parts in shifts:
        at += dt.timedelta(minutes=gap + 1)
        shift = []
        for status, minutes in parts:
            shift.append((status, at, at + dt.timedelta(minutes=minutes)))
            at += dt.timedelta(minutes=minutes)
        status_services.record_shift(user=user, segments=shift)
        segments += shift
    clock.set(at + dt.timedelta(days=1))
    first = segments[0][1].astimezone(zone).date() - dt.timedelta(days=1)
    last = segments[-1][2].astimezone(zone).date() + dt.timedelta(days=1)
    body = selectors.calendar(user=user, from_date=first, to_date=last, viewer=user)
    expected = _local_days(segments, zone)
    for day in body["days"]:
        assert (day["worked_seconds"], day["break_seconds"]) == expected.get(day["date"], (0, 0)), day["date"]
        blocks = sum(int((b["end"] - b["start"]).total_seconds()) for b in day["blocks"])
        assert blocks == day["worked_seconds"] + day["break_seconds"]
    table = worktime_table.worktime_table(users=[user], from_date=first, to_date=last)
    assert body["totals"]["worked_seconds"] == table["totals"]["total_work_hours_in_seconds"]
    assert body["totals"]["break_seconds"] == table["totals"]["total_break_in_seconds"]
