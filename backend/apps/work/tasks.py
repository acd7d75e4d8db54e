"""Work's background job (config/celery.py runs it on beat, or in-process on the embedded default).

Closing forgotten shifts: a shift left open past local midnight used to be closed at the user's
next call; this job settles every open record whose local day is over, so the close (dated at
that midnight, `timeutils.rollover`) happens right after midnight, for everyone, whether or not
they come back."""

from __future__ import annotations

import datetime as dt

from celery import shared_task

from apps.accounts import reminders
from apps.accounts.models import NotificationKind, User
from apps.core import timeutils
from apps.core.locks import job_lock
from apps.work import closing
from apps.work.models import PeriodState, StatusRecord, WorkDay, WorkPeriod
from apps.work.services import activity, guardian, periods
from apps.work.services.status import settle_open_status

BATCH = 500


@shared_task(acks_late=True, soft_time_limit=120, time_limit=150)
def close_forgotten_shifts() -> int:
    """Settle open records that started on an earlier local date; how many users were settled."""
    with job_lock("close-forgotten-shifts", seconds=200) as held:
        if not held:
            return 0
        now = timeutils.now()
        settled, last = 0, 0
        while True:
            rows = list(
                StatusRecord.objects.filter(end_datetime__isnull=True, deleted_yn=False, pk__gt=last)
                .select_related("user", "work_shift")
                .order_by("pk")[:BATCH]
            )
            if not rows:
                return settled
            last = rows[-1].pk
            for record in rows:
                shift_start = (
                    record.work_shift.start_datetime if record.work_shift_id else record.start_datetime
                )
                action, _ = timeutils.rollover(
                    record_start=record.start_datetime,
                    shift_start=shift_start,
                    at=now,
                    tz_name=record.user.timezone,
                )
                if action != timeutils.KEEP:
                    settle_open_status(user=record.user)
                    settled += 1


@shared_task(acks_late=True, soft_time_limit=60, time_limit=90)
def presence_sweep() -> int:
    """Real presence (docs/presence.md): quiet members become idle, then away; how many changed."""
    with job_lock("presence-sweep", seconds=100) as held:
        return activity.sweep() if held else 0


@shared_task(acks_late=True, soft_time_limit=60, time_limit=90)
def shift_guardian() -> int:
    """The shift guardian (docs/guardian.md): 'Still working?' asked, then proposed or applied; how
    many prompts were made or changed."""
    with job_lock("shift-guardian", seconds=100) as held:
        return guardian.run() if held else 0


# --- closing the week's reminders (issue 28, docs/closing.md) ---------------------------------------

OPEN_STATES = (PeriodState.DRAFT, PeriodState.REJECTED, PeriodState.REOPENED)
ENDS_TOMORROW = "Your period {start} to {end} ends tomorrow: submit it from History once it is complete."
OVERDUE = "Your period {start} to {end} is over and not submitted yet: submit it from History."
AUTO_SUBMITTED = "automatic: not submitted {days} days after the period ended"
APPROVAL_SUBJECT = "Periods wait for your approval"
WAITING = "{name}'s period {start} to {end} waits for your approval since {since}."


def _state(user, start: dt.date) -> str | None:
    return WorkPeriod.objects.filter(user=user, start_date=start).values_list("state", flat=True).first()


def _open(user, start: dt.date) -> bool:
    state = _state(user, start)
    return state is None or state in OPEN_STATES


def _worked(user, first: dt.date, last: dt.date) -> bool:
    return WorkDay.objects.filter(
        user=user, work_date__gte=first, work_date__lte=last, work_time_seconds__gt=0
    ).exists()


def _notify_once(user, kind: str, text: str, subject: str) -> bool:
    """Once per text (a reminder is sent once), in the product and by email."""
    return reminders.notify_once(user, kind=kind, text=text, subject=subject)


def _remind(user, text: str) -> bool:
    """Switchable by the member like every reminder (docs/reminders.md)."""
    return reminders.notify_once(
        user,
        kind=NotificationKind.CLOSING_REMINDER,
        text=text,
        subject="Close your week",
        reminder=reminders.Reminder.CLOSING,
    )


def _auto_submit(user, today: dt.date) -> bool:
    """The workspace's rule: the latest period that ended `auto_submit_after_days` or more days ago,
    worked and still a draft (or reopened), is submitted for the member, with the rule as the reason
    in the change log. A rejected period waits for the member: it needs their answer."""
    days = user.workspace.auto_submit_after_days
    if days is None:
        return False
    start, end = closing.period_bounds(user.workspace, today - dt.timedelta(days=days))
    if end > today - dt.timedelta(days=days):
        start, end = closing.period_bounds(user.workspace, start - dt.timedelta(days=1))
    if _state(user, start) not in (None, PeriodState.DRAFT, PeriodState.REOPENED):
        return False
    if not _worked(user, start, end):
        return False
    periods.period_submit(user=user, day=start, reason=AUTO_SUBMITTED.format(days=days))
    return True


def _remind_approvers(now: dt.datetime) -> int:
    """Periods submitted `approval_reminder_days` or more days ago and still waiting: each of their
    approvers (workspace admins, the member's team-page owners) is told once per period."""
    sent = 0
    waiting = (
        WorkPeriod.objects.filter(
            state=PeriodState.SUBMITTED,
            submitted_at__isnull=False,
            user__is_active=True,
            user__workspace__approval_reminder_days__isnull=False,
        )
        .select_related("user__workspace")
        .order_by("submitted_at", "id")
    )
    for period in waiting:
        if now - period.submitted_at < dt.timedelta(days=period.user.workspace.approval_reminder_days):
            continue
        text = WAITING.format(
            name=period.user.display_name or period.user.email,
            start=period.start_date,
            end=period.end_date,
            since=timeutils.local_date(period.submitted_at, period.user.timezone),
        )
        for approver in User.objects.filter(pk__in=periods.approver_ids(period.user)):
            sent += _notify_once(approver, NotificationKind.APPROVAL_REMINDER, text, APPROVAL_SUBJECT)
    return sent


@shared_task(acks_late=True, soft_time_limit=120, time_limit=150)
def closing_reminders() -> int:
    """The day before a member's period ends, and once it is overdue (over, worked, not submitted):
    one reminder each, in the member's own time zone; the workspace's automatic submit; approvers
    reminded of periods waiting for them. Returns how many were sent or submitted."""
    with job_lock("closing-reminders", seconds=200) as held:
        if not held:
            return 0
        sent = 0
        for user in User.objects.filter(is_active=True, workspace__isnull=False).select_related("workspace"):
            today = timeutils.local_today(user.timezone)
            sent += _auto_submit(user, today)
            start, end = closing.period_bounds(user.workspace, today)
            if end - today == dt.timedelta(days=1) and _open(user, start):
                sent += _remind(user, ENDS_TOMORROW.format(start=start, end=end))
            before, last = closing.period_bounds(user.workspace, start - dt.timedelta(days=1))
            if _worked(user, before, last) and _open(user, before):
                sent += _remind(user, OVERDUE.format(start=before, end=last))
        return sent + _remind_approvers(timeutils.now())
