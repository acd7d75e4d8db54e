from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Case, Exists, OuterRef, Prefetch, Q, QuerySet, Subquery, When

from apps.accounts.members import is_workspace_admin
from apps.accounts.models import Observation, WorkspaceRole, WorkspaceUserType
from apps.core import readstamps, timeutils
from apps.work import accounting, hooks, stamps
from apps.work.models import (
    PENDING_PROMPT_STATES,
    MemberActivity,
    PromptState,
    ShiftPrompt,
    StatusRecord,
    WorkDay,
    WorkShift,
    WorkShiftSchedule,
)

User = get_user_model()

LIST_CAP = 366  # rows of one list answer; narrow with filters for more
SEGMENT_CAP = 2000  # status records or schedules in one answer (a range has at most 93 days)
MAX_RANGE_DAYS = 93


def _open_status_record(user_id: int) -> QuerySet[StatusRecord]:
    return (
        StatusRecord.objects.filter(user_id=user_id, end_datetime__isnull=True, deleted_yn=False)
        .select_related("work_shift")
        .order_by("-start_datetime")[:1]
    )


def open_status_record(*, user) -> StatusRecord | None:
    """The user's latest open record, with its shift (one query through the partial index),
    kept per process under the user's time stamp (apps/work/stamps.py). A write reads it again
    under the user's lock, in its transaction, where no kept copy is used."""
    rows = readstamps.kept(
        stamps.OPEN_RECORDS,
        (stamps.day_key(user.pk),),
        (user.pk,),
        lambda: list(_open_status_record(user.pk)),
    )
    return rows[0] if rows else None  # each read's own copy: what a caller loads or sets stays its own


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


# What `settled_segments` reads of a status record and its shift (`select_related("work_shift")`):
# a reader of many records loads only these (`.only(*SEGMENT_FIELDS)`, plus what it reads itself).
SEGMENT_FIELDS = (
    "status_enum_identifier",
    "start_datetime",
    "end_datetime",
    "work_shift__start_datetime",
    "work_shift__manual_work_shift_yn",
)


@dataclass(frozen=True)
class ShiftStart:
    """The start of a record's shift, as `RecordRow.work_shift` (no manual flag: a reader that
    marks manual segments reads records with their shift)."""

    start_datetime: dt.datetime | None


class RecordRow(NamedTuple):
    """A status record read as a tuple (`record_rows`), with what `settled_segments` and
    `is_current` read of it: its shift's start only when it is open (a closed record's end is its
    own, so its shift is not read)."""

    user_id: int
    status_enum_identifier: str
    start_datetime: dt.datetime
    end_datetime: dt.datetime | None
    deleted_yn: bool
    work_shift_id: int | None
    open_shift_start: dt.datetime | None

    @property
    def work_shift(self) -> ShiftStart:
        return ShiftStart(self.open_shift_start)


def record_rows(records: QuerySet[StatusRecord]) -> list[RecordRow]:
    """`records` as RecordRows, in one query and without joining the shifts: an open record's
    shift start is a subquery by the shift's primary key (a join made PostgreSQL hash every shift
    of the workspace, and model instances cost several times the query)."""
    shift_start = Subquery(
        WorkShift.objects.filter(pk=OuterRef("work_shift_id")).values("start_datetime")[:1]
    )
    rows = records.annotate(
        open_shift_start=Case(When(end_datetime__isnull=True, then=shift_start), default=None)
    ).values_list(*(field for field in RecordRow._fields))
    return [RecordRow(*row) for row in rows]


def settled_segments(
    records, *, at: dt.datetime, tz_name: str, manual: bool = False
) -> list[accounting.Segment]:
    """Status records (`work_shift` selected, or RecordRows) as readers see them at `at`: a forgotten open
    record ends where the next status call will close it (timeutils.settled_end). With `manual`,
    a record of a manual shift is marked manual. The one place this reading is written."""
    return [
        accounting.Segment(
            status=r.status_enum_identifier,
            start=r.start_datetime,
            end=timeutils.settled_end(
                record_start=r.start_datetime,
                record_end=r.end_datetime,
                shift_start=r.work_shift.start_datetime if r.work_shift_id else r.start_datetime,
                at=at,
                tz_name=tz_name,
            ),
            manual=manual and bool(r.work_shift_id and r.work_shift.manual_work_shift_yn),
        )
        for r in records
    ]


def shift_segments(
    shift: WorkShift, *, tz_name: str | None = None, at: dt.datetime | None = None
) -> list[accounting.Segment]:
    """The shift's segments (`status_records` prefetched or not). With `at`, a forgotten open
    record ends where the next status call will close it (timeutils.settled_end)."""
    return [
        accounting.Segment(
            status=r.status_enum_identifier,
            start=r.start_datetime,
            end=r.end_datetime
            if at is None
            else timeutils.settled_end(
                record_start=r.start_datetime,
                record_end=r.end_datetime,
                shift_start=shift.start_datetime,
                at=at,
                tz_name=tz_name,
            ),
            manual=shift.manual_work_shift_yn,
        )
        for r in shift.status_records.all()
        if not r.deleted_yn
    ]


def sees_whole_workspace(viewer) -> bool:
    return is_workspace_admin(viewer) or viewer.team_page_access_granted_yn


def visible_users(*, viewer) -> QuerySet:
    """Whose work days, shifts and schedules `viewer` may read: themselves, the users they observe,
    and everyone in the workspace for admins and team-page owners."""
    users = User.objects.filter(workspace_id=viewer.workspace_id, is_active=True)
    if viewer.workspace_id is None:
        return users.filter(pk=viewer.pk)
    if sees_whole_workspace(viewer):
        return users
    observed = Observation.objects.filter(observer=viewer, observed_user=OuterRef("pk"))
    return users.filter(Q(pk=viewer.pk) | Exists(observed))


def checkout_reader_ids(*, user) -> list[int]:
    """Who may read `user`'s checkout (the mirror of visible_users): the user, their observers,
    and the workspace's admins and team-page owners."""
    if user.workspace_id is None:
        return [user.pk]
    readers = User.objects.filter(workspace_id=user.workspace_id, is_active=True).filter(
        Q(pk=user.pk)
        | Q(workspace_role=WorkspaceRole.ADMIN)
        # Admins by user type too (accounts.members.is_workspace_admin, spec 02 §6).
        | Q(workspace_user_type__in=[WorkspaceUserType.ADMIN, WorkspaceUserType.OWNER])
        | Q(team_page_access_granted_yn=True)
        | Q(observations__observed_user=user)
    )
    return list(readers.values_list("pk", flat=True).distinct())


def subject_user(*, viewer, user_id: int | None):
    """The user a read is about (default: the viewer); None when the viewer may not see them."""
    if user_id is None or user_id == viewer.pk:
        return viewer
    return visible_users(viewer=viewer).filter(pk=user_id).first()


def visible_work_days(*, viewer) -> QuerySet:
    return (
        WorkDay.objects.filter(user__in=visible_users(viewer=viewer))
        .select_related("user")
        .order_by("-work_date")
    )


def last_status_end(*, user) -> dt.datetime | None:
    """When the user's last closed status record ended (index `status_record_by_user_end`)."""
    return (
        StatusRecord.objects.filter(user=user, deleted_yn=False, end_datetime__isnull=False)
        .order_by("-end_datetime")
        .values_list("end_datetime", flat=True)
        .first()
    )


def current_work_day(*, user) -> WorkDay | None:
    """The work day a member's "today" means: their open shift's (a night shift's day is the one it
    started on, past their midnight too; docs/time-accounting.md), else their local date's."""
    record = current_status_record(user=user)
    if record is not None and record.work_shift_id:
        return record.work_shift.work_day
    return WorkDay.objects.filter(user=user, work_date=timeutils.local_today(user.timezone)).first()


def is_current_work_day(*, user, work_day: WorkDay) -> bool:
    """Whether the day is the one current_work_day returns, read without loading it: the open
    record (kept per process) names its shift's day; with no open shift, the local date decides."""
    record = current_status_record(user=user)
    if record is not None and record.work_shift_id:
        return record.work_shift.work_day_id == work_day.pk
    return work_day.user_id == user.pk and work_day.work_date == timeutils.local_today(user.timezone)


def latest_work_day(*, user) -> WorkDay | None:
    return WorkDay.objects.filter(user=user).order_by("-work_date").first()


def shifts_with_records(*, work_day: WorkDay) -> list[WorkShift]:
    """The day's shifts; an open shift's numbers are recomputed up to now, the stored ones kept."""
    records = StatusRecord.objects.filter(deleted_yn=False).order_by("start_datetime")
    shifts = list(
        work_day.shifts.order_by("start_datetime").prefetch_related(
            Prefetch("status_records", queryset=records)
        )
    )
    now = timeutils.now()
    tz_name = work_day.user.timezone
    open_shifts = [shift for shift in shifts if shift.end_datetime is None]
    if open_shifts:
        start = min(shift.start_datetime for shift in open_shifts)
        intervals = hooks.task_time.get().intervals(user_id=work_day.user_id, lo=start, hi=now)
        for shift in open_shifts:
            segments = shift_segments(shift, tz_name=tz_name, at=now)
            numbers = accounting.totals(segments, until=now, intervals=intervals)
            for name, value in numbers.as_dict().items():
                setattr(shift, name, value)
    return shifts


def work_day_totals(*, work_day: WorkDay) -> tuple[accounting.Totals, hooks.DayAllocation]:
    """The day's numbers up to now (open shifts counted live) with its hand-added task time as
    manual, and its closed task time. Allocated time now = allocation.allocated + processing."""
    shifts = shifts_with_records(work_day=work_day)
    allocation = (
        hooks.task_time.get().allocations(work_day_ids=[work_day.pk]).get(work_day.pk, hooks.DayAllocation())
    )
    parts = accounting.add(accounting.Totals(**_measured(shift)) for shift in shifts)
    manual = min(
        parts.manual_time + allocation.hand, parts.work_time - parts.active_time - parts.processing_time
    )
    numbers = accounting.add([parts, accounting.Totals(manual_time=manual - parts.manual_time)])
    return numbers, allocation


def _measured(shift: WorkShift) -> dict[str, int]:
    return {
        "work_time": shift.work_time,
        "break_time": shift.break_time,
        "active_time": shift.active_time,
        "manual_time": shift.manual_time,
        "processing_time": shift.processing_time,
    }


def day_records(*, user, lo: dt.datetime, hi: dt.datetime) -> QuerySet:
    """The user's records that overlap [lo, hi)."""
    return (
        StatusRecord.objects.filter(user=user, deleted_yn=False, start_datetime__lt=hi)
        .filter(Q(end_datetime__isnull=True) | Q(end_datetime__gt=lo))
        .order_by("start_datetime")
    )


def worktime_summary(*, user, day: dt.date) -> dict:
    lo, hi = timeutils.day_bounds(day, user.timezone)
    # What the day's rows are is kept per process under the user's time stamp (apps/work/
    # stamps.py); what they add up to at this instant is worked out on every call.
    rows, intervals, allocation = readstamps.kept(
        stamps.SUMMARY_INPUTS,
        (stamps.day_key(user.pk),),
        (user.pk, day, lo, hi),
        lambda: _summary_rows(user_id=user.pk, day=day, lo=lo, hi=hi),
    )
    now = timeutils.now()
    segments = settled_segments(rows, at=now, tz_name=user.timezone, manual=True)
    # Intervals as if read up to now: none that starts later (only a clock ahead could make one).
    until = min(hi, now)
    intervals = [interval for interval in intervals if interval.start < until]
    numbers = accounting.totals(
        segments, until=now, window=(lo, hi), intervals=intervals, hand=allocation.hand
    )
    return {
        "date": day,
        "work_time": numbers.work_time,
        "break_time": numbers.break_time,
        "active_time": numbers.active_time,
        "manual_time": numbers.manual_time,
        "processing_time": numbers.processing_time,
        # The work day's task time (running tracker included); the numbers above are the date's.
        "tasks_allocated_time": allocation.allocated + numbers.processing_time,
        "tracked_time": _tracked_time(user=user, lo=lo, hi=hi, numbers=numbers),
    }


def _summary_rows(*, user_id: int, day: dt.date, lo: dt.datetime, hi: dt.datetime) -> tuple:
    """The day's records (shifts selected), its tracked intervals up to the day's end and its
    closed task time: the two queries of a summary."""
    rows = list(day_records(user=user_id, lo=lo, hi=hi).select_related("work_shift"))
    intervals, allocation = hooks.task_time.get().day_task_time(user_id=user_id, lo=lo, hi=hi, work_date=day)
    return rows, intervals, allocation


def _tracked_time(*, user, lo: dt.datetime, hi: dt.datetime, numbers: accounting.Totals) -> int:
    """Spec 01 §6: only with a tracker configuration. An external tracker's spans inside the
    day, or the built-in tracker's active + manual + processing time (processing counted as
    tracked, tentatively: spec 01 §9)."""
    if not user.external_tracker_config_json:
        return 0
    spans = hooks.tracked_time.get().entries(users=[user], lo=lo, hi=hi).get(user.pk)
    if spans is None:
        return numbers.active_time + numbers.manual_time + numbers.processing_time
    now = timeutils.now()
    return sum(timeutils.overlap_seconds(s.start, s.end or max(now, s.start), lo, hi) for s in spans)


def status_history(*, user, from_date: dt.date, to_date: dt.date, work_shift_id: int | None) -> QuerySet:
    lo = timeutils.day_start(from_date, user.timezone)
    hi = timeutils.day_bounds(to_date, user.timezone)[1]
    rows = day_records(user=user, lo=lo, hi=hi)
    if work_shift_id is not None:
        rows = rows.filter(work_shift_id=work_shift_id)
    return rows


def schedules_between(*, user, from_date: dt.date, to_date: dt.date) -> QuerySet:
    lo = timeutils.day_start(from_date, user.timezone)
    hi = timeutils.day_bounds(to_date, user.timezone)[1]
    return WorkShiftSchedule.objects.filter(user=user, start_datetime__gte=lo, start_datetime__lt=hi)


def next_calendar_schedule(*, user, start_date: dt.date) -> dict:
    """Sessions of `start_date` and of the first later local date that has any."""
    today = list(schedules_between(user=user, from_date=start_date, to_date=start_date))
    after = timeutils.day_bounds(start_date, user.timezone)[1]
    first = (
        WorkShiftSchedule.objects.filter(user=user, start_datetime__gte=after)
        .order_by("start_datetime")
        .first()
    )
    next_date = timeutils.local_date(first.start_datetime, user.timezone) if first else None
    upcoming = list(schedules_between(user=user, from_date=next_date, to_date=next_date)) if next_date else []
    latest = (
        WorkShiftSchedule.objects.filter(user=user)
        .order_by("-updated_at")
        .values_list("updated_at", flat=True)
    )
    return {
        "calendar_import": hooks.calendar.get().state(user=user),
        "last_updated": latest.first(),
        "today_date": start_date,
        "today_sessions": today,
        "next_workday_date": next_date,
        "next_workday_work_time": sum(s.work_time_seconds for s in upcoming),
        "next_workday_sessions": upcoming,
    }


def last_activity(*, user_id: int):
    """The last instant the member used any tab or device (docs/presence.md), or None: what a
    'Still working?' check asks. Precise to PRESENCE_WRITE_SECONDS (one minute by default)."""
    return MemberActivity.objects.filter(user_id=user_id).values_list("last_active_at", flat=True).first()


def latest_change(*, shift: WorkShift, now: dt.datetime) -> dt.datetime:
    """The last instant the member changed something of an open shift: entered, switched between
    working and a break, or started the task timer (docs/guardian.md). A record that only continues
    the previous one past a local midnight is no change. The shift guardian never ends a shift before
    it, whatever the devices said."""
    latest, previous = shift.start_datetime, None
    for record in shift.status_records.filter(deleted_yn=False).order_by("start_datetime"):
        continues = (
            previous is not None
            and previous.status_enum_identifier == record.status_enum_identifier
            and previous.end_datetime == record.start_datetime
        )
        if not continues:
            latest = max(latest, record.start_datetime)
        previous = record
    for interval in hooks.task_time.get().intervals(
        user_id=shift.work_day.user_id, lo=shift.start_datetime, hi=now
    ):
        latest = max(latest, interval.start)
    return latest


def pending_prompt(*, user) -> ShiftPrompt | None:
    """The member's 'Still working?' waiting for their answer (docs/guardian.md), or None. A question
    about a shift that has ended since (they left, the midnight close) waits for nothing; an automatic
    end waits for 'Keep' or 'Undo'."""
    prompt = (
        ShiftPrompt.objects.filter(user=user, state__in=PENDING_PROMPT_STATES)
        .select_related("work_shift", "user__workspace")
        .first()
    )
    if prompt is None:
        return None
    if prompt.state != PromptState.APPLIED and prompt.work_shift.end_datetime is not None:
        return None
    return prompt
