"""What others see of a user's presence: the one rule, used by every screen that shows a status.

A viewer sees a user's status as the user's open record when it is current (started today in
the user's timezone, or a night shift still running since yesterday: selectors.is_current), and
out of the office otherwise. An invisible member looks out of the office, with no day, to
everyone but themselves (docs/invisible-mode.md). Teammates, user details, project members:
all of them go through `seen_status_record` (or `presence`, built on it).
"""

from __future__ import annotations

import datetime as dt
import heapq
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter, itemgetter

from django.db.models import Prefetch, QuerySet

from apps.accounts.selectors import workspace_users
from apps.core import timeutils
from apps.work.models import StatusRecord, StatusType, WorkShiftSchedule
from apps.work.selectors import is_current, open_status_record

STATUS_ORDER = {StatusType.WORKING: 0, StatusType.TAKING_BREAK: 1, StatusType.OUT_OF_OFFICE: 2}


def _shift_start(record: StatusRecord) -> dt.datetime:
    return record.work_shift.start_datetime if record.work_shift_id else record.start_datetime


def hidden_from(user, viewer) -> bool:
    """Invisible mode: the user is hidden from everyone but themselves. `viewer` None: any
    other member (the shared teammates strip, apps/work/strip.py)."""
    return user.is_invisible and (viewer is None or viewer.pk != user.pk)


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


def seen_statuses(*, users: Sequence, viewer, at: dt.datetime | None = None) -> dict[int, str]:
    """`{user_id: status_enum_identifier}` as `viewer` sees each of `users` (one query for any
    number of users; the same rule as `seen_status`)."""
    latest: dict[int, StatusRecord] = {}
    ids = [user.pk for user in users]
    if ids:
        records = (
            StatusRecord.objects.filter(user_id__in=ids, end_datetime__isnull=True, deleted_yn=False)
            .select_related("work_shift")
            .order_by("start_datetime", "id")
        )
        for record in records:
            latest[record.user_id] = record  # the latest open record wins
    return {
        user.pk: seen_status(user=user, viewer=viewer, record=latest.get(user.pk), at=at) for user in users
    }


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
        # An open record counts for today whatever `at` is within it (at midnight itself too): the
        # rows change with time only where the local date or the offset does (apps/work/strip.py).
        todays = [
            r for r in counted if r.start_datetime < hi and (r.end_datetime is None or r.end_datetime > lo)
        ]
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
    """The first local date after `after` with sessions (`schedules` by start), and its totals."""
    tomorrow = timeutils.day_start(after + dt.timedelta(days=1), tz_name)
    sessions = [s for s in schedules if s.start_datetime >= tomorrow]
    if not sessions:
        return None
    day = timeutils.local_date(sessions[0].start_datetime, tz_name)
    day_end = timeutils.day_start(day + dt.timedelta(days=1), tz_name)
    same_day = [s for s in sessions if s.start_datetime < day_end]
    return {
        "date": day,
        "start_datetime": same_day[0].start_datetime,
        "end_datetime": max(s.end_datetime for s in same_day),
        "work_time_seconds": sum(s.work_time_seconds for s in same_day),
    }


def seen_presence(*, user, viewer) -> dict:
    """Whether the member is really there (docs/presence.md): "active", "idle" or "away" since
    `presence_since`, as stored by work's services.activity; None when never seen, and for a
    member hidden from the viewer (invisible mode shows nothing new)."""
    if hidden_from(user, viewer) or not user.presence_state:
        return {"presence": None, "presence_since": None}
    return {"presence": user.presence_state, "presence_since": user.presence_since}


def sort_key(*, is_self: bool, pinned: bool, status: str, display_name: str) -> tuple:
    """The strip's order: you, then pinned, then others; each by status, then display name."""
    group = 0 if is_self else 1 if pinned else 2
    return (group, STATUS_ORDER.get(status, 3), display_name.casefold())


TEAMMATES_CAP = 500  # one workspace's strip; larger workspaces need paging (not yet)


# What the strip reads of a member: nothing else is loaded (the user table is wide).
TEAMMATE_FIELDS = (
    "id",
    "avatar",
    "city",
    "country",
    "full_name",
    "display_name",
    "timezone",
    "what_i_do",
    "external_tracker_config_json",
    "invisible_mode_yn",
    "allow_invisible_mode",
    "presence_state",
    "presence_since",
)
RECENT_HOURS = 50  # closed records that may count for "today" in any timezone (midnight <= 25 h ago)
RECORDS_CHUNK = 1000  # recent records read at a time while the strip is made (_records_by_user)


@dataclass(frozen=True, slots=True)
class ShiftStart:
    start_datetime: dt.datetime


@dataclass(frozen=True, slots=True)
class RecordRow:
    """The columns of a StatusRecord that presence reads (the strip loads thousands: no models)."""

    status_enum_identifier: str
    start_datetime: dt.datetime
    end_datetime: dt.datetime | None
    work_shift_id: int | None
    work_shift: ShiftStart | None
    deleted_yn: bool = False


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    start_datetime: dt.datetime
    end_datetime: dt.datetime
    work_time_seconds: int


def _records_by_user(
    user_ids: QuerySet | list[int], *, now: dt.datetime
) -> Iterator[tuple[int, list[RecordRow]]]:
    """Each user's open records and closed records of the last RECENT_HOURS, by start: one
    `(user_id, records)` at a time, in user id order (users with no record are left out).

    Two queries on purpose, each through its index: open records through the partial index
    `open_status_record_by_user`, recent ones through (user, start_datetime). One query with
    `end IS NULL OR start >= ...` can use neither and reads every record the users ever had
    (a year of a 500-member workspace: ~400k rows per call).

    The recent records are read RECORDS_CHUNK rows at a time and each user's are let go before
    the next user's are read: what the strip holds at once is one member's records, not the
    whole window's (a busy workspace's 50 hours are thousands of records, and a worker keeps the
    memory its highest peak took; bench/README.md, issue 33). Open records are one or two per
    member, read at once."""
    columns = (
        "user_id",
        "status_enum_identifier",
        "start_datetime",
        "end_datetime",
        "work_shift_id",
        "work_shift__start_datetime",
    )
    mine = StatusRecord.objects.filter(user_id__in=user_ids, deleted_yn=False).order_by(
        "user_id", "start_datetime"
    )
    open_now = list(mine.filter(end_datetime__isnull=True).values_list(*columns))
    recent = mine.filter(
        end_datetime__isnull=False, start_datetime__gte=now - dt.timedelta(hours=RECENT_HOURS)
    ).values_list(*columns)
    # Both in (user, start) order; at the same start the open record first, as one sort did before.
    rows = heapq.merge(open_now, recent.iterator(chunk_size=RECORDS_CHUNK), key=itemgetter(0, 2))
    for user_id, own in groupby(rows, key=itemgetter(0)):
        yield (
            user_id,
            [
                RecordRow(
                    status, start, end, shift_id, ShiftStart(shift_start) if shift_id is not None else None
                )
                for _, status, start, end, shift_id, shift_start in own
            ],
        )


def _schedules_by_user(user_ids: QuerySet | list[int], *, now: dt.datetime) -> dict[int, list[ScheduleRow]]:
    """Coming sessions (index user + start_datetime), by start."""
    rows = (
        WorkShiftSchedule.objects.filter(
            user_id__in=user_ids,
            start_datetime__gte=now - dt.timedelta(hours=26),
            start_datetime__lt=now + dt.timedelta(days=45),
        )
        .order_by("start_datetime")
        .values_list("user_id", "start_datetime", "end_datetime", "work_time_seconds")
    )
    found: dict[int, list[ScheduleRow]] = {}
    for user_id, start, end, seconds in rows:
        found.setdefault(user_id, []).append(ScheduleRow(start, end, seconds))
    return found


def member_rows(*, workspace_id: int | None, viewer, users=None, now: dt.datetime) -> list[dict]:
    """The strip's rows of the members of `workspace_id` (or of `users`), as `viewer` sees them
    (None: as any other member sees them), unordered, with `pinned_yn` False and `is_self` False
    (apps/work/strip.py sets both per viewer and orders the rows).

    Four queries whatever the size of the workspace or of its history: users, their open
    records, their recent closed records (`_records_by_user`) and their coming schedules, each
    through an index. Rows are read as tuples, not models: the strip of a 500-member workspace
    reads a few thousand of them.
    """
    if users is None:
        members = workspace_users(workspace_id=workspace_id).select_related(None).order_by("pk")
        users = list(members.only(*TEAMMATE_FIELDS)[:TEAMMATES_CAP])
        # The members as a subquery, not a list of 500 literal ids: with the literal list
        # PostgreSQL 15 misjudged the rows, took the user-only index, filtered ~390k records and
        # hashed every work shift (136 ms); with the subquery it loops the members through
        # (user, start_datetime) and the shifts' primary key (15 ms).
        ids = members.values("pk")[:TEAMMATES_CAP]
    else:
        ids = [user.pk for user in users]
    schedules = _schedules_by_user(ids, now=now)
    records = _records_by_user(ids, now=now)
    found = next(records, None)
    rows = []
    for user in sorted(users, key=attrgetter("pk")):  # the order `records` comes in
        own: list[RecordRow] = []
        if found is not None and found[0] == user.pk:
            own = found[1]
            found = next(records, None)
        state = presence(user=user, viewer=viewer, records=own, schedules=schedules.get(user.pk, []), at=now)
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
                "pinned_yn": False,
                "is_self": False,
                **state,
                **seen_presence(user=user, viewer=viewer),
            }
        )
    return rows
