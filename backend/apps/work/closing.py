"""The lock rule, in one place (issue 28, docs/closing.md): a member's day is closed when it lies in
one of their approved periods or on or before their `closed_through` date (an admin's bulk lock).
Every write that changes a member's day calls `refuse_if_locked` (or `lock_days`, which takes the
user lock and checks in the same query); `DayClosed` is answered 409 with a plain message.

Work sits low in the app graph, so projects, checkout and the others import this module. Periods'
arithmetic (a workspace's week or month around a date) lives here too."""

from __future__ import annotations

import calendar
import datetime as dt

from django.db.models import OuterRef, Subquery
from rest_framework import status
from rest_framework.exceptions import APIException

from apps.accounts.models import ClosingPeriod, User
from apps.core import timeutils
from apps.work.models import PeriodState, WorkPeriod

DAY_CLOSED = "This day is closed: {day} {why}. Ask for a correction instead."
IN_APPROVED_PERIOD = "is in the approved period {start} to {end}"
LOCKED_THROUGH = "is locked (days up to {through} are closed)"
WEEKDAYS = {"monday": 0, "sunday": 6, "saturday": 5}


class DayClosed(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "day_closed"


def _text(day: dt.date) -> str:
    return f"{day:%a} {day.day} {day:%b %Y}"


def _local(value: dt.date | dt.datetime, tz_name: str) -> dt.date:
    if isinstance(value, dt.datetime):
        return timeutils.local_date(value, tz_name)
    return value


def _span(user, lo, hi) -> tuple[dt.date, dt.date]:
    first = _local(lo, user.timezone)
    last = _local(hi if hi is not None else lo, user.timezone)
    if isinstance(hi, dt.datetime) and hi > lo and timeutils.local_date(hi, user.timezone) != first:
        # A span that ends exactly at a local midnight does not touch the next day.
        last = timeutils.local_date(hi - dt.timedelta(microseconds=1), user.timezone)
    return (first, last) if first <= last else (last, first)


def _approved_covering(first: dt.date, last: dt.date):
    return WorkPeriod.objects.filter(
        user_id=OuterRef("pk"), state=PeriodState.APPROVED, start_date__lte=last, end_date__gte=first
    ).order_by("start_date")


def _check(row, first: dt.date, last: dt.date) -> None:
    if row is None:
        return
    closed_through, period_start, period_end = row
    if closed_through is not None and first <= closed_through:
        raise DayClosed(
            DAY_CLOSED.format(day=_text(first), why=LOCKED_THROUGH.format(through=_text(closed_through)))
        )
    if period_start is not None:
        day = max(first, period_start)
        why = IN_APPROVED_PERIOD.format(start=_text(period_start), end=_text(period_end))
        raise DayClosed(DAY_CLOSED.format(day=_text(day), why=why))


def _row(queryset, first: dt.date, last: dt.date):
    covering = _approved_covering(first, last)
    return (
        queryset.annotate(
            period_start=Subquery(covering.values("start_date")[:1]),
            period_end=Subquery(covering.values("end_date")[:1]),
        )
        .values_list("closed_through", "period_start", "period_end")
        .first()
    )


def refuse_if_locked(user, lo: dt.date | dt.datetime, hi: dt.date | dt.datetime | None = None) -> None:
    """Raise DayClosed when any of the user's days from `lo` to `hi` (dates, or instants read in
    the user's time zone) is closed. One query."""
    first, last = _span(user, lo, hi)
    _check(_row(User.objects.filter(pk=user.pk), first, last), first, last)


def lock_days(user, lo: dt.date | dt.datetime, hi: dt.date | dt.datetime | None = None) -> None:
    """`accounts.locks.lock_user` and `refuse_if_locked` in one query: the hot paths (status
    changes, the tracker) keep their query count."""
    first, last = _span(user, lo, hi)
    _check(_row(User.objects.select_for_update(of=("self",)).filter(pk=user.pk), first, last), first, last)


def closed_spans(user, first: dt.date, last: dt.date) -> list[dict]:
    """The closed stretches of the user's days between `first` and `last` with their reason, for
    screens that show the lock instead of offering controls that would fail."""
    spans = []
    through = User.objects.filter(pk=user.pk).values_list("closed_through", flat=True).first()
    if through is not None and through >= first:
        spans.append(
            {
                "start_date": first,
                "end_date": min(through, last),
                "reason": LOCKED_THROUGH.format(through=_text(through)),
            }
        )
    for start, end in WorkPeriod.objects.filter(
        user_id=user.pk, state=PeriodState.APPROVED, start_date__lte=last, end_date__gte=first
    ).values_list("start_date", "end_date"):
        spans.append(
            {
                "start_date": start,
                "end_date": end,
                "reason": IN_APPROVED_PERIOD.format(start=_text(start), end=_text(end)),
            }
        )
    return spans


def period_bounds(workspace, day: dt.date) -> tuple[dt.date, dt.date]:
    """The workspace's period (its week from its first day of the week, or the month) holding `day`."""
    if workspace is not None and workspace.closing_period == ClosingPeriod.MONTHLY:
        last = calendar.monthrange(day.year, day.month)[1]
        return day.replace(day=1), day.replace(day=last)
    first_weekday = WEEKDAYS.get(getattr(workspace, "first_day_of_week", "monday"), 0)
    start = day - dt.timedelta(days=(day.weekday() - first_weekday) % 7)
    return start, start + dt.timedelta(days=6)
