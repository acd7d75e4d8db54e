"""Demo time on tasks for seed_demo: tracked intervals and hand-added time on past days and
today for Ada, Ben and Cy, and Ada in the office with a running tracker. Idempotent: a work day
that already has task time is left alone, and a running tracker is not restarted."""

from __future__ import annotations

import contextlib
import datetime as dt

from django.core.exceptions import ValidationError

from apps.core import timeutils
from apps.projects.models import TaskTime, TaskTracker, TrackerStatus
from apps.projects.permissions import visible_tasks
from apps.projects.services.time import intervals, tracker
from apps.work.models import WorkDay
from apps.work.services import status

TRACKING_USER = "ada@example.com"


def _tasks(user) -> list:
    mine = list(
        visible_tasks(user).filter(archived_yn=False, user_tasks__user=user, user_tasks__today_yn=True)
    )
    others = list(visible_tasks(user).filter(archived_yn=False).order_by("id")[:3])
    return (mine + [t for t in others if t not in mine])[:3]


def _fill_day(user, work_day: WorkDay, tasks: list) -> None:
    """The first working stretch of each shift is tracked on one task, then some time by hand."""
    if TaskTime.objects.filter(work_day=work_day).exists() or not tasks:
        return
    for index, shift in enumerate(
        work_day.shifts.filter(end_datetime__isnull=False).order_by("start_datetime")
    ):
        record = (
            shift.status_records.filter(status_enum_identifier="working").order_by("start_datetime").first()
        )
        if record is None:
            continue
        end = min(record.end_datetime, record.start_datetime + dt.timedelta(hours=2))
        with contextlib.suppress(ValidationError):
            intervals.record_interval(
                user=user,
                task=tasks[index % len(tasks)],
                work_day=work_day,
                start=record.start_datetime,
                end=end,
            )
    for task, seconds in zip(tasks[1:], (3600, 1800), strict=False):
        with contextlib.suppress(ValidationError):
            intervals.task_time_change(user=user, task=task, work_day=work_day, seconds=seconds)


def _today_session(user) -> None:
    """A finished session earlier today: up to four hours ending five minutes ago, when today (the
    user's local day) has had at least 20 minutes. Whole minutes, so the counters on screen start
    on a minute boundary (e2e relies on it)."""
    now = timeutils.now().replace(second=0, microsecond=0)
    day_start = timeutils.day_start(timeutils.local_today(user.timezone), user.timezone)
    start = max(day_start, now - dt.timedelta(hours=4))
    end = now - dt.timedelta(minutes=5)
    if end - start >= dt.timedelta(minutes=15):
        with contextlib.suppress(ValidationError):
            status.record_shift(user=user, segments=[("working", start, end)])


def seed_task_time(*, users: dict) -> None:
    for email, user in users.items():
        tasks = _tasks(user)
        _today_session(user)
        for work_day in WorkDay.objects.filter(user=user).order_by("work_date"):
            _fill_day(user, work_day, tasks)
        if email == TRACKING_USER and tasks:
            status.settle_open_status(user=user)  # a demo seeded days ago: its shift is closed first
            state = TaskTracker.objects.filter(user=user).first()
            if state is None or state.status != TrackerStatus.TRACKING:
                status.status_change(user=user, status="working")
                tracker.start(user=user, task=tasks[0])
