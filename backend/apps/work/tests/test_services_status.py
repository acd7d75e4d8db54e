import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from apps.accounts.tests.factories import UserFactory
from apps.work import selectors
from apps.work.models import StatusRecord, WorkDay, WorkShift
from apps.work.services import status as services

pytestmark = pytest.mark.django_db

UTC = dt.UTC


def at(y, m, d, h, mi=0, s=0):
    return dt.datetime(y, m, d, h, mi, s, tzinfo=UTC)


def records(user):
    return list(
        StatusRecord.objects.filter(user=user)
        .order_by("start_datetime")
        .values_list("status_enum_identifier", "start_datetime", "end_datetime")
    )


def test_a_day_of_transitions_records_each_segment_and_derives_the_shift(clock):
    user = UserFactory(timezone="UTC")
    clock.set(at(2026, 3, 10, 9))
    services.status_change(user=user, status="working")
    clock.advance(hours=2)
    services.status_change(user=user, status="taking_break")
    clock.advance(minutes=30)
    services.status_change(user=user, status="working")
    clock.advance(hours=1, minutes=30)
    services.leave_office(user=user)
    assert records(user) == [
        ("working", at(2026, 3, 10, 9), at(2026, 3, 10, 11)),
        ("taking_break", at(2026, 3, 10, 11), at(2026, 3, 10, 11, 30)),
        ("working", at(2026, 3, 10, 11, 30), at(2026, 3, 10, 13)),
    ]
    shift = WorkShift.objects.get()
    assert (shift.start_datetime, shift.end_datetime) == (at(2026, 3, 10, 9), at(2026, 3, 10, 13))
    assert (shift.work_time, shift.break_time) == (3 * 3600 + 1800, 1800)
    assert shift.inactive_time == shift.work_time and shift.level == 0
    day = WorkDay.objects.get()
    assert day.work_date == dt.date(2026, 3, 10) and day.work_time_seconds == shift.work_time
    assert (day.start_datetime, day.end_datetime) == (shift.start_datetime, shift.end_datetime)


def test_entering_again_opens_a_second_shift_on_the_same_work_day(clock):
    user = UserFactory()
    services.status_change(user=user, status="working")
    clock.advance(hours=1)
    services.leave_office(user=user)
    clock.advance(hours=1)
    services.status_change(user=user, status="taking_break")
    assert WorkDay.objects.count() == 1
    assert WorkShift.objects.count() == 2
    assert WorkDay.objects.get().end_datetime is None  # a shift is open again


def test_a_night_shift_is_split_at_local_midnight_and_stays_current(clock):
    user = UserFactory(timezone="America/Toronto")  # UTC-5 in January
    clock.set(at(2026, 1, 15, 3))  # 22:00 local on the 14th
    services.status_change(user=user, status="working")
    clock.set(at(2026, 1, 15, 6, 30))  # 01:30 local on the 15th
    record = services.settle_open_status(user=user)
    assert record is not None and record.start_datetime == at(2026, 1, 15, 5)  # local midnight
    assert records(user)[0] == ("working", at(2026, 1, 15, 3), at(2026, 1, 15, 5))
    assert selectors.status_run_seconds(record=record, at=clock()) == 3.5 * 3600
    clock.advance(hours=1)
    services.leave_office(user=user)
    shift = WorkShift.objects.get()
    assert shift.work_day.work_date == dt.date(2026, 1, 14)  # the day it started
    assert shift.work_time == int(4.5 * 3600)
    assert WorkDay.objects.count() == 1


def test_a_shift_forgotten_in_the_office_is_closed_at_the_midnight_after_it(clock):
    user = UserFactory(timezone="Europe/Lisbon")
    clock.set(at(2026, 1, 14, 9))
    services.status_change(user=user, status="working")
    clock.set(at(2026, 1, 15, 8))  # the shift had lasted 15 h at midnight... and nobody came back
    clock.set(at(2026, 1, 16, 8))
    assert selectors.current_status_record(user=user) is None
    assert services.settle_open_status(user=user) is None
    shift = WorkShift.objects.get()
    assert shift.end_datetime == at(2026, 1, 15, 0)
    assert shift.work_time == 15 * 3600


def test_a_long_day_is_not_carried_over_midnight(clock):
    user = UserFactory(timezone="UTC")
    clock.set(at(2026, 1, 14, 7))
    services.status_change(user=user, status="working")
    clock.set(at(2026, 1, 15, 0, 10))  # 17 h at midnight: longer than a night shift can be
    assert services.settle_open_status(user=user) is None
    assert WorkShift.objects.get().end_datetime == at(2026, 1, 15, 0)


def test_the_night_of_a_dst_change_counts_real_seconds(clock):
    user = UserFactory(timezone="Europe/Lisbon")  # clocks go 01:00 -> 02:00 on 2026-03-29
    clock.set(at(2026, 3, 28, 22))  # 22:00 local
    services.status_change(user=user, status="working")
    clock.set(at(2026, 3, 29, 3))  # 04:00 local: 5 real hours later
    services.leave_office(user=user)
    assert [r[1:] for r in records(user)] == [
        (at(2026, 3, 28, 22), at(2026, 3, 29, 0)),
        (at(2026, 3, 29, 0), at(2026, 3, 29, 3)),
    ]
    assert WorkShift.objects.get().work_time == 5 * 3600


def test_the_same_status_twice_keeps_one_record(clock):
    user = UserFactory()
    first = services.status_change(user=user, status="working")
    clock.advance(minutes=5)
    assert services.status_change(user=user, status="working").pk == first.pk


def test_record_shift_refuses_an_overlap_and_a_gap(clock):
    user = UserFactory()
    services.record_shift(
        user=user,
        segments=[
            ("working", at(2026, 3, 1, 9), at(2026, 3, 1, 12)),
            ("taking_break", at(2026, 3, 1, 12), at(2026, 3, 1, 13)),
        ],
    )
    with pytest.raises(ValidationError, match="overlap"):
        services.record_shift(user=user, segments=[("working", at(2026, 3, 1, 12, 30), at(2026, 3, 1, 14))])
    with pytest.raises(ValidationError, match="gaps"):
        services.record_shift(
            user=user,
            segments=[
                ("working", at(2026, 3, 2, 9), at(2026, 3, 2, 10)),
                ("working", at(2026, 3, 2, 11), at(2026, 3, 2, 12)),
            ],
        )
    assert WorkShift.objects.get().break_time == 3600
