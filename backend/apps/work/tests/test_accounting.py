"""Derived numbers: examples, then properties over random segments and random status sequences."""

import datetime as dt
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.accounts.tests.factories import UserFactory
from apps.core import timeutils
from apps.work import accounting
from apps.work.accounting import Segment
from apps.work.models import StatusRecord, WorkDay, WorkShift
from apps.work.services import status as services

UTC = dt.UTC
ZONES = ["UTC", "Europe/Lisbon", "America/Toronto", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata"]
# Instants a few hours before DST changes in those zones, and an ordinary one.
STARTS = [
    dt.datetime(2026, 3, 28, 20, tzinfo=UTC),
    dt.datetime(2026, 10, 24, 20, tzinfo=UTC),
    dt.datetime(2026, 3, 7, 22, tzinfo=UTC),
    dt.datetime(2026, 9, 5, 22, tzinfo=UTC),
    dt.datetime(2026, 4, 4, 10, tzinfo=UTC),
    dt.datetime(2026, 6, 10, 8, tzinfo=UTC),
]


def test_level_is_a_whole_percent_rounded_half_up():
    assert accounting.level_percent(counted=0, work=0) == 0
    assert accounting.level_percent(counted=1, work=200) == 1  # 0.5 % -> 1
    assert accounting.level_percent(counted=1, work=3) == 33
    assert accounting.level_percent(counted=2, work=3) == 67
    assert accounting.level_percent(counted=5, work=5) == 100


def test_manual_work_counts_towards_level_and_open_segments_run_until_now():
    start = dt.datetime(2026, 1, 1, 9, tzinfo=UTC)
    result = accounting.totals(
        [
            Segment("working", start, start + dt.timedelta(hours=1), manual=True),
            Segment("taking_break", start + dt.timedelta(hours=1), start + dt.timedelta(hours=2)),
            Segment("working", start + dt.timedelta(hours=2), None),
        ],
        until=start + dt.timedelta(hours=3),
    )
    assert result == accounting.Totals(
        work_time=7200, break_time=3600, manual_time=3600, inactive_time=3600, level=50
    )


def segments_strategy():
    step = st.tuples(st.sampled_from(["working", "taking_break"]), st.integers(0, 8 * 3600), st.booleans())
    return st.lists(step, min_size=0, max_size=12)


@given(start=st.sampled_from(STARTS), steps=segments_strategy(), zone=st.sampled_from(ZONES))
def test_per_day_totals_add_up_to_the_whole_across_midnight_and_dst(start, steps, zone):
    segments, cursor = [], start
    for status, seconds, manual in steps:
        end = cursor + dt.timedelta(seconds=seconds)
        segments.append(Segment(status, cursor, end, manual))
        cursor = end
    whole = accounting.totals(segments, until=cursor)
    day, last = timeutils.local_date(start, zone), timeutils.local_date(cursor, zone)
    parts = []
    while day <= last:
        parts.append(accounting.totals(segments, until=cursor, window=timeutils.day_bounds(day, zone)))
        day += dt.timedelta(days=1)
    assert accounting.add(parts) == whole
    assert whole.work_time + whole.break_time == timeutils.seconds_between(start, cursor)
    assert (
        whole.inactive_time == whole.work_time - whole.active_time - whole.manual_time - whole.processing_time
    )
    assert whole.inactive_time >= 0 and 0 <= whole.level <= 100


ACTIONS = st.sampled_from(["working", "taking_break", "leave", "look"])
STEPS = st.lists(st.tuples(ACTIONS, st.integers(0, 20 * 3600)), min_size=1, max_size=14)


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(zone=st.sampled_from(ZONES), start=st.sampled_from(STARTS), steps=STEPS)
def test_random_status_sequences_keep_the_invariants(zone, start, steps):
    user = UserFactory(timezone=zone)
    current = [start]
    with mock.patch.object(timeutils, "now", lambda: current[0]):
        for action, wait in steps:
            current[0] += dt.timedelta(seconds=wait)
            if action == "leave":
                services.leave_office(user=user)
            elif action == "look":
                services.settle_open_status(user=user)
            else:
                services.status_change(user=user, status=action)
        now = current[0]
        rows = list(StatusRecord.objects.filter(user=user).order_by("start_datetime"))
    # segments of a user never overlap, at most one is open, each lies within one local date
    for before, after in zip(rows, rows[1:], strict=False):
        assert before.end_datetime is not None and before.end_datetime <= after.start_datetime
    for row in rows:
        if row.end_datetime is not None and row.end_datetime > row.start_datetime:
            last_second = row.end_datetime - dt.timedelta(seconds=1)
            assert timeutils.local_date(row.start_datetime, zone) == timeutils.local_date(last_second, zone)
    for shift in WorkShift.objects.filter(work_day__user=user).prefetch_related("status_records"):
        own = sorted(shift.status_records.all(), key=lambda r: r.start_datetime)
        assert own[0].start_datetime == shift.start_datetime
        for before, after in zip(own, own[1:], strict=False):
            assert before.end_datetime == after.start_datetime  # a shift has no holes
        assert shift.work_day.work_date == timeutils.local_date(shift.start_datetime, zone)
        if shift.end_datetime is not None:
            assert own[-1].end_datetime == shift.end_datetime
            spent = timeutils.seconds_between(shift.start_datetime, shift.end_datetime)
            assert shift.work_time + shift.break_time == spent
        assert (
            shift.inactive_time
            == shift.work_time - shift.active_time - shift.manual_time - shift.processing_time
        )
        assert 0 <= shift.level <= 100
    for day in WorkDay.objects.filter(user=user).prefetch_related("shifts"):
        assert day.work_time_seconds == sum(s.work_time for s in day.shifts.all())
    segments = [Segment(r.status_enum_identifier, r.start_datetime, r.end_datetime) for r in rows]
    whole = accounting.totals(segments, until=now)
    if rows:
        first, last = timeutils.local_date(rows[0].start_datetime, zone), timeutils.local_date(now, zone)
        parts, day = [], first
        while day <= last:
            parts.append(accounting.totals(segments, until=now, window=timeutils.day_bounds(day, zone)))
            day += dt.timedelta(days=1)
        assert accounting.add(parts) == whole
