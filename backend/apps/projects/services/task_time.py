"""Time on tasks: allocation by hand, tracked intervals, and a work day's tasks and projects.

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
from apps.projects.models import Task, TaskTime, TrackedInterval, UserTask, WorkDayTask
from apps.projects.services import activities
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
        if work_day.work_date == timeutils.local_today(user.timezone):
            activities.auto_activity_for_today(user=user, task=task)
    return row


def _link(*, user, task_id: int, work_day_id: int) -> None:
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
    _link(user=user, task_id=task.pk, work_day_id=work_day.pk)
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
    *, user, task: Task, work_day: WorkDay, seconds: int | None = None, all_unallocated: bool = False
) -> tuple[TaskTime, bool]:
    """Add (or with negative `seconds` remove) time on the task in the user's work day, or put all
    the day's unallocated time on it. Returns (row, created)."""
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
    _link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    change_log_record(
        user=user,
        modified_user=user,
        changed_value_type_enum=ChangeType.ALLOCATED_TIME,
        content_type=ChangedObject.TASK_TIME,
        object_id=row.pk,
        work_date=work_day.work_date,
        old_value={"task": task.pk, "task_title": task.title, "seconds_worked": old_seconds},
        new_value={"task": task.pk, "task_title": task.title, "seconds_worked": row.seconds_worked},
        at=now,
    )
    events.publish_new_task_time(row=row, user=user, seconds_worked=row.seconds_worked)
    return row, created


@transaction.atomic
def record_interval(*, user, task: Task, work_day: WorkDay, start: dt.datetime, end: dt.datetime) -> int:
    """Store a finished tracked interval (demo data, imports) under the same rules as a live one:
    only its working seconds count, and only if the day has that much unallocated time."""
    lock_user(user)
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
    _link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    for shift in work_day.shifts.filter(
        end_datetime__isnull=False, start_datetime__lt=end, end_datetime__gt=start
    ):
        status_services.refresh_totals(shift, until=shift.end_datetime)  # its active time changed
    events.publish_new_task_time(row=row, user=user, seconds_worked=row.seconds_worked)
    return seconds


def _release(*, user, work_day: WorkDay, task_ids: list[int]) -> None:
    """The tasks leave the work day: a tracker on one of them stops, their hours go to unallocated."""
    from apps.projects.services import tracker  # tracker builds on this module

    live = running_interval(user=user)
    if live is not None and live.work_day_id == work_day.pk and live.task_id in task_ids:
        tracker.stop(user=user)
    rows = list(TaskTime.objects.filter(work_day=work_day, task_id__in=task_ids).select_related("task"))
    TaskTime.objects.filter(pk__in=[r.pk for r in rows]).delete()
    for row in rows:
        if row.seconds_worked:
            change_log_record(
                user=user,
                modified_user=user,
                changed_value_type_enum=ChangeType.ALLOCATED_TIME,
                content_type=ChangedObject.TASK_TIME,
                object_id=row.pk,
                work_date=work_day.work_date,
                # Every entry names its task (the row goes, the log stays readable).
                old_value={
                    "task": row.task_id,
                    "task_title": row.task.title,
                    "seconds_worked": row.seconds_worked,
                },
                new_value={
                    "task": row.task_id,
                    "task_title": row.task.title,
                    "seconds_worked": 0,
                    "removed_from_work_day": True,
                },
            )
        row.seconds_worked = 0
        events.publish_new_task_time(row=row, user=user, seconds_worked=0)


def _is_today(user, work_day: WorkDay) -> bool:
    return work_day.work_date == timeutils.local_today(user.timezone)


@transaction.atomic
def workday_task_add(*, user, task: Task, work_day: WorkDay) -> bool:
    """Put the task on the work day (on today's, the Today flag too). Returns True if new."""
    from apps.projects.services import tasks as task_services

    lock_user(user)
    created = not WorkDayTask.objects.filter(work_day=work_day, task=task).exists()
    if _is_today(user, work_day):
        task_services.user_task_set(user=user, task=task, flags={"today_yn": True})
    _link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    return created


@transaction.atomic
def workday_task_remove(*, user, task: Task, work_day: WorkDay) -> None:
    """Take the task off the work day; its hours go to unallocated (spec 01 §4)."""
    from apps.projects.services import tasks as task_services

    lock_user(user)
    _release(user=user, work_day=work_day, task_ids=[task.pk])
    if _is_today(user, work_day) and UserTask.objects.filter(user=user, task=task, today_yn=True).exists():
        task_services.user_task_set(user=user, task=task, flags={"today_yn": False})
    deleted, _ = WorkDayTask.objects.filter(work_day=work_day, task=task).delete()
    if deleted:
        events.publish_task_removed_from_work_day(user=user, task_id=task.pk, work_day_id=work_day.pk)


def release_work_day_tasks(*, user, work_day_id: int, task_ids: list[int]) -> None:
    """For Today set to false and for leaving a project: the tasks' hours that day go free."""
    work_day = WorkDay.objects.filter(pk=work_day_id).first()
    if work_day is not None:
        _release(user=user, work_day=work_day, task_ids=task_ids)


@transaction.atomic
def workday_project_remove(*, user, project_id: int, work_day: WorkDay) -> None:
    """Take every task of the project off the work day; their hours go to unallocated."""
    lock_user(user)
    linked = WorkDayTask.objects.filter(work_day=work_day, task__task_list__parent_project_id=project_id)
    timed = TaskTime.objects.filter(work_day=work_day, project_id=project_id)
    task_ids = sorted(
        set(linked.values_list("task_id", flat=True)) | set(timed.values_list("task_id", flat=True))
    )
    _release(user=user, work_day=work_day, task_ids=task_ids)
    linked.delete()
    if _is_today(user, work_day):
        UserTask.objects.filter(user=user, task_id__in=task_ids, today_yn=True).update(today_yn=False)
    events.publish_project_removed_from_work_day(user=user, project_id=project_id, work_day_id=work_day.pk)
