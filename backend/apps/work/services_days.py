"""Writes of work days, schedules and invisible mode."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from apps.realtime.events import Event, build_message, publish
from apps.work import selectors
from apps.work.models import StatusType, WorkDay, WorkShiftSchedule
from apps.work.serializers import status_payload
from apps.work.services import lock_user

WORK_DAY_EXISTS = "A work day for this date already exists."
ONLY_OWN_WORK_DAY = "You can only change your own work day."
ONLY_OWN_SCHEDULE = "You can only change your own schedule."
DATE_OF_DAY_WITH_SHIFTS = "The date of a work day with shifts cannot change."
OTHER_USER = "A work day belongs to the user who worked it."
SCHEDULE_ORDER = "The end time must be after the start time."
SCHEDULE_TOO_LONG = "A scheduled session can last at most 24 hours."
SCHEDULE_OVERLAP = "The time period can not overlap with an existing schedule."
INVISIBLE_NOT_ALLOWED = "Invisible mode is not allowed for your account."
MAX_SESSION = dt.timedelta(hours=24)


@transaction.atomic
def work_day_create(*, user, work_date: dt.date, with_checkout: bool = False) -> WorkDay:
    if WorkDay.objects.filter(user=user, work_date=work_date).exists():
        raise ValidationError({"work_date": [WORK_DAY_EXISTS]})
    # with_checkout: the day starts with an empty checkout note instead of "no checkout".
    return WorkDay.objects.create(
        user=user, work_date=work_date, checkout_notes="" if with_checkout else None
    )


@transaction.atomic
def work_day_update(*, work_day: WorkDay, actor, data: dict) -> WorkDay:
    if work_day.user_id != actor.pk:
        raise PermissionDenied(ONLY_OWN_WORK_DAY)
    if "user" in data and data["user"] != actor.pk:
        raise ValidationError({"user": [OTHER_USER]})
    fields = []
    new_date = data.get("work_date")
    if new_date is not None and new_date != work_day.work_date:
        if work_day.shifts.exists():
            raise ValidationError({"work_date": [DATE_OF_DAY_WITH_SHIFTS]})
        if WorkDay.objects.filter(user=actor, work_date=new_date).exists():
            raise ValidationError({"work_date": [WORK_DAY_EXISTS]})
        work_day.work_date = new_date
        fields.append("work_date")
    if "checkout_notes" in data and data["checkout_notes"] != work_day.checkout_notes:
        work_day.checkout_notes = data["checkout_notes"]
        fields.append("checkout_notes")
    if fields:
        work_day.save(update_fields=[*fields, "updated_at"])
    return work_day


def _check_schedule(*, user, start: dt.datetime, end: dt.datetime, exclude_pk: int | None = None) -> None:
    if end <= start:
        raise ValidationError({"end_datetime": [SCHEDULE_ORDER]})
    if end - start > MAX_SESSION:
        raise ValidationError({"end_datetime": [SCHEDULE_TOO_LONG]})
    clashes = WorkShiftSchedule.objects.filter(user=user, start_datetime__lt=end, end_datetime__gt=start)
    if clashes.exclude(pk=exclude_pk).exists():
        raise ValidationError({"start_datetime": [SCHEDULE_OVERLAP]})


def _schedule_changed(user) -> None:
    publish(
        build_message(Event.CALENDAR_ENTRIES_SYNCED, table_name="work_shift_schedule", email=user.email),
        user_ids=[user.pk],
    )


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
    _schedule_changed(user)
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
    _schedule_changed(actor)
    return schedule


@transaction.atomic
def schedule_delete(*, schedule: WorkShiftSchedule, actor) -> None:
    if schedule.user_id != actor.pk:
        raise PermissionDenied(ONLY_OWN_SCHEDULE)
    schedule.delete()
    _schedule_changed(actor)


@transaction.atomic
def invisible_mode_set(*, user, enabled: bool):
    """Switch invisible mode; teammates see the switch as leaving (or entering) the office."""
    if enabled and not user.allow_invisible_mode:
        raise PermissionDenied(INVISIBLE_NOT_ALLOWED)
    lock_user(user)
    was_invisible = user.is_invisible
    user.invisible_mode_yn = enabled
    user.save(update_fields=["invisible_mode_yn"])
    publish(
        build_message(Event.USER_UPDATED, table_name="user", resource_id=user.pk, email=user.email),
        user_ids=[user.pk],
    )
    if was_invisible == user.is_invisible:
        return user
    current = status_payload(selectors.current_status_record(user=user))
    status = current["status_enum_identifier"]
    if status == StatusType.OUT_OF_OFFICE:
        return user
    if user.is_invisible:
        event = build_message(
            Event.USER_LEFT_OFFICE,
            table_name="status_record",
            email=user.email,
            status=StatusType.OUT_OF_OFFICE,
        )
    else:
        event = build_message(
            Event.NEW_STATUS,
            action="create",
            table_name="status_record",
            resource_id=current["id"],
            email=user.email,
            status=status,
        )
    # Teammates only: the user's own client must not hear "you left the office" and reset itself.
    teammates = get_user_model().objects.filter(workspace_id=user.workspace_id).exclude(pk=user.pk)
    publish(event, user_ids=list(teammates.values_list("pk", flat=True)) if user.workspace_id else [])
    return user
