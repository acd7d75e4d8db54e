"""Reads of the checkout. Who may read a checkout is work's one rule (`visible_users`: the user,
their observers, the workspace's admins and team-page owners); everyone else gets 404."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Max, Q, Sum

from apps.checkout.day_status import DAY_STATUS_CHOICES, DayStatus  # noqa: F401 (re-exported)
from apps.checkout.models import CheckoutCheckStatus, CheckoutReadLog
from apps.core import timeutils
from apps.projects import time_selectors
from apps.projects.models import Project, UserTask
from apps.work import selectors as work_selectors
from apps.work.models import WorkDay, WorkShift, WorkShiftSchedule

STATUS_CAP = 200


def readable_users(*, viewer):
    return work_selectors.visible_users(viewer=viewer)


def readable_work_days(*, viewer):
    return work_selectors.visible_work_days(viewer=viewer)


def status_of(rows: list[CheckoutCheckStatus]) -> str:
    if any(not r.passed_yn and r.critical_yn for r in rows):
        return DayStatus.CRITICAL_FAILED
    if any(not r.passed_yn for r in rows):
        return DayStatus.NON_CRITICAL_FAILED
    return DayStatus.PASSED


def checkout_day_statuses(
    *, users: Iterable, from_date: dt.date, to_date: dt.date
) -> dict[int, dict[dt.date, str]]:
    """The checkout status of each user's days in [from_date, to_date] (4 queries whatever the
    number of users and days). A day is absent when there is nothing to say about it.

    still_in_office: a shift of that day is open. critical_failed / non_critical_failed / passed:
    the day's stored check results. working_or_plan_to_work: today or later, with a work day or a
    schedule and no results yet. not_checked: an earlier day with a work day but no results."""
    users = list(users)
    by_id = {u.pk: u for u in users}
    result: dict[int, dict[dt.date, str]] = {u.pk: {} for u in users}
    if not users:
        return result
    days = list(
        WorkDay.objects.filter(
            user_id__in=by_id, work_date__gte=from_date, work_date__lte=to_date
        ).values_list("id", "user_id", "work_date")
    )
    checks: dict[int, list[CheckoutCheckStatus]] = defaultdict(list)
    for row in CheckoutCheckStatus.objects.filter(
        user_id__in=by_id, work_date__gte=from_date, work_date__lte=to_date
    ).only("work_day_id", "passed_yn", "critical_yn"):
        checks[row.work_day_id].append(row)
    open_days = set(
        WorkShift.objects.filter(
            work_day__user_id__in=by_id,
            work_day__work_date__gte=from_date,
            work_day__work_date__lte=to_date,
            end_datetime__isnull=True,
        ).values_list("work_day_id", flat=True)
    )
    earliest = timeutils.day_start(from_date, "Etc/GMT-14")
    latest = timeutils.day_start(to_date + dt.timedelta(days=1), "Etc/GMT+12")
    planned: dict[int, set[dt.date]] = defaultdict(set)
    for user_id, start in WorkShiftSchedule.objects.filter(
        user_id__in=by_id, start_datetime__gte=earliest, start_datetime__lt=latest
    ).values_list("user_id", "start_datetime"):
        planned[user_id].add(timeutils.local_date(start, by_id[user_id].timezone))
    today = {u.pk: timeutils.local_today(u.timezone) for u in users}
    for day_id, user_id, work_date in days:
        if day_id in open_days:
            result[user_id][work_date] = DayStatus.STILL_IN_OFFICE
        elif checks.get(day_id):
            result[user_id][work_date] = status_of(checks[day_id])
        elif work_date >= today[user_id]:
            result[user_id][work_date] = DayStatus.WORKING_OR_PLAN_TO_WORK
        else:
            result[user_id][work_date] = DayStatus.NOT_CHECKED
    for user_id, dates in planned.items():
        for day in dates:
            if from_date <= day <= to_date and day >= today[user_id]:
                result[user_id].setdefault(day, DayStatus.WORKING_OR_PLAN_TO_WORK)
    return result


def check_statuses(
    *, user, work_date=None, from_date=None, to_date=None, passed=None, dismissed=None, check=None
):
    rows = CheckoutCheckStatus.objects.filter(user=user)
    if work_date is not None:
        rows = rows.filter(work_date=work_date)
    if from_date is not None:
        rows = rows.filter(work_date__gte=from_date)
    if to_date is not None:
        rows = rows.filter(work_date__lte=to_date)
    if passed is not None:
        rows = rows.filter(passed_yn=passed)
    if dismissed is not None:
        rows = rows.filter(message_dismissed_yn=dismissed)
    if check:
        rows = rows.filter(checkout_check=check)
    return rows.order_by("-work_date", "checkout_check", "id")


def _has_note():
    return Q(checkout_notes__isnull=False) & ~Q(checkout_notes="")


def workday_summaries(*, viewer, users: list, from_date: dt.date, to_date: dt.date) -> list[dict]:
    """Per user: time worked in the range, the viewer's read status of their latest checkout, the
    last time in the office and that day's checkout status (bounded: 4 + 4 queries)."""
    ids = [u.pk for u in users]
    days = WorkDay.objects.filter(user_id__in=ids, work_date__gte=from_date, work_date__lte=to_date)
    totals = {
        r["user_id"]: r
        for r in days.values("user_id").annotate(
            total=Sum("work_time_seconds"), last=Max("end_datetime"), last_start=Max("start_datetime")
        )
    }
    latest_dates = days.filter(_has_note()).values("user_id").annotate(latest=Max("work_date"))
    wanted = Q(pk__in=[])
    for row in latest_dates:
        wanted |= Q(user_id=row["user_id"], work_date=row["latest"])
    latest = {day.user_id: day for day in WorkDay.objects.filter(wanted).only("id", "user_id", "work_date")}
    read = set(
        CheckoutReadLog.objects.filter(
            user=viewer, work_day_id__in=[d.pk for d in latest.values()]
        ).values_list("work_day_id", flat=True)
    )
    statuses = checkout_day_statuses(users=users, from_date=from_date, to_date=to_date)
    out = []
    for user in users:
        total = totals.get(user.pk, {})
        day = latest.get(user.pk)
        if day is None:
            read_status = "none"
        elif user.pk == viewer.pk or day.pk in read:
            read_status = "read"
        else:
            read_status = "unread"
        user_days = statuses.get(user.pk, {})
        last_date = max(user_days) if user_days else None
        out.append(
            {
                "user_id": user.pk,
                "total_seconds": total.get("total") or 0,
                "checkout_read_status": read_status,
                "checkout_work_day": day.pk if day else None,
                "last_time_in_office": total.get("last") or total.get("last_start"),
                "checkout_check": user_days.get(last_date) if last_date else None,
            }
        )
    return out


def team_workdays(*, viewer, users: list, from_date: dt.date, to_date: dt.date) -> dict:
    ids = [u.pk for u in users]
    days = list(
        WorkDay.objects.filter(user_id__in=ids, work_date__gte=from_date, work_date__lte=to_date)
        .select_related("user")
        .order_by("-work_date", "user_id")[: work_selectors.LIST_CAP]
    )
    read = set(
        CheckoutReadLog.objects.filter(user=viewer, work_day_id__in=[d.pk for d in days]).values_list(
            "work_day_id", flat=True
        )
    )
    statuses = checkout_day_statuses(users=users, from_date=from_date, to_date=to_date)
    return {
        "workdays": [
            {
                "id": d.pk,
                "user": d.user_id,
                "work_date": d.work_date,
                "checkout_notes": d.checkout_notes,
                "work_time_seconds": d.work_time_seconds,
                "checkout_status": statuses.get(d.user_id, {}).get(d.work_date),
                "read_yn": d.user_id == viewer.pk or d.pk in read,
            }
            for d in days
        ],
        "total_seconds_worked": sum(d.work_time_seconds for d in days),
    }


DRAFT_OPEN_CAP = 20


def notes_draft(*, work_day: WorkDay) -> dict:
    """What an empty checkout note can start from (issue 32, docs/checkout.md "Starting the note
    from the day"): the day's tasks with their time (the running interval counted live), the
    meetings imported from the member's calendar that day, and what is still open: the tasks
    marked Today that got no time and those marked Next shift (not archived). Six queries, whatever
    the size of the day."""
    tasks = [row for row in time_selectors.work_day_tasks(work_day=work_day) if row["seconds_worked"] > 0]
    titles = dict(Project.objects.filter(pk__in={row["project"] for row in tasks}).values_list("pk", "title"))
    lo, hi = timeutils.day_bounds(work_day.work_date, work_day.user.timezone)
    meetings = (
        WorkShiftSchedule.objects.filter(user=work_day.user, start_datetime__lt=hi, end_datetime__gt=lo)
        .exclude(calendar_uid="")
        .order_by("start_datetime", "id")
    )
    worked = {row["id"] for row in tasks}
    open_rows = (
        UserTask.objects.filter(user=work_day.user, task__archived_yn=False)
        .filter(Q(today_yn=True) | Q(next_shift_yn=True))
        .exclude(task_id__in=worked)
        .select_related("task__task_list__parent_project")
        .order_by("-next_shift_yn", "-task__priority", "task__title", "task_id")[:DRAFT_OPEN_CAP]
    )
    return {
        "tasks": [
            {
                "task_id": row["id"],
                "title": row["title"],
                "project_title": titles.get(row["project"], ""),
                "seconds": row["seconds_worked"],
                "recording": row["recording_yn"],
            }
            for row in tasks
        ],
        "meetings": [
            {"title": m.schedule_notes or "Calendar event", "start": m.start_datetime, "end": m.end_datetime}
            for m in meetings
        ],
        "open": [
            {
                "task_id": row.task_id,
                "title": row.task.title,
                "project_title": getattr(row.task.task_list.parent_project, "title", ""),
                "next_shift": row.next_shift_yn,
            }
            for row in open_rows
        ],
    }
