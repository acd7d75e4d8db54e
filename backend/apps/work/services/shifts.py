"""Editing shifts: manual shifts, Add Work / Add Break on a shift, notes, deletion (spec 01 §4,
§5). Every edit locks the user, keeps the time-accounting invariants (segments back to back,
no overlap, each record within one local date), refuses to leave the day's allocated task time
above its work time, and writes the change log. Decisions: docs/time-accounting.md, "Editing
shifts"."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.work import closing, events, hooks, selectors
from apps.work.models import ChangedObject, ChangeType, StatusRecord, StatusType, WorkDay, WorkShift
from apps.work.services.change_log import change_log_record
from apps.work.services.status import OVERLAP, refresh_totals
from apps.work.shift_edits import Span, merge, overlay, reshape, seconds_of

WORKING = StatusType.WORKING.value
TAKING_BREAK = StatusType.TAKING_BREAK.value

START_OUTSIDE = "The start time must be within the start and end times of the shift."
END_OUTSIDE = "The end time must be within the start and end times of the shift."
END_NOT_AFTER_START = "The end time must be after the start time."
IN_THE_FUTURE = "A shift cannot end in the future."
TOO_LONG = "A shift can last at most 24 hours."
OPEN_SHIFT_EDIT = "The current shift cannot be changed while you are in the office. Leave the office first."
OPEN_SHIFT_DELETE = "The current shift cannot be deleted. Switch to Invisible mode and then try again."
NOT_ALLOWED = "Manual shifts are not allowed for your account."
ONLY_MANUAL_TIMES = "Only a manual shift's start and end can change."
REDUCE_BEFORE_DELETE = "Before removing this shift, reduce the allocated time on {duration}"
REDUCE_BEFORE_EDIT = "Before changing this shift, reduce the allocated time on {duration}"
BAD_STATUS = "Choose working or taking_break."
SHIFT_ENDED = "This shift has already ended."
SHIFT_CHANGED_SINCE = "This shift was changed after it was ended: change it in History instead."
MAX_LENGTH = dt.timedelta(hours=24)


def duration_text(seconds: int) -> str:
    """'Xh YYm' or 'Nm' (spec 01 §9), rounded up to the minute: the amount to take off."""
    minutes = -(-seconds // 60)
    return f"{minutes // 60}h {minutes % 60:02d}m" if minutes >= 60 else f"{minutes}m"


def to_minute(instant: dt.datetime) -> dt.datetime:
    return instant.replace(second=0, microsecond=0)


def _same_minute(a: dt.datetime, b: dt.datetime) -> bool:
    return to_minute(a) == to_minute(b)


def _check_allowed(user) -> None:
    if not user.allow_add_manual_shifts:
        raise PermissionDenied(NOT_ALLOWED)


def _spans(shift: WorkShift) -> list[Span]:
    records = shift.status_records.filter(deleted_yn=False).order_by("start_datetime")
    return merge([Span(r.status_enum_identifier, r.start_datetime, r.end_datetime) for r in records])


def _times(spans: Sequence[Span]) -> dict:
    return {"work_time": seconds_of(spans, WORKING), "break_time": seconds_of(spans, TAKING_BREAK)}


def _shift_value(start: dt.datetime, end: dt.datetime, spans: Sequence[Span]) -> dict:
    """A shift as the change log keeps it: its times and its work and break seconds."""
    return {"start_datetime": start.isoformat(), "end_datetime": end.isoformat(), **_times(spans)}


def _log_shift_change(
    actor, kind: str, *, shift_id: int, work_date, before=None, after=None, reason: str, by=None
) -> None:
    """One change of a shift in the change log: made by `actor` on their own shift, or applied
    for them by `by` (an accepted correction's approver)."""
    change_log_record(
        user=actor,
        modified_user=by or actor,
        changed_value_type_enum=kind,
        content_type=ChangedObject.WORK_SHIFT,
        object_id=shift_id,
        work_date=work_date,
        old_value=before,
        new_value=after,
        reason=reason,
    )


def _split_at_midnights(spans: Sequence[Span], tz_name: str) -> list[Span]:
    """Records never cross a local midnight (the midnight rule): cut spans there."""
    out: list[Span] = []
    for span in spans:
        start = span.start
        while True:
            midnight = timeutils.next_midnight(start, tz_name)
            if midnight >= span.end:
                out.append(Span(span.status, start, span.end))
                break
            out.append(Span(span.status, start, midnight))
            start = midnight
    return out


def _check_no_overlap(user, *, start: dt.datetime, end: dt.datetime, shift_id: int | None) -> None:
    others = StatusRecord.objects.filter(user=user, deleted_yn=False, start_datetime__lt=end).exclude(
        end_datetime__lte=start
    )
    if shift_id is not None:
        others = others.exclude(work_shift_id=shift_id)
    if others.exists():
        raise ValidationError({"work_shift": [OVERLAP]})


def _check_allocation(work_day: WorkDay, message: str) -> None:
    """The day's allocated task time must stay within its work time after the edit."""
    numbers, allocation = selectors.work_day_totals(work_day=work_day)
    over = allocation.allocated + numbers.processing_time - numbers.work_time
    if over > 0:
        raise ValidationError({"work_shift": [message.format(duration=duration_text(over))]})


def _store(shift: WorkShift, spans: Sequence[Span]) -> None:
    user = shift.work_day.user
    shift.status_records.all().delete()
    StatusRecord.objects.bulk_create(
        StatusRecord(
            user=user,
            work_shift=shift,
            status_enum_identifier=s.status,
            start_datetime=s.start,
            end_datetime=s.end,
        )
        for s in _split_at_midnights(merge(spans), user.timezone)
    )


def _bounds(start: dt.datetime, end: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
    start, end = to_minute(start), to_minute(end)
    if end <= start:
        raise ValidationError({"work_shift": [END_NOT_AFTER_START]})
    if end - start > MAX_LENGTH:
        raise ValidationError({"work_shift": [TOO_LONG]})
    if end > timeutils.now():
        raise ValidationError({"work_shift": [IN_THE_FUTURE]})
    return start, end


def _apply_status_list(
    spans: list[Span], status_list: Sequence[dict], *, lo: dt.datetime, hi: dt.datetime
) -> tuple[list[Span], list[tuple[str, dict, dict]]]:
    """Each item overlays its status; returns the spans and one change per item."""
    changes = []
    for item in status_list:
        status = item["status_enum_identifier"]
        if status not in (WORKING, TAKING_BREAK):
            raise ValidationError({"status_list": [BAD_STATUS]})
        start, end = to_minute(item["start_datetime"]), to_minute(item["end_datetime"])
        # Minute precision: a time in the shift's first or last minute means its very edge.
        if _same_minute(start, lo):
            start = lo
        if _same_minute(end, hi):
            end = hi
        if not lo <= start <= hi:
            raise ValidationError({"work_shift": [START_OUTSIDE]})
        if not lo <= end <= hi:
            raise ValidationError({"work_shift": [END_OUTSIDE]})
        if end <= start:
            raise ValidationError({"work_shift": [END_NOT_AFTER_START]})
        before = _times(spans)
        spans = overlay(spans, status=status, start=start, end=end)
        after = _shift_value(start, end, spans)
        kind = ChangeType.WORK_TIME if status == WORKING else ChangeType.BREAK_TIME
        changes.append((kind, before, after))
    return spans, changes


def _work_day_for(user, start: dt.datetime) -> WorkDay:
    day, _ = WorkDay.objects.get_or_create(
        user=user, work_date=timeutils.local_date(start, user.timezone), defaults={"start_datetime": start}
    )
    return day


def _refresh_day(day: WorkDay) -> None:
    """A day's stored numbers after one of its shifts moved away or was deleted."""
    shifts = list(day.shifts.all())
    day.work_time_seconds = sum(s.work_time for s in shifts)
    day.start_datetime = min((s.start_datetime for s in shifts), default=None)
    ends = [s.end_datetime for s in shifts]
    day.end_datetime = None if None in ends or not ends else max(ends)
    day.save(update_fields=["work_time_seconds", "start_datetime", "end_datetime", "updated_at"])


@transaction.atomic
def manual_shift_add(
    *,
    actor,
    start: dt.datetime,
    end: dt.datetime,
    status_list: Sequence[dict] = (),
    notes: str = "",
    reason: str = "",
) -> WorkShift:
    """A shift the member worked but did not record (allowAddManualShifts)."""
    _check_allowed(actor)
    lock_user(actor)
    start, end = _bounds(start, end)
    closing.refuse_if_locked(actor, start, end)
    _check_no_overlap(actor, start=start, end=end, shift_id=None)
    spans, changes = _apply_status_list([Span(WORKING, start, end)], status_list, lo=start, hi=end)
    day = _work_day_for(actor, start)
    shift = WorkShift.objects.create(
        work_day=day,
        start_datetime=start,
        end_datetime=end,
        manual_work_shift_yn=True,
        work_shift_notes=notes,
        break_time_changed_manually=any(kind == ChangeType.BREAK_TIME for kind, _, _ in changes),
    )
    _store(shift, spans)
    refresh_totals(shift, until=end)
    after = _shift_value(start, end, spans)
    _log_shift_change(
        actor, ChangeType.SHIFT_ADDED, shift_id=shift.pk, work_date=day.work_date, after=after, reason=reason
    )
    return shift


@transaction.atomic
def shift_modify(
    *,
    actor,
    shift: WorkShift,
    start: dt.datetime | None = None,
    end: dt.datetime | None = None,
    status_list: Sequence[dict] = (),
    reason: str = "",
    approved_by=None,
) -> WorkShift:
    """Add Work / Add Break on a closed shift of the actor's; a manual shift's start and end too.

    `approved_by`: an accepted correction (apps/projects/services/time/corrections.py) applies
    the change to a closed day on the member's behalf: any shift's start and end may move, and
    the change log names the approver."""
    if approved_by is None:
        _check_allowed(actor)
    lock_user(actor)
    shift = WorkShift.objects.select_related("work_day__user").get(pk=shift.pk)
    if shift.end_datetime is None:
        raise ValidationError({"work_shift": [OPEN_SHIFT_EDIT]})
    if approved_by is None:
        closing.refuse_if_locked(actor, shift.start_datetime, shift.end_datetime)
    old_start, old_end = shift.start_datetime, shift.end_datetime
    new_start = old_start if start is None or _same_minute(start, old_start) else to_minute(start)
    new_end = old_end if end is None or _same_minute(end, old_end) else to_minute(end)
    spans = _spans(shift)
    changes: list[tuple[str, dict, dict]] = []
    if (new_start, new_end) != (old_start, old_end):
        if not shift.manual_work_shift_yn and approved_by is None:
            raise ValidationError({"work_shift": [ONLY_MANUAL_TIMES]})
        _bounds(new_start, new_end)
        if approved_by is None:
            closing.refuse_if_locked(actor, new_start, new_end)
        _check_no_overlap(actor, start=new_start, end=new_end, shift_id=shift.pk)
        before = _shift_value(old_start, old_end, spans)
        spans = reshape(spans, start=new_start, end=new_end, fill=WORKING)
        after = _shift_value(new_start, new_end, spans)
        changes.append((ChangeType.SHIFT_TIMES, before, after))
        shift.shift_changed_manually = True
    spans, more = _apply_status_list(spans, status_list, lo=new_start, hi=new_end)
    changes += more
    if not changes:
        return shift
    old_day = shift.work_day
    shift.start_datetime, shift.end_datetime = new_start, new_end
    shift.work_day = _work_day_for(actor, new_start)
    shift.work_time_changed_manually |= any(kind == ChangeType.WORK_TIME for kind, _, _ in more)
    shift.break_time_changed_manually |= any(kind == ChangeType.BREAK_TIME for kind, _, _ in more)
    shift.save(
        update_fields=[
            "start_datetime",
            "end_datetime",
            "work_day",
            "shift_changed_manually",
            "work_time_changed_manually",
            "break_time_changed_manually",
            "updated_at",
        ]
    )
    _store(shift, spans)
    refresh_totals(shift, until=new_end)
    days = [shift.work_day] if old_day.pk == shift.work_day_id else [old_day, shift.work_day]
    if old_day.pk != shift.work_day_id:
        _refresh_day(old_day)
    for day in days:
        _check_allocation(day, REDUCE_BEFORE_EDIT)
    for kind, before, after in changes:
        _log_shift_change(
            actor,
            kind,
            shift_id=shift.pk,
            work_date=shift.work_day.work_date,
            before=before,
            after=after,
            reason=reason,
            by=approved_by,
        )
    return shift


@transaction.atomic
def shift_notes_update(*, actor, shift: WorkShift, notes: str, reason: str = "") -> WorkShift:
    """Save a shift's note; the same note again does nothing (spec 01 §4)."""
    lock_user(actor)
    shift = WorkShift.objects.select_related("work_day").get(pk=shift.pk)
    if notes == shift.work_shift_notes:
        return shift
    closing.refuse_if_locked(actor, shift.work_day.work_date)
    old = shift.work_shift_notes
    shift.work_shift_notes = notes
    shift.save(update_fields=["work_shift_notes", "updated_at"])
    _log_shift_change(
        actor,
        ChangeType.SHIFT_NOTES,
        shift_id=shift.pk,
        work_date=shift.work_day.work_date,
        before={"work_shift_notes": old},
        after={"work_shift_notes": notes},
        reason=reason,
    )
    return shift


@transaction.atomic
def shift_delete(*, actor, shift: WorkShift, reason: str = "") -> None:
    _check_allowed(actor)
    lock_user(actor)
    shift = WorkShift.objects.select_related("work_day").get(pk=shift.pk)
    if shift.end_datetime is None:
        raise ValidationError({"Error": [OPEN_SHIFT_DELETE]})
    closing.refuse_if_locked(actor, shift.start_datetime, shift.end_datetime)
    spans = _spans(shift)
    day = shift.work_day
    old = {
        **_shift_value(shift.start_datetime, shift.end_datetime, spans),
        "manual_work_shift_yn": shift.manual_work_shift_yn,
        "work_shift_notes": shift.work_shift_notes,
    }
    shift_id = shift.pk
    shift.delete()  # its records go with it (cascade)
    _refresh_day(day)
    try:
        _check_allocation(day, REDUCE_BEFORE_DELETE)
    except ValidationError as error:
        raise ValidationError({"Error": error.message_dict["work_shift"]}) from None
    _log_shift_change(
        actor, ChangeType.SHIFT_DELETED, shift_id=shift_id, work_date=day.work_date, before=old, reason=reason
    )


def _end_shift_at(user, shift: WorkShift, end: dt.datetime, spans: Sequence[Span], *, before, reason: str):
    """The shift now ends at `end` with `spans` as its records (already stored): its totals are
    counted again and the change of its times goes to the change log."""
    shift.end_datetime = end
    refresh_totals(shift, until=end)
    after = _shift_value(shift.start_datetime, end, spans)
    _log_shift_change(
        user,
        ChangeType.SHIFT_TIMES,
        shift_id=shift.pk,
        work_date=shift.work_day.work_date,
        before=before,
        after=after,
        reason=reason,
    )


def _span_data(spans: Sequence[Span]) -> list[list[str]]:
    return [[s.status, s.start.isoformat(), s.end.isoformat()] for s in spans]


@transaction.atomic
def shift_end_at(*, user, shift: WorkShift, at: dt.datetime, reason: str) -> list[list[str]]:
    """End the member's open shift at `at`, an instant before now (the shift guardian, docs/guardian.md):
    the time after it is cut off, the task timer stops then, the change log keeps `reason`. Never
    before the shift's last change (a status switch, the timer's start: `selectors.latest_change`);
    a shift with no sign of life after its start keeps its first minute. Returns what was cut off
    (status, start, end), so an undo can put exactly that back."""
    lock_user(user)
    now = timeutils.now()
    shift = WorkShift.objects.select_related("work_day").get(pk=shift.pk)
    if shift.end_datetime is not None:
        raise ValidationError({"work_shift": [SHIFT_ENDED]})
    at = max(at, selectors.latest_change(shift=shift, now=now))
    if at <= shift.start_datetime:  # no sign of life after entering: the shift keeps its first minute
        at = shift.start_datetime + dt.timedelta(minutes=1)
    at = min(at, now)
    records = shift.status_records.filter(deleted_yn=False).order_by("start_datetime")
    spans = merge([Span(r.status_enum_identifier, r.start_datetime, r.end_datetime or now) for r in records])
    kept = reshape(spans, start=shift.start_datetime, end=at, fill=WORKING)
    cut = merge([Span(s.status, max(s.start, at), s.end) for s in spans if s.end > at])
    before = _shift_value(shift.start_datetime, now, spans)
    _store(shift, kept)
    hooks.status_change.get().status_changed(
        user=user, status=StatusType.OUT_OF_OFFICE, at=at, work_day=shift.work_day
    )
    _end_shift_at(user, shift, at, kept, before=before, reason=reason)
    events.publish_left_office(user=user)
    return _span_data(cut)


@transaction.atomic
def shift_end_undo(*, user, shift: WorkShift, cut: Sequence[Sequence[str]], reason: str) -> WorkShift:
    """Put back the time an automatic end cut off (`shift_end_at`'s answer): the shift ends again
    where it ran to, as it was, with the member's reason in the change log. The shift stays closed:
    nothing is left running that the member would have to stop. Refused on a closed day, over
    another shift, or once the shift was changed since."""
    lock_user(user)
    shift = WorkShift.objects.select_related("work_day").get(pk=shift.pk)
    pieces = [
        Span(status, dt.datetime.fromisoformat(start), dt.datetime.fromisoformat(end))
        for status, start, end in cut
    ]
    if shift.end_datetime is None:
        raise ValidationError({"work_shift": [OPEN_SHIFT_EDIT]})
    if not pieces:
        return shift
    if pieces[0].start != shift.end_datetime:
        raise ValidationError({"work_shift": [SHIFT_CHANGED_SINCE]})
    until = pieces[-1].end
    closing.refuse_if_locked(user, shift.start_datetime, until)
    _check_no_overlap(user, start=shift.end_datetime, end=until, shift_id=shift.pk)
    spans = _spans(shift)
    before = _shift_value(shift.start_datetime, shift.end_datetime, spans)
    spans = merge([*spans, *pieces])
    _store(shift, spans)
    _end_shift_at(user, shift, until, spans, before=before, reason=reason)
    return shift
