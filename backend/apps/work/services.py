from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from apps.realtime.events import Event, build_message, publish_to_user_and_workspace
from apps.work.models import StatusRecord, StatusType, WorkDay, WorkShift
from apps.work.timeutils import local_date, seconds_between

User = get_user_model()

ACTIVE_STATUSES = (StatusType.WORKING, StatusType.TAKING_BREAK)


def _lock_user(user) -> None:
    # Serialises the status writes of one user (two tabs clicking at once).
    User.objects.select_for_update().filter(pk=user.pk).first()


def _close_shift(shift: WorkShift, *, at) -> None:
    shift.end_datetime = at
    records = list(shift.status_records.filter(deleted_yn=False))
    work = sum(
        seconds_between(r.start_datetime, r.end_datetime or at)
        for r in records
        if r.status_enum_identifier == StatusType.WORKING
    )
    pause = sum(
        seconds_between(r.start_datetime, r.end_datetime or at)
        for r in records
        if r.status_enum_identifier == StatusType.TAKING_BREAK
    )
    shift.work_time = work
    shift.break_time = pause
    shift.save(update_fields=["end_datetime", "work_time", "break_time", "updated_at"])
    day = shift.work_day
    day.end_datetime = at
    day.work_time_seconds = sum(s.work_time for s in day.shifts.all())
    day.save(update_fields=["end_datetime", "work_time_seconds", "updated_at"])


@transaction.atomic
def status_change(*, user, status: str) -> StatusRecord:
    """Enter the office (or switch working <-> taking_break): close the open record, open one."""
    if status not in ACTIVE_STATUSES:
        raise ValueError(f"unknown status {status}")
    _lock_user(user)
    now = timezone.now()
    open_record = (
        StatusRecord.objects.select_for_update(of=("self",))
        .filter(user=user, end_datetime__isnull=True, deleted_yn=False)
        .select_related("work_shift")
        .first()
    )
    if open_record is not None and open_record.status_enum_identifier == status:
        return open_record
    shift = open_record.work_shift if open_record is not None else None
    if open_record is not None:
        open_record.end_datetime = now
        open_record.save(update_fields=["end_datetime", "updated_at"])
    if shift is None or shift.end_datetime is not None:
        work_day, _ = WorkDay.objects.get_or_create(
            user=user,
            work_date=local_date(now, user.timezone),
            defaults={"start_datetime": now},
        )
        if work_day.start_datetime is None:
            work_day.start_datetime = now
            work_day.save(update_fields=["start_datetime", "updated_at"])
        shift = WorkShift.objects.create(work_day=work_day, start_datetime=now)
    record = StatusRecord.objects.create(
        user=user, work_shift=shift, status_enum_identifier=status, start_datetime=now
    )
    publish_to_user_and_workspace(
        build_message(
            Event.NEW_STATUS,
            action="create",
            table_name="status_record",
            resource_id=record.pk,
            email=user.email,
            status=status,
        ),
        user=user,
    )
    return record


@transaction.atomic
def leave_office(*, user) -> None:
    """Close the open record and its shift. Leaving twice is harmless."""
    _lock_user(user)
    now = timezone.now()
    open_records = list(
        StatusRecord.objects.select_for_update(of=("self",))
        .filter(user=user, end_datetime__isnull=True, deleted_yn=False)
        .select_related("work_shift__work_day")
    )
    for record in open_records:
        record.end_datetime = now
        record.save(update_fields=["end_datetime", "updated_at"])
    for shift in {r.work_shift for r in open_records if r.work_shift and r.work_shift.end_datetime is None}:
        _close_shift(shift, at=now)
    publish_to_user_and_workspace(
        build_message(
            Event.USER_LEFT_OFFICE,
            table_name="status_record",
            email=user.email,
            status=StatusType.OUT_OF_OFFICE,
        ),
        user=user,
    )
