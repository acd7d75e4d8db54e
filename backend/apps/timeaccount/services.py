"""Writes of the working-time account: one function per use case, atomic, events after commit.
Who may call them (workspace admins of the member's workspace) is the views' check."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction

from apps.core import timeutils
from apps.timeaccount import events, rules
from apps.timeaccount.models import (
    MAX_DAY_SECONDS,
    WEEKDAYS,
    AccountStart,
    Adjustment,
    AdjustmentKind,
    HolidayRegion,
    WorkPattern,
    WorkspaceHoliday,
)
from apps.work.services.change_log import change_log_record

BAD_PATTERN = (
    f"Give {WEEKDAYS} whole numbers of seconds (Monday first), each between 0 and {MAX_DAY_SECONDS}."
)
BAD_REGION = "Choose a supported country and one of its subdivisions."
BAD_SECONDS = "An adjustment is a non-zero number of seconds of at most 10,000 hours either way."
NEEDS_REASON = "Say why the balance is adjusted."
# The change log's entries of an adjustment (work's log keeps any kind; docs/timeaccount.md).
CHANGE_TYPE = "balance_adjustment"
CHANGED_OBJECT = "time_adjustment"
MAX_ADJUSTMENT = 10_000 * 3600


def _check_pattern(seconds) -> list[int]:
    if (
        not isinstance(seconds, list | tuple)
        or len(seconds) != WEEKDAYS
        or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_DAY_SECONDS for s in seconds
        )
    ):
        raise ValidationError({"weekday_seconds": [BAD_PATTERN]})
    return list(seconds)


@transaction.atomic
def pattern_set(*, workspace_id: int, user, valid_from: dt.date, weekday_seconds, by) -> WorkPattern:
    """A member's (or, `user` None, the workspace's default) pattern from `valid_from` on; a pattern
    starting the same day is replaced. Days before `valid_from` keep the pattern they had."""
    seconds = _check_pattern(weekday_seconds)
    pattern, _ = WorkPattern.objects.update_or_create(
        workspace_id=workspace_id,
        user=user,
        valid_from=valid_from,
        defaults={"weekday_seconds": seconds, "created_by": by},
    )
    _changed(workspace_id=workspace_id, user=user, what="schedule")
    return pattern


@transaction.atomic
def pattern_delete(*, pattern: WorkPattern) -> None:
    user, workspace_id = pattern.user, pattern.workspace_id
    pattern.delete()
    _changed(workspace_id=workspace_id, user=user, what="schedule")


@transaction.atomic
def region_set(*, workspace_id: int, user, country: str, subdivision: str) -> HolidayRegion | None:
    """The workspace's region (`user` None) or a member's override; a member's override with no
    country is removed (the member follows the workspace again)."""
    country, subdivision = country.strip().upper(), subdivision.strip().upper()
    if not rules.is_valid_region(country, subdivision):
        raise ValidationError({"country": [BAD_REGION]})
    if user is not None and not country:
        HolidayRegion.objects.filter(workspace_id=workspace_id, user=user).delete()
        region = None
    else:
        region, _ = HolidayRegion.objects.update_or_create(
            workspace_id=workspace_id, user=user, defaults={"country": country, "subdivision": subdivision}
        )
    _changed(workspace_id=workspace_id, user=user, what="holiday")
    return region


@transaction.atomic
def holiday_set(*, workspace_id: int, date: dt.date, name: str, removed: bool) -> WorkspaceHoliday:
    """Add a day off for the workspace, or (`removed`) make a public holiday a normal day."""
    holiday, _ = WorkspaceHoliday.objects.update_or_create(
        workspace_id=workspace_id, date=date, defaults={"name": name.strip(), "removed": removed}
    )
    _changed(workspace_id=workspace_id, user=None, what="holiday")
    return holiday


@transaction.atomic
def holiday_delete(*, holiday: WorkspaceHoliday) -> None:
    workspace_id = holiday.workspace_id
    holiday.delete()
    _changed(workspace_id=workspace_id, user=None, what="holiday")


@transaction.atomic
def start_set(*, user, start_date: dt.date) -> AccountStart:
    start, _ = AccountStart.objects.update_or_create(user=user, defaults={"start_date": start_date})
    events.publish_member_changed(user=user, what="member")
    return start


@transaction.atomic
def adjustment_add(*, user, date: dt.date, kind: str, seconds: int, reason: str, by) -> Adjustment:
    """An admin's correction, kept for good and written to work's change log with its reason."""
    if kind not in AdjustmentKind.values:
        raise ValidationError({"kind": ["Choose paid_out, time_in_lieu or opening_balance."]})
    if not seconds or abs(seconds) > MAX_ADJUSTMENT:
        raise ValidationError({"seconds": [BAD_SECONDS]})
    if not reason.strip():
        raise ValidationError({"reason": [NEEDS_REASON]})
    at = timeutils.now()
    adjustment = Adjustment.objects.create(
        user=user, date=date, kind=kind, seconds=seconds, reason=reason.strip(), created_by=by, created_at=at
    )
    change_log_record(
        user=user,
        modified_user=by,
        changed_value_type_enum=CHANGE_TYPE,
        content_type=CHANGED_OBJECT,
        object_id=adjustment.pk,
        work_date=date,
        old_value=None,
        new_value={"kind": kind, "seconds": seconds},
        reason=reason,
        at=at,
    )
    events.publish_member_changed(user=user, what="adjustment")
    return adjustment


def _changed(*, workspace_id: int, user, what: str) -> None:
    if user is None:
        events.publish_workspace_changed(workspace_id=workspace_id, what=what)
    else:
        events.publish_member_changed(user=user, what=what)
