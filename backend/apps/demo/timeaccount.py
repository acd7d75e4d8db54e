"""The demo's working-time account (issue 27, docs/timeaccount.md): schedules for Ada, Ben and
Cy (Cy part-time), a workspace holiday in the last three weeks, Ada's opening balance, time-off
types, an approved day off for Ben (and an approved afternoon off in the last three weeks, so his
account shows leave on History) and a pending request from Cy. Idempotent like the rest."""

from __future__ import annotations

import datetime as dt

from apps.core import timeutils
from apps.timeaccount.models import (
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

H = 3600
FULL_TIME = [7 * H + 30 * 60] * 5 + [0, 0]  # a 37.5-hour week
PART_TIME = [4 * H] * 4 + [0, 0, 0]  # Cy: four mornings a week
ACCOUNT_DAYS = 21  # the accounts start with the seeded three weeks of work


def _weekday_near(day: dt.date, step: int) -> dt.date:
    while day.weekday() >= 5:
        day += dt.timedelta(days=step)
    return day


def seed_time_account(*, workspace, users: dict) -> None:
    ada, ben, cy = users["ada@example.com"], users["ben@example.com"], users["cy@example.com"]
    today = timeutils.local_today(ada.timezone)
    start = today - dt.timedelta(days=ACCOUNT_DAYS)
    HolidayRegion.objects.get_or_create(workspace=workspace, user=None, defaults={"country": "PT"})
    WorkPattern.objects.get_or_create(
        workspace=workspace, user=None, valid_from=start, defaults={"weekday_seconds": FULL_TIME}
    )
    for user, pattern in ((ada, FULL_TIME), (ben, FULL_TIME), (cy, PART_TIME)):
        AccountStart.objects.get_or_create(user=user, defaults={"start_date": start})
        WorkPattern.objects.get_or_create(
            workspace=workspace, user=user, valid_from=start, defaults={"weekday_seconds": pattern}
        )
    holiday = _weekday_near(today - dt.timedelta(days=10), -1)
    if not WorkspaceHoliday.objects.filter(workspace=workspace, removed=False).exists():
        WorkspaceHoliday.objects.create(workspace=workspace, date=holiday, name="Acme founders' day")
    if not Adjustment.objects.filter(user=ada).exists():
        Adjustment.objects.create(
            user=ada,
            date=start,
            kind=AdjustmentKind.OPENING_BALANCE,
            seconds=2 * H,
            reason="Carried over from the old spreadsheet",
            created_by=ada,
            created_at=timeutils.now(),
        )
    paid, _ = TimeOffType.objects.get_or_create(
        workspace=workspace,
        name="Paid leave",
        defaults={"color": "#52c41a", "counts_as_worked": True, "yearly_allowance_half_days": 50},
    )
    TimeOffType.objects.get_or_create(
        workspace=workspace, name="Sick", defaults={"color": "#faad14", "counts_as_worked": True}
    )
    TimeOffType.objects.get_or_create(
        workspace=workspace, name="Unpaid", defaults={"color": "#8c8c8c", "counts_as_worked": False}
    )
    day_off = _weekday_near(today + dt.timedelta(days=7), 1)
    if not TimeOffRequest.objects.filter(user=ben).exists():
        TimeOffRequest.objects.create(
            user=ben,
            type=paid,
            start_date=day_off,
            end_date=day_off,
            note="Moving house",
            status=TimeOffStatus.APPROVED,
            decided_by=ada,
            decided_at=timeutils.now(),
            decision_reason="Good luck with the move",
        )
        afternoon = _weekday_near(today - dt.timedelta(days=3), -1)
        TimeOffRequest.objects.create(
            user=ben,
            type=paid,
            start_date=afternoon,
            end_date=afternoon,
            half_day=True,
            note="Dentist in the afternoon",
            status=TimeOffStatus.APPROVED,
            decided_by=ada,
            decided_at=timeutils.now(),
        )
    if not TimeOffRequest.objects.filter(user=cy).exists():
        first = _weekday_near(today + dt.timedelta(days=14), 1)
        TimeOffRequest.objects.create(
            user=cy, type=paid, start_date=first, end_date=first, note="Family visit"
        )
