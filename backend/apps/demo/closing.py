"""Closing the week in the demo (issue 28, docs/closing.md): every state is visible after `make run`:
Ben's week three weeks ago approved (locked), Cy's week three weeks ago sent back with a reason,
and Cy's week two weeks ago submitted, waiting for Ada. Seeded last (the other steps write those
days), through the same services as the product; idempotent (a period already moved stays)."""

from __future__ import annotations

import datetime as dt

from apps.core import timeutils
from apps.work import closing
from apps.work.models import PeriodState, WorkPeriod
from apps.work.services import periods

REJECTION = "Wednesday has no checkout note: please add what you did, then submit again."


def is_closed(user, day: dt.date) -> bool:
    try:
        closing.refuse_if_locked(user, day)
    except closing.DayClosed:
        return True
    return False


def _period_day(user, weeks_back: int) -> dt.date:
    return timeutils.local_today(user.timezone) - dt.timedelta(days=7 * weeks_back)


def _untouched(user, day: dt.date) -> bool:
    start, _ = closing.period_bounds(user.workspace, day)
    return (
        not WorkPeriod.objects.filter(user=user, start_date=start).exclude(state=PeriodState.DRAFT).exists()
    )


def seed_closing(*, users: dict) -> None:
    ada, ben, cy = users["ada@example.com"], users["ben@example.com"], users["cy@example.com"]
    day = _period_day(ben, 3)
    if _untouched(ben, day):
        period = periods.period_submit(user=ben, day=day)
        periods.periods_decide(approver=ada, period_ids=[period.pk], approve=True)
    day = _period_day(cy, 3)
    if _untouched(cy, day):
        period = periods.period_submit(user=cy, day=day)
        periods.periods_decide(approver=ada, period_ids=[period.pk], approve=False, reason=REJECTION)
    day = _period_day(cy, 2)
    if _untouched(cy, day):
        periods.period_submit(user=cy, day=day)
