"""Corrections of closed days (issue 28, docs/closing.md): a member asks for one change of a locked
day (a shift's start / end, or the time on a task) with a reason; an approver accepts it (the
change is applied exactly, on the member's behalf, and the period is approved again) or declines
it. Here rather than in work because a task-time change is projects' (intervals)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from apps.accounts import notifications
from apps.accounts.models import NotificationKind
from apps.core import timeutils
from apps.projects.models import Task, TaskTime
from apps.projects.services.time import intervals
from apps.work import closing, events
from apps.work.models import (
    ChangedObject,
    ChangeType,
    CorrectionKind,
    CorrectionRequest,
    CorrectionState,
    PeriodState,
    WorkDay,
    WorkPeriod,
    WorkShift,
)
from apps.work.services import periods, shifts
from apps.work.services.change_log import change_log_record

DAY_OPEN = "This day is not closed: change it directly."
REASON_NEEDED = "Say why the day needs the correction."
NOT_PENDING = "This correction was already decided."
SHIFT_NEEDS_TIMES = "A shift correction needs the shift and its new start and end."
TASK_NEEDS_SECONDS = "A task-time correction needs the task, the work day's date and the new time."


def _is_closed(user, day: dt.date) -> bool:
    try:
        closing.refuse_if_locked(user, day)
    except closing.DayClosed:
        return True
    return False


def _log(correction: CorrectionRequest, *, actor, kind: str, reason: str) -> None:
    change_log_record(
        user=correction.user,
        modified_user=actor,
        changed_value_type_enum=kind,
        content_type=ChangedObject.CORRECTION,
        object_id=correction.pk,
        work_date=correction.work_date,
        new_value=request_value(correction),
        reason=reason,
    )


def request_value(correction: CorrectionRequest) -> dict:
    if correction.kind == CorrectionKind.SHIFT_TIMES:
        return {
            "kind": correction.kind,
            "shift": correction.shift_id,
            "start_datetime": correction.start_datetime.isoformat(),
            "end_datetime": correction.end_datetime.isoformat(),
        }
    return {"kind": correction.kind, "task": correction.task_id, "seconds_worked": correction.seconds}


@transaction.atomic
def correction_request(
    *,
    user,
    kind: str,
    reason: str,
    shift: WorkShift | None = None,
    start: dt.datetime | None = None,
    end: dt.datetime | None = None,
    task: Task | None = None,
    work_date: dt.date | None = None,
    seconds: int | None = None,
) -> CorrectionRequest:
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": [REASON_NEEDED]})
    if kind == CorrectionKind.SHIFT_TIMES:
        if shift is None or start is None or end is None:
            raise ValidationError({"detail": [SHIFT_NEEDS_TIMES]})
        if end <= start:
            raise ValidationError({"detail": [shifts.END_NOT_AFTER_START]})
        work_date = shift.work_day.work_date
    elif task is None or work_date is None or seconds is None:
        raise ValidationError({"detail": [TASK_NEEDS_SECONDS]})
    if not _is_closed(user, work_date):
        raise ValidationError({"detail": [DAY_OPEN]})
    period = WorkPeriod.objects.filter(user=user, start_date__lte=work_date, end_date__gte=work_date).first()
    correction = CorrectionRequest.objects.create(
        user=user,
        period=period,
        work_date=work_date,
        kind=kind,
        shift_id=shift.pk if shift is not None else None,
        start_datetime=shifts.to_minute(start) if start is not None else None,
        end_datetime=shifts.to_minute(end) if end is not None else None,
        task_id=task.pk if task is not None else None,
        seconds=seconds,
        reason=reason,
    )
    _log(correction, actor=user, kind=ChangeType.CORRECTION_ASKED, reason=reason)
    events.publish_correction_changed(
        correction=correction, recipient_ids=[user.pk, *periods.approver_ids(user)]
    )
    return correction


def _check_approver(approver, correction: CorrectionRequest) -> None:
    if correction.user_id == approver.pk:
        raise PermissionDenied(periods.OWN_PERIOD)
    if not periods.can_approve(approver, correction.user):
        raise PermissionDenied(periods.NOT_APPROVER)
    if correction.state != CorrectionState.PENDING:
        raise periods.IllegalMove(NOT_PENDING)


def _apply(correction: CorrectionRequest, *, approver) -> None:
    member = correction.user
    if correction.kind == CorrectionKind.SHIFT_TIMES:
        shift = WorkShift.objects.get(pk=correction.shift_id, work_day__user=member)
        shifts.shift_modify(
            actor=member,
            shift=shift,
            start=correction.start_datetime,
            end=correction.end_datetime,
            reason=correction.reason,
            approved_by=approver,
        )
        return
    task = Task.objects.get(pk=correction.task_id)
    day, _ = WorkDay.objects.get_or_create(user=member, work_date=correction.work_date)
    current = (
        TaskTime.objects.filter(work_day=day, task=task).values_list("seconds_worked", flat=True).first() or 0
    )
    if correction.seconds != current:
        intervals.task_time_change(
            user=member,
            task=task,
            work_day=day,
            seconds=correction.seconds - current,
            approved_by=approver,
            reason=correction.reason,
        )


@transaction.atomic
def correction_decide(
    *, approver, correction: CorrectionRequest, accept: bool, reason: str = ""
) -> CorrectionRequest:
    """Accept (apply exactly the requested change, approve the period again) or decline."""
    correction = (
        CorrectionRequest.objects.select_for_update(of=("self",)).select_related("user").get(pk=correction.pk)
    )
    _check_approver(approver, correction)
    now = timeutils.now()
    if accept:
        _apply(correction, approver=approver)
    correction.state = CorrectionState.ACCEPTED if accept else CorrectionState.DECLINED
    correction.decided_by, correction.decided_at, correction.decision_reason = approver, now, reason.strip()
    correction.save(update_fields=["state", "decided_by", "decided_at", "decision_reason", "updated_at"])
    kind = ChangeType.CORRECTION_ACCEPTED if accept else ChangeType.CORRECTION_DECLINED
    _log(correction, actor=approver, kind=kind, reason=reason.strip() or correction.reason)
    period = correction.period
    if accept and period is not None and period.state == PeriodState.APPROVED:
        period.decided_by, period.decided_at = approver, now
        period.save(update_fields=["decided_by", "decided_at", "updated_at"])
        change_log_record(
            user=correction.user,
            modified_user=approver,
            changed_value_type_enum=ChangeType.PERIOD_APPROVED,
            content_type=ChangedObject.PERIOD,
            object_id=period.pk,
            work_date=period.start_date,
            old_value={"state": period.state},
            new_value={
                "state": period.state,
                "start_date": str(period.start_date),
                "end_date": str(period.end_date),
            },
            reason="Approved again after a correction.",
            at=now,
        )
    notifications.notify(
        user_ids=[correction.user_id],
        kind=NotificationKind.CORRECTION_DECIDED,
        text=f"Your correction of {correction.work_date} was {'accepted' if accept else 'declined'}.",
        actor=approver,
    )
    events.publish_correction_changed(
        correction=correction, recipient_ids=[correction.user_id, *periods.approver_ids(correction.user)]
    )
    return correction
