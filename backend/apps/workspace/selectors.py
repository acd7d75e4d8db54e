"""Reads of the workspace area and the team page, each a fixed number of queries."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Lower

from apps.accounts.models import Observation, User
from apps.checkout.selectors import checkout_day_statuses
from apps.core import timeutils
from apps.projects.models import ProjectMembership, TaskTime, TrackedInterval
from apps.timeaccount.selectors import summaries as time_summaries
from apps.work import accounting
from apps.work import selectors as work_selectors
from apps.work.models import StatusRecord
from apps.work.presence import seen_status

MAX_OBSERVED = 200
# The checkout status shown is the latest day with one within this many days (today included).
CHECKOUT_LOOKBACK_DAYS = 7


def _observations() -> Prefetch:
    return Prefetch(
        "observations",
        queryset=Observation.objects.select_related("observed_user").order_by(
            Lower("observed_user__display_name"), "observed_user_id"
        ),
    )


def _with_activity(users: QuerySet[User]) -> QuerySet[User]:
    """What "last active" is made of: the latest status record's start and end, and whether one
    is open (`last_login`, the last sign-in, is a column), with the team pages prefetched."""
    records = StatusRecord.objects.filter(user=OuterRef("pk"), deleted_yn=False)
    return users.annotate(
        last_status_start=Subquery(records.order_by("-start_datetime").values("start_datetime")[:1]),
        last_status_end=Subquery(
            records.filter(end_datetime__isnull=False).order_by("-end_datetime").values("end_datetime")[:1]
        ),
        in_office=Exists(records.filter(end_datetime__isnull=True)),
    ).prefetch_related(_observations())


def members(*, workspace_id: int, active: bool = True, search: str = "") -> QuerySet[User]:
    """The workspace's active (or inactive) members by display name; `search` is a part of it."""
    users = User.objects.filter(workspace_id=workspace_id, is_active=active)
    if search:
        users = users.filter(display_name__icontains=search)
    return _with_activity(users).order_by(Lower("display_name"), "id")


def member(*, workspace_id: int, user_id: int) -> User | None:
    """One member of the workspace, active or not."""
    return _with_activity(User.objects.filter(workspace_id=workspace_id, pk=user_id)).first()


def last_active(user: User, *, now: dt.datetime) -> dt.datetime | None:
    """Now while in the office; otherwise the latest of the last sign-in and status change."""
    if getattr(user, "in_office", False):
        return now
    moments = [
        moment
        for moment in (
            user.last_login,
            getattr(user, "last_status_start", None),
            getattr(user, "last_status_end", None),
        )
        if moment is not None
    ]
    return max(moments) if moments else None


def member_projects(*, user: User) -> list[ProjectMembership]:
    return list(
        ProjectMembership.objects.filter(user=user, project__personal_user__isnull=True)
        .select_related("project")
        .order_by(Lower("project__title"), "project_id")
    )


def team_page(*, viewer: User) -> list[dict]:
    """The members `viewer` observes (active ones), each with the status the viewer sees, today's
    work and break time, today's time on tasks (their own local today) and the checkout status of
    their latest day that has one (apps.checkout), and their week and balance (apps.timeaccount).
    Eighteen queries whatever the number of members (eight, and the working-time account's ten);
    sixteen while none of the members' time changed (their worked time kept, one stamp query)."""
    now = timeutils.now()
    observations = list(
        Observation.objects.filter(observer=viewer, observed_user__is_active=True)
        .select_related("observed_user__workspace")
        .order_by(Lower("observed_user__display_name"), "observed_user_id")[:MAX_OBSERVED]
    )
    users = [o.observed_user for o in observations]
    if not users:
        return []
    windows = {
        u.pk: timeutils.day_bounds(timeutils.local_today(u.timezone, at=now), u.timezone) for u in users
    }
    lo = min(w[0] for w in windows.values())
    hi = max(w[1] for w in windows.values())
    records_by_user: dict[int, list[work_selectors.RecordRow]] = defaultdict(list)
    for record in work_selectors.record_rows(  # tuples: what the segments and the status read
        StatusRecord.objects.filter(user__in=[u.pk for u in users], deleted_yn=False, start_datetime__lt=hi)
        .filter(Q(end_datetime__isnull=True) | Q(end_datetime__gt=lo - dt.timedelta(days=1)))
        .order_by("start_datetime")
    ):
        records_by_user[record.user_id].append(record)
    today_dates = {u.pk: timeutils.local_today(u.timezone, at=now) for u in users}
    seconds_on_tasks: dict[int, int] = defaultdict(int)
    for row in TaskTime.objects.filter(
        user__in=[u.pk for u in users], work_day__work_date__in=set(today_dates.values())
    ).values("user_id", "work_day__work_date", "seconds_worked"):
        if row["work_day__work_date"] == today_dates[row["user_id"]]:
            seconds_on_tasks[row["user_id"]] += row["seconds_worked"]
    running = {
        interval.user_id: interval
        for interval in TrackedInterval.objects.filter(
            user__in=[u.pk for u in users], end_datetime__isnull=True
        ).select_related("work_day")
    }
    checkout = checkout_day_statuses(
        users=users,
        from_date=min(today_dates.values()) - dt.timedelta(days=CHECKOUT_LOOKBACK_DAYS - 1),
        to_date=max(today_dates.values()),
    )
    accounts = time_summaries(users, periods=("week", "balance"))
    rows = []
    for observation in observations:
        user = observation.observed_user
        today = today_dates[user.pk]
        days = {day: status for day, status in checkout.get(user.pk, {}).items() if day <= today}
        checkout_date = max(days) if days else None
        records = records_by_user.get(user.pk, [])
        segments = work_selectors.settled_segments(records, at=now, tz_name=user.timezone)
        numbers = accounting.totals(segments, until=now, window=windows[user.pk])
        tasks_time = seconds_on_tasks.get(user.pk, 0)
        interval = running.get(user.pk)
        if interval is not None and interval.work_day.work_date == today_dates[user.pk]:
            # The running interval counts where it lies inside working segments (as everywhere).
            tasks_time += accounting.totals(
                segments, until=now, window=(interval.start_datetime, now)
            ).work_time
        open_records = [r for r in records if r.end_datetime is None]
        status = seen_status(
            user=user, viewer=viewer, record=open_records[-1] if open_records else None, at=now
        )
        # Invisible mode hides the member from everyone but themselves (docs/invisible-mode.md).
        hidden = user.is_invisible
        rows.append(
            {
                "user": user,
                "status": status,
                "work_time": 0 if hidden else numbers.work_time,
                "break_time": 0 if hidden else numbers.break_time,
                "tasks_time": 0 if hidden else min(tasks_time, numbers.work_time),
                "checkout_status": days[checkout_date] if checkout_date and not hidden else None,
                "checkout_date": checkout_date if not hidden else None,
                "shown_yn": observation.shown_yn,
                "starred_yn": observation.starred_yn,
                "time_account": None if hidden else accounts[user.pk],
            }
        )
    return rows
