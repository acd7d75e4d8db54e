"""The day's reminders (issue 32, docs/reminders.md) with the test clock: each at the member's local
time, once per local day, in three zones and across a DST change; switched off, silent."""

import datetime as dt
import re

import pytest
from django.core import mail

from apps.accounts.models import Notification, NotificationKind
from apps.accounts.tests.factories import UserFactory
from apps.core import timeutils
from apps.projects.models import TaskTracker, TrackerStatus
from apps.projects.tests.factories import TaskFactory
from apps.reports.tasks import day_reminders
from apps.timeaccount.tests.factories import TimeOffRequestFactory, TimeOffTypeFactory
from apps.work.models import PeriodState, StatusRecord, StatusType, WorkDay, WorkPeriod, WorkShiftSchedule
from apps.work.tasks import closing_reminders

pytestmark = pytest.mark.django_db

WEDNESDAY = dt.date(2026, 3, 11)


def plan(user, day: dt.date, start: float = 9, end: float = 17) -> None:
    WorkShiftSchedule.objects.create(
        user=user,
        start_datetime=timeutils.wall_clock(day, start, user.timezone),
        end_datetime=timeutils.wall_clock(day, end, user.timezone),
    )


def texts(user, kind) -> list[str]:
    return list(
        Notification.objects.filter(user=user, kind=kind).order_by("id").values_list("text", flat=True)
    )


def run(clock, at: dt.datetime, capture) -> int:
    clock.set(at)
    with capture(execute=True):
        return day_reminders()


def utc(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=dt.UTC)


def test_not_in_the_office_fires_once_at_each_members_local_start_in_three_zones(
    clock, django_capture_on_commit_callbacks
):
    tokyo, berlin, new_york = (
        UserFactory(timezone="Asia/Tokyo"),
        UserFactory(timezone="Europe/Berlin"),
        UserFactory(timezone="America/New_York"),  # already on daylight time (since Sun 8 March)
    )
    for member in (tokyo, berlin, new_york):
        plan(member, WEDNESDAY)
    kind = NotificationKind.OFFICE_START_REMINDER
    # 09:05 local (the start plus the grace): Tokyo 00:05 UTC, Berlin 08:05 UTC, New York 13:05 UTC.
    assert run(clock, utc(WEDNESDAY, 0, 4), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(WEDNESDAY, 0, 5), django_capture_on_commit_callbacks) == 1
    assert texts(tokyo, kind) == [
        "Wed 11 Mar 2026: your day was planned to start at 09:00 and you are not in the office yet."
    ]
    assert run(clock, utc(WEDNESDAY, 8, 4), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(WEDNESDAY, 8, 5), django_capture_on_commit_callbacks) == 1
    assert len(texts(berlin, kind)) == 1
    assert run(clock, utc(WEDNESDAY, 13, 4), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(WEDNESDAY, 13, 5), django_capture_on_commit_callbacks) == 1
    assert len(texts(new_york, kind)) == 1
    assert run(clock, utc(WEDNESDAY, 13, 30), django_capture_on_commit_callbacks) == 0  # once a day
    assert [len(texts(m, kind)) for m in (tokyo, berlin, new_york)] == [1, 1, 1]
    assert sorted(message.to[0] for message in mail.outbox) == sorted(
        m.email for m in (tokyo, berlin, new_york)
    )
    message = mail.outbox[0]
    assert message.subject == "Your day has started"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/api/accounts/reminders/one_click/?token=" in message.extra_headers["List-Unsubscribe"]
    assert re.search(r"/reminders/off/\S+", message.body)


def test_no_start_reminder_for_a_member_in_the_office_off_today_or_after_the_planned_day(
    clock, django_capture_on_commit_callbacks
):
    working, off, late = (UserFactory(timezone="Europe/Berlin") for _ in range(3))
    for member in (working, off, late):
        plan(member, WEDNESDAY)
    StatusRecord.objects.create(
        user=working, status_enum_identifier=StatusType.WORKING, start_datetime=utc(WEDNESDAY, 7)
    )
    TimeOffRequestFactory(
        user=off, type=TimeOffTypeFactory(workspace=off.workspace), start_date=WEDNESDAY, end_date=WEDNESDAY
    )
    assert run(clock, utc(WEDNESDAY, 8, 10), django_capture_on_commit_callbacks) == 1  # `late` only
    assert texts(working, NotificationKind.OFFICE_START_REMINDER) == []
    assert texts(off, NotificationKind.OFFICE_START_REMINDER) == []
    Notification.objects.all().delete()
    assert (
        run(clock, utc(WEDNESDAY, 16, 0), django_capture_on_commit_callbacks) == 0
    )  # 17:00: the day is over


@pytest.mark.parametrize(
    ("zone", "before", "after", "utc_before", "utc_after"),
    [
        # Europe: daylight time from Sun 29 March 2026; 18:00 local is 17:00 UTC, then 16:00 UTC.
        ("Europe/Berlin", dt.date(2026, 3, 28), dt.date(2026, 3, 29), 17, 16),
        # North America: from Sun 8 March 2026; 18:00 local is 23:00 UTC, then 22:00 UTC.
        ("America/New_York", dt.date(2026, 3, 7), dt.date(2026, 3, 8), 23, 22),
    ],
)
def test_tracker_reminder_at_the_local_end_of_the_day_across_a_dst_change(
    clock, django_capture_on_commit_callbacks, zone, before, after, utc_before, utc_after
):
    member = UserFactory(timezone=zone)
    task = TaskFactory(title="Write the report")
    TaskTracker.objects.create(user=member, status=TrackerStatus.TRACKING, task=task)
    kind = NotificationKind.TRACKER_REMINDER
    assert run(clock, utc(before, utc_before - 1, 59), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(before, utc_before), django_capture_on_commit_callbacks) == 1
    assert run(clock, utc(before, utc_before, 30), django_capture_on_commit_callbacks) == 0
    # The next day, one hour earlier in UTC: the same 18:00 on the member's clock.
    assert run(clock, utc(after, utc_after - 1, 59), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(after, utc_after), django_capture_on_commit_callbacks) == 1
    assert run(clock, utc(after, utc_after, 10), django_capture_on_commit_callbacks) == 0
    label = f"{after:%a} {after.day} {after:%b %Y}"
    assert texts(member, kind)[-1] == (
        f"{label}: the tracker is still running on 'Write the report' after the end of your day (18:00)."
    )
    assert len(texts(member, kind)) == 2
    assert [m.subject for m in mail.outbox] == ["Your tracker is still running"] * 2


def test_checkout_note_reminder_after_the_planned_end_when_the_note_is_empty(
    clock, django_capture_on_commit_callbacks
):
    silent, written = UserFactory(timezone="Europe/Berlin"), UserFactory(timezone="Europe/Berlin")
    silent.clock_format = "12h"
    silent.save(update_fields=["clock_format"])
    for member in (silent, written):
        plan(member, WEDNESDAY)
    WorkDay.objects.create(
        user=silent,
        work_date=WEDNESDAY,
        start_datetime=utc(WEDNESDAY, 8),
        work_time_seconds=7 * 3600,
        checkout_notes="",
    )
    WorkDay.objects.create(
        user=written,
        work_date=WEDNESDAY,
        start_datetime=utc(WEDNESDAY, 8),
        work_time_seconds=7 * 3600,
        checkout_notes='{"blocks": [{"text": "Shipped the release"}], "entityMap": {}}',
    )
    assert run(clock, utc(WEDNESDAY, 15, 59), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(WEDNESDAY, 16, 0), django_capture_on_commit_callbacks) == 1
    assert texts(silent, NotificationKind.CHECKOUT_NOTE_REMINDER) == [
        "Wed 11 Mar 2026: your day was planned to end at 5:00 PM and your checkout note is not written yet."
    ]
    assert texts(written, NotificationKind.CHECKOUT_NOTE_REMINDER) == []
    assert run(clock, utc(WEDNESDAY, 18, 0), django_capture_on_commit_callbacks) == 0


def test_switched_off_reminders_do_not_fire(clock, django_capture_on_commit_callbacks):
    member = UserFactory(timezone="Europe/Berlin")
    member.remind_office_start_yn = False
    member.remind_tracker_yn = False
    member.save(update_fields=["remind_office_start_yn", "remind_tracker_yn"])
    plan(member, WEDNESDAY)
    TaskTracker.objects.create(user=member, status=TrackerStatus.TRACKING, task=TaskFactory())
    assert run(clock, utc(WEDNESDAY, 8, 30), django_capture_on_commit_callbacks) == 0
    assert run(clock, utc(WEDNESDAY, 16, 30), django_capture_on_commit_callbacks) == 0
    assert Notification.objects.filter(user=member).count() == 0
    assert mail.outbox == []


def test_the_closing_reminder_follows_its_switch(clock, django_capture_on_commit_callbacks):
    clock.set(dt.datetime(2026, 3, 14, 9, 0, tzinfo=dt.UTC))  # Saturday: the week ends tomorrow
    on, off = UserFactory(), UserFactory()
    off.remind_closing_yn = False
    off.save(update_fields=["remind_closing_yn"])
    WorkPeriod.objects.create(
        user=off, start_date=dt.date(2026, 3, 2), end_date=dt.date(2026, 3, 8), state=PeriodState.DRAFT
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert closing_reminders() == 1
    assert Notification.objects.filter(user=off).count() == 0
    assert Notification.objects.filter(user=on, kind=NotificationKind.CLOSING_REMINDER).count() == 1
    (message,) = mail.outbox
    assert message.to == [on.email]
    assert "List-Unsubscribe" in message.extra_headers


def test_the_emailed_link_switches_the_reminder_off_and_the_next_day_is_silent(
    clock, django_capture_on_commit_callbacks, api_client
):
    member = UserFactory(timezone="Europe/Berlin")
    TaskTracker.objects.create(user=member, status=TrackerStatus.TRACKING, task=TaskFactory())
    assert run(clock, utc(WEDNESDAY, 17, 5), django_capture_on_commit_callbacks) == 1
    token = re.search(r"/reminders/off/(\S+)", mail.outbox[0].body).group(1)
    answer = api_client.post("/api/accounts/reminders/off/", {"token": token}, format="json")
    assert answer.status_code == 200, answer.content
    member.refresh_from_db()
    assert member.remind_tracker_yn is False
    assert run(clock, utc(WEDNESDAY + dt.timedelta(days=1), 17, 5), django_capture_on_commit_callbacks) == 0


def test_a_run_reads_a_bounded_number_of_queries_whatever_the_members(
    clock, django_capture_on_commit_callbacks
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    clock.set(utc(WEDNESDAY, 12))

    def measure(size: int) -> int:
        for _ in range(size):
            member = UserFactory(timezone="Europe/Berlin")
            plan(member, WEDNESDAY)  # planned, in the office: nothing due
            StatusRecord.objects.create(
                user=member, status_enum_identifier=StatusType.WORKING, start_datetime=utc(WEDNESDAY, 8)
            )
            WorkDay.objects.create(user=member, work_date=WEDNESDAY, start_datetime=utc(WEDNESDAY, 8))
        with CaptureQueriesContext(connection) as queries:
            assert day_reminders() == 0
        return len(queries)

    assert measure(2) == measure(6) <= 9
