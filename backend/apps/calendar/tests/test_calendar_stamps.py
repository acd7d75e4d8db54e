"""The calendar keeps its rendered days per process under the member's read stamps and local date
(apps/calendar/stamps.py, selectors.calendar_answer): after every kind of write it depends on, and
as the clock runs with nothing written (the open shift, a running tracker, a local midnight), the
kept answer equals the one made afresh, byte for byte; a read while nothing was written is the
stamp lookup."""

import datetime as dt
import json

import pytest
from django.db import connection, transaction
from rest_framework.renderers import JSONRenderer

from apps.accounts.models import Observation
from apps.accounts.tests.factories import UserFactory
from apps.calendar import selectors
from apps.calendar.serializers import CalendarSerializer, answer_data, day_data
from apps.calendar.stamps import CALENDARS
from apps.integrations.models import SyncKind, SyncState
from apps.projects.models import ProjectColor, Task, TaskTime
from apps.projects.services.time import tracker
from apps.projects.tests.factories import ProjectFactory, TaskFactory
from apps.work.models import StatusRecord, WorkDay, WorkShift, WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]

BERLIN = "Europe/Berlin"
WEEK = (dt.date(2026, 3, 9), dt.date(2026, 3, 15))
MONTH = (dt.date(2026, 2, 23), dt.date(2026, 4, 5))


def utc(m, d, h, mi=0):
    return dt.datetime(2026, m, d, h, mi, tzinfo=dt.UTC)


def kept(user, dates, viewer=None) -> bytes:
    data = selectors.calendar_answer(
        user=user, from_date=dates[0], to_date=dates[1], viewer=viewer or user, render_day=day_data
    )
    return JSONRenderer().render(answer_data(data, data["days"]))


def made(user, dates, viewer=None) -> bytes:
    with transaction.atomic():  # inside a transaction no copy is used or kept
        data = selectors.calendar(user=user, from_date=dates[0], to_date=dates[1], viewer=viewer or user)
    return JSONRenderer().render(CalendarSerializer(data).data)


def same_both_ways(user, viewer=None) -> bytes:
    """Both ranges, read twice each (a copy made, then used) and made afresh: the same bytes."""
    for dates in (WEEK, MONTH):
        first, second, fresh = kept(user, dates, viewer), kept(user, dates, viewer), made(user, dates, viewer)
        assert first == fresh
        assert second == fresh
    return fresh


@pytest.fixture
def member(clock):
    clock.set(utc(3, 11, 7))  # Wednesday 08:00 in Berlin
    user = UserFactory(timezone=BERLIN, allow_add_manual_shifts=True)
    for day in (9, 10):
        status_services.record_shift(
            user=user,
            segments=[
                ("working", utc(3, day, 8), utc(3, day, 11)),
                ("taking_break", utc(3, day, 11), utc(3, day, 11, 30)),
                ("working", utc(3, day, 11, 30), utc(3, day, 16)),
            ],
        )
    project = ProjectFactory(workspace=user.workspace)
    task = TaskFactory(section__task_list__parent_project=project, owner_user=user, title="Report")
    work_day = WorkDay.objects.get(user=user, work_date=dt.date(2026, 3, 10))
    TaskTime.objects.create(user=user, task=task, work_day=work_day, project=project, seconds_worked=1800)
    WorkShiftSchedule.objects.create(
        user=user, start_datetime=utc(3, 12, 8), end_datetime=utc(3, 12, 16), work_time_seconds=8 * 3600
    )
    return user, task


def test_the_kept_calendar_follows_status_writes_and_the_clock(member, clock):
    user, _ = member
    same_both_ways(user)
    status_services.status_change(user=user, status="working")
    same_both_ways(user)
    clock.advance(minutes=30)  # nothing written: today is made at the new instant
    body = same_both_ways(user)
    assert b'"end":null' in body
    status_services.status_change(user=user, status="taking_break")
    clock.advance(minutes=15)
    same_both_ways(user)
    status_services.leave_office(user=user)
    left = json.loads(same_both_ways(user))
    clock.advance(hours=2)
    later = json.loads(same_both_ways(user))
    assert later["days"] == left["days"] and later["now"] != left["now"]
    # A manual shift on a past day, then the shift no longer manual, then a record deleted.
    status_services.record_shift(
        user=user, segments=[("working", utc(3, 10, 17), utc(3, 10, 18))], manual=True
    )
    assert b'"manual":true' in same_both_ways(user)
    WorkShift.objects.filter(work_day__user=user, manual_work_shift_yn=True).update(
        manual_work_shift_yn=False
    )
    assert b'"manual":true' not in same_both_ways(user)
    StatusRecord.objects.filter(user=user, start_datetime=utc(3, 10, 17)).update(deleted_yn=True)
    same_both_ways(user)


def test_the_open_shift_across_midnight_and_the_next_local_date(member, clock):
    user, _ = member
    clock.set(utc(3, 11, 21))  # 22:00 in Berlin: a night shift begins
    status_services.status_change(user=user, status="working")
    same_both_ways(user)
    clock.set(utc(3, 11, 23, 30))  # 00:30 on the 12th: a new local date, a new copy
    same_both_ways(user)
    clock.advance(hours=1)
    body = same_both_ways(user)
    assert b'"date":"2026-03-12"' in body
    clock.set(utc(3, 13, 9))  # a forgotten record: readers settle it where the next call will
    same_both_ways(user)


def test_task_time_the_tracker_titles_and_colours(member, clock):
    user, task = member
    same_both_ways(user)
    TaskTime.objects.filter(user=user).update(seconds_worked=2400)
    assert b'"seconds":2400' in same_both_ways(user)
    status_services.status_change(user=user, status="working")
    tracker.start(user=user, task=task)
    clock.advance(minutes=20)  # the running interval grows with nothing written
    assert b'"recording":true' in same_both_ways(user)
    clock.advance(minutes=20)
    same_both_ways(user)
    tracker.pause(user=user)
    assert b'"recording":true' not in same_both_ways(user)
    Task.objects.filter(pk=task.pk).update(title="Quarterly report")
    assert b"Quarterly report" in same_both_ways(user)
    project = task.section.task_list.parent_project
    project.title = "Renamed"
    project.save()
    assert b"Renamed" in same_both_ways(user)
    color = ProjectColor.objects.create(value="#123456", title="#123456", workspace=user.workspace)
    project.color = color
    project.save()
    assert b"#123456" in same_both_ways(user)
    ProjectColor.objects.filter(pk=color.pk).update(value="#654321")
    assert b"#654321" in same_both_ways(user)


def test_schedules_and_the_import_state(member, clock):
    user, _ = member
    same_both_ways(user)
    plan = WorkShiftSchedule.objects.create(
        user=user,
        start_datetime=utc(3, 13, 8),
        end_datetime=utc(3, 13, 12),
        work_time_seconds=4 * 3600,
        calendar_uid="x@y",
    )
    assert b'"calendar_uid":"x@y"' in same_both_ways(user)
    WorkShiftSchedule.objects.filter(pk=plan.pk).update(schedule_notes="Offsite")
    assert b"Offsite" in same_both_ways(user)
    plan.delete()
    assert b"Offsite" not in same_both_ways(user)
    state = SyncState.objects.create(user=user, kind=SyncKind.CALENDAR, last_success_at=utc(3, 11, 6))
    assert b'"last_import_at":"2026-03-11T06:00:00Z"' in same_both_ways(user)
    state.failed, state.last_error = True, "Feed unreachable"
    state.save()
    assert b"Feed unreachable" in same_both_ways(user)
    user.external_calendar_config_json = {"url": "https://calendar.example.com/feed.ics"}
    user.save()
    assert b'"configured":true' in same_both_ways(user)


def test_an_observer_reads_the_same_days_without_the_import_state(member):
    user, _ = member
    observer = UserFactory(workspace=user.workspace)
    Observation.objects.create(observer=observer, observed_user=user)
    same_both_ways(user)
    body = same_both_ways(user, viewer=observer)
    assert b'"calendar_import":null' in body and b'"editable":false' in body


def test_task_time_on_another_workspace_s_project_is_read_afresh(member):
    """Only the member's own workspace's stamp is read: such an answer is never taken from a copy."""
    user, _ = member
    elsewhere = ProjectFactory()
    task = TaskFactory(section__task_list__parent_project=elsewhere, title="Elsewhere")
    work_day = WorkDay.objects.get(user=user, work_date=dt.date(2026, 3, 9))
    TaskTime.objects.create(user=user, task=task, work_day=work_day, project=elsewhere, seconds_worked=600)
    same_both_ways(user)
    elsewhere.title = "Moved on"
    elsewhere.save()
    assert b"Moved on" in same_both_ways(user)


def test_a_read_while_nothing_was_written_is_the_stamp_lookup(member, clock, django_assert_num_queries):
    user, task = member
    status_services.status_change(user=user, status="working")
    kept(user, MONTH)
    clock.advance(minutes=5)
    with django_assert_num_queries(1):
        kept(user, MONTH)
    other = UserFactory(workspace=user.workspace)
    status_services.status_change(user=other, status="working")  # another member's time
    with django_assert_num_queries(1):
        kept(user, MONTH)
    # With the tracker running on the range's task time, its interval and working time are read.
    tracker.start(user=user, task=task)
    kept(user, MONTH)
    clock.advance(minutes=5)
    with django_assert_num_queries(3):
        kept(user, MONTH)
    assert len(CALENDARS) == 1
