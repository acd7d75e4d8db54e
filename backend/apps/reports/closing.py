"""Reads of closing the week (issue 28, docs/closing.md): what a period holds (worked time, days
with failed checks or without a checkout), the approvers' list, the corrections, the closed days.
Here because the summary joins work and the checkout; the writes are work's and projects'."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db.models import Q

from apps.accounts.members import is_workspace_admin
from apps.accounts.models import Observation, User
from apps.checkout.models import CheckoutCheckStatus
from apps.core import timeutils
from apps.timeaccount.selectors import expected_days
from apps.work import closing
from apps.work.models import CorrectionRequest, CorrectionState, PeriodState, WorkDay, WorkPeriod

LIST_CAP = 200


def _summaries(items: list[tuple[int, dt.date, dt.date]]) -> dict[tuple[int, dt.date], dict]:
    """(user id, start, end) -> the summary, for many periods in a bounded number of queries
    (the days, the failed checks, the members and their working-time accounts)."""
    if not items:
        return {}
    user_ids = {uid for uid, _, _ in items}
    lo, hi = min(s for _, s, _ in items), max(e for _, _, e in items)
    days = defaultdict(list)
    for uid, date, seconds, notes, shifts in (
        WorkDay.objects.filter(user_id__in=user_ids, work_date__gte=lo, work_date__lte=hi)
        .values_list("user_id", "work_date", "work_time_seconds", "checkout_notes", "start_datetime")
        .order_by("work_date")
    ):
        days[uid].append((date, seconds, notes, shifts))
    # The target of each day (the working-time account, docs/timeaccount.md): holidays and approved
    # time off already lower it.
    expected = expected_days(list(User.objects.filter(pk__in=user_ids)), lo=lo, hi=hi)
    failed = defaultdict(set)
    for uid, date in CheckoutCheckStatus.objects.filter(
        user_id__in=user_ids, work_date__gte=lo, work_date__lte=hi, passed_yn=False
    ).values_list("user_id", "work_date"):
        failed[uid].add(date)
    out = {}
    for uid, start, end in items:
        mine = [d for d in days[uid] if start <= d[0] <= end]
        worked = sum(d[1] for d in mine)
        target = sum(
            seconds for (who, day), (seconds, _) in expected.items() if who == uid and start <= day <= end
        )
        out[(uid, start)] = {
            "worked_seconds": worked,
            "expected_seconds": target,
            "difference_seconds": worked - target,
            "days_worked": sum(1 for d in mine if d[1] > 0),
            "days_with_failed_checks": sorted(d for d in failed[uid] if start <= d <= end),
            "days_without_checkout": [d[0] for d in mine if d[1] > 0 and not d[2]],
        }
    return out


def period_view(*, user, day: dt.date) -> dict:
    """The user's period holding `day` (no row is made: a draft without one has no id)."""
    start, end = closing.period_bounds(user.workspace, day)
    period = WorkPeriod.objects.filter(user=user, start_date=start).select_related("decided_by").first()
    summary = _summaries([(user.pk, start, end)])[(user.pk, start)]
    return _row(period, user=user, start=start, end=end, summary=summary)


def _row(period: WorkPeriod | None, *, user, start, end, summary) -> dict:
    return {
        "id": period.pk if period else None,
        "user_id": user.pk,
        "user_name": user.display_name or user.full_name or user.email,
        "start_date": start,
        "end_date": end,
        "state": period.state if period else PeriodState.DRAFT,
        "reason": period.reason if period else "",
        "submitted_at": period.submitted_at if period else None,
        "decided_at": period.decided_at if period else None,
        "decided_by_name": (period.decided_by.display_name if period and period.decided_by else ""),
        "summary": summary,
    }


def approvable_user_ids(approver) -> list[int]:
    members = User.objects.filter(workspace_id=approver.workspace_id, is_active=True).exclude(pk=approver.pk)
    if not is_workspace_admin(approver):
        members = members.filter(
            pk__in=Observation.objects.filter(observer=approver).values("observed_user_id")
        )
    return list(members.values_list("pk", flat=True))


def approvals(*, approver, state: str = PeriodState.SUBMITTED) -> list[dict]:
    """The periods waiting for the approver (submitted by members they answer for), oldest first."""
    periods = list(
        WorkPeriod.objects.filter(user_id__in=approvable_user_ids(approver), state=state)
        .select_related("user", "decided_by")
        .order_by("start_date", "user__display_name", "pk")[:LIST_CAP]
    )
    return period_rows(periods)


def period_rows(periods: list[WorkPeriod]) -> list[dict]:
    summaries = _summaries([(p.user_id, p.start_date, p.end_date) for p in periods])
    return [
        _row(p, user=p.user, start=p.start_date, end=p.end_date, summary=summaries[(p.user_id, p.start_date)])
        for p in periods
    ]


def corrections(*, viewer) -> list[dict]:
    """The viewer's own corrections and the pending ones they may decide."""
    rows = (
        CorrectionRequest.objects.filter(
            Q(user=viewer) | Q(user_id__in=approvable_user_ids(viewer), state=CorrectionState.PENDING)
        )
        .select_related("user", "decided_by")
        .order_by("-created_at", "-pk")[:LIST_CAP]
    )
    return [
        {
            "id": c.pk,
            "user_id": c.user_id,
            "user_name": c.user.display_name or c.user.email,
            "work_date": c.work_date,
            "kind": c.kind,
            "shift_id": c.shift_id,
            "task_id": c.task_id,
            "start_datetime": c.start_datetime,
            "end_datetime": c.end_datetime,
            "seconds": c.seconds,
            "reason": c.reason,
            "state": c.state,
            "decided_by_name": c.decided_by.display_name if c.decided_by else "",
            "decision_reason": c.decision_reason,
            "can_decide": c.user_id != viewer.pk and c.state == CorrectionState.PENDING,
        }
        for c in rows
    ]


def closed_days(*, user, first: dt.date, last: dt.date) -> list[dict]:
    return closing.closed_spans(user, first, last)


def today(user) -> dt.date:
    return timeutils.local_today(user.timezone)
