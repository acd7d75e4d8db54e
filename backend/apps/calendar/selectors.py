"""The calendar's read (issue 29, docs/calendar.md): a member's days from `from_date` to `to_date`
in their own time zone, what they worked (status segments cut at each local midnight), what was
planned (schedules and imported calendar events), the time on tasks per work day, and totals.

Queries do not grow with the range: status records with their shifts, schedules, task time
with tasks and project colours, the running tracker interval (and its working time) and the
calendar import's state. Seconds are those of accounting.totals over each local day, so the
days of a range add up to the work-time table's total for the shifts inside it.

The API's read (`calendar_answer`) keeps the rendered days per process under read stamps
(apps/calendar/stamps.py) and the member's local date: a day that the clock cannot change before
the next local midnight (a past day no open record reaches, a day after today) is kept as the API
writes it; today, a past day an open status record reaches and a day of a running tracker's task
time are made at every call from their kept rows, so a kept answer never freezes the clock.
`calendar` makes every day afresh (tests compare the two).
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections.abc import Callable
from typing import NamedTuple

from apps.calendar import stamps
from apps.core import readstamps, timeutils
from apps.integrations import selectors as integration_selectors
from apps.integrations.models import SyncKind
from apps.projects import time_selectors
from apps.projects.models import TaskTime
from apps.work import accounting
from apps.work import selectors as work_selectors
from apps.work.models import WorkShiftSchedule

MAX_DAYS = 42  # a month view: six weeks
# What the blocks read of a status record and its shift is what the segments read.
SEGMENT_FIELDS = work_selectors.SEGMENT_FIELDS


def days_of(from_date: dt.date, to_date: dt.date) -> list[dt.date]:
    return [from_date + dt.timedelta(days=n) for n in range((to_date - from_date).days + 1)]


def blocks_of_day(
    segments: list[accounting.Segment], shift_of: dict, *, lo: dt.datetime, hi: dt.datetime, now: dt.datetime
) -> list[dict]:
    """Segments cut to the local day [lo, hi); a still open one keeps `end` None on the day it
    reaches now (it grows live in the SPA) and ends at midnight on the days before. An open one
    read in the second it began (the clock has whole seconds) has no length yet and is kept."""
    out = []
    for segment, shift in zip(segments, shift_of, strict=True):
        end = segment.end or now
        start = max(segment.start, lo)
        stop = min(end, hi)
        is_open = segment.end is None and stop == end
        if stop < start or (stop == start and not (is_open and start < hi)):
            continue
        out.append(
            {
                "status": segment.status,
                "start": start,
                "end": None if is_open else stop,
                "shift_id": shift.pk if shift else None,
                "manual": segment.manual,
            }
        )
    return out


def by_day(
    segments: list[accounting.Segment], bounds: list[tuple[dt.datetime, dt.datetime]], now: dt.datetime
) -> list[list[int]]:
    """For each local day of `bounds` (consecutive [lo, hi)), the indexes of the segments that may
    touch it (a segment ending at a midnight is offered to the next day too; the day's own cut drops
    it): each day then reads its few segments instead of the whole range's."""
    los = [lo for lo, _ in bounds]
    his = [hi for _, hi in bounds]
    out: list[list[int]] = [[] for _ in bounds]
    for index, segment in enumerate(segments):
        first = bisect_right(his, segment.start)
        last = bisect_right(los, segment.end or now) - 1
        for day in range(first, last + 1):
            out[day].append(index)
    return out


class Plan(NamedTuple):
    """A schedule as the calendar reads it."""

    id: int
    start: dt.datetime
    end: dt.datetime
    notes: str
    calendar_uid: str


class TaskRow(NamedTuple):
    """A task time row as the calendar reads it (what `time_selectors.live_seconds` reads too)."""

    work_date: dt.date
    work_day_id: int
    task_id: int
    task_title: str
    project_id: int
    project_title: str
    color: str
    seconds_worked: int
    workspace_id: int


class Rows(NamedTuple):
    """What a range's rows are, read at one instant."""

    records: list  # status records with their shifts (SEGMENT_FIELDS)
    schedules: list[Plan]
    tasks: list[TaskRow]
    live: time_selectors.Running | None  # the running tracker interval, when the range holds today
    import_state: dict | None  # the calendar import's state, "configured" left to the caller


# (index in the range, date, local start, local end)
Dated = tuple[int, dt.date, dt.datetime, dt.datetime]


class Kept(NamedTuple):
    """The kept form of a range at one local date of the member (the copy's identity holds it)."""

    days: tuple  # per date, the rendered day, or None: made at each call
    made: tuple[Dated, ...]  # the days made at each call
    records: tuple  # the status records that touch them
    schedules: tuple[Plan, ...]  # the schedules that overlap them
    tasks: tuple[TaskRow, ...]  # their task time
    running: bool  # the running tracker interval is on that task time: read it at each call
    import_state: dict | None
    exact: bool  # the task time's projects are all of the member's workspace (whose stamp is read)


def _dated(user, from_date: dt.date, to_date: dt.date) -> list[Dated]:
    tz_name = user.timezone
    return [
        (n, day, *timeutils.day_bounds(day, tz_name)) for n, day in enumerate(days_of(from_date, to_date))
    ]


def _read(user, *, lo: dt.datetime, hi: dt.datetime, from_date, to_date, now, state: bool) -> Rows:
    """The range's rows (the queries of a calendar read)."""
    # Only the columns the segments and blocks read: the month's rows are a few hundred.
    records = list(
        work_selectors.day_records(user=user, lo=lo, hi=hi).select_related("work_shift").only(*SEGMENT_FIELDS)
    )
    schedules = [
        Plan(*row)
        for row in WorkShiftSchedule.objects.filter(user=user, start_datetime__lt=hi, end_datetime__gt=lo)
        .order_by("start_datetime")
        .values_list("id", "start_datetime", "end_datetime", "schedule_notes", "calendar_uid")
    ]
    tasks = [
        TaskRow(*row)
        for row in TaskTime.objects.filter(
            user=user, work_day__work_date__gte=from_date, work_day__work_date__lte=to_date
        )
        .order_by("work_day__work_date", "project__title", "task__title", "id")
        .values_list(
            "work_day__work_date",
            "work_day_id",
            "task_id",
            "task__title",
            "project_id",
            "project__title",
            "project__color__value",
            "seconds_worked",
            "project__workspace_id",
        )
    ]
    # The running interval is only ever on a current work day: read it only when the range has one.
    today = timeutils.local_date(now, user.timezone)
    live = (
        time_selectors.running(user=user, at=now)
        if from_date <= today + dt.timedelta(days=1) and to_date >= today - dt.timedelta(days=1)
        else None
    )
    import_state = (
        integration_selectors.state_payload(
            integration_selectors.state(user=user, kind=SyncKind.CALENDAR), configured=False
        )
        if state
        else None
    )
    return Rows(records, schedules, tasks, live, import_state)


def _is_live(row: TaskRow, live: time_selectors.Running | None) -> bool:
    return bool(live and live.task_id == row.task_id and live.work_day_id == row.work_day_id)


def _days(
    rows: Rows, dated: list[Dated] | tuple[Dated, ...], *, tz_name: str, now: dt.datetime
) -> list[dict]:
    """The days of `dated` (in order, not necessarily consecutive) at `now`, from `rows`."""
    records = rows.records
    segments = work_selectors.settled_segments(records, at=now, tz_name=tz_name, manual=True)
    tasks_by_date: dict[dt.date, list[dict]] = {}
    for row in rows.tasks:
        seconds = time_selectors.live_seconds(row, rows.live)
        if seconds <= 0:
            continue
        tasks_by_date.setdefault(row.work_date, []).append(
            {
                "task_id": row.task_id,
                "task_title": row.task_title,
                "project_id": row.project_id,
                "project_title": row.project_title,
                "color": row.color,
                "seconds": seconds,
                "recording": _is_live(row, rows.live),
            }
        )
    bounds = [(lo, hi) for _, _, lo, hi in dated]
    out = []
    for (_, day, day_lo, day_hi), indexes in zip(dated, by_day(segments, bounds, now), strict=True):
        day_segments = [segments[i] for i in indexes]
        numbers = accounting.totals(day_segments, until=now, window=(day_lo, day_hi))
        planned = [
            {
                "id": s.id,
                "start": s.start,
                "end": s.end,
                "notes": s.notes,
                "calendar_uid": s.calendar_uid,
                "seconds": timeutils.overlap_seconds(s.start, s.end, day_lo, day_hi),
            }
            for s in rows.schedules
            if s.start < day_hi and s.end > day_lo
        ]
        tasks = tasks_by_date.get(day, [])
        out.append(
            {
                "date": day,
                "iso_week": day.isocalendar().week,
                "blocks": blocks_of_day(
                    day_segments, [records[i].work_shift for i in indexes], lo=day_lo, hi=day_hi, now=now
                ),
                "planned": planned,
                "tasks": tasks,
                "worked_seconds": numbers.work_time,
                "break_seconds": numbers.break_time,
                "planned_seconds": sum(p["seconds"] for p in planned),
                "task_seconds": sum(t["seconds"] for t in tasks),
            }
        )
    return out


def _answer(*, user, from_date, to_date, viewer, now, import_state: dict | None, days: list[dict]) -> dict:
    is_self = viewer.pk == user.pk
    state = None
    if is_self and import_state is not None:
        state = dict(import_state)
        state["configured"] = bool(integration_selectors.calendar_url(user))
    return {
        "user": user.pk,
        "timezone": user.timezone,
        "from_date": from_date,
        "to_date": to_date,
        "now": now,
        "editable": is_self,
        "can_add_manual_shifts": is_self and bool(user.allow_add_manual_shifts),
        "calendar_import": state,
        "days": days,
        "totals": {
            name: sum(d[name] for d in days)
            for name in ("worked_seconds", "break_seconds", "planned_seconds", "task_seconds")
        },
    }


def calendar(*, user, from_date: dt.date, to_date: dt.date, viewer) -> dict:
    """Every day made afresh, as Python values (the serializer writes them)."""
    dated = _dated(user, from_date, to_date)
    now = timeutils.now()
    rows = _read(
        user,
        lo=dated[0][2],
        hi=dated[-1][3],
        from_date=from_date,
        to_date=to_date,
        now=now,
        state=viewer.pk == user.pk,
    )
    days = _days(rows, dated, tz_name=user.timezone, now=now)
    return _answer(
        user=user,
        from_date=from_date,
        to_date=to_date,
        viewer=viewer,
        now=now,
        import_state=rows.import_state,
        days=days,
    )


def _kept(user, *, from_date: dt.date, to_date: dt.date, now: dt.datetime, render_day) -> Kept:
    """Read the range's rows at `now`; render the days the clock cannot change before the member's
    next local midnight, and keep the rows of the others."""
    dated = _dated(user, from_date, to_date)
    rows = _read(
        user, lo=dated[0][2], hi=dated[-1][3], from_date=from_date, to_date=to_date, now=now, state=True
    )
    today = timeutils.local_date(now, user.timezone)
    # A status record still open in the database runs to now (or ends where the next status call
    # will close it: timeutils.settled_end, which moves with the clock): every day from its start
    # to today changes with the clock. So does a day whose task time the running interval grows.
    open_starts = [r.start_datetime for r in rows.records if r.end_datetime is None]
    live_dates = {row.work_date for row in rows.tasks if _is_live(row, rows.live)}

    def made_at_each_call(day: dt.date, hi: dt.datetime) -> bool:
        # Before today: totals count to the day's end, blocks are cut there. After today: nothing
        # reaches the day before its midnight (an open block stops at now, totals count to now).
        return day == today or day in live_dates or (day < today and any(start < hi for start in open_starts))

    volatile = [d for d in dated if made_at_each_call(d[1], d[3])]
    fixed = [d for d in dated if not made_at_each_call(d[1], d[3])]
    days: list = [None] * len(dated)
    for (index, *_), day in zip(fixed, _days(rows, fixed, tz_name=user.timezone, now=now), strict=True):
        days[index] = render_day(day)

    def touches(start: dt.datetime, end: dt.datetime | None) -> bool:
        return any(start < hi and (end is None or end > lo) for _, _, lo, hi in volatile)

    dates = {day for _, day, _, _ in volatile}
    tasks = tuple(row for row in rows.tasks if row.work_date in dates)
    return Kept(
        days=tuple(days),
        made=tuple(volatile),
        records=tuple(r for r in rows.records if touches(r.start_datetime, r.end_datetime)),
        schedules=tuple(s for s in rows.schedules if touches(s.start, s.end)),
        tasks=tasks,
        running=any(_is_live(row, rows.live) for row in tasks),
        import_state=rows.import_state,
        exact=all(row.workspace_id == user.workspace_id for row in rows.tasks),
    )


def calendar_answer(
    *, user, from_date: dt.date, to_date: dt.date, viewer, render_day: Callable[[dict], dict]
) -> dict:
    """`calendar` with each day already rendered by `render_day` (the serializer's, the only one:
    the copies hold its output), kept per process under the member's read stamps and local date
    (see the module's docstring). One query (the stamps) while nothing changed and no tracker runs
    on the range's task time."""
    now = timeutils.now()
    today = timeutils.local_date(now, user.timezone)

    def make() -> Kept:
        return _kept(user, from_date=from_date, to_date=to_date, now=now, render_day=render_day)

    kept = readstamps.kept(
        stamps.CALENDARS,
        stamps.calendar_keys(user),
        (user.pk, user.workspace_id, user.timezone, from_date, to_date, today),
        make,
    )
    if not kept.exact:  # a project of another workspace, whose stamp was not read: made afresh
        kept = make()
    live = time_selectors.running(user=user, at=now) if kept.running else None
    rows = Rows(list(kept.records), list(kept.schedules), list(kept.tasks), live, None)
    days = list(kept.days)
    for (index, *_), day in zip(
        kept.made, _days(rows, kept.made, tz_name=user.timezone, now=now), strict=True
    ):
        days[index] = render_day(day)
    return _answer(
        user=user,
        from_date=from_date,
        to_date=to_date,
        viewer=viewer,
        now=now,
        import_state=kept.import_state,
        days=days,
    )
