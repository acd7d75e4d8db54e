"""A work day's tasks (spec 01 §4): Today and the work day's task list are one. Setting Today
puts the task on today's work day, clearing it takes it off; adding a task to today's work day
sets Today, removing it clears it. A task leaving a work day releases its hours (they go to
unallocated) and stops a tracker running on it.

Layers of services/time/ (each imports only those above it in this list, never the other way):
intervals (task time and tracked intervals) <- tracker <- day_tasks (this module)."""

from __future__ import annotations

from django.db import transaction

from apps.projects import events
from apps.projects.models import Task, TaskTime, UserTask, WorkDayTask
from apps.projects.services import tasks
from apps.projects.services.time import intervals, tracker
from apps.work import closing
from apps.work import selectors as work_selectors
from apps.work.models import ChangedObject, ChangeType, WorkDay
from apps.work.services.change_log import change_log_record


def _sync_work_day(*, user, task_id: int, today_yn: bool) -> None:
    """Today set to true adds the task to the user's work day; false removes it (spec 01 §4).
    Without a work day today (not entered the office yet) there is nothing to link."""
    work_day = work_selectors.current_work_day(user=user)
    if work_day is None:
        return
    closing.refuse_if_locked(user, work_day.work_date)
    if today_yn:
        intervals.link(user=user, task_id=task_id, work_day_id=work_day.pk)
    else:
        _release(user=user, work_day=work_day, task_ids=[task_id])
        deleted, _ = WorkDayTask.objects.filter(work_day=work_day, task_id=task_id).delete()
        if deleted:
            events.publish_task_removed_from_work_day(user=user, task_id=task_id, work_day_id=work_day.pk)


@transaction.atomic
def user_task_set(*, user, task: Task, flags: dict) -> tuple[UserTask, bool]:
    """The user's join to the task with these flags (tasks.FLAGS), created if missing; Today
    follows the work day. Returns (row, created)."""
    user_task, created, changed = tasks.write_flags(user=user, task=task, flags=flags)
    if "today_yn" in changed:
        _sync_work_day(user=user, task_id=task.pk, today_yn=user_task.today_yn)
    tasks.announce_flags(user=user, task=task, user_task=user_task, created=created, changed=changed)
    return user_task, created


@transaction.atomic
def user_task_update(*, user_task: UserTask, flags: dict) -> UserTask:
    user_task, _ = user_task_set(user=user_task.user, task=user_task.task, flags=flags)
    return user_task


def _release(*, user, work_day: WorkDay, task_ids: list[int]) -> None:
    """The tasks leave the work day: a tracker on one of them stops, their hours go to unallocated."""
    live = intervals.running_interval(user=user)
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


@transaction.atomic
def workday_task_add(*, user, task: Task, work_day: WorkDay) -> bool:
    """Put the task on the work day (on today's, the Today flag too). Returns True if new."""
    closing.lock_days(user, work_day.work_date)
    created = not WorkDayTask.objects.filter(work_day=work_day, task=task).exists()
    if work_selectors.is_current_work_day(user=user, work_day=work_day):
        user_task_set(user=user, task=task, flags={"today_yn": True})
    intervals.link(user=user, task_id=task.pk, work_day_id=work_day.pk)
    return created


@transaction.atomic
def workday_task_remove(*, user, task: Task, work_day: WorkDay) -> None:
    """Take the task off the work day; its hours go to unallocated (spec 01 §4)."""
    closing.lock_days(user, work_day.work_date)
    _release(user=user, work_day=work_day, task_ids=[task.pk])
    today = work_selectors.is_current_work_day(user=user, work_day=work_day)
    if today and UserTask.objects.filter(user=user, task=task, today_yn=True).exists():
        user_task_set(user=user, task=task, flags={"today_yn": False})
    deleted, _ = WorkDayTask.objects.filter(work_day=work_day, task=task).delete()
    if deleted:
        events.publish_task_removed_from_work_day(user=user, task_id=task.pk, work_day_id=work_day.pk)


def release_work_day_tasks(*, user, work_day_id: int, task_ids: list[int]) -> None:
    """For Today set to false and for leaving a project: the tasks' hours that day go free."""
    work_day = WorkDay.objects.filter(pk=work_day_id).first()
    if work_day is not None:
        closing.refuse_if_locked(user, work_day.work_date)
        _release(user=user, work_day=work_day, task_ids=task_ids)


@transaction.atomic
def workday_project_remove(*, user, project_id: int, work_day: WorkDay) -> None:
    """Take every task of the project off the work day; their hours go to unallocated."""
    closing.lock_days(user, work_day.work_date)
    linked = WorkDayTask.objects.filter(work_day=work_day, task__task_list__parent_project_id=project_id)
    timed = TaskTime.objects.filter(work_day=work_day, project_id=project_id)
    task_ids = sorted(
        set(linked.values_list("task_id", flat=True)) | set(timed.values_list("task_id", flat=True))
    )
    _release(user=user, work_day=work_day, task_ids=task_ids)
    linked.delete()
    if work_selectors.is_current_work_day(user=user, work_day=work_day):
        UserTask.objects.filter(user=user, task_id__in=task_ids, today_yn=True).update(today_yn=False)
    events.publish_project_removed_from_work_day(user=user, project_id=project_id, work_day_id=work_day.pk)
