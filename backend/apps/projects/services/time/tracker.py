"""The task tracker: one state per user on the server, shared by every device.

start / pause / stop come from the user; status changes come from work (apps.work.hooks
`status_change`, provided in ProjectsConfig.ready with `FollowsStatus`):
a break pauses it, working again resumes the task the break paused, leaving the office (or the
midnight close of a forgotten shift) stops it and forgets the last task. Each running stretch is
a TrackedInterval; when it closes its working seconds join the task's time (intervals).

Starting on a break ends the break through work's status write with `tell_listener=False`: the
tracker sets its own state here, so the write does not call back into it."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.projects import events
from apps.projects.models import Task, TaskTracker, TrackerStatus
from apps.projects.services import tasks
from apps.projects.services.time import intervals
from apps.work import closing
from apps.work.models import StatusType, WorkDay
from apps.work.services import status as status_services

NOT_IN_OFFICE = "Enter the office to track time on a task."
BREAK_WILL_END = "If you continue, your break will end."


def _tracker(user) -> TaskTracker:
    tracker = TaskTracker.objects.select_for_update().filter(user=user).first()
    return tracker or TaskTracker.objects.create(user=user)


def _save(tracker: TaskTracker, *, user, before: tuple) -> TaskTracker:
    after = (tracker.status, tracker.task_id, tracker.last_task_id, tracker.paused_by_break)
    if after != before:
        tracker.save()
        events.publish_tracker_state(tracker=tracker, user=user)
    return tracker


def _state(tracker: TaskTracker) -> tuple:
    return (tracker.status, tracker.task_id, tracker.last_task_id, tracker.paused_by_break)


@transaction.atomic
def start(*, user, task: Task, end_break: bool = False) -> TaskTracker:
    """Track `task` now. On a break this needs `end_break` (the client asked 'If you continue,
    your break will end.'); the break then ends. Out of the office it is refused."""
    closing.lock_days(user, timeutils.now())  # the user lock and the lock rule in one query
    record = status_services.settle_open_status(user=user)
    if record is None:
        raise ValidationError({"detail": [NOT_IN_OFFICE]})
    if record.status_enum_identifier == StatusType.TAKING_BREAK:
        if not end_break:
            raise ValidationError({"detail": [BREAK_WILL_END]})
        record = status_services.status_change(user=user, status=StatusType.WORKING, tell_listener=False)
    tracker = _tracker(user)
    before = _state(tracker)
    now = timeutils.now()
    live = intervals.running_interval(user=user)
    work_day = record.work_shift.work_day  # already loaded when the status write just ended a break
    if live is None or live.task_id != task.pk or live.work_day_id != work_day.pk:
        if live is not None:
            intervals.close_interval(live, at=now)
        intervals.open_interval(user=user, task=task, work_day=work_day, at=now)
        # The open shift's day is the member's current work day (work.selectors.current_work_day),
        # past midnight too: open_interval put the task on it, so it is Today.
        tasks.mark_today(user=user, task=task)
    tracker.status = TrackerStatus.TRACKING
    tracker.task = task
    tracker.last_task = task
    tracker.paused_by_break = False
    return _save(tracker, user=user, before=before)


@transaction.atomic
def pause(*, user) -> TaskTracker:
    lock_user(user)
    tracker = _tracker(user)
    before = _state(tracker)
    _close_running(user, at=timeutils.now())
    if tracker.status == TrackerStatus.TRACKING:
        tracker.status = TrackerStatus.PAUSED
        tracker.paused_by_break = False
    return _save(tracker, user=user, before=before)


@transaction.atomic
def stop(*, user) -> TaskTracker:
    """Stop removes the tracking task; the last tracked task stays for resume."""
    lock_user(user)
    tracker = _tracker(user)
    before = _state(tracker)
    _close_running(user, at=timeutils.now())
    tracker.status = TrackerStatus.STOPPED
    tracker.task = None
    tracker.paused_by_break = False
    return _save(tracker, user=user, before=before)


def _close_running(user, *, at: dt.datetime) -> None:
    live = intervals.running_interval(user=user)
    if live is not None:
        intervals.close_interval(live, at=at)


class FollowsStatus:
    """Work's `hooks.status_change` listener (apps.work.hooks.StatusListener), told inside the
    status write under the user lock: a break pauses, working again resumes the task the break
    paused, leaving (or the midnight close of a forgotten shift) stops and forgets it."""

    def status_changed(self, *, user, status: str, at: dt.datetime, work_day: WorkDay | None) -> None:
        tracker = TaskTracker.objects.select_for_update().filter(user=user).first()
        if tracker is None:
            return
        before = _state(tracker)
        if status == StatusType.TAKING_BREAK:
            _close_running(user, at=at)
            if tracker.status == TrackerStatus.TRACKING:
                tracker.status = TrackerStatus.PAUSED
                tracker.paused_by_break = True
        elif status == StatusType.WORKING:
            paused = tracker.status == TrackerStatus.PAUSED and tracker.paused_by_break and tracker.task_id
            if paused and work_day is not None:
                _close_running(user, at=at)
                intervals.open_interval(user=user, task=tracker.task, work_day=work_day, at=at)
                tracker.status = TrackerStatus.TRACKING
                tracker.paused_by_break = False
        else:  # out of the office: closing clears the last tracked task too
            _close_running(user, at=at)
            tracker.status = TrackerStatus.STOPPED
            tracker.task = None
            tracker.last_task = None
            tracker.paused_by_break = False
        _save(tracker, user=user, before=before)
