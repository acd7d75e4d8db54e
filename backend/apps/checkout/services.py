"""Writes of the checkout: running the checks, dismissing messages, read logs, leaving the office
through the checkout."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from apps.accounts.members import is_workspace_admin
from apps.checkout import checks, events
from apps.checkout.models import CheckoutCheckConfig, CheckoutCheckStatus, CheckoutReadLog
from apps.core import timeutils
from apps.work import closing
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay
from apps.work.services import status as status_services

ONLY_OWN_MESSAGES = "Only the user dismisses their own checkout messages."
READ_CAP = 366


@transaction.atomic
def run_checks(*, work_day: WorkDay) -> list[CheckoutCheckStatus]:
    closing.refuse_if_locked(work_day.user, work_day.work_date)
    statuses = checks.run_checks(work_day=work_day)
    events.publish_status_updated(
        work_day=work_day, reader_ids=work_selectors.checkout_reader_ids(user=work_day.user)
    )
    return statuses


@transaction.atomic
def dismiss(*, status: CheckoutCheckStatus, actor, dismissed: bool = True) -> CheckoutCheckStatus:
    if status.user_id != actor.pk:
        raise PermissionDenied(ONLY_OWN_MESSAGES)
    closing.refuse_if_locked(actor, status.work_date)
    if status.message_dismissed_yn != dismissed:
        status.message_dismissed_yn = dismissed
        status.save(update_fields=["message_dismissed_yn", "updated_at"])
    return status


@transaction.atomic
def dismiss_all(*, actor, check: str | None = None) -> int:
    """Dismiss the caller's failed messages of earlier days (one check type, or all)."""
    rows = CheckoutCheckStatus.objects.filter(
        user=actor,
        passed_yn=False,
        message_dismissed_yn=False,
        work_date__lt=timeutils.local_today(actor.timezone),
    )
    if check:
        rows = rows.filter(checkout_check=check)
    return rows.update(message_dismissed_yn=True, updated_at=timeutils.now())


@transaction.atomic
def mark_read(*, reader, work_day_ids: list[int]) -> list[WorkDay]:
    """Read logs of the reader for the readable checkouts of other users among the ids (others
    are ignored); the answer lists the days marked."""
    days = list(
        work_selectors.visible_work_days(viewer=reader)
        .filter(pk__in=work_day_ids[:READ_CAP])
        .exclude(user=reader)
    )
    if not days:
        return []
    at = timeutils.now()
    CheckoutReadLog.objects.bulk_create(
        [CheckoutReadLog(work_day=d, user=reader, read_datetime=at) for d in days], ignore_conflicts=True
    )
    events.publish_read_logs(reader=reader, work_days=days)
    return days


class ChecksFailed(Exception):
    def __init__(self, statuses: list[CheckoutCheckStatus]):
        super().__init__(checks.ACTIVITY_DETAILS_MISSING)
        self.statuses = statuses


def leave_office(*, user, leave_anyway: bool) -> list[CheckoutCheckStatus]:
    """Run the checks on the current day, then leave; with checks failing, leave only when asked
    to leave anyway (ChecksFailed otherwise, and the user stays in the office)."""
    day = work_selectors.current_work_day(user=user)
    try:
        statuses = run_checks(work_day=day) if day is not None else []
    except closing.DayClosed:  # a closed day's checks stay as they were; leaving is still allowed
        statuses = []
    failing = checks.failed(statuses)
    if failing and not leave_anyway:
        raise ChecksFailed(failing)
    status_services.leave_office(user=user)
    return statuses


ADMINS_ONLY = "Only workspace admins change the checkout checks."


@transaction.atomic
def configure_check(*, actor, data: dict):
    if not is_workspace_admin(actor):
        raise PermissionDenied(ADMINS_ONLY)
    default = checks.DEFAULTS[data["checkout_check"]]
    config, _ = CheckoutCheckConfig.objects.get_or_create(
        workspace_id=actor.workspace_id,
        checkout_check=data["checkout_check"],
        defaults={
            "enabled_yn": default.enabled,
            "critical_yn": default.critical,
            "threshold_seconds": default.threshold_seconds,
        },
    )
    for name in ("enabled_yn", "critical_yn", "threshold_seconds"):
        if name in data:
            setattr(config, name, data[name])
    config.save()
    return config
