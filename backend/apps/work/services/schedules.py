"""Writes of scheduled sessions (the calendar): the owner's own, at most a day long, no overlaps."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.work import events
from apps.work.models import WorkShiftSchedule

ONLY_OWN_SCHEDULE = "You can only change your own schedule."
SCHEDULE_ORDER = "The end time must be after the start time."
SCHEDULE_TOO_LONG = "A scheduled session can last at most 24 hours."
SCHEDULE_OVERLAP = "The time period can not overlap with an existing schedule."
MAX_SESSION = dt.timedelta(hours=24)


def _check_schedule(*, user, start: dt.datetime, end: dt.datetime, exclude_pk: int | None = None) -> None:
    if end <= start:
        raise ValidationError({"end_datetime": [SCHEDULE_ORDER]})
    if end - start > MAX_SESSION:
        raise ValidationError({"end_datetime": [SCHEDULE_TOO_LONG]})
    clashes = WorkShiftSchedule.objects.filter(user=user, start_datetime__lt=end, end_datetime__gt=start)
    if clashes.exclude(pk=exclude_pk).exists():
        raise ValidationError({"start_datetime": [SCHEDULE_OVERLAP]})


@transaction.atomic
def schedule_create(
    *, user, start_datetime: dt.datetime, end_datetime: dt.datetime, schedule_notes: str = ""
) -> WorkShiftSchedule:
    lock_user(user)
    _check_schedule(user=user, start=start_datetime, end=end_datetime)
    schedule = WorkShiftSchedule.objects.create(
        user=user,
        start_datetime=start_datetime,
        end_datetime=end_datetime,
        work_time_seconds=int((end_datetime - start_datetime).total_seconds()),
        schedule_notes=schedule_notes,
    )
    events.publish_calendar_entries_synced(user=user)
    return schedule


@transaction.atomic
def schedule_update(*, schedule: WorkShiftSchedule, actor, data: dict) -> WorkShiftSchedule:
    if schedule.user_id != actor.pk:
        raise PermissionDenied(ONLY_OWN_SCHEDULE)
    lock_user(actor)
    start = data.get("start_datetime", schedule.start_datetime)
    end = data.get("end_datetime", schedule.end_datetime)
    _check_schedule(user=actor, start=start, end=end, exclude_pk=schedule.pk)
    schedule.start_datetime, schedule.end_datetime = start, end
    schedule.work_time_seconds = int((end - start).total_seconds())
    schedule.schedule_notes = data.get("schedule_notes", schedule.schedule_notes)
    schedule.save()
    events.publish_calendar_entries_synced(user=actor)
    return schedule


@transaction.atomic
def schedule_delete(*, schedule: WorkShiftSchedule, actor) -> None:
    if schedule.user_id != actor.pk:
        raise PermissionDenied(ONLY_OWN_SCHEDULE)
    schedule.delete()
    events.publish_calendar_entries_synced(user=actor)
