"""Time on tasks: task time rows, tracked intervals and allocation by hand (the lowest layer of
services/time/: the tracker and the work day's tasks build on it).

Every write locks the user's row (accounts.locks.lock_user, the lock status changes take), so
allocation checks see a work time and a task time that cannot move under them: two tabs adding
10 minutes near the limit queue up and the second is refused. Rules (spec 01 §5, §9):
allocated time (closed task time + the running interval) never exceeds the day's work time;
a positive change needs that much unallocated time, a negative one that much on the task.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.projects import events, time_selectors
from apps.projects.models import Task, TaskTime, TrackedInterval, WorkDayTask
from apps.projects.services import activities
from apps.work import closing
from apps.work import selectors as work_selectors
from apps.work.models import ChangedObject, ChangeType, WorkDay
from apps.work.services import status as status_services
from apps.work.services.change_log import change_log_record

OVER_WORK_TIME = "Tasks total hours can not be more than Office Work hours."
NOT_ENOUGH_ON_TASK = "The task does not have that much time."
NOTHING_UNALLOCATED = "There is no unallocated time to add."


def _task_time(*, user, task: Task, work_day: WorkDay) -> TaskTime:
    row = TaskTime.objects.select_for_update().filter(work_day=work_day, task=task).first()
    if row is None:
        row = TaskTime.objects.create(
            user=user, task=task, work_day=work_day, project_id=task.task_list.parent_project_id
        )
        # First time on the task today: the project's auto activity as the user's draft (once
        # per task, user and day; docs/activities.md). Past days edited later get none.
        if work_selectors.is_current_work_day(user=user, work_day=work_day):
            activities.auto_activity_for_today(user=user, task=task)
    return row


def link(*, user, task_id: int, work_day_id: int) -> None:
    """Put the task on the work day (told once, when it is new there)."""
    _, created = WorkDayTask.objects.get_or_create(
        work_day_id=work_day_id, task_id=task_id, defaults={"user": user}
    )
    if created:
        events.publish_task_added_to_work_day(user=user, task_id=task_id, work_day_id=work_day_id)


def open_interval(*, user, task: Task, work_day: WorkDay, at: dt.datetime) -> TrackedInterval:
    """Start tracking `task` at `at` (the caller closed any running interval first)."""
    interval = TrackedInterval.objects.create(user=user, task=task, work_day=work_day, start_datetime=at)
    row = _task_time(user=user, task=task, work_day=work_day)
    row.recording_yn = True
    row.record_start_datetime = at
    row.save(update_fields=["recording_yn", "record_start_datetime", "updated_at"])
    link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    return interval


def close_interval(interval: TrackedInterval, *, at: dt.datetime) -> int:
    """End the interval at `at`; its working seconds join the task's time. Returns them."""
    user = interval.user
    seconds = time_selectors.working_seconds(user=user, start=interval.start_datetime, end=at)
    row = _task_time(user=user, task=interval.task, work_day=interval.work_day)
    if seconds:
        interval.end_datetime = at
        interval.save(update_fields=["end_datetime", "updated_at"])
    else:
        interval.delete()  # nothing worked in it: no trace
    row.seconds_worked += seconds
    row.seconds_tracked += seconds
    row.recording_yn = False
    row.record_start_datetime = None
    row.save(
        update_fields=[
            "seconds_worked",
            "seconds_tracked",
            "recording_yn",
            "record_start_datetime",
            "updated_at",
        ]
    )
    if seconds:
        events.publish_new_task_time(row=row, user=user, seconds_worked=row.seconds_worked)
    return seconds


def running_interval(*, user) -> TrackedInterval | None:
    return (
        TrackedInterval.objects.select_for_update(of=("self",))
        .filter(user=user, end_datetime__isnull=True)
        .select_related("task__task_list", "work_day", "user")
        .first()
    )


def unallocated(*, work_day: WorkDay) -> tuple[int, int]:
    """(work time, allocated time) of the day now, the running interval counted live."""
    numbers, allocation = work_selectors.work_day_totals(work_day=work_day)
    return numbers.work_time, allocation.allocated + numbers.processing_time


@transaction.atomic
def task_time_change(
    *,
    user,
    task: Task,
    work_day: WorkDay,
    seconds: int | None = None,
    all_unallocated: bool = False,
    approved_by=None,
    reason: str = "",
) -> tuple[TaskTime, bool]:
    """Add (or with negative `seconds` remove) time on the task in the user's work day, or put all
    the day's unallocated time on it. Returns (row, created). `approved_by`: an accepted
    correction of a closed day (services/time/corrections.py), logged under the approver's name."""
    if approved_by is None:
        closing.lock_days(user, work_day.work_date)
    else:
        lock_user(user)
    status_services.settle_open_status(user=user)  # a forgotten shift closes (and stops tracking) first
    now = timeutils.now()
    live = running_interval(user=user)
    if live is not None and live.task_id == task.pk and live.work_day_id == work_day.pk:
        # Settle the running interval so the task's closed time is its live time, then go on.
        close_interval(live, at=now)
        open_interval(user=user, task=task, work_day=work_day, at=now)
    created = not TaskTime.objects.filter(work_day=work_day, task=task).exists()
    work, allocated = unallocated(work_day=work_day)
    free = work - allocated
    row = _task_time(user=user, task=task, work_day=work_day)
    if all_unallocated:
        if free <= 0:
            raise ValidationError({"detail": [NOTHING_UNALLOCATED]})
        delta = free
    else:
        delta = int(seconds or 0)
        if delta > 0 and delta > free:
            raise ValidationError({"detail": [OVER_WORK_TIME]})
        if delta < 0 and -delta > row.seconds_worked:
            raise ValidationError({"detail": [NOT_ENOUGH_ON_TASK]})
    if delta == 0:  # nothing changes, nothing is logged (the API refuses 0 before this)
        return row, created
    old_seconds = row.seconds_worked
    row.seconds_worked += delta
    row.changed_yn = True
    row.changed_datetime = now
    row.save(update_fields=["seconds_worked", "changed_yn", "changed_datetime", "updated_at"])
    link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    change_log_record(
        user=user,
        modified_user=approved_by or user,
        changed_value_type_enum=ChangeType.ALLOCATED_TIME,
        content_type=ChangedObject.TASK_TIME,
        object_id=row.pk,
        work_date=work_day.work_date,
        old_value={"task": task.pk, "task_title": task.title, "seconds_worked": old_seconds},
        new_value={"task": task.pk, "task_title": task.title, "seconds_worked": row.seconds_worked},
        reason=reason,
        at=now,
    )
    events.publish_new_task_time(row=row, user=user, seconds_worked=row.seconds_worked)
    return row, created


@transaction.atomic
def record_interval(*, user, task: Task, work_day: WorkDay, start: dt.datetime, end: dt.datetime) -> int:
    """Store a finished tracked interval (demo data, imports) under the same rules as a live one:
    only its working seconds count, and only if the day has that much unallocated time."""
    closing.lock_days(user, start, end)
    seconds = time_selectors.working_seconds(user=user, start=start, end=end)
    if seconds <= 0:
        raise ValidationError({"detail": ["The interval has no working time."]})
    if TrackedInterval.objects.filter(user=user, start_datetime__lt=end, end_datetime__gt=start).exists():
        raise ValidationError({"detail": ["The interval overlaps another tracked interval."]})
    work, allocated = unallocated(work_day=work_day)
    if seconds > work - allocated:
        raise ValidationError({"detail": [OVER_WORK_TIME]})
    TrackedInterval.objects.create(
        user=user, task=task, work_day=work_day, start_datetime=start, end_datetime=end
    )
    row = _task_time(user=user, task=task, work_day=work_day)
    row.seconds_worked += seconds
    row.seconds_tracked += seconds
    row.save(update_fields=["seconds_worked", "seconds_tracked", "updated_at"])
    link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    for shift in work_day.shifts.filter(
        end_datetime__isnull=False, start_datetime__lt=end, end_datetime__gt=start
    ):
        status_services.refresh_totals(shift, until=shift.end_datetime)  # its active time changed
    events.publish_new_task_time(row=row, user=user, seconds_worked=row.seconds_worked)
    return seconds
