"""The calendar's read (issue 29, docs/calendar.md): a member's days from `from_date` to `to_date`
in their own time zone, what they worked (status segments cut at each local midnight), what was
planned (schedules and imported calendar events), the time on tasks per work day, and totals.

Queries do not grow with the range: status records with their shifts, schedules, task time
with tasks and project colours, the running tracker interval (and its working time) and the
calendar import's state. Seconds are those of accounting.totals over each local day, so the
days of a range add up to the work-time table's total for the shifts inside it.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right

from apps.core import timeutils
from apps.integrations import selectors as integration_selectors
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


def calendar(*, user, from_date: dt.date, to_date: dt.date, viewer) -> dict:
    tz_name = user.timezone
    lo = timeutils.day_start(from_date, tz_name)
    hi = timeutils.day_bounds(to_date, tz_name)[1]
    now = timeutils.now()
    # Only the columns the segments and blocks read: the month's rows are a few hundred.
    records = list(
        work_selectors.day_records(user=user, lo=lo, hi=hi).select_related("work_shift").only(*SEGMENT_FIELDS)
    )
    segments = work_selectors.settled_segments(records, at=now, tz_name=tz_name, manual=True)
    shifts = [r.work_shift for r in records]
    schedules = list(
        WorkShiftSchedule.objects.filter(user=user, start_datetime__lt=hi, end_datetime__gt=lo).order_by(
            "start_datetime"
        )
    )
    tasks_by_date = _task_time(
        user=user, from_date=from_date, to_date=to_date, now_date=timeutils.local_today(tz_name)
    )
    dates = days_of(from_date, to_date)
    bounds = [timeutils.day_bounds(day, tz_name) for day in dates]
    days = []
    for day, (day_lo, day_hi), indexes in zip(dates, bounds, by_day(segments, bounds, now), strict=True):
        day_segments = [segments[i] for i in indexes]
        numbers = accounting.totals(day_segments, until=now, window=(day_lo, day_hi))
        planned = [
            {
                "id": s.pk,
                "start": s.start_datetime,
                "end": s.end_datetime,
                "notes": s.schedule_notes,
                "calendar_uid": s.calendar_uid,
                "seconds": timeutils.overlap_seconds(s.start_datetime, s.end_datetime, day_lo, day_hi),
            }
            for s in schedules
            if s.start_datetime < day_hi and s.end_datetime > day_lo
        ]
        tasks = tasks_by_date.get(day, [])
        days.append(
            {
                "date": day,
                "iso_week": day.isocalendar().week,
                "blocks": blocks_of_day(
                    day_segments, [shifts[i] for i in indexes], lo=day_lo, hi=day_hi, now=now
                ),
                "planned": planned,
                "tasks": tasks,
                "worked_seconds": numbers.work_time,
                "break_seconds": numbers.break_time,
                "planned_seconds": sum(p["seconds"] for p in planned),
                "task_seconds": sum(t["seconds"] for t in tasks),
            }
        )
    is_self = viewer.pk == user.pk
    return {
        "user": user.pk,
        "timezone": tz_name,
        "from_date": from_date,
        "to_date": to_date,
        "now": now,
        "editable": is_self,
        "can_add_manual_shifts": is_self and bool(user.allow_add_manual_shifts),
        "calendar_import": integration_selectors.calendar_state(user=user) if is_self else None,
        "days": days,
        "totals": {
            name: sum(d[name] for d in days)
            for name in ("worked_seconds", "break_seconds", "planned_seconds", "task_seconds")
        },
    }


def _task_time(*, user, from_date: dt.date, to_date: dt.date, now_date: dt.date) -> dict[dt.date, list[dict]]:
    """Per work date, the time on each task (the running interval counted live), by project."""
    rows = list(
        TaskTime.objects.filter(
            user=user, work_day__work_date__gte=from_date, work_day__work_date__lte=to_date
        )
        .select_related("task", "project__color", "work_day")
        .only(
            "seconds_worked",
            "task_id",
            "project_id",
            "work_day_id",
            "task__title",
            "project__title",
            "project__color__value",
            "work_day__work_date",
        )
        .order_by("work_day__work_date", "project__title", "task__title", "id")
    )
    # The running interval is only ever on a current work day: read it only when the range has one.
    live = (
        time_selectors.running(user=user)
        if from_date <= now_date + dt.timedelta(days=1) and to_date >= now_date - dt.timedelta(days=1)
        else None
    )
    out: dict[dt.date, list[dict]] = {}
    for row in rows:
        seconds = time_selectors.live_seconds(row, live)
        if seconds <= 0:
            continue
        out.setdefault(row.work_day.work_date, []).append(
            {
                "task_id": row.task_id,
                "task_title": row.task.title,
                "project_id": row.project_id,
                "project_title": row.project.title,
                "color": row.project.color.value,
                "seconds": seconds,
                "recording": bool(
                    live and live.task_id == row.task_id and live.work_day_id == row.work_day_id
                ),
            }
        )
    return out
