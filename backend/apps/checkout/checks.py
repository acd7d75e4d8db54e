"""The checkout checks (docs/checkout.md): each one a function of a work day, configurable per
workspace (which run, which are critical, the unallocated-time threshold). Running them stores one
CheckoutCheckStatus per check and day; a dismissed message stays dismissed while the result is
the same."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from apps.accounts.locks import lock_user
from apps.checkout.models import CheckoutCheck, CheckoutCheckConfig, CheckoutCheckStatus
from apps.core import timeutils
from apps.projects.models import Activity, TaskTime, UserTask
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay, WorkShiftSchedule

ACTIVITY_DETAILS_MISSING = "Activity Details for some tasks are missing."
CHECKOUT_NOTE_EMPTY = "The checkout note is empty."
NOTHING_PLANNED = "Nothing is planned for the next workday."
# The next workday is looked for this far ahead (a weekend, a day off).
PLAN_HORIZON = dt.timedelta(days=7)


@dataclass(frozen=True)
class Rule:
    check: str
    enabled: bool
    critical: bool
    threshold_seconds: int


DEFAULTS: dict[str, Rule] = {
    CheckoutCheck.ACTIVITY_DETAILS: Rule(CheckoutCheck.ACTIVITY_DETAILS, True, True, 0),
    CheckoutCheck.UNALLOCATED_TIME: Rule(CheckoutCheck.UNALLOCATED_TIME, True, False, 3600),
    CheckoutCheck.CHECKOUT_NOTE: Rule(CheckoutCheck.CHECKOUT_NOTE, True, False, 0),
    CheckoutCheck.NEXT_WORKDAY_PLAN: Rule(CheckoutCheck.NEXT_WORKDAY_PLAN, True, False, 0),
}


def rules(*, workspace_id: int | None) -> list[Rule]:
    """The workspace's rules in a fixed order: its own rows over the defaults."""
    own = (
        {
            c.checkout_check: Rule(c.checkout_check, c.enabled_yn, c.critical_yn, c.threshold_seconds)
            for c in CheckoutCheckConfig.objects.filter(workspace_id=workspace_id)
        }
        if workspace_id
        else {}
    )
    return [own.get(check, DEFAULTS[check]) for check in CheckoutCheck.values]


def duration_text(seconds: int) -> str:
    hours, minutes = divmod(max(0, seconds) // 60, 60)
    return f"{hours}h {minutes:02d}m" if hours else f"{minutes}m"


def note_text(notes: str | None) -> str:
    """The plain text of a checkout note (draft-js raw JSON or plain text)."""
    import json

    if not notes:
        return ""
    if notes.lstrip().startswith("{"):
        try:
            doc = json.loads(notes)
            return "\n".join(str(b.get("text", "")) for b in doc.get("blocks", []) if isinstance(b, dict))
        except (ValueError, AttributeError):
            return notes
    return notes


def _activity_details(work_day: WorkDay, rule: Rule) -> tuple[bool, int, dict]:
    lo, hi = timeutils.day_bounds(work_day.work_date, work_day.user.timezone)
    reported = Activity.objects.filter(
        user_id=work_day.user_id, task_id=OuterRef("task_id"), submitted_yn=True, deleted_yn=False
    ).filter(Q(work_date=work_day.work_date) | Q(submitted_datetime__gte=lo, submitted_datetime__lt=hi))
    missing = list(
        TaskTime.objects.filter(work_day=work_day)
        .filter(Q(seconds_worked__gt=0) | Q(recording_yn=True))
        .exclude(Exists(reported))
        .values("task_id", "task__title", "project_id")
        .order_by("task__title", "task_id")[:100]
    )
    items = [
        {"task_id": m["task_id"], "title": m["task__title"], "project_id": m["project_id"]} for m in missing
    ]
    return not items, len(items), {"checkout_failed_message": ACTIVITY_DETAILS_MISSING, "tasks": items}


def _unallocated_time(work_day: WorkDay, rule: Rule) -> tuple[bool, int, dict]:
    summary = work_selectors.worktime_summary(user=work_day.user, day=work_day.work_date)
    unallocated = max(0, summary["work_time"] - summary["tasks_allocated_time"])
    passed = unallocated <= rule.threshold_seconds
    message = (
        f"Unallocated time of {duration_text(unallocated)} is above {duration_text(rule.threshold_seconds)}."
    )
    return (
        passed,
        0 if passed else 1,
        {
            "checkout_failed_message": message,
            "unallocated_seconds": unallocated,
            "threshold_seconds": rule.threshold_seconds,
        },
    )


def _checkout_note(work_day: WorkDay, rule: Rule) -> tuple[bool, int, dict]:
    passed = bool(note_text(work_day.checkout_notes).strip())
    return passed, 0 if passed else 1, {"checkout_failed_message": CHECKOUT_NOTE_EMPTY}


def _next_workday_plan(work_day: WorkDay, rule: Rule) -> tuple[bool, int, dict]:
    _, hi = timeutils.day_bounds(work_day.work_date, work_day.user.timezone)
    planned = (
        UserTask.objects.filter(
            user_id=work_day.user_id, next_shift_yn=True, task__archived_yn=False
        ).exists()
        or WorkShiftSchedule.objects.filter(
            user_id=work_day.user_id, start_datetime__gte=hi, start_datetime__lt=hi + PLAN_HORIZON
        ).exists()
    )
    return planned, 0 if planned else 1, {"checkout_failed_message": NOTHING_PLANNED}


RUNNERS = {
    CheckoutCheck.ACTIVITY_DETAILS: _activity_details,
    CheckoutCheck.UNALLOCATED_TIME: _unallocated_time,
    CheckoutCheck.CHECKOUT_NOTE: _checkout_note,
    CheckoutCheck.NEXT_WORKDAY_PLAN: _next_workday_plan,
}


@transaction.atomic
def run_checks(*, work_day: WorkDay) -> list[CheckoutCheckStatus]:
    """Run the workspace's enabled checks on the day and store their statuses (a check switched
    off since is removed from the day)."""
    user = work_day.user
    lock_user(user)
    # An earlier day's dismissed message stays dismissed when its result changes on a rerun (the
    # owner opening the day reruns it, and the plan check reads today's flags): only the current
    # day's new finding shows again (docs/checkout.md).
    revives = work_day.work_date >= timeutils.local_today(user.timezone)
    stored = {s.checkout_check: s for s in CheckoutCheckStatus.objects.filter(work_day=work_day)}
    results = []
    enabled = set()
    for rule in rules(workspace_id=user.workspace_id):
        if not rule.enabled:
            continue
        enabled.add(rule.check)
        passed, n_items, issue = RUNNERS[rule.check](work_day, rule)
        status = stored.get(rule.check)
        if status is None:
            status = CheckoutCheckStatus(work_day=work_day, user=user, checkout_check=rule.check)
        changed = status.pk is None or (status.passed_yn, status.n_checkout_items) != (passed, n_items)
        if changed or status.issue_json != issue or status.critical_yn != rule.critical:
            if changed and revives:
                status.message_dismissed_yn = False  # a new finding is shown again
            status.work_date = work_day.work_date
            status.passed_yn, status.n_checkout_items = passed, n_items
            status.issue_json, status.critical_yn = issue, rule.critical
            status.save()
        results.append(status)
    stale = [s.pk for check, s in stored.items() if check not in enabled]
    if stale:
        CheckoutCheckStatus.objects.filter(pk__in=stale).delete()
    return results


def failed(statuses: list[CheckoutCheckStatus]) -> list[CheckoutCheckStatus]:
    return [s for s in statuses if not s.passed_yn]
