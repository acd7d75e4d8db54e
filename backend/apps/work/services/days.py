"""Writes of work days: only the owner's own, one per local date."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.core import timeutils
from apps.work import closing, events
from apps.work.models import WorkDay

WORK_DAY_EXISTS = "A work day for this date already exists."
ONLY_OWN_WORK_DAY = "You can only change your own work day."
DATE_OF_DAY_WITH_SHIFTS = "The date of a work day with shifts cannot change."
OTHER_USER = "A work day belongs to the user who worked it."
NOTES_READ_ONLY = "Notes cannot be edited for previous checkouts"


@transaction.atomic
def work_day_create(*, user, work_date: dt.date, with_checkout: bool = False) -> WorkDay:
    closing.lock_days(user, work_date)  # the same lock as entering the office, which also creates work days
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
        raise PermissionDenied(OTHER_USER)
    lock_user(actor)
    closing.refuse_if_locked(actor, work_day.work_date)
    fields = []
    new_date = data.get("work_date")
    if new_date is not None and new_date != work_day.work_date:
        if work_day.shifts.exists():
            raise ValidationError({"work_date": [DATE_OF_DAY_WITH_SHIFTS]})
        closing.refuse_if_locked(actor, new_date)
        if WorkDay.objects.filter(user=actor, work_date=new_date).exists():
            raise ValidationError({"work_date": [WORK_DAY_EXISTS]})
        work_day.work_date = new_date
        fields.append("work_date")
    if "checkout_notes" in data and data["checkout_notes"] != work_day.checkout_notes:
        # Only the current day's note is written; earlier (and later) days are read-only.
        if work_day.work_date != timeutils.local_today(actor.timezone):
            raise ValidationError({"checkout_notes": [NOTES_READ_ONLY]})
        work_day.checkout_notes = data["checkout_notes"]
        fields.append("checkout_notes")
    if fields:
        work_day.save(update_fields=[*fields, "updated_at"])
        if "checkout_notes" in fields:
            events.publish_checkout_updated(work_day=work_day, user=actor)
    return work_day
