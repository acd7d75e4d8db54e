"""Closing a member's time (issue 28, docs/closing.md): periods and their state machine, the
admins' bulk lock and reopen. Every move writes the change log (who, when, why) and tells the
member and their approvers live; a rejection also notifies the member."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from rest_framework import status
from rest_framework.exceptions import APIException

from apps.accounts import notifications
from apps.accounts.members import is_workspace_admin
from apps.accounts.models import NotificationKind, Observation, User, WorkspaceRole
from apps.core import timeutils
from apps.work import closing, events
from apps.work.models import ChangedObject, ChangeLog, ChangeType, PeriodState, WorkPeriod
from apps.work.services.change_log import change_log_record

# Which state each move starts from (anything else is an illegal move: 409).
MOVES = {
    "submit": (PeriodState.DRAFT, PeriodState.REJECTED, PeriodState.REOPENED),
    "approve": (PeriodState.SUBMITTED,),
    "reject": (PeriodState.SUBMITTED,),
    "reopen": (PeriodState.APPROVED,),
}
ILLEGAL = "This period is {state}: it cannot be {done}."
DONE = {"submit": "submitted", "approve": "approved", "reject": "rejected", "reopen": "reopened"}
NOT_OVER = "A period can be submitted from its last day on."
REASON_NEEDED = "Give a reason."
NOT_APPROVER = "Only workspace admins and the member's team-page owners approve periods."
OWN_PERIOD = "You cannot approve or reject your own period."
ADMINS_ONLY = "Only workspace admins lock days and reopen periods."
LOCK_IN_PAST = "Lock days that are over: choose a date before today."
UNKNOWN_MEMBERS = "Choose members of your workspace."
MAX_BULK = 1000


class IllegalMove(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "illegal_move"


def approver_ids(member) -> list[int]:
    """Who answers for a member: the workspace's admins and the member's team-page owners."""
    admins = User.objects.filter(
        workspace_id=member.workspace_id, workspace_role=WorkspaceRole.ADMIN, is_active=True
    ).values_list("pk", flat=True)
    owners = Observation.objects.filter(
        observed_user=member, observer__is_active=True, observer__workspace_id=member.workspace_id
    ).values_list("observer_id", flat=True)
    return sorted((set(admins) | set(owners)) - {member.pk})


def can_approve(approver, member) -> bool:
    if approver.pk == member.pk or approver.workspace_id != member.workspace_id:
        return False
    return (
        is_workspace_admin(approver)
        or Observation.objects.filter(observer=approver, observed_user=member).exists()
    )


def period_of(*, user, day: dt.date) -> WorkPeriod:
    """The user's period holding `day`, a draft row made on first need."""
    start, end = closing.period_bounds(user.workspace, day)
    period, _ = WorkPeriod.objects.get_or_create(user=user, start_date=start, defaults={"end_date": end})
    return period


def _move(period: WorkPeriod, move: str) -> None:
    if period.state not in MOVES[move]:
        raise IllegalMove(ILLEGAL.format(state=period.state, done=DONE[move]))


def _log(period: WorkPeriod, *, actor, kind: str, old: str, reason: str = "", at: dt.datetime) -> None:
    change_log_record(
        user=period.user,
        modified_user=actor,
        changed_value_type_enum=kind,
        content_type=ChangedObject.PERIOD,
        object_id=period.pk,
        work_date=period.start_date,
        old_value={"state": old},
        new_value={
            "state": period.state,
            "start_date": str(period.start_date),
            "end_date": str(period.end_date),
        },
        reason=reason,
        at=at,
    )


def _mail(address: str, *, subject: str, body: str) -> None:
    # After commit: a rolled-back decision mails nobody (the email setup of invitations).
    transaction.on_commit(
        lambda: send_mail(subject=subject, message=body, from_email=None, recipient_list=[address])
    )


@transaction.atomic
def period_submit(*, user, day: dt.date, reason: str = "") -> WorkPeriod:
    """'My week is complete': the member submits their own period holding `day` (`reason`: the
    automatic submit's, in the change log)."""
    period = period_of(user=user, day=day)
    period = WorkPeriod.objects.select_for_update().get(pk=period.pk)
    _move(period, "submit")
    if period.end_date > timeutils.local_today(user.timezone):
        raise ValidationError({"detail": [NOT_OVER]})
    old, now = period.state, timeutils.now()
    period.state, period.submitted_at, period.reason = PeriodState.SUBMITTED, now, ""
    period.save(update_fields=["state", "submitted_at", "reason", "updated_at"])
    _log(period, actor=user, kind=ChangeType.PERIOD_SUBMITTED, old=old, reason=reason, at=now)
    events.publish_period_changed(period=period, recipient_ids=[user.pk, *approver_ids(user)])
    return period


@transaction.atomic
def periods_decide(
    *, approver, period_ids: Sequence[int], approve: bool, reason: str = ""
) -> list[WorkPeriod]:
    """Approve (locks the days) or reject (with a reason, the member is notified) one or many
    submitted periods at once; all or none."""
    reason = reason.strip()
    if not approve and not reason:
        raise ValidationError({"reason": [REASON_NEEDED]})
    periods = list(
        WorkPeriod.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(pk__in=list(period_ids)[:MAX_BULK], user__workspace_id=approver.workspace_id)
        .order_by("pk")
    )
    if len(periods) != len(set(period_ids)):
        raise WorkPeriod.DoesNotExist
    move = "approve" if approve else "reject"
    for period in periods:
        if period.user_id == approver.pk:
            raise PermissionDenied(OWN_PERIOD)
        if not can_approve(approver, period.user):
            raise PermissionDenied(NOT_APPROVER)
        _move(period, move)
    now = timeutils.now()
    for period in periods:
        old = period.state
        period.state = PeriodState.APPROVED if approve else PeriodState.REJECTED
        period.decided_by, period.decided_at, period.reason = approver, now, reason
        period.save(update_fields=["state", "decided_by", "decided_at", "reason", "updated_at"])
        kind = ChangeType.PERIOD_APPROVED if approve else ChangeType.PERIOD_REJECTED
        _log(period, actor=approver, kind=kind, old=old, reason=reason, at=now)
        events.publish_period_changed(
            period=period, recipient_ids=[period.user_id, *approver_ids(period.user)]
        )
        if not approve:
            text = f"Your period {period.start_date} to {period.end_date} was sent back: {reason}"
            notifications.notify(
                user_ids=[period.user_id], kind=NotificationKind.PERIOD_REJECTED, text=text, actor=approver
            )
            _mail(
                period.user.email,
                subject="Your period was sent back",
                body=f"{text}\n\nFix it and submit it again.",
            )
    return periods


@transaction.atomic
def period_reopen(*, admin, period: WorkPeriod, reason: str) -> WorkPeriod:
    """An admin reopens an approved period (its days open again, a bulk lock over them too)."""
    if not is_workspace_admin(admin) or period.user.workspace_id != admin.workspace_id:
        raise PermissionDenied(ADMINS_ONLY)
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": [REASON_NEEDED]})
    period = WorkPeriod.objects.select_for_update().select_related("user").get(pk=period.pk)
    _move(period, "reopen")
    old, now = period.state, timeutils.now()
    period.state, period.decided_by, period.decided_at, period.reason = (
        PeriodState.REOPENED,
        admin,
        now,
        reason,
    )
    period.save(update_fields=["state", "decided_by", "decided_at", "reason", "updated_at"])
    User.objects.filter(pk=period.user_id, closed_through__gte=period.start_date).update(
        closed_through=period.start_date - dt.timedelta(days=1)
    )
    _log(period, actor=admin, kind=ChangeType.PERIOD_REOPENED, old=old, reason=reason, at=now)
    events.publish_period_changed(period=period, recipient_ids=[period.user_id, *approver_ids(period.user)])
    return period


@transaction.atomic
def lock_through(*, admin, through: dt.date, user_ids: Sequence[int] | None = None, reason: str = "") -> int:
    """Close every day up to `through` for the workspace's members (or the chosen ones) in one
    transaction: one update, one insert into the change log, one live event. Returns how many
    members' locks moved (a member already locked further keeps their date)."""
    if not is_workspace_admin(admin):
        raise PermissionDenied(ADMINS_ONLY)
    if through >= timeutils.local_today(admin.timezone):
        raise ValidationError({"through": [LOCK_IN_PAST]})
    members = User.objects.filter(workspace_id=admin.workspace_id, is_active=True)
    if user_ids is not None:
        wanted = set(user_ids)
        members = members.filter(pk__in=wanted)
        if members.count() != len(wanted):
            raise ValidationError({"user_ids": [UNKNOWN_MEMBERS]})
    moving = members.filter(Q(closed_through__isnull=True) | Q(closed_through__lt=through))
    changes = list(moving.values_list("pk", "closed_through"))
    if not changes:
        return 0
    User.objects.filter(pk__in=[pk for pk, _ in changes]).update(closed_through=through)
    now = timeutils.now()
    ChangeLog.objects.bulk_create(
        ChangeLog(
            user_id=pk,
            modified_user=admin,
            changed_value_type_enum=ChangeType.DAYS_LOCKED,
            content_type=ChangedObject.PERIOD,
            object_id=0,
            work_date=through,
            changed_datetime=now,
            old_value={"closed_through": str(old) if old else None},
            new_value={"closed_through": str(through)},
            reason=reason.strip(),
        )
        for pk, old in changes
    )
    events.publish_days_locked(through=through, user_ids=[pk for pk, _ in changes], admin=admin)
    return len(changes)
