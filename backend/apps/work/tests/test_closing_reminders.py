"""Closing the week's reminders (issue 28, docs/closing.md): the day before a period ends and once
it is overdue, each sent once, in the product and by email."""

import datetime as dt

import pytest
from django.core import mail

from apps.accounts.models import Notification, NotificationKind, Observation, WorkspaceRole
from apps.accounts.tests.factories import UserFactory
from apps.work.models import ChangeLog, ChangeType, PeriodState, WorkDay, WorkPeriod
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


# --- the workspace's automatic submit and the approvers' reminder (docs/closing.md) ---------------


def test_a_worked_draft_is_submitted_for_the_member_after_the_grace_days_with_the_reason(clock):
    clock.set(dt.datetime(2026, 3, 10, 9, 0, tzinfo=dt.UTC))  # Tuesday; last week ended Sunday the 8th
    member = UserFactory()
    member.workspace.auto_submit_after_days = 3
    member.workspace.save()
    WorkDay.objects.create(user=member, work_date=dt.date(2026, 3, 4), work_time_seconds=3600)
    closing_reminders()
    assert not WorkPeriod.objects.filter(
        user=member, state=PeriodState.SUBMITTED
    ).exists()  # 2 days after: not yet
    clock.advance(days=1)
    closing_reminders()
    period = WorkPeriod.objects.get(user=member, start_date=dt.date(2026, 3, 2))
    assert period.state == PeriodState.SUBMITTED
    entry = ChangeLog.objects.get(user=member, changed_value_type_enum=ChangeType.PERIOD_SUBMITTED)
    assert (entry.reason, entry.modified_user_id) == (
        "automatic: not submitted 3 days after the period ended",
        member.pk,
    )
    closing_reminders()
    assert (
        ChangeLog.objects.filter(user=member, changed_value_type_enum=ChangeType.PERIOD_SUBMITTED).count()
        == 1
    )


@pytest.mark.parametrize(
    ("rule", "state", "worked"),
    [
        (None, None, True),  # the rule is off
        (2, PeriodState.REJECTED, True),  # sent back: it waits for the member's answer
        (2, PeriodState.APPROVED, True),
        (2, None, False),  # nothing worked: nothing to submit
    ],
)
def test_no_automatic_submit(clock, rule, state, worked):
    clock.set(dt.datetime(2026, 3, 12, 9, 0, tzinfo=dt.UTC))
    member = UserFactory()
    member.workspace.auto_submit_after_days = rule
    member.workspace.save()
    if worked:
        WorkDay.objects.create(user=member, work_date=dt.date(2026, 3, 4), work_time_seconds=3600)
    if state:
        WorkPeriod.objects.create(
            user=member, start_date=dt.date(2026, 3, 2), end_date=dt.date(2026, 3, 8), state=state
        )
    closing_reminders()
    assert list(WorkPeriod.objects.filter(user=member).values_list("state", flat=True)) == (
        [state] if state else []
    )
    assert not ChangeLog.objects.filter(
        user=member, changed_value_type_enum=ChangeType.PERIOD_SUBMITTED
    ).exists()


def test_approvers_are_reminded_once_of_a_period_waiting_past_the_workspace_days(
    clock, django_capture_on_commit_callbacks
):
    clock.set(dt.datetime(2026, 3, 16, 9, 0, tzinfo=dt.UTC))
    member = UserFactory(display_name="Ben")
    admin = UserFactory(workspace=member.workspace, workspace_role=WorkspaceRole.ADMIN)
    owner = UserFactory(workspace=member.workspace)
    Observation.objects.create(observer=owner, observed_user=member)
    teammate = UserFactory(workspace=member.workspace)
    outsider = UserFactory(workspace_role=WorkspaceRole.ADMIN)  # another workspace's admin
    WorkPeriod.objects.create(
        user=member,
        start_date=dt.date(2026, 3, 2),
        end_date=dt.date(2026, 3, 8),
        state=PeriodState.SUBMITTED,
        submitted_at=dt.datetime(2026, 3, 13, 8, 0, tzinfo=dt.UTC),  # 3 days and an hour ago
    )
    WorkPeriod.objects.create(  # waiting for two days only
        user=member,
        start_date=dt.date(2026, 3, 9),
        end_date=dt.date(2026, 3, 15),
        state=PeriodState.SUBMITTED,
        submitted_at=dt.datetime(2026, 3, 14, 9, 0, tzinfo=dt.UTC),
    )
    with django_capture_on_commit_callbacks(execute=True):
        closing_reminders()
    reminded = Notification.objects.filter(kind=NotificationKind.APPROVAL_REMINDER)
    assert sorted(reminded.values_list("user_id", flat=True)) == sorted([admin.pk, owner.pk])
    assert set(reminded.values_list("text", flat=True)) == {
        "Ben's period 2026-03-02 to 2026-03-08 waits for your approval since 2026-03-13."
    }
    assert {m.to[0] for m in mail.outbox if m.subject == "Periods wait for your approval"} == {
        admin.email,
        owner.email,
    }
    assert not Notification.objects.filter(
        user__in=[teammate, outsider, member], kind=NotificationKind.APPROVAL_REMINDER
    )
    closing_reminders()
    assert reminded.count() == 2  # once per period and approver
    member.workspace.approval_reminder_days = None
    member.workspace.save()
    clock.advance(days=5)
    closing_reminders()
    assert reminded.count() == 2  # the rule is off
