"""Writes of the working-time account: one function per use case, atomic, events after commit.
Who may call them (workspace admins of the member's workspace) is the views' check."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction

from apps.accounts import notifications
from apps.accounts.models import NotificationKind, User
from apps.core import timeutils
from apps.timeaccount import events, rules, selectors
from apps.timeaccount.models import (
    MAX_DAY_SECONDS,
    WEEKDAYS,
    AccountRules,
    AccountStart,
    Adjustment,
    AdjustmentKind,
    HolidayRegion,
    TimeOffRequest,
    TimeOffStatus,
    TimeOffType,
    WorkPattern,
    WorkspaceHoliday,
)
from apps.work import closing
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


@transaction.atomic
def rules_set(
    *, workspace_id: int, year_end: str, cap_seconds: int | None, holiday_work: str
) -> AccountRules:
    """The workspace's rules of the balance: the year end (carry over all, cap, reset) and whether
    work on a holiday is flagged. Every balance reads them at once (no stored balance to renew)."""
    rules_row, _ = AccountRules.objects.update_or_create(
        workspace_id=workspace_id,
        defaults={"year_end": year_end, "cap_seconds": cap_seconds, "holiday_work": holiday_work},
    )
    _changed(workspace_id=workspace_id, user=None, what="rules")
    return rules_row


def _changed(*, workspace_id: int, user, what: str) -> None:
    if user is None:
        events.publish_workspace_changed(workspace_id=workspace_id, what=what)
    else:
        events.publish_member_changed(user=user, what=what)


# --- time off ----------------------------------------------------------------------------------
MAX_TIME_OFF_DAYS = 366
TIME_OFF_ORDER = "The last day must not be before the first."
TIME_OFF_TOO_LONG = f"Ask for at most {MAX_TIME_OFF_DAYS} days at once."
TIME_OFF_HALF = "A half day is one day: give the same first and last day."
TIME_OFF_OVERLAP = "You already asked for time off on some of these days."
TIME_OFF_DECIDED = "This request was already decided."
TIME_OFF_NOT_YOURS = "Only the workspace's admins and the member's team-page owners decide their time off."
TIME_OFF_CANCEL = "Only a pending request, or approved time off that has not started, can be cancelled."
BAD_COLOR = "Give a colour as #RRGGBB."


@transaction.atomic
def time_off_type_set(*, workspace_id: int, kind: TimeOffType | None, data: dict) -> TimeOffType:
    """Create (kind None) or change a workspace's time-off type."""
    color = data.get("color")
    if color is not None and not (
        len(color) == 7 and color.startswith("#") and all(c in "0123456789abcdefABCDEF" for c in color[1:])
    ):
        raise ValidationError({"color": [BAD_COLOR]})
    if kind is None:
        kind = TimeOffType(workspace_id=workspace_id)
    for name in ("name", "color", "counts_as_worked", "yearly_allowance_half_days", "archived"):
        if name in data:
            setattr(kind, name, data[name].strip() if name == "name" else data[name])
    kind.save()
    events.publish_workspace_changed(workspace_id=workspace_id, what="time_off_type")
    return kind


@transaction.atomic
def time_off_request(
    *, user, kind: TimeOffType, start_date: dt.date, end_date: dt.date, half_day: bool, note: str
):
    """A member asks for time off: pending until an approver decides; the approvers are told."""
    if end_date < start_date:
        raise ValidationError({"end_date": [TIME_OFF_ORDER]})
    if (end_date - start_date).days >= MAX_TIME_OFF_DAYS:
        raise ValidationError({"end_date": [TIME_OFF_TOO_LONG]})
    if half_day and end_date != start_date:
        raise ValidationError({"half_day": [TIME_OFF_HALF]})
    # Time off is a write of the member's days: a closed day refuses it (docs/closing.md).
    closing.lock_days(user, start_date, end_date)
    clash = TimeOffRequest.objects.filter(
        user=user,
        status__in=[TimeOffStatus.PENDING, TimeOffStatus.APPROVED],
        start_date__lte=end_date,
        end_date__gte=start_date,
    )
    # Two half days may share a date; anything else may not overlap.
    if clash.exclude(half_day=True).exists() or (not half_day and clash.exists()) or clash.count() >= 2:
        raise ValidationError({"start_date": [TIME_OFF_OVERLAP]})
    request = TimeOffRequest.objects.create(
        user=user, type=kind, start_date=start_date, end_date=end_date, half_day=half_day, note=note.strip()
    )
    approvers = selectors.approver_ids(user=user)
    events.publish_time_off(request=request, user_ids=[user.pk, *approvers])
    notifications.notify(
        user_ids=approvers,
        kind=NotificationKind.TIME_OFF_REQUESTED,
        text=f"{_name(user)} asks for {kind.name}: {_days_text(request)}",
        actor=user,
    )
    _mail(
        user_ids=approvers,
        subject=f"Time off requested by {_name(user)}",
        body=(
            f"{_name(user)} asks for {kind.name}: {_days_text(request)}.\n{note.strip()}\n\n"
            "Decide it in Remote Office."
        ),
    )
    return request


@transaction.atomic
def time_off_decide(
    *, requests: list[TimeOffRequest], approver, approve: bool, reason: str
) -> list[TimeOffRequest]:
    """Approve or decline pending requests (one or many); each member is told in the product, live,
    and by email. The caller passes only requests `approver` may decide (selectors.decidable_requests)."""
    # Decided once: the rows are locked and their status read again inside the write.
    current = dict(
        TimeOffRequest.objects.select_for_update()
        .filter(pk__in=[r.pk for r in requests])
        .values_list("pk", "status")
    )
    if any(current.get(r.pk) != TimeOffStatus.PENDING for r in requests):
        raise ValidationError({"detail": [TIME_OFF_DECIDED]})
    for request in requests:
        closing.refuse_if_locked(request.user, request.start_date, request.end_date)
    at = timeutils.now()
    for request in requests:
        request.status = TimeOffStatus.APPROVED if approve else TimeOffStatus.DECLINED
        request.decided_by = approver
        request.decided_at = at
        request.decision_reason = reason.strip()
        request.save(update_fields=["status", "decided_by", "decided_at", "decision_reason", "updated_at"])
        events.publish_time_off(
            request=request, user_ids=[request.user_id, *selectors.approver_ids(user=request.user)]
        )
        events.publish_member_changed(user=request.user, what="time_off")
        verdict = "approved" if approve else "declined"
        notifications.notify(
            user_ids=[request.user_id],
            kind=NotificationKind.TIME_OFF_DECIDED,
            text=f"Your {request.type.name} ({_days_text(request)}) was {verdict}"
            + (f": {reason.strip()}" if reason.strip() else ""),
            actor=approver,
        )
        _mail(
            user_ids=[request.user_id],
            subject=f"Your time off was {verdict}",
            body=f"{_name(approver)} {verdict} your {request.type.name}: {_days_text(request)}."
            + (f"\nReason: {reason.strip()}" if reason.strip() else ""),
        )
    return requests


@transaction.atomic
def time_off_cancel(*, request: TimeOffRequest) -> TimeOffRequest:
    today = timeutils.local_today(request.user.timezone)
    if request.status not in (TimeOffStatus.PENDING, TimeOffStatus.APPROVED) or (
        request.status == TimeOffStatus.APPROVED and request.start_date <= today
    ):
        raise ValidationError({"detail": [TIME_OFF_CANCEL]})
    closing.refuse_if_locked(request.user, request.start_date, request.end_date)
    was_approved = request.status == TimeOffStatus.APPROVED
    request.status = TimeOffStatus.CANCELLED
    request.save(update_fields=["status", "updated_at"])
    events.publish_time_off(
        request=request, user_ids=[request.user_id, *selectors.approver_ids(user=request.user)]
    )
    if was_approved:
        events.publish_member_changed(user=request.user, what="time_off")
    return request


def _name(user) -> str:
    return user.display_name or user.full_name or user.email


def _days_text(request: TimeOffRequest) -> str:
    if request.half_day:
        return f"half of {request.start_date.isoformat()}"
    if request.start_date == request.end_date:
        return request.start_date.isoformat()
    return f"{request.start_date.isoformat()} to {request.end_date.isoformat()}"


def _mail(*, user_ids: list[int], subject: str, body: str) -> None:
    emails = list(User.objects.filter(pk__in=user_ids, is_active=True).values_list("email", flat=True))
    if emails:
        transaction.on_commit(
            lambda: send_mail(
                subject=subject, message=body, from_email=None, recipient_list=emails, fail_silently=True
            )
        )
