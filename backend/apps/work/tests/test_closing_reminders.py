"""Closing the week's reminders (issue 28, docs/closing.md): the day before a period ends and once
it is overdue, each sent once, in the product and by email."""

import datetime as dt

import pytest
from django.core import mail

from apps.accounts.models import Notification, NotificationKind
from apps.accounts.tests.factories import UserFactory
from apps.work.models import PeriodState, WorkDay, WorkPeriod
from apps.work.tasks import closing_reminders

pytestmark = pytest.mark.django_db


def test_reminders_before_the_end_and_when_overdue_once_each(clock, django_capture_on_commit_callbacks):
    clock.set(
        dt.datetime(2026, 3, 14, 9, 0, tzinfo=dt.UTC)
    )  # Saturday: the week (Mon 9 - Sun 15) ends tomorrow
    member = UserFactory()
    WorkDay.objects.create(
        user=member, work_date=dt.date(2026, 3, 4), work_time_seconds=3600
    )  # last week, worked
    idle = UserFactory()  # nothing worked last week: only 'ends tomorrow'
    with django_capture_on_commit_callbacks(execute=True):
        assert closing_reminders() == 3
    texts = sorted(
        Notification.objects.filter(user=member, kind=NotificationKind.CLOSING_REMINDER).values_list(
            "text", flat=True
        )
    )
    assert texts == [
        "Your period 2026-03-02 to 2026-03-08 is over and not submitted yet: submit it from History.",
        "Your period 2026-03-09 to 2026-03-15 ends tomorrow: submit it from History once it is complete.",
    ]
    assert Notification.objects.filter(user=idle).count() == 1
    assert sorted(m.to[0] for m in mail.outbox) == sorted([member.email, member.email, idle.email])
    assert closing_reminders() == 0  # once each


def test_no_reminder_for_a_submitted_period(clock):
    clock.set(dt.datetime(2026, 3, 11, 9, 0, tzinfo=dt.UTC))  # Wednesday: nothing ends tomorrow
    member = UserFactory()
    WorkDay.objects.create(user=member, work_date=dt.date(2026, 3, 4), work_time_seconds=3600)
    WorkPeriod.objects.create(
        user=member, start_date=dt.date(2026, 3, 2), end_date=dt.date(2026, 3, 8), state=PeriodState.SUBMITTED
    )
    assert closing_reminders() == 0
