"""What others see of a user's presence: the one rule, used by every screen that shows a status.

A viewer sees a user's status as the user's open record when it is current (started today in
the user's timezone, or a night shift still running since yesterday: selectors.is_current), and
out of the office otherwise. An invisible member looks out of the office, with no day, to
everyone but themselves (docs/invisible-mode.md). Teammates, user details, project members:
all of them go through `seen_status_record` (or `presence`, built on it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db.models import Exists, OuterRef, Prefetch, Q

from apps.accounts.models import TeammatePin
from apps.accounts.selectors import workspace_users
from apps.core import timeutils
from apps.work.models import StatusRecord, StatusType, WorkShiftSchedule
from apps.work.selectors import is_current, open_status_record

STATUS_ORDER = {StatusType.WORKING: 0, StatusType.TAKING_BREAK: 1, StatusType.OUT_OF_OFFICE: 2}


def _shift_start(record: StatusRecord) -> dt.datetime:
    return record.work_shift.start_datetime if record.work_shift_id else record.start_datetime


def hidden_from(user, viewer) -> bool:
    """Invisible mode: the user is hidden from everyone but themselves."""
    return user.is_invisible and viewer.pk != user.pk


def seen_status_record(*, user, viewer, record: StatusRecord | None, at: dt.datetime | None = None):
    """The record `viewer` sees as `user`'s status, or None (out of the office).

    `record` is the user's latest open record (with work_shift), e.g. from `open_records_prefetch`
    or selectors.open_status_record."""
    if hidden_from(user, viewer):
        return None
    return record if is_current(record, tz_name=user.timezone, at=at) else None


def seen_status(*, user, viewer, record: StatusRecord | None, at: dt.datetime | None = None) -> str:
    seen = seen_status_record(user=user, viewer=viewer, record=record, at=at)
    return seen.status_enum_identifier if seen is not None else StatusType.OUT_OF_OFFICE.value


def visible_status_record(*, user, viewer) -> StatusRecord | None:
    """One user's status as `viewer` sees it (one query unless hidden)."""
    if hidden_from(user, viewer):
        return None
    return seen_status_record(user=user, viewer=viewer, record=open_status_record(user=user))


OPEN_RECORDS = "open_status_records"


def open_records_prefetch(user_path: str) -> Prefetch:
    """Prefetch each user's open records (one query for all of them) for `latest_open_record`."""
    records = (
        StatusRecord.objects.filter(end_datetime__isnull=True, deleted_yn=False)
        .select_related("work_shift")
        .order_by("start_datetime")
    )
    return Prefetch(f"{user_path}status_records", queryset=records, to_attr=OPEN_RECORDS)


def latest_open_record(user) -> StatusRecord | None:
    records = getattr(user, OPEN_RECORDS)  # AttributeError: the caller forgot open_records_prefetch
    return records[-1] if records else None


def presence(
    *,
    user,
    viewer,
    records: Sequence[StatusRecord],
    schedules: Sequence[WorkShiftSchedule],
    at: dt.datetime,
) -> dict:
    """Status, today's start and end, whether they left today, and the next scheduled workday.

    `records` are the user's recent records by start (with work_shift), `schedules` their coming
    sessions by start. Hidden from the viewer (invisible mode): out of the office with no day.
    """
    tz_name = user.timezone
    today = timeutils.local_date(at, tz_name)
    status, start, end = StatusType.OUT_OF_OFFICE.value, None, None
    if not hidden_from(user, viewer):
        open_records = [r for r in records if r.end_datetime is None and not r.deleted_yn]
        current = seen_status_record(
            user=user, viewer=viewer, record=open_records[-1] if open_records else None, at=at
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


TEAMMATES_CAP = 500  # one workspace's strip; larger workspaces need paging (not yet)


def teammates(*, viewer) -> list[dict]:
    """Every active member of the viewer's workspace with live presence, in the strip's order.

    Four queries whatever the size: users (with the viewer's pins), their recent status records
    (with shifts) and their coming schedules, plus the caller's token lookup.
    """
    now = timeutils.now()
    recent = (
        StatusRecord.objects.filter(deleted_yn=False)
        .filter(Q(end_datetime__isnull=True) | Q(start_datetime__gte=now - dt.timedelta(hours=50)))
        .select_related("work_shift")
        .order_by("start_datetime")
    )
    coming = WorkShiftSchedule.objects.filter(
        start_datetime__gte=now - dt.timedelta(hours=26), start_datetime__lt=now + dt.timedelta(days=45)
    ).order_by("start_datetime")
    users = (
        workspace_users(workspace_id=viewer.workspace_id)
        .annotate(pinned=Exists(TeammatePin.objects.filter(viewer=viewer, teammate=OuterRef("pk"))))
        .prefetch_related(
            Prefetch("status_records", queryset=recent, to_attr="recent_records"),
            Prefetch("work_shift_schedules", queryset=coming, to_attr="coming_schedules"),
        )
        .order_by("pk")[:TEAMMATES_CAP]
    )
    if viewer.workspace_id is None:
        users = [viewer]
    rows = []
    for user in users:
        state = presence(
            user=user,
            viewer=viewer,
            records=getattr(user, "recent_records", []),
            schedules=getattr(user, "coming_schedules", []),
            at=now,
        )
        rows.append(
            {
                "user": user.pk,
                "avatar": user.avatar,
                "city": user.city,
                "country": user.country,
                "full_name": user.full_name,
                "display_name": user.display_name,
                "timezone": user.timezone,
                "role": user.what_i_do,
                "has_tracker": bool(user.external_tracker_config_json),
                "pinned_yn": bool(getattr(user, "pinned", False)),
                "is_self": user.pk == viewer.pk,
                **state,
            }
        )
    rows.sort(
        key=lambda r: sort_key(
            is_self=r["is_self"], pinned=r["pinned_yn"], status=r["status"], display_name=r["display_name"]
        )
    )
    return rows
