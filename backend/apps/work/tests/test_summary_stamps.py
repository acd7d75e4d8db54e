"""The worktime summary keeps its day's rows per process under the user's time stamp `d:<user>`
(apps/work/stamps.py, triggers in work's migration 0006): after every kind of write, and as the
clock runs with nothing written, the kept answer equals the one made afresh; a read while nothing
was written is the stamp lookup; another user's writes keep the copy."""

import datetime as dt

import pytest
from django.db import connection, transaction

from apps.accounts.tests.factories import UserFactory
from apps.core import readstamps, timeutils
from apps.work import selectors, stamps
from apps.work.models import StatusRecord, WorkDay, WorkShift
from apps.work.services import status as status_services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]


def made(user, day) -> dict:
    with transaction.atomic():  # inside a transaction no copy is used or kept
        return selectors.worktime_summary(user=user, day=day)


def kept(user, day) -> dict:
    return selectors.worktime_summary(user=user, day=day)


def same_both_ways(user, day) -> dict:
    first, second, fresh = kept(user, day), kept(user, day), made(user, day)
    assert first == fresh and second == fresh
    return fresh


def stamp(user) -> int:
    return readstamps.stamps(stamps.day_key(user.pk))[0]


def test_the_kept_summary_follows_every_write_and_the_clock(clock):
    clock.set(dt.datetime(2026, 3, 10, 8, 0, tzinfo=dt.UTC))
    user = UserFactory(timezone="Europe/Berlin")
    day = timeutils.local_today(user.timezone)
    assert same_both_ways(user, day)["work_time"] == 0

    status_services.status_change(user=user, status="working")
    clock.advance(minutes=30)
    assert same_both_ways(user, day)["work_time"] == 30 * 60
    clock.advance(minutes=30)  # nothing written: the same copy, counted to the new instant
    assert same_both_ways(user, day)["work_time"] == 60 * 60

    status_services.status_change(user=user, status="taking_break")
    clock.advance(minutes=15)
    assert same_both_ways(user, day)["break_time"] == 15 * 60

    status_services.leave_office(user=user)
    left = same_both_ways(user, day)
    clock.advance(hours=2)
    assert same_both_ways(user, day) == left

    morning = dt.datetime(2026, 3, 10, 5, 0, tzinfo=dt.UTC)
    status_services.record_shift(
        user=user, segments=[("working", morning, morning + dt.timedelta(hours=1))], manual=True
    )
    assert same_both_ways(user, day)["work_time"] == left["work_time"] + 3600

    WorkShift.objects.filter(work_day__user=user, manual_work_shift_yn=True).update(
        manual_work_shift_yn=False
    )
    same_both_ways(user, day)
    StatusRecord.objects.filter(user=user, start_datetime=morning).update(deleted_yn=True)
    assert same_both_ways(user, day)["work_time"] == left["work_time"]


def test_a_read_while_nothing_was_written_is_the_stamp_lookup(clock, django_assert_num_queries):
    user = UserFactory()
    day = timeutils.local_today(user.timezone)
    status_services.status_change(user=user, status="working")
    kept(user, day)
    clock.advance(minutes=5)
    with django_assert_num_queries(1):
        kept(user, day)


def test_each_write_of_the_user_s_time_renews_only_their_stamp(clock):
    user, other = UserFactory(), UserFactory()
    before = stamp(user), stamp(other)
    status_services.status_change(user=user, status="working")
    after = stamp(user), stamp(other)
    assert after[0] != before[0] and after[1] == before[1]
    for write in (
        lambda: WorkShift.objects.filter(work_day__user=user).update(work_shift_notes="Notes"),
        lambda: WorkDay.objects.filter(user=user).update(start_datetime=timeutils.now()),
        lambda: StatusRecord.objects.filter(user=user).update(end_datetime=timeutils.now()),
        lambda: WorkDay.objects.filter(user=user).delete(),
    ):
        previous = stamp(user), stamp(other)
        write()
        now = stamp(user), stamp(other)
        assert now[0] != previous[0] and now[1] == previous[1]


def test_each_read_of_the_open_record_gets_its_own_copy(clock):
    user = UserFactory()
    status_services.status_change(user=user, status="working")
    first = selectors.open_status_record(user=user)
    first.work_shift.manual_work_shift_yn = True  # a caller's change, or a lazy load, stays its own
    first.status_enum_identifier = "taking_break"
    again = selectors.open_status_record(user=user)
    assert again is not first and again.work_shift is not first.work_shift
    assert again.status_enum_identifier == "working" and again.work_shift.manual_work_shift_yn is False
