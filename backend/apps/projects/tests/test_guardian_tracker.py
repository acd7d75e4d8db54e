"""The shift guardian (issue 32, docs/guardian.md) and the task timer: a timer running while no tab or
device of the member is in use is asked about, and an automatic end stops the timer at the last
activity (here: the timer lives in projects, above work)."""

import datetime as dt

import pytest

from apps.accounts.models import GuardianPolicy, Notification, NotificationKind
from apps.accounts.tests.factories import UserFactory
from apps.projects.models import TaskTracker, TrackedInterval
from apps.projects.services.time import tracker
from apps.projects.tests.factories import TaskFactory
from apps.work.models import PromptCause, PromptState, ShiftPrompt, WorkShift
from apps.work.services import activity
from apps.work.services import status as status_services
from apps.work.tasks import shift_guardian

pytestmark = pytest.mark.django_db


def at(hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 3, 10, hour, minute, tzinfo=dt.UTC)


def test_a_timer_with_no_active_device_is_asked_about_and_stopped_at_the_last_activity(clock):
    ben = UserFactory()
    ben.workspace.guardian_policy = GuardianPolicy.APPLY
    ben.workspace.save()
    task = TaskFactory(owner_user=ben)
    clock.set(at(9))
    status_services.status_change(user=ben, status="working")
    tracker.start(user=ben, task=task)
    clock.set(at(9, 5))
    activity.mark_active(user_id=ben.pk)  # his last activity; then he closes every tab

    clock.set(at(9, 15))
    activity.sweep()  # idle after 10 minutes
    assert shift_guardian() == 0  # idle is not gone: nothing to ask yet
    clock.set(at(9, 35))
    activity.sweep()  # away 20 minutes later: no device in use
    assert shift_guardian() == 1
    prompt = ShiftPrompt.objects.get(user=ben)
    assert prompt.cause == PromptCause.TRACKER and prompt.last_activity_at == at(9, 5)
    assert list(
        Notification.objects.filter(user=ben, kind=NotificationKind.SHIFT_GUARDIAN).values_list(
            "text", flat=True
        )
    ) == ["Still working? Your task timer is running, but none of your devices has been used since 09:05."]
    assert shift_guardian() == 0  # one question

    clock.set(at(10, 5))  # no answer in 30 minutes: ended at the last activity, the timer with it
    assert shift_guardian() == 1
    assert ShiftPrompt.objects.get(user=ben).state == PromptState.APPLIED
    assert WorkShift.objects.get(work_day__user=ben).end_datetime == at(9, 5)
    assert TaskTracker.objects.get(user=ben).status == "stopped"
    interval = TrackedInterval.objects.get(user=ben)
    assert (interval.start_datetime, interval.end_datetime) == (at(9), at(9, 5))
