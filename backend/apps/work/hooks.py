"""What apps above work plug into it: work sits below projects in the app graph, so it names
the questions it asks and the news it tells here, and projects answers at ready time
(like accounts' `provide_user_status`). Without a provider work counts no task time at all.

- `on_status_change(listener)`: called inside the status write (under the user lock) with
  (user, status, at) whenever the user enters, breaks, works again, leaves, or a forgotten
  shift is closed at midnight (`at` is then that midnight, not now). The task tracker pauses,
  resumes and stops here.
- `provide_task_time(source)`: the tracked intervals of a user in a time window and the task
  time of work days (both in one query for the worktime summary), so accounting can count
  active, manual and processing time and the worktime summary its `tasks_allocated_time`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from apps.work.accounting import Interval


@dataclass(frozen=True)
class DayAllocation:
    """Closed task time of a work day: `allocated` in all, `hand` of it added by hand."""

    allocated: int = 0
    hand: int = 0


class TaskTimeSource(Protocol):
    def intervals(self, *, user_id: int, lo: dt.datetime, hi: dt.datetime) -> list[Interval]: ...

    def allocations(self, *, work_day_ids: Iterable[int]) -> dict[int, DayAllocation]: ...

    def day_task_time(
        self, *, user_id: int, lo: dt.datetime, hi: dt.datetime, work_date: dt.date
    ) -> tuple[list[Interval], DayAllocation]: ...


StatusListener = Callable[..., None]

_listeners: list[StatusListener] = []
_source: list[TaskTimeSource] = []


def on_status_change(listener: StatusListener) -> None:
    if listener not in _listeners:
        _listeners.append(listener)


def status_changed(*, user, status: str, at: dt.datetime) -> None:
    for listener in _listeners:
        listener(user=user, status=status, at=at)


def provide_task_time(source: TaskTimeSource) -> None:
    _source[:] = [source]


def intervals(*, user_id: int, lo: dt.datetime, hi: dt.datetime) -> list[Interval]:
    return _source[0].intervals(user_id=user_id, lo=lo, hi=hi) if _source else []


def allocations(*, work_day_ids: Iterable[int]) -> dict[int, DayAllocation]:
    ids = list(work_day_ids)
    return _source[0].allocations(work_day_ids=ids) if _source and ids else {}


def day_task_time(
    *, user_id: int, lo: dt.datetime, hi: dt.datetime, work_date: dt.date
) -> tuple[list[Interval], DayAllocation]:
    """`intervals(user_id, lo, hi)` and the task time of the user's work day of `work_date`, in
    one query (the worktime summary's; no work day lookup)."""
    if not _source:
        return [], DayAllocation()
    return _source[0].day_task_time(user_id=user_id, lo=lo, hi=hi, work_date=work_date)


# The work-time table's "checkout status" column (spec 01 §3) belongs to the checkout, an app
# above work: it supplies `(users, from_date, to_date) -> {user_id: {date: status}}` here
# (apps.checkout.selectors.checkout_day_statuses, provided in CheckoutConfig.ready) and
# apps/work/worktime_table.py puts each row's status in `checkout_status`.
CheckoutStatusSource = Callable[..., dict]
_checkout_status: list[CheckoutStatusSource] = []


def provide_checkout_status(source: CheckoutStatusSource) -> None:
    _checkout_status[:] = [source]


def checkout_statuses(*, users: list, from_date: dt.date, to_date: dt.date) -> dict | None:
    """{user_id: {date: status}}; None without a provider (the column is then left out)."""
    if not _checkout_status:
        return None
    return _checkout_status[0](users=users, from_date=from_date, to_date=to_date)


# The id of the built-in task tracker in GET /api/work/time_tracker/ (apps.integrations.providers).
BUILTIN_TRACKER_ID = 1


# Tracked time from an external time tracker (issue 15, apps.integrations above projects).
# `provide_tracked_entries(source)`: `(users, lo, hi) -> {user_id: [TrackedSpan]}` for the users
# whose tracker configuration names an external provider (Toggl Track, Clockify); those users'
# tracked time in the work-time table and worktime summary is the overlap of these spans with
# the shift or day (processing, a running timer, counts up to now: spec 01 §9). Users absent
# from the answer keep the built-in tracker's numbers (time on tasks).
@dataclass(frozen=True)
class TrackedSpan:
    start: dt.datetime
    end: dt.datetime | None
    type_enum: str  # active, manual, processing


TrackedSource = Callable[..., dict]
_tracked: list[TrackedSource] = []


def provide_tracked_entries(source: TrackedSource) -> None:
    _tracked[:] = [source]


def tracked_entries(*, users: list, lo: dt.datetime, hi: dt.datetime) -> dict[int, list[TrackedSpan]]:
    if not _tracked or not users:
        return {}
    return _tracked[0](users=users, lo=lo, hi=hi)


# The calendar import's state for the next-workday panel's tooltip: `(user) -> dict | None`
# ({configured, last_import_at, last_failure_at, last_error, failed}); None without a provider.
CalendarStateSource = Callable[..., dict | None]
_calendar_state: list[CalendarStateSource] = []


def provide_calendar_state(source: CalendarStateSource) -> None:
    _calendar_state[:] = [source]


def calendar_state(*, user) -> dict | None:
    return _calendar_state[0](user=user) if _calendar_state else None
