"""Writes of presence: status transitions and shifts. Derived numbers come from accounting."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from rest_framework import status as http
from rest_framework.exceptions import APIException

from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.work import accounting, closing, events, hooks, selectors
from apps.work.models import StatusRecord, StatusType, WorkDay, WorkShift

ACTIVE_STATUSES = (StatusType.WORKING, StatusType.TAKING_BREAK)
OVERLAP = "The time period can not overlap with an existing shift."
EFFECTIVE_TOO_OLD = "This status change was made more than {hours} hours ago and can no longer be applied."
EFFECTIVE_BEFORE_PREVIOUS = (
    "This status change was made before your last status change ({at} UTC) and can no longer be applied."
)


class StatusChangeTooLate(APIException):
    """A status change dated outside what the server accepts (docs/offline.md): 409."""

    status_code = http.HTTP_409_CONFLICT
    default_code = "status_change_too_late"


def _effective_instant(at: dt.datetime | None, *, now: dt.datetime) -> dt.datetime:
    """The instant a status change takes effect: `at` (when the member clicked) within the bounds
    of docs/offline.md, now when it is None, within the slack of the server's clock, or ahead of it
    (a device whose clock runs ahead: a change cannot take effect later than it reaches us)."""
    if at is None:
        return now
    slack = dt.timedelta(seconds=settings.STATUS_EFFECTIVE_SLACK_SECONDS)
    if at >= now - slack:
        return now
    hours = settings.STATUS_EFFECTIVE_MAX_AGE_HOURS
    if at < now - dt.timedelta(hours=hours):
        raise StatusChangeTooLate(EFFECTIVE_TOO_OLD.format(hours=f"{hours:g}"))
    return at


def _refuse_before(previous: dt.datetime | None, at: dt.datetime) -> None:
    if previous is not None and at < previous:
        raise StatusChangeTooLate(EFFECTIVE_BEFORE_PREVIOUS.format(at=f"{previous:%Y-%m-%d %H:%M}"))


def refresh_totals(shift: WorkShift, *, until: dt.datetime) -> None:
    """Store the shift's derived numbers (open records counted up to `until`) and its day's."""
    intervals = hooks.task_time.get().intervals(
        user_id=shift.work_day.user_id, lo=shift.start_datetime, hi=until
    )
    numbers = accounting.totals(selectors.shift_segments(shift), until=until, intervals=intervals).as_dict()
    for name, value in numbers.items():
        setattr(shift, name, value)
    shift.save(update_fields=[*numbers, "end_datetime", "updated_at"])
    day = shift.work_day
    shifts = list(day.shifts.all())
    day.work_time_seconds = sum(s.work_time for s in shifts)
    day.start_datetime = min(s.start_datetime for s in shifts)
    ends = [s.end_datetime for s in shifts]
    day.end_datetime = None if None in ends else max(ends)
    day.save(update_fields=["work_time_seconds", "start_datetime", "end_datetime", "updated_at"])


def _open_record(user) -> StatusRecord | None:
    return (
        StatusRecord.objects.select_for_update(of=("self",))
        .filter(user=user, end_datetime__isnull=True, deleted_yn=False)
        .select_related("work_shift__work_day")
        .order_by("-start_datetime")
        .first()
    )


def _settle(user, *, now: dt.datetime) -> StatusRecord | None:
    """Apply the midnight rule to the open record (caller holds the user lock); return what is open."""
    record = _open_record(user)
    if record is None:
        return None
    shift = record.work_shift
    action, at = timeutils.rollover(
        record_start=record.start_datetime,
        shift_start=shift.start_datetime if shift else record.start_datetime,
        at=now,
        tz_name=user.timezone,
    )
    if action == timeutils.KEEP:
        return record
    record.end_datetime = at
    record.save(update_fields=["end_datetime", "updated_at"])
    if action == timeutils.SPLIT:
        # Same shift, same status: only the record is cut, so "started today" stays the rule.
        return StatusRecord.objects.create(
            user=user,
            work_shift=shift,
            status_enum_identifier=record.status_enum_identifier,
            start_datetime=at,
        )
    hooks.status_change.get().status_changed(
        user=user, status=StatusType.OUT_OF_OFFICE, at=at, work_day=shift.work_day if shift else None
    )
    if shift is not None:
        shift.end_datetime = at
        refresh_totals(shift, until=at)
    events.publish_left_office(user=user)
    return None


def settle_open_status(*, user) -> StatusRecord | None:
    """Split a record that ran past midnight, close one that was forgotten; return the open one.

    Called on every status read, so it opens a transaction and locks only when there is
    something to settle: the usual read is one query, with no BEGIN/COMMIT round trips."""
    now = timeutils.now()
    record = selectors.open_status_record(user=user)
    if record is None:
        return None
    action, _ = timeutils.rollover(
        record_start=record.start_datetime,
        shift_start=record.work_shift.start_datetime if record.work_shift_id else record.start_datetime,
        at=now,
        tz_name=user.timezone,
    )
    if action == timeutils.KEEP:
        return record
    with transaction.atomic():
        lock_user(user)
        return _settle(user, now=now)  # re-reads under the lock


@transaction.atomic
def status_change(
    *, user, status: str, at: dt.datetime | None = None, tell_listener: bool = True
) -> StatusRecord:
    """Enter the office (or switch working <-> taking_break): close the open record, open one.

    `at` is when the member clicked, for a change that reaches the server later (docs/offline.md,
    `_effective_instant`): the change is dated then, never before the last status change.
    The listener (`hooks.status_change`: the task tracker) is told inside the write; the tracker
    itself passes `tell_listener=False` when it ends a break to start tracking (it sets its own
    state), so the write never calls back into the app that made it."""
    if status not in ACTIVE_STATUSES:
        raise ValueError(f"unknown status {status}")
    now = timeutils.now()
    at = _effective_instant(at, now=now)
    closing.lock_days(user, at, now)  # the user lock and the lock rule in one query
    open_record = _settle(user, now=now)
    if open_record is not None and open_record.status_enum_identifier == status:
        return open_record
    if at != now:
        if open_record is not None:
            _refuse_before(open_record.start_datetime, at)
        else:
            _refuse_before(selectors.last_status_end(user=user), at)
    shift = open_record.work_shift if open_record is not None else None
    if open_record is not None:
        open_record.end_datetime = at
        open_record.save(update_fields=["end_datetime", "updated_at"])
    if shift is None or shift.end_datetime is not None:
        work_day, _ = WorkDay.objects.get_or_create(
            user=user, work_date=timeutils.local_date(at, user.timezone), defaults={"start_datetime": at}
        )
        shift = WorkShift.objects.create(work_day=work_day, start_datetime=at)
    record = StatusRecord.objects.create(
        user=user, work_shift=shift, status_enum_identifier=status, start_datetime=at
    )
    if tell_listener:
        hooks.status_change.get().status_changed(user=user, status=status, at=at, work_day=shift.work_day)
    refresh_totals(shift, until=now)
    events.publish_new_status(user=user, record=record)
    return record


@transaction.atomic
def leave_office(*, user) -> None:
    """Close the open record and its shift. Leaving twice is harmless."""
    lock_user(user)
    now = timeutils.now()
    record = _settle(user, now=now)
    if record is not None:
        record.end_datetime = now
        record.save(update_fields=["end_datetime", "updated_at"])
        shift = record.work_shift
        hooks.status_change.get().status_changed(
            user=user, status=StatusType.OUT_OF_OFFICE, at=now, work_day=shift.work_day if shift else None
        )
        if record.work_shift is not None:
            record.work_shift.end_datetime = now
            refresh_totals(record.work_shift, until=now)
        # Only a real change is news: the SPA calls this for every stale status it finds.
        events.publish_left_office(user=user)


@transaction.atomic
def record_shift(
    *, user, segments: Sequence[tuple[str, dt.datetime, dt.datetime]], manual: bool = False
) -> WorkShift:
    """Store a finished shift from back-to-back (status, start, end) segments (demo data, imports)."""
    if not segments:
        raise ValidationError({"segments": ["A shift needs at least one segment."]})
    for (_, _, end), (_, start, _) in zip(segments, segments[1:], strict=False):
        if start != end:
            raise ValidationError({"segments": ["Segments must follow each other without gaps."]})
    for status, start, end in segments:
        if status not in ACTIVE_STATUSES or end <= start:
            raise ValidationError(
                {"segments": ["Each segment is working or taking_break and ends after it starts."]}
            )
    lock_user(user)
    first, last = segments[0][1], segments[-1][2]
    closing.refuse_if_locked(user, first, last)
    overlapping = StatusRecord.objects.filter(user=user, deleted_yn=False, start_datetime__lt=last).exclude(
        end_datetime__lte=first
    )
    if overlapping.exists():
        raise ValidationError({"segments": [OVERLAP]})
    work_day, _ = WorkDay.objects.get_or_create(
        user=user, work_date=timeutils.local_date(first, user.timezone), defaults={"start_datetime": first}
    )
    shift = WorkShift.objects.create(
        work_day=work_day, start_datetime=first, end_datetime=last, manual_work_shift_yn=manual
    )
    StatusRecord.objects.bulk_create(
        StatusRecord(user=user, work_shift=shift, status_enum_identifier=s, start_datetime=a, end_datetime=b)
        for s, a, b in segments
    )
    refresh_totals(shift, until=last)
    return shift
