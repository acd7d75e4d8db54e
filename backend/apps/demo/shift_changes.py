"""Demo corrections for seed_demo: a manual weekend shift, a forgotten break added to a recorded
day and a shift note, made through the same services as the SPA's, so the change log, the history
panel and the work-time table show real edits. Idempotent: a user whose shifts were already
edited is left alone; an edit the rules refuse (e.g. task time on that day) is skipped."""

from __future__ import annotations

import contextlib
import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError

from apps.core import timeutils
from apps.work.models import ChangeLog, ChangeType, WorkShift
from apps.work.services import shifts

EDITORS = ("ada@example.com", "ben@example.com")


def _last_saturday(today: dt.date, weeks_back: int) -> dt.date:
    return today - dt.timedelta(days=(today.weekday() - 5) % 7 + 7 * weeks_back)


def _recorded_shifts(user) -> list[WorkShift]:
    return list(
        WorkShift.objects.filter(work_day__user=user, manual_work_shift_yn=False, end_datetime__isnull=False)
        .select_related("work_day")
        .order_by("-start_datetime")
    )


def seed_shift_changes(*, users: dict) -> None:
    for email in EDITORS:
        user = users[email]
        if (
            ChangeLog.objects.filter(user=user)
            .exclude(changed_value_type_enum=ChangeType.ALLOCATED_TIME)
            .exists()
        ):
            continue
        tz = user.timezone
        today = timeutils.local_today(tz)
        with contextlib.suppress(ValidationError, PermissionDenied):
            saturday = _last_saturday(today, 1)
            at = {h: timeutils.wall_clock(saturday, h, tz) for h in (10, 11, 11.25, 12.5)}.__getitem__
            shifts.manual_shift_add(
                actor=user,
                start=at(10),
                end=at(12.5),
                status_list=[
                    {
                        "status_enum_identifier": "taking_break",
                        "start_datetime": at(11),
                        "end_datetime": at(11.25),
                    }
                ],
                notes="Release support",
                reason="Worked from the train and forgot to enter the office.",
            )
        recorded = _recorded_shifts(user)
        if len(recorded) > 3:
            shift = recorded[3]
            late = shift.end_datetime - dt.timedelta(minutes=90)
            with contextlib.suppress(ValidationError, PermissionDenied):
                shifts.shift_modify(
                    actor=user,
                    shift=shift,
                    status_list=[
                        {
                            "status_enum_identifier": "taking_break",
                            "start_datetime": late,
                            "end_datetime": late + dt.timedelta(minutes=10),
                        }
                    ],
                    reason="Coffee with the team, not logged at the time.",
                )
        if len(recorded) > 2:
            shifts.shift_notes_update(actor=user, shift=recorded[2], notes="Client workshop in the afternoon")
