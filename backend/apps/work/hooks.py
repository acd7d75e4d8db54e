"""What work must learn from the apps above it (apps.core.hooks: one typed `Hook` each, filled in
the higher app's AppConfig.ready()). Work sits below projects and integrations in the app graph,
so it names here the questions it asks and the news it tells:

- `status_change` (projects, `ProjectsConfig.ready`): told inside every status write, under the
  user lock, with (user, status, at, work_day) whenever the user enters, breaks, works again,
  leaves, or a forgotten shift is closed at midnight (`at` is then that midnight, not now);
  `work_day` is the one the write already holds, so the listener reads nothing of work back.
  The task tracker pauses, resumes and stops there. A write the tracker itself makes (starting
  it on a break ends the break) does not tell it back (`status_change(..., tell_listener=False)`).
- `task_time` (projects, `ProjectsConfig.ready`): the tracked intervals of a user in a time
  window and the task time of work days, so accounting counts active, manual and processing
  time and the worktime summary its `tasks_allocated_time`. Without a provider: no task time.
- `tracked_time` (integrations, `IntegrationsConfig.ready`): an external tracker's spans for
  the users who have one (the worktime summary's `tracked_time`); users absent from the answer
  keep the built-in numbers. Without a provider: nobody has an external tracker.
- `calendar` (integrations, `IntegrationsConfig.ready`): the calendar import's state for the
  next-workday panel's tooltip. Without a provider: None.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from apps.core.hooks import Hook
from apps.work.accounting import Interval
from apps.work.models import WorkDay


@dataclass(frozen=True)
class DayAllocation:
    """Closed task time of a work day: `allocated` in all, `hand` of it added by hand."""

    allocated: int = 0
    hand: int = 0


@dataclass(frozen=True)
class TrackedSpan:
    """An external tracker's entry: processing (a running timer) counts up to now (spec 01 §9)."""

    start: dt.datetime
    end: dt.datetime | None
    type_enum: str  # active, manual, processing


class StatusListener(Protocol):
    def status_changed(self, *, user, status: str, at: dt.datetime, work_day: WorkDay | None) -> None:
        """`work_day`: the work day of the shift the user is in now (or was in, when leaving),
        as the status write has it (None for a record without a shift)."""
        ...


class TaskTimeSource(Protocol):
    def intervals(self, *, user_id: int, lo: dt.datetime, hi: dt.datetime) -> list[Interval]: ...

    def allocations(self, *, work_day_ids: Iterable[int]) -> dict[int, DayAllocation]: ...

    def day_task_time(
        self, *, user_id: int, lo: dt.datetime, hi: dt.datetime, work_date: dt.date
    ) -> tuple[list[Interval], DayAllocation]:
        """`intervals(user_id, lo, hi)` and the task time of the user's work day of `work_date`,
        in one query (the worktime summary's; no work day lookup)."""
        ...


class TrackedTimeSource(Protocol):
    def entries(self, *, users: list, lo: dt.datetime, hi: dt.datetime) -> dict[int, list[TrackedSpan]]: ...


class CalendarStateSource(Protocol):
    def state(self, *, user) -> dict | None:
        """{configured, last_import_at, last_failure_at, last_error, failed}."""
        ...


class _Nobody:
    """The fallback of every hook below: nobody listens, no task time, no external tracker."""

    def status_changed(self, *, user, status: str, at: dt.datetime, work_day: WorkDay | None) -> None:
        return None

    def intervals(self, *, user_id: int, lo: dt.datetime, hi: dt.datetime) -> list[Interval]:
        return []

    def allocations(self, *, work_day_ids: Iterable[int]) -> dict[int, DayAllocation]:
        return {}

    def day_task_time(
        self, *, user_id: int, lo: dt.datetime, hi: dt.datetime, work_date: dt.date
    ) -> tuple[list[Interval], DayAllocation]:
        return [], DayAllocation()

    def entries(self, *, users: list, lo: dt.datetime, hi: dt.datetime) -> dict[int, list[TrackedSpan]]:
        return {}

    def state(self, *, user) -> dict | None:
        return None


status_change: Hook[StatusListener] = Hook("work.status_change", fallback=_Nobody())
task_time: Hook[TaskTimeSource] = Hook("work.task_time", fallback=_Nobody())
tracked_time: Hook[TrackedTimeSource] = Hook("work.tracked_time", fallback=_Nobody())
calendar: Hook[CalendarStateSource] = Hook("work.calendar", fallback=_Nobody())
