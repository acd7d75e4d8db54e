"""Reads of time on tasks: task time rows, allocated time, a work day's tasks, the tracker state.

A running tracker interval is counted live: clipped to the user's working segments up to now
(the same rule that closes it), so reads and the allocation check agree to the second."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import DateTimeField, F, IntegerField, Q, QuerySet, Sum, Value
from django.db.models.functions import Greatest

from apps.core import timeutils
from apps.projects.models import TaskTime, TaskTracker, TrackedInterval, TrackerStatus, WorkDayTask
from apps.work import accounting, hooks
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay


@dataclass(frozen=True)
class Running:
    task_id: int
    work_day_id: int
    start: dt.datetime
    seconds: int


def working_seconds(*, user, start: dt.datetime, end: dt.datetime) -> int:
    """Seconds of [start, end) the user spent in `working` segments (settled as readers see them)."""
    if end <= start:
        return 0
    rows = work_selectors.day_records(user=user, lo=start, hi=end).select_related("work_shift")
    segments = work_selectors.settled_segments(rows, at=end, tz_name=user.timezone)
    return accounting.totals(segments, until=end, window=(start, end)).work_time


def running(*, user, at: dt.datetime | None = None) -> Running | None:
    interval = TrackedInterval.objects.filter(user=user, end_datetime__isnull=True).first()
    if interval is None:
        return None
    at = at or timeutils.now()
    return Running(
        task_id=interval.task_id,
        work_day_id=interval.work_day_id,
        start=interval.start_datetime,
        seconds=working_seconds(user=user, start=interval.start_datetime, end=at),
    )


def live_seconds(row: TaskTime, live: Running | None) -> int:
    if live and live.task_id == row.task_id and live.work_day_id == row.work_day_id:
        return row.seconds_worked + live.seconds
    return row.seconds_worked


def task_times(*, user, work_day_id: int | None = None, project_id: int | None = None) -> QuerySet[TaskTime]:
    rows = TaskTime.objects.filter(user=user).select_related("task", "project").order_by("-work_day_id", "id")
    if work_day_id is not None:
        rows = rows.filter(work_day_id=work_day_id)
    if project_id is not None:
        rows = rows.filter(project_id=project_id)
    return rows


def task_times_between(*, user, from_date: dt.date, to_date: dt.date) -> QuerySet[TaskTime]:
    return (
        TaskTime.objects.filter(
            user=user, work_day__work_date__gte=from_date, work_day__work_date__lte=to_date
        )
        .select_related("task", "project", "work_day")
        .order_by("work_day__work_date", "id")
    )


def allocated_time(*, user, from_date: dt.date, to_date: dt.date) -> dict:
    """{allocated_time: [{project, tasks: [{task, total_seconds}], total_seconds}], total_seconds}."""
    live = running(user=user)
    projects: dict[int, dict] = {}
    per_task: dict[tuple[int, int], dict] = {}
    for row in task_times_between(user=user, from_date=from_date, to_date=to_date).select_related(
        "project__color"
    ):
        seconds = live_seconds(row, live)
        entry = projects.setdefault(
            row.project_id,
            {
                "project": {
                    "id": row.project_id,
                    "title": row.project.title,
                    "color": row.project.color.value,
                },
                "tasks": [],
                "total_seconds": 0,
            },
        )
        entry["total_seconds"] += seconds
        task = per_task.get((row.project_id, row.task_id))
        if task is None:
            task = {"task": {"id": row.task_id, "title": row.task.title}, "total_seconds": 0}
            per_task[(row.project_id, row.task_id)] = task
            entry["tasks"].append(task)
        task["total_seconds"] += seconds
    ordered = sorted(projects.values(), key=lambda p: (p["project"]["title"].lower(), p["project"]["id"]))
    return {"allocated_time": ordered, "total_seconds": sum(p["total_seconds"] for p in ordered)}


def work_day_tasks(*, work_day: WorkDay) -> list[dict]:
    """The tasks on a work day (its links) with the time on each; time without a link too."""
    live = running(user=work_day.user)
    times = {
        row.task_id: row
        for row in TaskTime.objects.filter(work_day=work_day).select_related("task__task_list")
    }
    links = WorkDayTask.objects.filter(work_day=work_day).select_related("task__task_list").order_by("id")
    out = []
    seen = set()
    for link in links:
        seen.add(link.task_id)
        out.append(_day_task(link.task, times.get(link.task_id), live, work_day))
    missing = [row for task_id, row in times.items() if task_id not in seen]
    for row in sorted(missing, key=lambda r: r.pk):
        out.append(_day_task(row.task, row, live, work_day))
    return out


def _day_task(task, row: TaskTime | None, live: Running | None, work_day: WorkDay) -> dict:
    seconds = live_seconds(row, live) if row else 0
    recording = bool(live and live.task_id == task.pk and live.work_day_id == work_day.pk)
    return {
        "id": task.pk,
        "title": task.title,
        "project": task.task_list.parent_project_id,
        "task_list": task.task_list_id,
        "section": task.section_id,
        "seconds_worked": seconds,
        "recording_yn": recording,
    }


def current_seconds(*, user) -> dict[int, int]:
    """Task id -> the user's time on it in their current work day (running interval included):
    the running interval's day (a night shift's), else today's. Two queries (three while tracking)."""
    live = running(user=user)
    if live is not None:
        rows = TaskTime.objects.filter(work_day_id=live.work_day_id)
    else:
        rows = TaskTime.objects.filter(user=user, work_day__work_date=timeutils.local_today(user.timezone))
    return {row.task_id: live_seconds(row, live) for row in rows}


def tracker_state(*, user) -> dict:
    tracker = TaskTracker.objects.filter(user=user).first()
    live = running(user=user)
    seconds = 0
    work_day_id = None
    if tracker is not None and tracker.task_id is not None:
        day_id = live.work_day_id if live else None
        rows = TaskTime.objects.filter(user=user, task_id=tracker.task_id)
        row = rows.filter(work_day_id=day_id).first() if day_id else rows.order_by("-work_day_id").first()
        if row is not None:
            seconds = live_seconds(row, live)
            work_day_id = row.work_day_id
    return {
        "status": tracker.status if tracker else TrackerStatus.STOPPED.value,
        "task": tracker.task_id if tracker else None,
        "last_task": tracker.last_task_id if tracker else None,
        "started_at": live.start if live else None,
        "work_day": live.work_day_id if live else work_day_id,
        "seconds_worked": seconds,
    }


def _sums(rows):
    return rows.values("work_day_id").annotate(
        allocated=Sum("seconds_worked"),
        hand=Sum(Greatest(F("seconds_worked") - F("seconds_tracked"), Value(0))),
    )


def _tracked_in(user_id: int, lo: dt.datetime, hi: dt.datetime) -> QuerySet[TrackedInterval]:
    """The user's intervals that overlap [lo, hi), the running one included."""
    return TrackedInterval.objects.filter(user_id=user_id, start_datetime__lt=hi).filter(
        Q(end_datetime__isnull=True) | Q(end_datetime__gt=lo)
    )


def _day_task_time(user_id: int, lo: dt.datetime, hi: dt.datetime, work_date: dt.date) -> QuerySet:
    """The worktime summary's task time in one statement: the intervals tracked in [lo, hi)
    (start, end, NULL, NULL) and, union all, the closed task time of the user's work day of
    `work_date` (NULL, NULL, allocated, hand), one row when there is any."""
    none = {name: Value(None, output_field=IntegerField()) for name in ("allocated", "hand")}
    intervals = (
        _tracked_in(user_id, lo, hi)
        .order_by()
        .annotate(**none)
        .values_list("start_datetime", "end_datetime", "allocated", "hand")
    )
    allocation = (
        _sums(TaskTime.objects.filter(work_day__user_id=user_id, work_day__work_date=work_date).order_by())
        .annotate(
            interval_start=Value(None, output_field=DateTimeField()),
            interval_end=Value(None, output_field=DateTimeField()),
        )
        .values_list("interval_start", "interval_end", "allocated", "hand")
    )
    return intervals.union(allocation, all=True)


def tracked_intervals(*, user_id: int, lo: dt.datetime, hi: dt.datetime) -> list[accounting.Interval]:
    """The user's tracked intervals that overlap [lo, hi), the running one open-ended."""
    rows = _tracked_in(user_id, lo, hi).values_list("start_datetime", "end_datetime")
    return [accounting.Interval(start=start, end=end) for start, end in rows]


def day_allocations(*, work_day_ids: Iterable[int]) -> dict[int, hooks.DayAllocation]:
    """Closed task time of each work day (those without any are left out), in one query."""
    ids = list(work_day_ids)
    if not ids:
        return {}
    sums = _sums(TaskTime.objects.filter(work_day_id__in=ids))
    return {
        row["work_day_id"]: hooks.DayAllocation(allocated=row["allocated"], hand=row["hand"]) for row in sums
    }


class TaskTimeSource:
    """Work's `hooks.task_time` (provided in ProjectsConfig.ready): intervals and work days'
    allocation."""

    def intervals(self, *, user_id: int, lo: dt.datetime, hi: dt.datetime) -> list[accounting.Interval]:
        return tracked_intervals(user_id=user_id, lo=lo, hi=hi)

    def day_task_time(
        self, *, user_id: int, lo: dt.datetime, hi: dt.datetime, work_date: dt.date
    ) -> tuple[list[accounting.Interval], hooks.DayAllocation]:
        intervals, allocation = [], hooks.DayAllocation()
        for start, end, allocated, hand in _day_task_time(user_id, lo, hi, work_date):
            if start is None:
                allocation = hooks.DayAllocation(allocated=allocated, hand=hand)
            else:
                intervals.append(accounting.Interval(start=start, end=end))
        intervals.sort(key=lambda interval: interval.start)  # as intervals() gives them
        return intervals, allocation

    def allocations(self, *, work_day_ids: Iterable[int]) -> dict[int, hooks.DayAllocation]:
        return day_allocations(work_day_ids=work_day_ids)
