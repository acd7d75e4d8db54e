from __future__ import annotations

import datetime as dt

from apps.work import accounting, timeutils
from apps.work.models import StatusRecord, WorkShift


def open_status_record(*, user) -> StatusRecord | None:
    return (
        StatusRecord.objects.filter(user=user, end_datetime__isnull=True, deleted_yn=False)
        .select_related("work_shift")
        .order_by("-start_datetime")
        .first()
    )


def is_current(record: StatusRecord | None, *, tz_name: str, at: dt.datetime | None = None) -> bool:
    """Open and started today in the user's timezone, or open since yesterday within a night shift.

    A record of the second kind is split at midnight by the next status call (services._settle),
    after which it started today; readers that do not write treat it as current already.
    """
    if record is None or record.end_datetime is not None or record.deleted_yn:
        return False
    shift_start = record.work_shift.start_datetime if record.work_shift_id else record.start_datetime
    action, _ = timeutils.rollover(
        record_start=record.start_datetime, shift_start=shift_start, at=at or timeutils.now(), tz_name=tz_name
    )
    return action != timeutils.CLOSE


def current_status_record(*, user) -> StatusRecord | None:
    record = open_status_record(user=user)
    return record if is_current(record, tz_name=user.timezone) else None


def visible_status_record(*, user, viewer) -> StatusRecord | None:
    """What `viewer` may know of `user`'s status: invisible members look out of the office."""
    if user.is_invisible and viewer.pk != user.pk:
        return None
    return current_status_record(user=user)


def status_run_seconds(*, record: StatusRecord, at: dt.datetime) -> int:
    """Seconds in the record's status, counting back over earlier back-to-back records of it
    (a record split at midnight is one continuous stretch for the person in it)."""
    start = record.start_datetime
    if record.work_shift_id:
        earlier = (
            StatusRecord.objects.filter(work_shift_id=record.work_shift_id, deleted_yn=False)
            .filter(start_datetime__lt=record.start_datetime)
            .order_by("-start_datetime")
            .values_list("status_enum_identifier", "start_datetime", "end_datetime")
        )
        for status, begin, end in earlier:
            if status != record.status_enum_identifier or end != start:
                break
            start = begin
    return timeutils.seconds_between(start, at)


def shift_segments(shift: WorkShift) -> list[accounting.Segment]:
    """Needs `status_records` prefetched (see shifts_with_records)."""
    return [
        accounting.Segment(
            status=r.status_enum_identifier,
            start=r.start_datetime,
            end=r.end_datetime,
            manual=shift.manual_work_shift_yn,
        )
        for r in shift.status_records.all()
        if not r.deleted_yn
    ]
