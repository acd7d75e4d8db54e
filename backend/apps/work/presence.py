"""What a teammate's strip shows of a user: pure functions over prefetched rows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from apps.work import timeutils
from apps.work.models import StatusRecord, StatusType, WorkShiftSchedule
from apps.work.selectors import is_current

STATUS_ORDER = {StatusType.WORKING: 0, StatusType.TAKING_BREAK: 1, StatusType.OUT_OF_OFFICE: 2}


def _shift_start(record: StatusRecord) -> dt.datetime:
    return record.work_shift.start_datetime if record.work_shift_id else record.start_datetime


def presence(
    *,
    records: Sequence[StatusRecord],
    schedules: Sequence[WorkShiftSchedule],
    tz_name: str,
    at: dt.datetime,
    hidden: bool = False,
) -> dict:
    """Status, today's start and end, whether they left today, and the next scheduled workday.

    `records` are the user's recent records by start (with work_shift), `schedules` their coming
    sessions by start. `hidden` (invisible mode) shows them out of the office with no day.
    """
    today = timeutils.local_date(at, tz_name)
    status, start, end = StatusType.OUT_OF_OFFICE.value, None, None
    if not hidden:
        open_records = [r for r in records if r.end_datetime is None and not r.deleted_yn]
        current = (
            open_records[-1]
            if open_records and is_current(open_records[-1], tz_name=tz_name, at=at)
            else None
        )
        if current is not None:
            status = current.status_enum_identifier
        lo, hi = timeutils.day_bounds(today, tz_name)
        counted = [r for r in records if r.end_datetime is not None and not r.deleted_yn]
        counted += [current] if current is not None else []  # a forgotten open record does not count
        todays = [r for r in counted if r.start_datetime < hi and (r.end_datetime or at) > lo]
        if todays:
            start = min(_shift_start(r) for r in todays)
            if current is None:
                end = max(r.end_datetime for r in todays)
    return {
        "status": status,
        "today_starttime": start,
        "today_endtime": end,
        "left_the_office_today_yn": end is not None,
        "next_workday": next_workday(schedules=schedules, tz_name=tz_name, after=today),
        "utc_offset_minutes": timeutils.utc_offset_minutes(tz_name, at=at),
    }


def next_workday(*, schedules: Sequence[WorkShiftSchedule], tz_name: str, after: dt.date) -> dict | None:
    sessions = [s for s in schedules if timeutils.local_date(s.start_datetime, tz_name) > after]
    if not sessions:
        return None
    day = timeutils.local_date(sessions[0].start_datetime, tz_name)
    same_day = [s for s in sessions if timeutils.local_date(s.start_datetime, tz_name) == day]
    return {
        "date": day,
        "start_datetime": same_day[0].start_datetime,
        "end_datetime": max(s.end_datetime for s in same_day),
        "work_time_seconds": sum(s.work_time_seconds for s in same_day),
    }


def sort_key(*, is_self: bool, pinned: bool, status: str, display_name: str) -> tuple:
    """The strip's order: you, then pinned, then others; each by status, then display name."""
    group = 0 if is_self else 1 if pinned else 2
    return (group, STATUS_ORDER.get(status, 3), display_name.casefold())
